"""Declared options: unknown names and values are errors, text is coerced."""

import pytest

from solitaire_core import Choice, OptionError, Switch
from solitaire_core.options import parse_assignments, resolve

OPTIONS = (Choice("draw", (1, 3)), Choice("passes", ("unlimited", 3, 1)), Switch("total"))


def test_defaults_fill_in_in_declared_order():
    assert resolve(OPTIONS, {}) == (("draw", 1), ("passes", "unlimited"), ("total", "off"))


def test_text_is_coerced_to_the_declared_value():
    resolved = dict(resolve(OPTIONS, {"draw": "3", "passes": "1", "total": "on"}))
    assert resolved == {"draw": 3, "passes": 1, "total": "on"}


def test_unknown_option_is_an_error_naming_the_known_ones():
    with pytest.raises(OptionError, match=r"unknown option 'drow' \(options: draw, passes, total\)"):
        resolve(OPTIONS, {"drow": 3})


def test_bad_value_is_an_error_naming_the_allowed_ones():
    with pytest.raises(OptionError, match="option 'draw' takes 1, 3; not '2'"):
        resolve(OPTIONS, {"draw": "2"})


def test_a_default_must_be_allowed():
    with pytest.raises(OptionError):
        Choice("draw", (1, 3), default=2)
    assert Choice("draw", (1, 3), default=3).default == 3


def test_assignments():
    assert parse_assignments(["draw=3", " passes = 1 "]) == {"draw": "3", "passes": "1"}
    for bad in ("draw", "=3"):
        with pytest.raises(OptionError, match="name=value"):
            parse_assignments([bad])
