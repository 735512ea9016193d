"""first_in_check keeps a matrix's cases and ids and marks all but the first slow."""

from __future__ import annotations

import pytest

from check_budget import first_in_check


def test_the_first_cases_stay_as_they_are_and_the_rest_are_slow() -> None:
    cases = first_in_check([("a", 1), ("b", 2), ("c", 3)], keep=2)
    assert cases[:2] == [("a", 1), ("b", 2)]
    last = cases[2]
    assert isinstance(last, type(pytest.param(0)))
    assert last.values == ("c", 3)
    assert [mark.name for mark in last.marks] == ["slow"]
    assert last.id is None  # pytest names it as it names the plain cases


def test_a_case_that_is_not_a_tuple_is_one_value() -> None:
    cases = first_in_check(range(3))
    assert cases[0] == 0
    assert [getattr(case, "values", None) for case in cases[1:]] == [(1,), (2,)]
