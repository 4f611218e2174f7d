"""The games in rules/ ship inside the package as `ratdsl.games` (rules/ stays where it is):
pyproject.toml cannot add a package from another folder to the ones it finds, so this does.

It also declares the one C extension, `ratdsl._kernels` (compiled twins of the flat target's hot
helpers, the random stream and the agents' sampling, ratdsl/kernels.py), as optional: without a C
compiler or Python's headers the install still succeeds and the package runs its Python originals."""

from setuptools import Extension, find_packages, setup

setup(packages=[*find_packages(include=["ratdsl*"]), "ratdsl.games"], package_dir={"ratdsl.games": "rules"},
      ext_modules=[Extension("ratdsl._kernels", ["ratdsl/_kernels.c", "ratdsl/_stream.c", "ratdsl/_sampler.c",
                                                     "ratdsl/_general.c"],
                             depends=["ratdsl/_kernels.h"], optional=True)])
