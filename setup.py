"""The games in rules/ ship inside the package as `ratdsl.games` (rules/ stays where it is):
pyproject.toml cannot add a package from another folder to the ones it finds, so this does."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["ratdsl*"]), "ratdsl.games"], package_dir={"ratdsl.games": "rules"})
