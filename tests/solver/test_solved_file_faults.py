"""A damaged bound_multipliers.json in an installation: the file only tightens the
bound, so any fault in it means the search's own bound and one warning naming it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.engine import Bounded, new_game, score
from palm_island.policies import POLICIES, play_out
from palm_island.solver import bound, solved_multipliers, upper_bound
from palm_island.solver.per_catalog import PerCardSet, PerCatalog
from palm_island.storage.catalog_files import standard_catalog

SHIPPED = solved_multipliers.FILE.read_bytes()

FAULTS: dict[str, bytes] = {
    "truncated": SHIPPED[: len(SHIPPED) // 2],
    "empty": b"",
    "a float price of 1e400": SHIPPED.replace(b'"price":[[0,1,', b'"price":[[0,1,1e400', 1),
    "an integer price of 10**400": SHIPPED.replace(
        b'"price":[[0,1,', b'"price":[[0,1,1' + b"0" * 400, 1
    ),
    "a negative price": SHIPPED.replace(b'"price":[[0,1,', b'"price":[[0,1,-', 1),
    "the wrong shape": b'{"version": 1, "grid": 4096, "blocks": 2, "sets": {"a": 1}}',
    "a list": b"[]",
    "not UTF-8": b"\xff\xfe" + SHIPPED[2:],
    "nested too deeply": b"[" * 100_000,
}


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nothing read or derived from the file before is kept (three caches)."""
    solved_multipliers._shipped.cache_clear()
    monkeypatch.setattr(solved_multipliers, "_kept", PerCardSet(solved_multipliers._find))
    monkeypatch.setattr(bound, "_RECENT", PerCatalog(lambda _: Bounded(32)))
    yield
    solved_multipliers._shipped.cache_clear()


def test_the_fault_cases_really_differ_from_the_shipped_file() -> None:
    assert all(data != SHIPPED for data in FAULTS.values())


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("fault", [*FAULTS, "missing"])
def test_a_damaged_file_gives_the_search_s_bound_and_one_warning(
    fault: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    damaged = tmp_path / "bound_multipliers.json"
    if fault != "missing":
        damaged.write_bytes(FAULTS[fault])
    monkeypatch.setattr(solved_multipliers, "FILE", damaged)
    catalog = standard_catalog()
    deal = new_game(catalog, seed=1)
    assert solved_multipliers.solved_multipliers(catalog, ()) is None
    # the search's own bound (not the file's: solved_multipliers said None), checked as
    # what a bound must be rather than pinned to today's tuning: above a played score
    end, _ = play_out(deal, POLICIES["greedy"](1))
    assert upper_bound(deal) >= score(end).total
    assert solved_multipliers.solved_multipliers(catalog, ()) is None
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"palm-island: warning: {damaged}: not used (")
    assert lines[0].endswith("the bound is the search's own")


@pytest.mark.slow
def test_solve_with_a_truncated_file_answers_and_warns_once(tmp_path: Path) -> None:
    """As a player would meet it: the command, not an internal error (exit 70)."""
    damaged = tmp_path / "bound_multipliers.json"
    damaged.write_bytes(FAULTS["truncated"])
    code = (
        "import sys; from pathlib import Path; "
        "from palm_island.solver import solved_multipliers as m; "
        f"m.FILE = Path({str(damaged)!r}); "
        "from palm_island.cli import main; "
        "sys.exit(main(['solve', '--seed', '1', '--width', '1', '--json']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert '"bound": 52' in done.stdout
    warnings = [line for line in done.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and str(damaged) in warnings[0]
    assert "internal error" not in done.stderr
