"""Issue 21: every write point of every save, failed (disk full, I/O error) and killed.

For each operation below the harness (``tests/fault_harness.py``) first counts its
write points, then for N over them (a spread sample by default, every N under
``-m slow``) runs it in a forked child that gets ENOSPC/EIO at point N, and again
one that is killed there. After each run: the store opens, ``doctor`` is clean,
and what the player gets is the state after the last acknowledged write or the one
after the write in flight, never an older one (nothing acknowledged is lost).

``test_every_write_site_goes_through_the_seam_and_is_covered`` enumerates the write
call sites of ``src/`` and fails if one bypasses the seam or no operation here
reaches it.
"""

from __future__ import annotations

import ast
import contextlib
import errno
import io
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from fault_harness import (
    CONNECTION_PRAGMAS,
    KILLED,
    SQL_WRITES,
    Ack,
    Outcome,
    Plan,
    run_in_child,
    sample,
)
from palm_island.cli import main
from palm_island.policies import random_policy
from palm_island.storage import backups
from palm_island.storage.catalog_cache import read_cached_catalog, write_cached_catalog
from palm_island.storage.catalog_files import standard_catalog
from palm_island.storage.loading import export_record, read_record_file
from palm_island.storage.service import Store
from palm_island.storage.settings import Settings, load_settings, save_settings
from storage_helpers import fast_dir, finished_games

pytestmark = pytest.mark.reliability

SRC = Path(__file__).parents[1] / "src" / "palm_island"
V1 = Path(__file__).parent / "data" / "db" / "campaign.v1.db"
SAMPLE = 5
"""Points per operation and mode in the default run (first, last, three between)."""


@dataclass(frozen=True)
class Operation:
    name: str
    setup: Callable[[Path], None]
    """Builds the template folder (no faults)."""
    act: Callable[[Path, Ack], None]
    """The writes under test; calls ``ack(state)`` after each acknowledged one."""
    observe: Callable[[Path], str]
    """What the player gets at the next start, in the format of the acks."""
    repair: Callable[[Path], None] | None = None
    """What the player does next when the operation did not happen (restore again)."""
    promises: bool = True
    """False: the program never says it wrote (the cache), so a silent failure is fine."""


# --- the operations ------------------------------------------------------------------


def _moves_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        session = store.new_game("Ana", seed=7)
        policy = random_policy(7)
        for _ in range(3):
            session.play(policy(session.state))


def _moves_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        session = store.resume_game(1)
        policy = random_policy(11)
        for step in ("play", "play", "play", "undo", "play", "play"):
            if step == "undo":
                session.undo()
            else:
                session.play(policy(session.state))
            ack(",".join(map(str, session.moves)))


def _moves_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return ",".join(map(str, store.resume_game(1).moves))


def _end_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(backups.AUTO_KEEP))  # the next backup rotates
        session = store.new_game("Ana", seed=21)
        policy = random_policy(21)
        while True:
            move = policy(session.state)
            from palm_island.engine import apply_move

            if apply_move(session.state, move).state.is_over:
                break
            session.play(move)


def _end_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        session = store.resume_game(store.saved_games()[0].game_id)
        session.play(random_policy(21)(session.state))
        ack(_end_token(store))


def _end_token(store: Store) -> str:
    games = store.history("Ana")
    feats = sorted(store.campaign("Ana").unlocked)
    return f"finished {len(games)}, last {games[-1].score}, feats {feats}"


def _end_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        for saved in store.saved_games():
            store.resume_game(saved.game_id)  # a game whose last move is saved ends here
        return _end_token(store)


def _solver_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))


def _solver_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.save_solver_line("deal-a", "test-solver", "", "D D S2")
        ack(_solver_token(store))
        store.save_game_analysis(store.history("Ana")[0].game_id, "test-solver", "{}")
        ack(_solver_token(store))


