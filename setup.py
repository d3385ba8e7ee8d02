"""Package discovery: every package under publisher/ (so a kind added as one package
ships in the wheel), plus the bundled word lists and layouts kept at the repo's top."""
from setuptools import find_namespace_packages, setup

setup(packages=find_namespace_packages(include=["publisher", "publisher.*"],
                                         exclude=["*.__pycache__"])
      + ["publisher.wordlists", "publisher.layouts"])
