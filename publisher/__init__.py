"""Printable puzzle-book publisher."""

__version__ = "0.1.0"
