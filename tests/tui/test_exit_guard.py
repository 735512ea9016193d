"""The exit guard ends a process within 2 s once its terminal is gone or SIGHUP/SIGTERM
arrives, even when the app's shutdown blocks for ever; and it is the only place that
handles those signals or ends a process, around every run of the app on a terminal.

The blocking case runs in a child process whose main thread waits for ever in
``Queue.put``, as Textual's main thread does once its writer thread has died.
"""

from __future__ import annotations

import ast
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import palm_island
from check_budget import first_in_check
from palm_island.tui.exit_guard import EXIT_DEADLINE_SECONDS, HANG_UP_STATUS, ExitGuard

SOURCES = Path(palm_island.__file__).parent

BLOCKED_FOR_EVER = """
import queue
from palm_island.tui.exit_guard import ExitGuard

with ExitGuard() as guard:
    guard.connect(lambda status: None)  # the app's event loop never answers
    print("ready", flush=True)
    writes = queue.Queue(1)  # a writer queue nobody drains any more
    writes.put("frame")
    writes.put(None)
"""


def start_blocked_process() -> subprocess.Popen[bytes]:
    child = subprocess.Popen(
        [sys.executable, "-c", BLOCKED_FOR_EVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"ready\n"
    return child


@pytest.mark.parametrize(
    ("cause", "status"),
    first_in_check([("SIGHUP", 129), ("SIGTERM", 143), ("end of input", 129)]),
)
def test_a_shutdown_blocked_for_ever_still_ends_within_two_seconds(cause: str, status: int) -> None:
    child = start_blocked_process()
    try:
        started = time.monotonic()
        if cause == "end of input":  # a textual-serve server gone, its browser tab closed
            assert child.stdin is not None
            child.stdin.close()
        else:
            child.send_signal(signal.Signals[cause])
        assert child.wait(timeout=10) == status
        assert time.monotonic() - started < 2.0
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()


def test_the_app_is_asked_first_and_the_deadline_ends_it_after() -> None:
    read, write = os.pipe()
    asked: list[int] = []
    forced: list[tuple[int, float]] = []
    ended = threading.Event()

    def force(status: int) -> None:
        forced.append((status, time.monotonic()))
        ended.set()

    guard = ExitGuard(fds=(read,), signals=(), deadline=0.3, force_exit=force)
    guard.start()
    guard.connect(asked.append)
    try:
        os.close(write)  # the other end of the "terminal" goes away
        closed = time.monotonic()
        assert ended.wait(5)
        assert asked == [HANG_UP_STATUS]
        assert guard.status == HANG_UP_STATUS
        ((status, at),) = forced
        assert status == HANG_UP_STATUS and at - closed >= 0.3
    finally:
        guard.stop()
        os.close(read)


def test_an_app_connected_after_the_guard_fired_is_asked_at_once() -> None:
    guard = ExitGuard(fds=(), signals=(), deadline=0.0, force_exit=lambda status: None)
    guard.fire(143)
    guard.fire(129)  # the first cause wins
    asked: list[int] = []
    guard.connect(asked.append)
    assert asked == [143] and guard.status == 143


def test_an_app_already_exiting_is_not_asked_but_still_bounded() -> None:
    asked: list[int] = []
    forced: list[int] = []
    ended = threading.Event()

    def force(status: int) -> None:
        forced.append(status)
        ended.set()

    guard = ExitGuard(fds=(), signals=(), deadline=0.1, force_exit=force)
    guard.connect(asked.append)
    guard.fire(0, ask=False)  # the player quit: the app unmounts, then Textual blocks
    assert ended.wait(5)
    assert asked == [] and forced == [0]


def test_an_input_already_at_its_end_at_start_is_not_a_terminal_going_away() -> None:
    read, write = os.pipe()
    os.close(write)  # as `palm-island < /dev/null`
    guard = ExitGuard(fds=(read,), signals=(), force_exit=lambda status: None)
    guard.start()
    try:
        select.select([], [], [], 0.3)
        assert guard.status is None
    finally:
        guard.stop()
        os.close(read)


def test_stopping_unblocks_the_signals_and_ends_the_guard_threads() -> None:
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    with ExitGuard(fds=()) as guard:
        assert {signal.SIGHUP, signal.SIGTERM} <= signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before
    assert guard.status is None
    watchers = {"exit-guard-signals", "exit-guard-terminal"}
    assert not [t for t in threading.enumerate() if t.name in watchers]
    assert EXIT_DEADLINE_SECONDS < 2.0


# Every site: the exit path has one owner --------------------------------------------

PROCESS_EXIT_CALLS = {"add_signal_handler"}
"""Methods that would handle signals on the event loop: none may (the exit guard waits
for them on its own thread). The module functions that end the process or handle
signals (``os._exit``, ``signal.signal``, ``set_wakeup_fd``...) are ruff's banned-api
in pyproject.toml, allowed in tui/exit_guard.py alone; a method call is beyond it."""

TERMINAL_FREE_RUNS = {("tui/bench.py", "running")}
"""App runs with no terminal (the benchmark's own frame-counting driver)."""


def called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return call.func.id if isinstance(call.func, ast.Name) else None


def modules() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(SOURCES).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(SOURCES.rglob("*.py"))
    ]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_only_the_exit_guard_handles_signals_or_ends_the_process() -> None:
    found = {
        (name, called_name(node))
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and called_name(node) in PROCESS_EXIT_CALLS
    }
    # The server of `palm-island serve` is another process than the game: it stops on
    # SIGINT/SIGTERM as aiohttp's run_app did for it (web/listening.py); nothing else
    # may handle a signal on the event loop.
    assert found == {("web/listening.py", "add_signal_handler")}, found


def app_runs(tree: ast.Module) -> list[tuple[list[ast.AST], ast.Call]]:
    """Each ``x.run(...)`` / ``x.run_async(...)`` with keyword arguments only (an
    App's; ``subprocess.run(cmd)`` and ``asyncio.run(coro)`` take a positional one),
    with the nodes enclosing it."""
    runs: list[tuple[list[ast.AST], ast.Call]] = []

    def visit(node: ast.AST, outer: list[ast.AST]) -> None:
        if (
            isinstance(node, ast.Call)
            and called_name(node) in {"run", "run_async"}
            and isinstance(node.func, ast.Attribute)
            and not node.args
        ):
            runs.append((outer, node))
        for child in ast.iter_child_nodes(node):
            visit(child, [*outer, node])

    visit(tree, [])
    return runs


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_every_run_of_the_app_on_a_terminal_is_inside_an_exit_guard() -> None:
    unguarded: list[str] = []
    guarded = 0
    for name, tree in modules():
        for outer, call in app_runs(tree):
            functions = [
                n.name for n in outer if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
            if (name, functions[-1] if functions else "") in TERMINAL_FREE_RUNS:
                continue
            if any(
                isinstance(n, ast.With)
                and any(
                    isinstance(item.context_expr, ast.Call)
                    and called_name(item.context_expr) == "ExitGuard"
                    for item in n.items
                )
                for n in outer
            ):
                guarded += 1
            else:
                unguarded.append(f"{name}:{call.lineno}")
    assert not unguarded
    assert guarded >= 1  # run_app's
