"""Measurements of papersite's stages on real and synthetic corpora (run as `python -m ...`)."""