def _solver_token(store: Store) -> str:
    lines = len(store.solver_lines("deal-a", "test-solver"))
    analysis = store.game_analysis(store.history("Ana")[0].game_id, "test-solver")
    return f"lines {lines}, analysis {analysis is not None}"


def _solver_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _solver_token(store)


def _holding_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        session = store.new_game("Ana", seed=5)
        session.play(random_policy(5)(session.state))


def _holding_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        game_id = store.saved_games()[0].game_id
        assert store.hold_game(game_id) is None
        ack("held")
        assert store.renew_hold(game_id)
        ack("held")
        store.release_game(game_id)
        ack("free")


def _holding_observe(folder: Path) -> str:
    """What the next window sees; a hold left by a dead process (this one) is free."""
    with Store.open(folder) as store:
        game_id = store.saved_games()[0].game_id
        rows = store.conn.execute("SELECT count(*) FROM game_holder").fetchone()[0]
        return "held" if rows and store.game_holder(game_id) is None else "free"


def _hints_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        stored = store.resume_game(store.saved_games()[0].game_id)
        for _ in range(2):
            stored.count_hint()
            ack(_hints_token(store))


def _hints_token(store: Store) -> str:
    return f"hints {store.game(store.saved_games()[0].game_id).hints}"


def _hints_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _hints_token(store)


def _unfinished_end_setup(folder: Path) -> None:
    """A game whose last move was stored by an older release without its end."""
    from palm_island.engine import apply_move
    from palm_island.storage import repositories

    with Store.open(folder) as store:
        store.create_campaign("Ana")
        session = store.new_game("Ana", seed=23)
        policy = random_policy(23)
        while not apply_move(session.state, policy(session.state)).state.is_over:
            session.play(policy(session.state))
        game_id = store.saved_games()[0].game_id
        moves = store.saved_moves(game_id)[1]
        repositories.append_move(store.conn, game_id, str(policy(session.state)), based_on=moves)


def _unfinished_end_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.resume_game(store.saved_games()[0].game_id)  # commits the end
        ack(_end_token(store))


def _import_setup(folder: Path) -> None:
    Store.open(folder).close()
    with Store.open(folder.parent / "source") as store:
        store.create_campaign("Ana")
        (game,) = finished_games(store, "Ana", range(1))
        store.export_game(game.saved_id, folder / "record.json")


def _import_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.import_game(folder / "record.json")
        ack(_imported(store))


def _imported(store: Store) -> str:
    return f"imported {sum(1 for e in store.history() if e.campaign is None)}"


def _import_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _imported(store)


def _campaign_import_setup(folder: Path) -> None:
    """A campaign and a record file of a game that earns FT1 (its unlock is written too)."""
    with Store.open(folder) as store:
        store.create_campaign("Ana")
    golden = Path(__file__).parent / "data" / "golden" / "g01-hard-earns-FT1.json"
    shutil.copyfile(golden, folder / "record.json")
    (folder / "record.json").chmod(0o600)  # the player's own file, as export writes it


def _campaign_import_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.import_into_campaign(folder / "record.json", "Ana")
        ack(_in_campaign(store))


def _in_campaign(store: Store) -> str:
    feats = ",".join(unlock.feat for unlock in store.campaign("Ana").unlocks)
    return f"Ana: {len(store.history('Ana'))} games, feats {feats or '-'}"


def _campaign_import_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _in_campaign(store)


def _export_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    (folder / "out.json").write_text("old", encoding="utf-8")


def _export_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder, read_only=True) as store:
        store.export_game(1, folder / "out.json", force=True)
        ack("out new, exports none")
        record = store.replay_data(1).record
    export_record(record, folder / "exports" / "game-1.json", make_parent=True)
    ack("out new, exports new")


def _export_observe(folder: Path) -> str:
    def state(path: Path) -> str:
        if not path.exists():
            return "none"
        if path.read_bytes() == b"old":
            return "old"
        read_record_file(path)  # a torn file would raise here
        return "new"

    out = state(folder / "out.json")
    return f"out {out}, exports {state(folder / 'exports' / 'game-1.json')}"


