"""Every task the server starts is awaited, gathered or settled (web/tab_game.py:
``settle``): one left running when its tab goes fails on the closed connection, and
asyncio logs "Task exception was never retrieved" with a traceback. A new
``create_task``/``ensure_future`` fails here until it is listed with how it ends."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "palm_island" / "web"
STARTERS = {"create_task", "ensure_future"}

SETTLED: dict[tuple[str, str], tuple[int, str]] = {
    ("tab_game.py", "send_one"): (2, "the send and the stall watch: settle() in finally"),
    ("tab_game.py", "start"): (1, "the reader: cancelled and gathered by end_once"),
    ("tab_game.py", "end"): (1, "the ending: shielded and awaited by every end()"),
    ("tab_game.py", "end_once"): (1, "the output drop: cancelled and awaited in finally"),
    ("server.py", "run_tab"): (2, "from the browser and the pump: cancelled and gathered"),
}


def task_starts() -> Counter[tuple[str, str]]:
    """(module, function) of each call that starts a task in src/palm_island/web."""
    found: Counter[tuple[str, str]] = Counter()
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in STARTERS
                ):
                    found[(path.name, function.name)] += 1
    return found


def test_every_task_the_server_starts_is_listed_with_how_it_ends() -> None:
    assert dict(task_starts()) == {site: count for site, (count, _how) in SETTLED.items()}


def test_the_listed_settling_is_in_the_code() -> None:
    send_one = next(
        node
        for node in ast.walk(ast.parse((WEB / "tab_game.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.AsyncFunctionDef) and node.name == "send_one"
    )
    settled = [
        arg.id
        for node in ast.walk(send_one)
        if isinstance(node, ast.Try)
        for statement in node.finalbody
        for call in ast.walk(statement)
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "settle"
        for arg in call.args
        if isinstance(arg, ast.Name)
    ]
    assert sorted(settled) == ["sending", "stalling"]
