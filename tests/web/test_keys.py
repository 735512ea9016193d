"""A chosen key's strength (web/key_strength.py), where it may come from
(web/key_source.py: a file of the player's own, the environment, never the
command line) and the wrong-key limit and its log line (web/wrong_keys.py),
without a server."""

from __future__ import annotations

import base64
import os
import random
import secrets
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("textual_serve")

from palm_island.cli import main
from palm_island.web.key_source import KeyFileError, command_without_key, read_key_file
from palm_island.web.key_strength import MIN_BITS, estimate, key_problem
from palm_island.web.wrong_keys import LIMIT, WINDOW_SECONDS, WrongKeys, address_group

WEAK = [
    "password12345678",
    "Password12345678",
    "p4ssw0rd12345678",
    "aaaaaaaaaaaaaaaaaaaa",
    "abababababababababab",
    "abcdefghijklmnopqrstuvwxyz",
    "zyxwvutsrqponmlkjihg",
    "1234567890123456",
    "9876543210987654321",
    "qwertyuiopasdfghjkl",
    "1qaz2wsx3edc4rfv5tgb",
    "dragon2024dragon2024",
    "monkey1234567890",
    "sunshine19871987",
    "letmein_letmein_letmein",
    "passwordpassword",
    "palmisland2024palmisland",
    "iloveyou12345678",
    "admin-admin-admin-admin",
    "0000000000000000000000000000000000000000",
]
"""Keys people choose: words, runs, repeats and their mixtures, all 16 or more
characters long (3e28f23 took them all: it checked the length only)."""


@pytest.mark.parametrize("key", WEAK)
def test_weak_chosen_keys_are_refused_saying_why(key: str) -> None:
    problem = key_problem(key)
    assert problem is not None, (key, estimate(key))
    assert problem.startswith("the key is too easy to guess: about ")
    assert f"at least {MIN_BITS:.0f} are needed" in problem
    assert "(it is made of " in problem  # names what makes it guessable
    assert key not in problem


def test_the_reasons_name_the_parts() -> None:
    assert "the common word 'password'" in (key_problem("password12345678") or "")
    assert "a run like abc, 123 or qwerty" in (key_problem("password12345678") or "")
    assert "a repeat" in (key_problem("aaaaaaaaaaaaaaaaaaaa") or "")
    assert "a year" in (key_problem("dragon2024dragon2024") or "")


def check_a_token_urlsafe_key(size: int, source: random.Random) -> None:
    """``secrets.token_urlsafe(size)`` is base64url of ``size`` random bytes; here
    the bytes come from a generator Hypothesis seeds (uniform, as the system's, and
    a failure replays). Hypothesis's own byte strategies are not used: they favour
    zeros and patterns, which are rightly weak."""
    key = base64.urlsafe_b64encode(source.randbytes(size)).decode().rstrip("=")
    assert key_problem(key) is None, (key, estimate(key))


@pytest.mark.slow  # about 0.8 s: 150 keys up to 128 characters
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=24, max_value=96), st.randoms(use_true_random=True))
def test_random_keys_of_token_urlsafe_24_and_up_are_never_refused(
    size: int, source: random.Random
) -> None:
    check_a_token_urlsafe_key(size, source)


@pytest.mark.slow
@pytest.mark.sweep  # about 15 s: 3000 keys, make sweep (CI)
@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=24, max_value=96), st.randoms(use_true_random=True))
def test_thousands_of_random_token_urlsafe_keys_are_never_refused(
    size: int, source: random.Random
) -> None:
    check_a_token_urlsafe_key(size, source)


def test_a_random_key_scores_near_what_it_holds() -> None:
    """32 characters of 64 (192 bits): the estimate charges each by its class."""
    scores = [estimate(secrets.token_urlsafe(24))[0] for _ in range(200)]
    assert min(scores) > 1.5 * MIN_BITS, min(scores)


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("short", "at least 16 characters"),
        ("a" * 300, "at most 256 characters"),
        ("Wq0b7Rk2xVt9LmZs4FhYc8N <b>", "only letters, digits and - _ . ~"),
    ],
)
def test_malformed_keys_say_what_is_wrong(key: str, says: str) -> None:
    assert says in (key_problem(key) or "")


# --- where a chosen key comes from ----------------------------------------------------


GOOD = "Wq0b7Rk2xVt9LmZs4FhYc8NpJd3Ga6Ue"


def key_file(tmp_path: Path, text: str, mode: int = 0o600) -> Path:
    path = tmp_path / "serve.key"
    path.write_text(text)
    path.chmod(mode)
    return path


def test_a_key_file_of_ones_own_gives_its_first_line(tmp_path: Path) -> None:
    assert read_key_file(key_file(tmp_path, f"{GOOD}\n")) == GOOD
    assert read_key_file(key_file(tmp_path, f"  {GOOD}  \r\n# a note\n", 0o400)) == GOOD


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        (0o644, "others may read or write"),
        (0o640, "(mode 0640); `chmod 600"),
        (0o602, "others may read or write"),
        (0o620, "others may read or write"),
    ],
)
def test_a_key_file_others_may_read_or_write_is_refused(
    tmp_path: Path, mode: int, says: str
) -> None:
    with pytest.raises(KeyFileError, match="others may read or write") as refused:
        read_key_file(key_file(tmp_path, GOOD, mode))
    assert says in str(refused.value)
    assert GOOD not in str(refused.value)


