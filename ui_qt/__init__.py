"""The PySide6 table: renders and plays any registered game from its scene."""

from . import qtfix  # noqa: F401  (must run before any other Qt call: see qtfix)
