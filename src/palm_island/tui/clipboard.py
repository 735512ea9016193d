"""Whether a copy from the game can reach the player's clipboard.

Textual copies by writing an OSC 52 sequence to the terminal; nothing answers, so
"Copied" would be a claim the game cannot check. Where the copy is known not to
arrive, the end screen says how to copy by hand instead: the Linux console and
macOS Terminal ignore OSC 52, and tmux drops it from programs unless its
``set-clipboard`` option is ``on`` (the default, ``external``, ignores them).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Mapping

NO_OSC52_TERMINALS = frozenset({"Apple_Terminal"})
"""``TERM_PROGRAM`` values of terminals that ignore a program's copy."""


def tmux_set_clipboard() -> str:
    """tmux's ``set-clipboard`` option (``on``, ``external``, ``off``), or ``""``."""
    try:
        done = subprocess.run(
            ["tmux", "show-options", "-gv", "set-clipboard"],
            capture_output=True,
            text=True,
            timeout=1,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def clipboard_reachable(
    env: Mapping[str, str] | None = None, tmux_option: Callable[[], str] = tmux_set_clipboard
) -> bool:
    """False where a copy is known not to reach a clipboard; True otherwise."""
    env = os.environ if env is None else env
    if env.get("TERM", "") in ("linux", "dumb", ""):
        return False
    if env.get("TERM_PROGRAM", "") in NO_OSC52_TERMINALS:
        return False
    if env.get("TMUX"):
        return tmux_option() == "on"
    return True