def _campaigns_setup(folder: Path) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))


def _campaigns_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.create_campaign("Bo")
        ack(_names(store))
        store.rename_campaign("Bo", "Cy")
        ack(_names(store))
        store.delete_campaign("Ana", confirm=True)
        ack(_names(store))


def _names(store: Store) -> str:
    return ",".join(sorted(c.name for c in store.campaigns()))


def _campaigns_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _names(store)


DAMAGED = b"garbage" * 1000


def _restore_setup(folder: Path) -> None:
    _campaigns_setup(folder)
    (folder / "campaign.db").write_bytes(DAMAGED)


def _restore_act(folder: Path, ack: Ack) -> None:
    Store.restore_backup(Store.list_backups(folder)[0], folder)
    ack("restored: 1 games")


def _restore_observe(folder: Path) -> str:
    db = folder / "campaign.db"
    assert db.exists(), "no campaign file at all"
    if db.read_bytes() == DAMAGED:
        return "damaged"
    with Store.open(folder) as store:
        return f"restored: {len(store.history())} games"


def _migration_setup(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(V1, folder / "campaign.db")


def _migration_act(folder: Path, ack: Ack) -> None:
    Store.open(folder).close()
    ack(_migration_observe(folder, opened=False))


def _migration_observe(folder: Path, opened: bool = True) -> str:
    with Store.open(folder, read_only=not opened) as store:
        names = [c.name for c in store.campaigns()]
        return f"campaigns {names}, games {len(store.history())}"


def _settings_setup(folder: Path) -> None:
    save_settings(folder, Settings(theme="alpha"))


def _settings_act(folder: Path, ack: Ack) -> None:
    save_settings(folder, Settings(theme="beta"))
    ack("beta")


def _settings_observe(folder: Path) -> str:
    loaded = load_settings(folder)
    assert loaded.problem is None, loaded.problem
    return str(loaded.settings.theme)


def _first_setup(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)


def _first_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder / "data") as store:
        store.create_campaign("Ana")
        ack("Ana")


def _first_observe(folder: Path) -> str:
    with Store.open(folder / "data") as store:
        return _names(store)


def _stale_setup(folder: Path) -> None:
    """Stale temp files to clean, and three old daily backups so a new one rotates."""
    _campaigns_setup(folder)
    for daily in (folder / "backups").glob("campaign.daily-*.db"):
        daily.unlink()
    with Store.open(folder) as store:
        for days in (5, 4, 3):
            backups.daily_backup(store.conn, folder, now=datetime.now(UTC) - timedelta(days=days))
    for where in (folder, folder / "backups"):
        (where / ".campaign.db.999999999-ab.tmp").write_bytes(b"half")


def _stale_act(folder: Path, ack: Ack) -> None:
    Store.open(folder).close()
    ack("1 games")


def _stale_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        left = [p.name for p in folder.rglob("*.tmp")]
        assert left == [], left
        return f"{len(store.history())} games"


def _upkeep_setup(folder: Path) -> None:
    """A game in play, a forged unlock, a damaged game row."""
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(2))
        store.new_game("Ana", seed=3)
    conn = sqlite3.connect(folder / "campaign.db")
    conn.execute("INSERT INTO feat_unlock VALUES (1, 'FT1', 1, '2026-01-01T00:00:00')")
    conn.execute("UPDATE move SET notation = 'Z9' WHERE game_id = 2 AND ply = 2")
    conn.commit()
    conn.close()


def _upkeep_act(folder: Path, ack: Ack) -> None:
    with Store.open(folder) as store:
        store.abandon_game(3)
        ack(_upkeep(store))
        store.verify_campaign("Ana")
        ack(_upkeep(store))
        store.quarantine_games(store.check_games())
        ack(_upkeep(store))


