"""Every read of a websocket in the tests has a deadline that holds: it goes
through :func:`socket_wait.receive_within`, never aiohttp's own ``receive`` (whose
timeout starts again at each heartbeat ping, so a game that stopped drawing held
a test, and a CI run, for ever)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
READS = {"receive", "receive_str", "receive_bytes", "receive_json"}
HELPER = Path(__file__).with_name("socket_wait.py")


def raw_reads(path: Path) -> list[int]:
    """The lines of ``path`` that call a websocket's ``receive*`` directly."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in READS
    ]


def test_every_websocket_read_goes_through_the_deadline_helper() -> None:
    found = {
        f"{path.relative_to(TESTS).as_posix()}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != HELPER
        for line in raw_reads(path)
    }
    assert found == set()
    assert raw_reads(HELPER), "the helper itself reads the socket"


def test_a_direct_read_is_found(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "async def t(ws):\n"
        "    await ws.receive(timeout=10)\n"
        "    await receive_within(ws, 10, 'the first frame')\n"
    )
    assert raw_reads(probe) == [2]
