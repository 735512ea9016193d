"""Which cases of a test matrix ``make check`` runs.

``make check`` (the loop while working) has a budget of 60 s of CPU; ``make test`` and
CI run every case. A matrix that walks every command, key or dialog keeps its first
cases in ``make check`` and marks the others ``slow``, so the loop still touches the
matrix and the full walk still guards the class.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest


def first_in_check(cases: Iterable[object], keep: int = 1, *, spread: bool = True) -> list[object]:
    """``cases`` for ``parametrize``: the first ``keep`` as they are, the rest wrapped in
    ``pytest.param(..., marks=slow)`` (same ids).

    A case that is a tuple is spread over the parameters, as ``parametrize`` does;
    ``spread=False`` for one parameter whose values are tuples.
    """
    return [
        case
        if index < keep
        else pytest.param(
            *(case if spread and isinstance(case, tuple) else (case,)), marks=pytest.mark.slow
        )
        for index, case in enumerate(cases)
    ]