def _upkeep(store: Store) -> str:
    playing = [g.game_id for g in store.saved_games()]
    return (
        f"playing {playing}, modified {store.campaign('Ana').modified}, aside {store.quarantined()}"
    )


def _upkeep_observe(folder: Path) -> str:
    with Store.open(folder) as store:
        return _upkeep(store)


def _quarantine(folder: Path) -> None:
    with Store.open(folder) as store:
        store.quarantine_games(store.check_games())


def _cache_setup(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)


def _cache_act(folder: Path, ack: Ack) -> None:
    write_cached_catalog(folder / "cache" / "catalog-x.json", standard_catalog(), "x")
    if (folder / "cache" / "catalog-x.json").exists():
        ack("cached")


def _cache_observe(folder: Path) -> str:
    path = folder / "cache" / "catalog-x.json"
    if not path.exists():
        return "none"
    assert read_cached_catalog(path, "x") is not None, "a torn cache file"
    return "cached"


def _bench_act(folder: Path, ack: Ack) -> None:
    from benchmarks.storage import time_store

    time_store(1, folder / "bench")
    ack("done")


OPERATIONS = (
    Operation("moves", _moves_setup, _moves_act, _moves_observe),
    Operation("game end", _end_setup, _end_act, _end_observe),
    Operation("import", _import_setup, _import_act, _import_observe),
    Operation(
        "import into a campaign",
        _campaign_import_setup,
        _campaign_import_act,
        _campaign_import_observe,
    ),
    Operation("solver lines", _solver_setup, _solver_act, _solver_observe),
    Operation("holding", _holding_setup, _holding_act, _holding_observe),
    Operation("hints", _holding_setup, _hints_act, _hints_observe),
    Operation("older end", _unfinished_end_setup, _unfinished_end_act, _end_observe),
    Operation("export", _export_setup, _export_act, _export_observe),
    Operation("campaigns", _campaigns_setup, _campaigns_act, _campaigns_observe),
    Operation(
        "restore",
        _restore_setup,
        _restore_act,
        _restore_observe,
        repair=lambda folder: _restore_act(folder, lambda _: None),
    ),
    Operation("migration", _migration_setup, _migration_act, _migration_observe),
    Operation("settings", _settings_setup, _settings_act, _settings_observe),
    Operation("first start", _first_setup, _first_act, _first_observe),
    Operation("stale temps", _stale_setup, _stale_act, _stale_observe),
    Operation("upkeep", _upkeep_setup, _upkeep_act, _upkeep_observe, repair=_quarantine),
    Operation("cache", _cache_setup, _cache_act, _cache_observe, promises=False),
    Operation("bench", _cache_setup, _bench_act, lambda folder: "done"),
)
BY_NAME = {op.name: op for op in OPERATIONS}


# --- running -------------------------------------------------------------------------


@dataclass
class Reference:
    template: Path
    initial: str
    count: Outcome


_REFERENCES: dict[str, Reference] = {}


def reference(op: Operation, root: Path) -> Reference:
    """The template folder, the state before the operation, and the clean run's acks."""
    if op.name not in _REFERENCES:
        template = root / op.name.replace(" ", "-") / "template"
        template.parent.mkdir(parents=True)
        op.setup(template)
        first = _copy(template, root / op.name.replace(" ", "-") / "initial")
        initial = op.observe(first)
        count = run_in_child(op.act, _copy(template, template.parent / "count"), Plan("count"))
        assert count.status == 0, count.error or count.unexpected
        _REFERENCES[op.name] = Reference(template, initial, count)
    return _REFERENCES[op.name]


def _copy(template: Path, folder: Path) -> Path:
    shutil.copytree(template, folder, symlinks=True)
    for extra in template.parent.glob(f"{template.name}-*"):
        shutil.copytree(extra, folder.parent / f"{folder.name}{extra.name[len(template.name) :]}")
    return folder


