"""One module per ``palm-island`` command, each with ``register(subparsers)``.

Command modules import only the standard library at the top; each ``run`` imports
what it needs, so building the parser (and ``--help``, ``--version``, opening the
game) never pays for modules another command uses.
"""

from __future__ import annotations

import sys
from pathlib import Path


def fail(message: str, code: int = 2) -> int:
    """Print one clear line to stderr and return the exit code."""
    print(f"palm-island: {message}", file=sys.stderr)
    return code


def read_text(path: Path) -> str:
    """Read a user-named file, turning OS errors into one clear line."""
    from ..engine import PalmIslandError

    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PalmIslandError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise PalmIslandError(f"{path} is not a text file") from None
