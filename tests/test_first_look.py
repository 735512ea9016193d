"""A fresh folder is never taken for a damaged one because another process created
the store while we looked (first_look.py): the evidence is looked at before the
file, and nowhere else."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from palm_island.storage import first_look
from palm_island.storage.errors import LoadError
from palm_island.storage.service import Store

SRC = Path(__file__).resolve().parents[1] / "src" / "palm_island"
EVIDENCE_READERS = {"has_backups", "empty_file", "store_evidence"}
"""Functions that read a folder's evidence or whether its file is empty."""


def another_window_creates_the_store(folder: Path) -> None:
    """What a second process starting at the same moment does: creates the store,
    its marker and its first backup, and closes."""
    with Store.open(folder) as store:
        store.create_campaign("Other window")


def after(monkeypatch: pytest.MonkeyPatch, name: str, folder: Path) -> Callable[[], list[str]]:
    """Run the other window once, right after first_look's ``name`` has looked."""
    real = getattr(first_look, name)
    ran: list[str] = []

    def looked_then_intruded(path: Path) -> bool:
        result = bool(real(path))
        if not ran:
            ran.append(name)
            another_window_creates_the_store(folder)
        return result

    monkeypatch.setattr(first_look, name, looked_then_intruded)
    return lambda: ran


@pytest.mark.reliability
@pytest.mark.parametrize("read_only", [False, True])
def test_a_store_created_after_we_saw_no_file_is_opened_not_called_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_only: bool
) -> None:
    ran = after(monkeypatch, "check_store_files", tmp_path)
    with Store.open(tmp_path, read_only=read_only) as store:
        if not read_only:
            store.create_campaign("Ana")
    assert ran() == ["check_store_files"]  # the interleaving happened
    with Store.open(tmp_path) as store:
        assert {c.name for c in store.campaigns()} >= {"Other window"}


@pytest.mark.reliability
@pytest.mark.parametrize("read_only", [False, True])
def test_a_store_created_after_we_saw_an_empty_file_is_opened_not_called_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_only: bool
) -> None:
    """The CI failure: SQLite's connect in another process had made the 0-byte file;
    we saw it empty, then that process committed and took its first backup."""
    (tmp_path / "campaign.db").touch()
    ran = after(monkeypatch, "empty_file", tmp_path)
    with Store.open(tmp_path, read_only=read_only) as store:
        if not read_only:
            store.create_campaign("Ana")
    assert ran() == ["empty_file"]
    with Store.open(tmp_path) as store:
        names = {c.name for c in store.campaigns()}
    assert names == ({"Other window"} if read_only else {"Other window", "Ana"})


@pytest.mark.reliability
def test_evidence_seen_before_the_file_still_makes_a_missing_or_empty_file_damage(
    tmp_path: Path,
) -> None:
    """The order does not weaken the check: a store that was there is never restarted."""
    another_window_creates_the_store(tmp_path)
    (tmp_path / "campaign.db").unlink()
    with pytest.raises(
        LoadError, match=r"campaign file is missing \(this folder has held one: its marker"
    ):
        Store.open(tmp_path)
    (tmp_path / "campaign.db").touch()
    with pytest.raises(LoadError, match="the file is empty"):
        Store.open(tmp_path)
    with pytest.raises(LoadError, match="the file is empty"):
        Store.open(tmp_path, read_only=True)


def evidence_reads(tree: ast.AST) -> list[str]:
    """Calls in ``tree`` of a function that reads the evidence or the file's size."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in EVIDENCE_READERS:
                found.append(name)
    return found


def test_the_evidence_is_read_only_by_the_first_look() -> None:
    """A new open path that reads backups or the file's size on its own could look in
    the wrong order again: it fails here (use first_look)."""
    readers = {
        path.relative_to(SRC).as_posix(): calls
        for path in sorted(SRC.rglob("*.py"))
        if (calls := sorted(evidence_reads(ast.parse(path.read_text(encoding="utf-8")))))
    }
    assert readers == {"storage/first_look.py": ["empty_file", "has_backups", "store_evidence"]}
    source = ast.parse((SRC / "storage/first_look.py").read_text(encoding="utf-8"))
    look = next(
        n for n in ast.walk(source) if isinstance(n, ast.FunctionDef) and n.name == "first_look"
    )
    order = [
        n.func.id
        for n in ast.walk(look)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    ]
    assert order.index("store_evidence") < order.index("check_store_files")