def doctor_is_clean(folder: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["--data-dir", str(folder), "doctor"])
    assert code == 0, out.getvalue()


def check_run(op: Operation, ref: Reference, folder: Path, outcome: Outcome, what: str) -> None:
    assert not outcome.unexpected, f"{op.name} {what}: {outcome.unexpected}"
    if outcome.status == 0 and op.promises:
        assert outcome.acks == ref.count.acks, f"{op.name} {what}: not all acknowledged"
    states = [ref.initial, *ref.count.acks]
    done = len(outcome.acks)
    allowed = states[max(0, done) : done + 2]  # the last acknowledged, or the one in flight
    seen = op.observe(folder)
    assert seen in allowed, (
        f"{op.name} {what}: lost an acknowledged write: {seen!r} not in {allowed}"
    )
    data = folder / "data" if op.name == "first start" else folder
    if op.repair is not None and seen != states[-1]:
        op.repair(data)
    if op.name not in ("settings", "cache", "bench"):
        doctor_is_clean(data)


def sweep(op: Operation, root: Path, points: Callable[[int], list[int]]) -> dict[str, int]:
    """Fail, then kill, the operation at each of ``points``: the runs whose fault
    fired (the child reached the planned point and raised there, or was killed there),
    and the runs planned."""
    ref = reference(op, root)
    total = ref.count.points
    runs = {"kills": 0, "errors": 0, "planned": 0}
    for n in points(total):
        runs["planned"] += 1
        for mode, code in (("fail", errno.ENOSPC if n % 2 else errno.EIO), ("kill", 0)):
            folder = _copy(ref.template, root / op.name.replace(" ", "-") / f"{mode}-{n}")
            outcome = run_in_child(op.act, folder, Plan(mode, n, code))  # type: ignore[arg-type]
            what = f"{mode} at write point {n}/{total}"
            if mode == "kill":
                assert outcome.status in (KILLED, 0), f"{op.name} {what}: {outcome.unexpected}"
                runs["kills"] += outcome.status == KILLED
            else:
                runs["errors"] += outcome.points >= n
            check_run(op, ref, folder, outcome, what)
    return runs


def every_fault_fired(runs: dict[str, int]) -> bool:
    return runs["kills"] == runs["errors"] == runs["planned"] > 0


