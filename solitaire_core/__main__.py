"""``python -m solitaire_core``: the same command line as ``solitaire``."""

import sys

from .cli import main

sys.exit(main())
