"""Enrichment: pure functions that derive titles, tags, related papers and mentions."""