@pytest.mark.parametrize("name", list(BY_NAME))
def test_a_fault_at_sampled_write_points_loses_nothing_acknowledged(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = fast_dir(tmp_path_factory, f"faults-{name.replace(' ', '-')}")
    runs = sweep(BY_NAME[name], root, lambda total: sample(total, SAMPLE))
    assert every_fault_fired(runs), runs
    figures = {"operation": name, "points": _REFERENCES[name].count.points, **runs}
    print("\n" + json.dumps(figures))


@pytest.mark.slow
@pytest.mark.sweep  # every write point of 17 operations, ~100 s: make sweep (CI)
@pytest.mark.parametrize("name", list(BY_NAME))
def test_a_fault_at_every_write_point_loses_nothing_acknowledged(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = fast_dir(tmp_path_factory, f"faults-all-{name.replace(' ', '-')}")
    runs = sweep(BY_NAME[name], root, lambda total: list(range(1, total + 1)))
    assert every_fault_fired(runs), runs
    assert runs["planned"] == _REFERENCES[name].count.points
    figures = {"operation": name, "points": _REFERENCES[name].count.points, **runs}
    print("\n" + json.dumps(figures))


# --- the write sites -----------------------------------------------------------------

SEAM_MODULES = {"storage/safe_write.py"}
SEAM_CALLS = {
    "sql_write",
    "tx",
    "write_file",
    "sqlite_copy",
    "link_aside",
    "remove",
    "make_dir",
    "clean_stale",
    "fsync_dir",
    "create_owner_only",
    "make_owner_only",
}
"""The seam's functions (``db.sql_write``, ``db.tx`` and ``safe_write``'s)."""
RAW_OS = {
    "replace", "rename", "renames", "link", "symlink", "unlink", "remove", "rmdir",
    "removedirs", "mkdir", "makedirs", "write", "truncate", "ftruncate", "chmod",
    "fchmod", "chown", "mkfifo", "utime",
}  # fmt: skip
RAW_SHUTIL = {
    "copy", "copy2", "copyfile", "copytree", "copymode", "copystat", "move", "rmtree",
    "chown", "make_archive", "unpack_archive",
}  # fmt: skip
"""shutil's functions that write; its readers (``which``, ``get_terminal_size``) do not."""
RAW_METHODS = {
    "write_text", "write_bytes", "unlink", "mkdir", "touch", "rename", "symlink_to",
    "hardlink_to", "chmod", "rmdir", "backup", "executescript", "executemany",
}  # fmt: skip
ALLOWED = {
    ("exits.py", "os.open"): (
        "/dev/null opened for writing, to silence stdout once its reader is gone"
    ),
    ("tui/exit_guard.py", "os.write"): (
        "one byte into the guard's own wake-up pipe (a self-pipe), never a file"
    ),
    ("storage/db.py", "sqlite3.connect"): (
        "the campaign file, created owner-only just before (db.owner_only: SQLite gives "
        "its -wal and -shm its mode); the other connects are mode=ro or mode=rw URIs"
    ),
    ("storage/backups.py", "sqlite3.connect"): (
        "the damaged file just set aside (it exists, owner-only): its log folded in"
    ),
}
"""Raw writes outside the seam, each with the reason it is not the player's data."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return "?"


def _strings(node: ast.AST) -> list[str]:
    return [
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def _writes_sql(node: ast.Call) -> bool:
    if not node.args:
        return False
    text = " ".join(_strings(node.args[0])).upper()
    if not _strings(node.args[0]):
        return True  # SQL we cannot read here: must go through sql_write
    if any(text.lstrip().startswith(w) or f" {w} " in f" {text} " for w in SQL_WRITES):
        return True
    if "PRAGMA" not in text or not ("=" in text or "CHECKPOINT" in text):
        return False
    return not any(f"PRAGMA {p} " in text for p in CONNECTION_PRAGMAS)


def _open_mode_writes(node: ast.Call) -> bool:
    mode = node.args[1] if len(node.args) > 1 else None
    for keyword in node.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if mode is None:
        return False
    return any(c in "".join(_strings(mode)) for c in "wax+")


def _may_create(call: ast.Call) -> bool:
    """Whether a ``sqlite3.connect`` may create its file (and so choose its mode): any
    but an in-memory database or a URI opened ``mode=ro``/``mode=rw``."""
    text = " ".join(_strings(call.args[0])) if call.args else ""
    return not any(never in text for never in (":memory:", "mode=ro", "mode=rw"))


def _raw_write(call: ast.Call, name: str, last: str) -> bool:
    """Whether ``call`` writes a file or the database without the seam."""
    method = isinstance(call.func, ast.Attribute)
    flags = " ".join(_name(arg) for arg in call.args[1:])
    checks = (
        name.startswith("os.") and last in RAW_OS,
        name == "os.open" and any(f in flags for f in ("O_WRONLY", "O_RDWR", "O_CREAT")),
        name.startswith("shutil.") and last in RAW_SHUTIL,
        name.startswith("tempfile."),
        method and last in RAW_METHODS,
        method and last == "replace" and len(call.args) == 1,  # Path.replace, not str's
        name in ("open", "os.fdopen", "io.open") and _open_mode_writes(call),
        name == "sqlite3.connect" and _may_create(call),
        last == "execute" and _writes_sql(call),
    )
    return any(checks)


def scan(path: Path) -> tuple[list[str], set[str]]:
    """(raw writes outside the seam, ``module:function`` sites that call the seam)."""
    relative = str(path.relative_to(SRC))
    module = "palm_island." + relative.removesuffix(".py").replace("/", ".")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    raw: list[str] = []
    sites: set[str] = set()

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Call):
                check(child, function)
            visit(child, function)

    def check(call: ast.Call, function: str) -> None:
        name = _name(call.func)
        last = name.rsplit(".", 1)[-1]
        where = f"{relative}:{call.lineno} {name}"
        if last in SEAM_CALLS and (name == last or name.split(".")[0] in ("safe_write", "db")):
            sites.add(f"{module}:{function}")
            return
        if relative in SEAM_MODULES or (relative, name) in ALLOWED:
            return
        if relative == "storage/db.py" and function == "sql_write":
            return
        if _raw_write(call, name, last):
            raw.append(where)

    visit(tree, "<module>")
    return raw, sites


def all_sites() -> tuple[list[str], set[str]]:
    raw: list[str] = []
    sites: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        found_raw, found_sites = scan(path)
        raw += found_raw
        sites |= found_sites
    return raw, sites


def test_every_write_site_goes_through_the_seam_and_is_covered(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    raw, sites = all_sites()
    assert raw == [], f"writes outside the safe-write path / sql_write: {raw}"
    root = fast_dir(tmp_path_factory, "faults-sites")
    reached: set[str] = set()
    for op in OPERATIONS:
        reached |= reference(op, root).count.sites
    seam_internal = {s for s in sites if s.startswith("palm_island.storage.safe_write:")}
    missing = sorted(sites - reached - seam_internal)
    assert missing == [], f"write sites no fault-injected operation reaches: {missing}"
    assert len(sites) >= 30


def test_the_site_scan_finds_a_raw_write(tmp_path: Path) -> None:
    """Sensitivity: a planted raw write, a write SQL outside sql_write, an open for writing."""
    planted = SRC / "storage" / "_planted_for_test.py"
    planted.write_text(
        "import os\n"
        "def f(conn, p):\n"
        "    conn.execute('UPDATE game SET score = 1')\n"
        "    os.replace(p, p)\n"
        "    open(p, 'w')\n"
        "    p.write_text('x')\n"
        "    sqlite3.connect(p)\n",
        encoding="utf-8",
    )
    try:
        raw, _ = scan(planted)
    finally:
        planted.unlink()
    assert len(raw) == 5, raw


def _naive_restore(directory: Path, backup: Path, now: datetime | None = None) -> Path | None:
    """3ad0244's order: set the damaged file aside, then copy the backup in."""
    from palm_island.storage import safe_write
    from palm_island.storage.db import connect_snapshot

    target = directory / "campaign.db"
    aside = directory / f"campaign.damaged-{os.urandom(4).hex()}.db"
    safe_write.link_aside(target, aside)
    safe_write.remove(target)
    source = connect_snapshot(backup)
    try:
        safe_write.sqlite_copy(source, target, replace=True)
    finally:
        source.close()
    return aside


def test_sensitivity_a_restore_that_sets_the_file_aside_first_is_caught(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep finds the kill that left no campaign file (issue 21's 14 of 30 kills)."""
    monkeypatch.setattr(backups, "restore_backup", _naive_restore)
    _REFERENCES.pop("restore", None)
    root = fast_dir(tmp_path_factory, "faults-naive")
    try:
        with pytest.raises(AssertionError, match="no campaign file"):
            sweep(BY_NAME["restore"], root, lambda total: list(range(1, total + 1)))
    finally:
        _REFERENCES.pop("restore", None)


def test_a_fault_planned_past_the_last_write_point_does_not_count_as_fired(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Sensitivity: a run whose planned point never comes is no fault that fired."""
    root = fast_dir(tmp_path_factory, "faults-past-the-end")
    runs = sweep(BY_NAME["settings"], root, lambda total: [total + 1])
    assert runs == {"kills": 0, "errors": 0, "planned": 1}
    assert not every_fault_fired(runs)
