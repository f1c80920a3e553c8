"""The app's seal on its own saves: an HMAC with a key kept in the data folder.

A save this program wrote and sealed resumes without checking every move by
the rules (``Session.from_json(trusted=True)``); anything else (a save from
another machine, an edited or damaged file) is checked in full. The seal tells
the app's own files from all others; it is no defence against someone who can
read the data folder, and it need not be: a forged save is still refused by
the full check.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

KEY_FILE = "save.key"
FIELD = "seal"
LINK = "mac"  # the field of a journal line (``journal.py``)


def canonical(data: Any) -> bytes:
    """One spelling of a JSON value, the bytes a seal is computed over."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def mac(key: bytes, *parts: bytes) -> str:
    digest = hmac.new(key, digestmod=hashlib.sha256)
    for part in parts:
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()[:32]


def sign(data: dict, key: bytes) -> dict:
    """``data`` with its seal (over every other field)."""
    body = {k: v for k, v in data.items() if k != FIELD}
    return {**body, FIELD: mac(key, canonical(body))}


def verify(data: Any, key: bytes | None) -> bool:
    """True only for a save sealed with ``key`` and unchanged since."""
    if key is None or not isinstance(data, dict) or not isinstance(data.get(FIELD), str):
        return False
    body = {k: v for k, v in data.items() if k != FIELD}
    try:
        expected = mac(key, canonical(body))
    except (TypeError, ValueError, RecursionError):
        return False
    return hmac.compare_digest(expected, data[FIELD])


def app_key(folder: str | os.PathLike | None = None) -> bytes | None:
    """The key in the data folder, made on first use; None when it cannot be read or
    written (saves are then checked in full when they are opened)."""
    from .inputs import read_text
    from .records.paths import data_dir
    from .session import write_atomic

    path = data_dir(folder) / KEY_FILE
    try:
        text = read_text(path, 1024).strip()  # a regular file, bounded: never a FIFO or /dev/zero
        if len(text) == 64:
            return bytes.fromhex(text)
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    try:  # missing or unusable: a new key (saves sealed with the old one are checked in full)
        text = secrets.token_hex(32)
        write_atomic(Path(path), text + "\n")  # a temporary file is made readable by its owner only
        return bytes.fromhex(text)
    except OSError:
        return None
