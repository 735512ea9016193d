"""Allows ``python -m palm_island``."""

import sys

from .cli import main

sys.exit(main())
