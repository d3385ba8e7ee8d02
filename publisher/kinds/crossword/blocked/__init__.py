"""Newspaper-style blocked crosswords: grids, templates, fill lists and the fill engine."""
