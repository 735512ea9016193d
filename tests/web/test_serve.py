"""``palm-island serve`` without a browser: its options and errors, the page it sends,
the served game past the no-terminal check, stopping it with a game that hangs."""

from __future__ import annotations

import asyncio
import importlib.metadata
import importlib.util
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import IO

import pytest

from palm_island.cli import main
from palm_island.commands import WEB_DRIVER, needs_terminal
from palm_island.commands.serve import (
    INSTALL_HINT,
    install_hint,
    installed_from,
    is_loopback,
    url_for,
)

from .served import child_pids, serving, wait_until_ended

needs_textual_serve = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None, reason="textual-serve is not installed"
)


def packet(kind: bytes, payload: bytes) -> bytes:
    """A packet of textual-serve's protocol to the game's stdin."""
    return kind + len(payload).to_bytes(4, "big") + payload


def quit_packet() -> bytes:
    return packet(b"M", json.dumps({"type": "quit"}).encode())


# --- the no-terminal check ------------------------------------------------------


def test_a_served_run_passes_the_terminal_check_and_a_pipe_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TEXTUAL_DRIVER", WEB_DRIVER)
    assert needs_terminal() is None  # pytest's stdin and stdout are no terminal
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.linux_driver:LinuxDriver")
    assert needs_terminal() == 2
    monkeypatch.delenv("TEXTUAL_DRIVER")
    assert needs_terminal() == 2


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_the_game_speaks_to_textual_serve_over_pipes_and_quits_when_told(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "TEXTUAL_DRIVER": WEB_DRIVER, "COLUMNS": "100", "ROWS": "32"}
    game = subprocess.Popen(
        [sys.executable, "-m", "palm_island", "--data-dir", str(tmp_path), "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert game.stdout is not None and game.stdin is not None
    try:
        assert game.stdout.readline() == b"__GANGLION__\n"  # textual-serve waits for it
        # As textual-serve does: the frames are read, stdin stays open after "quit"
        # (a closed stdin is a server gone away, a hang-up for the exit guard).
        drain = threading.Thread(target=game.stdout.read, daemon=True)
        drain.start()
        game.stdin.write(quit_packet())
        game.stdin.flush()
        game.wait(timeout=30)
        assert game.stderr is not None
        errors = game.stderr.read()
    finally:
        game.kill()
    assert game.returncode == 0, errors.decode()
    assert b"needs a terminal" not in errors


# --- options and errors ---------------------------------------------------------


def test_loopback_and_urls() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert is_loopback("127.8.0.1") and is_loopback("[::1]")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert not is_loopback("myhost.example") and not is_loopback("::")
    assert url_for("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert url_for("::1", 8000) == "http://[::1]:8000"
    assert url_for("0.0.0.0", 80) == "http://127.0.0.1:80"


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "::", "myhost.example"])
def test_an_address_others_can_reach_needs_public(
    host: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "--host", host]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--public" in err and host in err


@pytest.mark.parametrize("port", ["65536", "-1", "http"])
def test_a_port_out_of_range_is_refused(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 2  # exits.py maps argparse's exit
    assert "--port" in capsys.readouterr().err


class FakeDistribution:
    """What ``importlib.metadata.distribution`` gives, with pip's ``direct_url.json``."""

    def __init__(self, direct_url: object) -> None:
        self.direct_url = direct_url

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return None if self.direct_url is None else json.dumps(self.direct_url)


def serve_without_textual_serve(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """``palm-island serve`` as if textual-serve were missing: its one line."""
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name == "textual_serve" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert main(["--data-dir", str(tmp_path / "data"), "serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def installed_from_record(monkeypatch: pytest.MonkeyPatch, direct_url: object) -> None:
    monkeypatch.setattr(
        importlib.metadata, "distribution", lambda name: FakeDistribution(direct_url)
    )


@pytest.mark.parametrize(
    "direct_url",
    [
        None,  # from a package index: pip writes no direct_url.json
        {"url": "https://example.org/palm_island-0.1.0.whl", "archive_info": {}},
        {"url": "file:///nowhere/palm-island", "dir_info": {"editable": True}},  # gone
    ],
)
def test_without_textual_serve_a_copy_from_an_index_says_to_install_the_extra(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    direct_url: object,
) -> None:
    installed_from_record(monkeypatch, direct_url)
    err = serve_without_textual_serve(monkeypatch, tmp_path, capsys)
    assert INSTALL_HINT in err and "pip install 'palm-island[web]'" in err


@pytest.mark.parametrize("editable", [True, False])
def test_without_textual_serve_a_copy_from_a_clone_names_the_clone_and_this_python(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    editable: bool,
) -> None:
    clone = tmp_path / "my clone"
    clone.mkdir()
    (clone / "pyproject.toml").write_text("[project]\n")
    installed_from_record(monkeypatch, {"url": clone.as_uri(), "dir_info": {"editable": editable}})
    err = serve_without_textual_serve(monkeypatch, tmp_path, capsys)
    pip = "pip install -e '.[web]'" if editable else "pip install '.[web]'"
    assert f"cd {shlex.quote(str(clone))} && {shlex.quote(sys.executable)} -m {pip}" in err
    assert "make serve" in err


def test_this_checkout_is_found_as_the_clone_the_game_was_installed_from() -> None:
    """The developer's own install (``make``: ``pip install -e .``) from this checkout."""
    checkout = Path(__file__).resolve().parents[2]
    found = installed_from()
    if found is None or found[0].resolve() != checkout:
        pytest.skip("the game in this venv was not installed from this checkout")
    assert "pip install" in install_hint() and str(checkout) in install_hint()


@needs_textual_serve
def test_public_warns_that_whoever_reaches_the_port_plays_with_this_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.web.server import GameServer

    listened: list[tuple[str, int]] = []
    monkeypatch.setattr(GameServer, "serve", lambda self: listened.append((self.host, self.port)))
    assert main(["--data-dir", str(tmp_path), "serve", "--public", "--port", "0"]) == 0
    [(host, port)] = listened
    assert host == "0.0.0.0" and port > 0  # port 0: a free one, never a fixed one
    err = capsys.readouterr().err
    assert "warning" in err and f"port {port} " in err and str(tmp_path) in err
    # Loopback: no warning.
    assert main(["--data-dir", str(tmp_path), "serve", "--host", "127.0.0.1", "--port", "0"]) == 0
    assert capsys.readouterr().err == ""


@needs_textual_serve
def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        serve = [sys.executable, "-m", "palm_island", "--data-dir", str(tmp_path), "serve"]
        done = subprocess.run(
            [*serve, "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1 and done.stdout == ""  # no address printed
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"cannot serve on 127.0.0.1 port {port}" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr


@needs_textual_serve
@pytest.mark.slow
def test_port_0_takes_a_free_port_and_the_printed_address_answers_at_once(
    tmp_path: Path,
) -> None:
    """The address is printed once the socket listens, with the port the system
    gave: read and opened at once (no wait for the port), it answers with the page.
    A second server on ``--port 0`` gets another port."""
    with serving(tmp_path / "one") as one, serving(tmp_path / "two") as two:
        assert one.port != two.port and one.port > 0
        for served in (one, two):
            # the token, then a redirect that keeps it in a cookie
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
            with opener.open(served.page(), timeout=30) as response:
                assert response.status == 200
                assert "<title>Palm Island</title>" in response.read().decode()
        assert one.stop() == 0 and two.stop() == 0


# --- the page -------------------------------------------------------------------


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@needs_textual_serve
def test_the_page_loads_everything_from_the_server_that_sent_it(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as served:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(served.page()) as response:  # the token, then its cookie
            page = response.read().decode()
        assert "<title>Palm Island</title>" in page
        addresses = re.findall(r'(?:src|href)="([^"]*)"|url\("([^"]*)"\)', page)
        addresses_found = [a or b for a, b in addresses]
        assert len(addresses_found) >= 5
        for address in addresses_found:
            if address.startswith("data:"):
                continue
            assert address.startswith("static/"), address  # relative: this server
            with opener.open(f"{served.url}/{address}") as response:
                assert response.status == 200 and response.read()
        assert not re.search(r"https?://", page)  # no other host, by any name
        assert served.stop() == 0


@needs_textual_serve
@pytest.mark.slow
def test_stopping_the_server_ends_a_game_that_does_not_quit(tmp_path: Path) -> None:
    """A game stopped (SIGSTOP) cannot quit when asked: the server sends SIGTERM,
    then SIGKILL, and is gone within its bounded wait."""
    import aiohttp

    from palm_island.web.tab_game import QUIT_WAIT_SECONDS, SIGNAL_WAIT_SECONDS

    from .socket_wait import receive_within

    async def drain(ws: aiohttp.ClientWebSocketResponse) -> None:
        async for _ in ws:
            pass

    with serving(tmp_path / "data") as served:

        async def open_tab_and_stop_its_game() -> float:
            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(
                    f"ws://127.0.0.1:{served.port}/ws", headers=served.headers
                ) as ws,
            ):
                await receive_within(ws, 30, "the first frame: the game is running")
                games = child_pids(served.process.pid)
                assert len(games) == 1
                os.kill(games[0], signal.SIGSTOP)
                started = time.monotonic()
                served.process.send_signal(signal.SIGTERM)
                reading = asyncio.create_task(drain(ws))  # as a browser would: answers the close
                await asyncio.to_thread(served.process.wait, 60)
                await asyncio.wait_for(reading, 10)  # the server gone, its socket closes
                assert not wait_until_ended(games, timeout=5)
                return time.monotonic() - started

        took = asyncio.run(open_tab_and_stop_its_game())
    assert served.process.returncode == 0
    assert QUIT_WAIT_SECONDS < took < QUIT_WAIT_SECONDS + 2 * SIGNAL_WAIT_SECONDS + 5


# --- the browser test's own gate -------------------------------------------------


def test_without_the_browser_the_browser_test_skips_but_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from . import served

    monkeypatch.setattr(served, "browser_path", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        served.need_browser()
    assert "chromium-headless-shell not found" in str(skipped.value)
    assert "\n" not in str(skipped.value)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        served.need_browser()
    assert "CI must run the browser test" in str(failed.value)


def read_until_drawn(stdout: IO[bytes], text: bytes) -> None:
    """Reads the web driver's packets (a kind byte, a 4-byte size, the payload) until
    the screen's output has shown ``text``."""
    drawn = b""
    while text not in drawn:
        head = stdout.read(5)
        assert len(head) == 5, f"the game ended before drawing {text!r}"
        payload = stdout.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            drawn = drawn[-len(text) :] + payload


@pytest.mark.slow
def test_a_served_game_whose_server_is_gone_ends_within_two_seconds(tmp_path: Path) -> None:
    """A server killed outright (SIGKILL) closes the game's pipes: the game must end."""
    env = {**os.environ, "TEXTUAL_DRIVER": WEB_DRIVER, "COLUMNS": "100", "ROWS": "32"}
    game = subprocess.Popen(
        [sys.executable, "-m", "palm_island", "--data-dir", str(tmp_path), "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert game.stdout is not None and game.stdin is not None
    try:
        assert game.stdout.readline() == b"__GANGLION__\n"
        watchdog = threading.Timer(60, game.kill)  # a game that never draws fails, not hangs
        watchdog.start()
        try:
            read_until_drawn(game.stdout, b"Daily deal")  # the title is up
        finally:
            watchdog.cancel()
        game.stdin.close()  # what the kernel does to a killed server's pipes
        game.stdout.close()
        closed = time.monotonic()
        game.wait(timeout=10)
        took = time.monotonic() - closed
    finally:
        game.kill()
    # Ended, not quit: whichever notices first (the exit guard's hang-up, 129, or the
    # web driver's next write to the closed pipe) ends it; the bound is what matters.
    assert game.returncode != 0
    assert took < 2.0, f"took {took:.2f} s"
