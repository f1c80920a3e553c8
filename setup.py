"""The compiled search kernel (docs/solver.md, "The compiled kernel"), built by ``pip install``.

Optional: where it cannot be compiled (no C++ compiler or Python headers), the install
goes on and the solver runs its pure-Python search, which says so.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(ext_modules=cythonize(
    [Extension("solitaire_core.solver._kernel", ["solitaire_core/solver/_kernel.pyx"],
               language="c++", extra_compile_args=["-O2", "-std=c++17"], optional=True)],
    language_level=3))
