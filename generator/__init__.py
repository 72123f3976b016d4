"""papersite: turn conference abstract lists into a searchable MkDocs Material site.

The pipeline, one module a stage:
    parse → enrich (titles, tags, related, mentions) → render → write → MkDocs builds the site.
"""

__version__ = "0.1.0"
