"""The PySide6 table: renders and plays any registered game from its scene."""