def test_a_linked_missing_empty_huge_or_odd_key_file_is_refused(tmp_path: Path) -> None:
    real = key_file(tmp_path, GOOD)
    link = tmp_path / "link.key"
    link.symlink_to(real)
    with pytest.raises(KeyFileError, match="is a symbolic link; give the key file itself"):
        read_key_file(link)
    with pytest.raises(KeyFileError, match="does not exist"):
        read_key_file(tmp_path / "nosuch.key")
    with pytest.raises(KeyFileError, match="is empty"):
        read_key_file(key_file(tmp_path, "\n\n"))
    with pytest.raises(KeyFileError, match="over 4096 bytes"):
        read_key_file(key_file(tmp_path, "x" * 5000))
    with pytest.raises(KeyFileError, match="not a regular file"):
        read_key_file(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo, 0o600)
    with pytest.raises(KeyFileError, match="not a regular file"):
        read_key_file(fifo)  # no wait for a writer


def test_serve_takes_the_key_file_and_refuses_a_bad_one_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.web.server import GameServer

    seen: list[str] = []
    monkeypatch.setattr(GameServer, "serve", lambda self: seen.append(self.page_url))
    monkeypatch.delenv("PALM_ISLAND_SERVE_TOKEN", raising=False)
    data = ["--data-dir", str(tmp_path / "data"), "serve", "--port", "0"]
    assert main([*data, "--token-file", str(key_file(tmp_path, GOOD))]) == 0
    assert seen[-1].endswith(f"/#token={GOOD}")
    assert capsys.readouterr().err == ""
    assert main([*data, "--token-file", str(key_file(tmp_path, GOOD, 0o644))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palm-island: --token-file: others may read") and err.count("\n") == 1
    assert main([*data, "--token-file", str(key_file(tmp_path, "password12345678"))]) == 2
    assert "--token-file: the key is too easy to guess" in capsys.readouterr().err
    monkeypatch.setenv("PALM_ISLAND_SERVE_TOKEN", "monkey1234567890")
    assert main(data) == 2
    assert "$PALM_ISLAND_SERVE_TOKEN: the key is too easy to guess" in capsys.readouterr().err
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("command", "kept"),
    [
        (
            ["python", "-m", "palm_island", "serve", f"--token={GOOD}"],
            ["python", "-m", "palm_island", "serve"],
        ),
        (
            ["palm-island", "serve", "--token", GOOD, "--port", "0"],
            ["palm-island", "serve", "--port", "0"],
        ),
        (["palm-island", "serve"], None),  # not there: nothing to take out
        (["palm-island", f"--data-dir={GOOD}", "serve", f"--token={GOOD}"], None),  # still there
    ],
)
def test_the_key_is_taken_out_of_the_command_or_the_server_refuses(
    command: list[str], kept: list[str] | None
) -> None:
    assert command_without_key(command, GOOD) == kept


# --- wrong keys ------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_past_the_limit_an_address_is_refused_unchecked_until_its_window_passes() -> None:
    clock, lines = Clock(), list[str]()
    wrong = WrongKeys(clock=clock, report=lines.append)
    for _ in range(LIMIT):
        assert not wrong.over_limit("127.0.0.1")
        wrong.record("127.0.0.1")
    assert wrong.over_limit("127.0.0.1")
    assert not wrong.over_limit("127.0.0.2")  # another address is not held up
    clock.now += WINDOW_SECONDS / 2
    assert wrong.over_limit("127.0.0.1")
    clock.now += WINDOW_SECONDS / 2 + 0.01
    assert not wrong.over_limit("127.0.0.1")
    assert lines == []  # nothing logged per attempt


def test_wrong_keys_make_one_line_per_interval_with_no_key() -> None:
    clock, lines = Clock(), list[str]()
    wrong = WrongKeys(clock=clock, report=lines.append)
    for attempt in range(1234):
        address = f"192.0.2.{attempt % 3}"
        if not wrong.over_limit(address):
            wrong.record(address)
        clock.now += 0.01
    wrong.flush()
    assert lines == [
        "1234 refused keys from 3 addresses in the last 12 s: 30 wrong, 1204 not checked "
        f"(after {LIMIT} wrong in {WINDOW_SECONDS:g} s from one address)"
    ]
    wrong.flush()
    assert len(lines) == 1  # nothing new: no line


def test_ipv6_counts_by_its_64_and_the_table_stays_bounded() -> None:
    assert address_group("2001:db8::1") == address_group("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_group("::ffff:192.0.2.1") == "192.0.2.1"
    from palm_island.web import wrong_keys

    wrong = WrongKeys(clock=Clock(), report=lambda line: None)
    for number in range(wrong_keys.MAX_ADDRESSES + 50):
        wrong.record(f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}")
    assert len(wrong.recent) == wrong_keys.MAX_ADDRESSES
