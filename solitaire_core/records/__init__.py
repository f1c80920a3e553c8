"""Records that last: statistics and running totals in SQLite, in the user's data folder.

The app opens one ``Store`` (``Store()``: the default place, or
``SOLITAIRE_DATA_DIR``), shows ``store.notices`` if any, calls
``record_session(store, session)`` when a game ends or is left, and reads
``store.stats(game, options)`` / ``store.summary(game)`` for the figures.
"""

from .figures import RESULTS, GameRecord, Stats, StoreError, canonical
from .finish import outcome, record_session, running_total_switch
from .paths import autosave_path, data_dir, records_path
from .schema import VERSION
from .store import Store

__all__ = [
    "RESULTS", "VERSION", "GameRecord", "Stats", "Store", "StoreError", "autosave_path", "canonical",
    "data_dir", "outcome", "record_session", "records_path", "running_total_switch",
]
