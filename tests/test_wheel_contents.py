"""The wheel ships only the game: no test or bench module, no test switch, no test
tool imported. The wheel is built as a release builds it (hatchling, offline) and its
files are read back; the checks also run on a planted wheel, so each can fail."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_TOOLS = ("pytest", "_pytest", "hypothesis", "pytest_asyncio", "playwright", "benchmarks")
"""Modules no shipped file imports: the test tools and the benchmark harnesses."""


def problems(files: dict[str, bytes]) -> list[str]:
    """What in the wheel's ``files`` (name -> bytes) is test or bench code."""
    found: list[str] = []
    for name, data in sorted(files.items()):
        parts = Path(name).parts
        if any(p.startswith(("test", "bench", "conftest")) for p in parts):
            found.append(f"{name}: a test or bench module")
        if b"PALM_ISLAND_TEST_" in data:
            found.append(f"{name}: a PALM_ISLAND_TEST_ switch")
        if name.endswith(".py"):
            found += [f"{name}: imports {m}" for m in imports(data) if m.startswith(TEST_TOOLS)]
    return found


def imports(source: bytes) -> list[str]:
    """Every module a Python file imports, anywhere in it (absolute imports only: a
    relative one stays inside the package)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.append(node.module)
    return names


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.slow  # builds the wheel: about 2 s of CPU
def test_the_wheel_holds_the_game_and_no_test_or_bench_code(
    wheel_files: dict[str, bytes],
) -> None:
    names = set(wheel_files)
    assert "palm_island/cli.py" in names and "palm_island/storage/db.py" in names
    assert any(n.startswith("palm_island/data/") for n in names)  # the card data
    assert problems(wheel_files) == []


def test_the_checks_find_planted_test_and_bench_code() -> None:
    planted = {
        "palm_island/tests/helpers.py": b"x = 1\n",
        "palm_island/commands/bench.py": b"x = 1\n",
        "palm_island/storage/db.py": b'SWITCH = "PALM_ISLAND_TEST_NO_SYNC"\n',
        "palm_island/one.py": b"def f():\n    import pytest\n",
        "palm_island/two.py": b"from hypothesis import given\n",
        "palm_island/three.py": b"from benchmarks.cli import main\n",
        "palm_island/fine.py": b"from . import testing_tools_are_not_here\nimport json\n",
    }
    assert [p.split(":")[0] for p in problems(planted)] == [
        "palm_island/commands/bench.py",
        "palm_island/one.py",
        "palm_island/storage/db.py",
        "palm_island/tests/helpers.py",
        "palm_island/three.py",
        "palm_island/two.py",
    ]


def test_the_shipped_sources_hold_no_test_or_bench_code() -> None:
    """The fast form of the wheel check, on the package's files as hatch takes them
    (src/palm_island, pyproject.toml's wheel target)."""
    package = ROOT / "src"
    files = {
        str(path.relative_to(package)): path.read_bytes()
        for path in (package / "palm_island").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert len(files) > 100
    assert problems(files) == []


def test_the_wheel_carries_the_compiled_catalogs_and_not_the_pseudo_language(
    wheel_files: dict[str, bytes],
) -> None:
    """hatch_build.py compiled each .po into the wheel; xx is the checkout's alone."""
    locale = sorted(name for name in wheel_files if "/locale/" in name)
    assert "palm_island/locale/es/LC_MESSAGES/palm_island.mo" in locale
    assert not [name for name in locale if "/xx/" in name]
    assert wheel_files["palm_island/locale/es/LC_MESSAGES/palm_island.mo"].startswith(
        b"\xde\x12\x04\x95"  # a GNU .mo file's magic number, little-endian
    )
