"""Seeds: one range and one validator for every command that takes one, and the
title's seed field takes exactly that range."""

from __future__ import annotations

import argparse

import pytest

from cli_parsers import options
from palm_island import arguments
from palm_island.cli import COMMANDS, build_parser, main


def seed_options() -> dict[str, argparse.Action]:
    """The option that takes a deal's seed (``dest == "seed"``), by command."""
    found: dict[str, argparse.Action] = {}
    for command in COMMANDS:
        for action in options(command):
            if action.dest == "seed":
                found[command] = action
    return found


def test_every_command_s_seed_is_read_by_the_one_validator() -> None:
    options = seed_options()
    assert set(options) == {"play", "deal", "autoplay", "solve"}
    assert all(action.type is arguments.seed for action in options.values())


@pytest.mark.parametrize("command", ["play", "deal", "autoplay", "solve"])
@pytest.mark.parametrize("seed", [str(arguments.MAX_SEED + 1), "9999999999", "-1", "x"])
def test_a_seed_out_of_range_is_the_same_usage_error_everywhere(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--seed", seed]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    expected = arguments.seed.__name__ if seed == "x" else f"from 0 to {arguments.MAX_SEED}"
    assert f"palm-island {command}: error: argument --seed" in err and expected in err


@pytest.mark.parametrize("command", ["play", "deal", "autoplay", "solve"])
def test_the_largest_seed_is_taken_everywhere(command: str) -> None:
    args = build_parser((command,)).parse_args([command, "--seed", str(arguments.MAX_SEED)])
    assert args.seed == arguments.MAX_SEED


def test_the_title_takes_every_seed_the_commands_take_and_no_other() -> None:
    from palm_island.tui.screens.title import SEED_DIGITS

    assert int("9" * SEED_DIGITS) == arguments.MAX_SEED


def test_play_seed_deals_that_seed_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``play --seed 7`` hands the app: deal 7 as soon as the title is up
    (tests/tui/test_play_seed.py plays it); a replay never deals."""
    import palm_island.commands as commands
    from palm_island.tui import app

    seen: list[dict[str, object]] = []

    def run_app(**kw: object) -> int:
        seen.append(kw)
        return 0

    monkeypatch.setattr(commands, "needs_terminal", lambda: None)
    monkeypatch.setattr(app, "run_app", run_app)
    assert main(["play", "--seed", "7"]) == 0
    assert [kw["seed"] for kw in seen] == [7]
    config = app.cli_config(7, False, None, None)
    assert config.seed == 7 and config.deal_seed and config.use_store
    assert not app.cli_config(None, False, None, None).deal_seed
