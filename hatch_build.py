"""The wheel's build hook: every language's .po compiled into the wheel as its .mo.

A hook of our own rather than hatch-babel 0.1.2 (on the registry; tried on a small
src-layout project, 2026-12-05): that plug-in writes the .mo files into the source
tree, ships its marker file ``locale/.pybabel.info`` in the wheel, skips compiling
whenever that marker is left in the tree (a stale catalog after an interrupted
build), and excludes the .po files through a hatchling setting its own comment calls
undocumented. This hook compiles into the build's own temporary folder with the
same function as ``make catalogs`` (tools/catalogs.py), so the checkout and the wheel
cannot differ, fails the build on a catalog Babel's check rejects, and leaves the
pseudo-language out (it is for the checkout's tests). An editable install is left
alone: the Makefile compiles the checkout's catalogs in place.
"""

from __future__ import annotations

import importlib.util
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _catalogs(root: Path) -> ModuleType:
    """tools/catalogs.py, loaded by path (the build does not put the root on sys.path)."""
    spec = importlib.util.spec_from_file_location(
        "palm_island_catalogs", root / "tools" / "catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        catalogs = _catalogs(Path(self.root))
        self._folder = tempfile.TemporaryDirectory(prefix="palm-island-catalogs-")
        problems: list[str] = []
        for language in catalogs.languages():
            relative = f"locale/{language}/LC_MESSAGES/{catalogs.DOMAIN}.mo"
            mo = Path(self._folder.name) / relative
            problems += catalogs.compile_po(catalogs.po_path(language), mo, language)
            build_data["force_include"][str(mo)] = f"palm_island/{relative}"
        if problems:
            raise ValueError("translations that do not check:\n" + "\n".join(problems))

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            folder.cleanup()
