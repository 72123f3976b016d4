"""Enrichment: derive titles, tags, the collection's own topics, related papers and mentions.

`analyse` reads each abstract on its own (cached by content, in workers); `recurring`,
`mentions` and `related` need the whole collection. They read no user file: the data they need
is the shipped tables under `generator/data/` and the vocabulary `generator/vocabulary_files.py` loads.
"""
