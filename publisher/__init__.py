"""Printable puzzle-book publisher (its version: `make-book --version`, from pyproject.toml)."""
