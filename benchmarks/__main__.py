"""``python -m benchmarks [options]`` (``make bench``): ``--help`` lists the options."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
