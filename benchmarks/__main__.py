"""``python -m benchmarks [options]``: the same options as ``palm-island bench``."""

from __future__ import annotations

import sys

from palm_island.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
