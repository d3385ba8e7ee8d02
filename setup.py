"""Package discovery: every package under publisher/ (so a kind added as one package
ships in the wheel), plus the bundled word lists and layouts kept at the repo's top; and
the nonogram solver's C module, optional: without a C compiler the install goes on and
the same answers come from Python, slower (benchmarks/nonogram.py)."""
from setuptools import Extension, find_namespace_packages, setup

setup(packages=find_namespace_packages(include=["publisher", "publisher.*"],
                                         exclude=["*.__pycache__"])
      + ["publisher.wordlists", "publisher.layouts"],
      ext_modules=[Extension("publisher.kinds.nonogram._native",
                             ["publisher/kinds/nonogram/_native.c"], optional=True)])
