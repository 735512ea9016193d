"""The access policy's parts (web/access.py) and serve's options for it, without a
server: Host parsing, the names served, the key's rules, the key's subprotocol,
non-ASCII headers."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from palm_island.cli import main
from palm_island.commands.serve import served_names
from palm_island.web.access import (
    AccessPolicy,
    host_name,
    key_from_protocols,
    key_protocol,
    new_token,
    token_problem,
)

KEY = "Wq0b7Rk2xVt9LmZs4FhYc8NpJd3Ga6Ue"
POLICY = AccessPolicy.create(KEY, 8000, ["127.0.0.1", "localhost", "::1"])


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        ("127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("LocalHost:8000", ("localhost", 8000)),
        ("[::1]:8000", ("::1", 8000)),
        ("[::1]", ("::1", None)),
        ("example", ("example", None)),
        ("[::1", None),
        ("[::1]x", None),
        ("host:port", None),
        (":8000", None),
        ("127.0.0.1:\uff18\uff10\uff10\uff10", None),  # full-width digits: int() reads 8000
        ("127.0.0.1:080000", None),
    ],
)
def test_host_headers_are_parsed_strictly(header: str, parsed: tuple[str, int | None]) -> None:
    assert host_name(header) == parsed


@pytest.mark.parametrize(
    ("header", "allowed"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("localhost.:8000", True),
        ("[::1]:8000", True),
        ("[0:0:0:0:0:0:0:1]:8000", True),  # the same address written out
        ("127.0.0.1:8001", False),  # another port: another server
        ("127.0.0.1", False),  # port 80 implied
        ("evil.example:8000", False),
        ("127.0.0.1.evil.example:8000", False),
        ("", False),
        (None, False),
    ],
)
def test_only_the_served_names_and_port_pass(header: str | None, allowed: bool) -> None:
    assert POLICY.host_allowed(header) is allowed


def test_the_origin_must_be_the_pages_own() -> None:
    assert POLICY.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not POLICY.origin_allowed("http://127.0.0.1:8000", "localhost:8000")
    assert not POLICY.origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not POLICY.origin_allowed(None, "127.0.0.1:8000")


@pytest.mark.parametrize(
    "origin",
    ["http://127.0.0.1:8000\u00e9", "http://\u00e9vil.example", "http://127.0.0.1:8000\udcff"],
)
def test_a_non_ascii_origin_is_refused_not_an_error(origin: str) -> None:
    """aiohttp hands undecodable header bytes over as lone surrogates, and
    ``hmac.compare_digest`` raises on non-ASCII text: a 500 on 3e28f23."""
    assert not POLICY.origin_allowed(origin, "127.0.0.1:8000")
    assert not POLICY.host_allowed("127.0.0.1\u00e9:8000")
    assert not POLICY.token_matches(KEY + "\u00e9")
    assert not POLICY.token_matches(KEY[:-1] + "\udcff")


def test_tokens() -> None:
    assert token_problem(new_token()) is None
    assert new_token() != new_token()
    assert "at least 16" in (token_problem("short") or "")
    assert "only letters" in (token_problem("a" * 16 + " <b>") or "")
    assert POLICY.token_matches(KEY) and not POLICY.token_matches(KEY[:-1])
    assert not POLICY.token_matches(None)


def test_the_key_travels_as_a_subprotocol_beside_the_plain_one() -> None:
    offered = f"palm-island, {key_protocol(KEY)}"
    assert key_from_protocols(offered) == KEY
    assert KEY not in offered  # base64url: a protocol token whatever the key
    assert key_from_protocols("palm-island") is None  # no key offered
    assert key_from_protocols(None) is None
    assert key_from_protocols("palm-island.key.!!!") == ""  # malformed: a wrong key
    assert key_from_protocols("palm-island.key.w4k") == ""  # not ASCII once decoded


def test_served_names_follow_the_listening_address() -> None:
    assert set(served_names("127.0.0.1", [])) == {"127.0.0.1", "localhost", "::1"}
    public = served_names("192.168.1.5", ["game.home"])
    assert "192.168.1.5" in public and "game.home" in public and "localhost" not in public
    everywhere = served_names("0.0.0.0", [])
    assert "localhost" in everywhere and len(everywhere) > 4  # and this machine's names


def test_a_short_token_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "--token", "short"]) == 2
    err = capsys.readouterr().err
    assert "--token: the key must be at least 16" in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("count", "says"), [("0", "from 1 to 256 games at once, not 0"), ("many", "not a number")]
)
def test_a_bad_games_cap_is_refused(
    count: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--max-games", count]) == 2
    assert says in capsys.readouterr().err


def test_the_token_can_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.web.server import GameServer

    seen: list[str] = []
    monkeypatch.setattr(GameServer, "serve", lambda self: seen.append(self.page_url))
    monkeypatch.setenv("PALM_ISLAND_SERVE_TOKEN", KEY)
    assert main(["--data-dir", str(tmp_path), "serve", "--port", "0"]) == 0
    assert seen[0].startswith("http://127.0.0.1:") and seen[0].endswith(f"/#token={KEY}")
    assert capsys.readouterr().err == ""
    other = new_token()
    # in this process the key is not on the command line: nothing to restart
    assert main(["--data-dir", str(tmp_path), "serve", "--port", "0", f"--token={other}"]) == 0
    assert seen[-1].endswith(f"#token={other}")
    assert "--token-file" in capsys.readouterr().err  # the safer ways, said once
