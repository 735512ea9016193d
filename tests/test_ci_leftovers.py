"""CI's check that the tests leave nothing behind (.ci/leftovers) finds what they leave."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "leftovers"


def run(*arguments: str, shm: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *arguments],
        env={**os.environ, "SHM": str(shm)},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_a_clean_run_passes(tmp_path: Path) -> None:
    scratch, shm = tmp_path / "scratch", tmp_path / "shm"
    (scratch / "pytest-of-someone" / "pytest-3").mkdir(parents=True)
    (shm / "palm-old-1").mkdir(parents=True)
    (shm / "other-program").mkdir()
    result = run(str(scratch), "palm-old-1", shm=shm)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_files_left_in_the_temp_folder_or_on_tmpfs_fail_and_are_named(tmp_path: Path) -> None:
    scratch, shm = tmp_path / "scratch", tmp_path / "shm"
    (scratch / "pytest-of-someone").mkdir(parents=True)
    (scratch / "palm-island-test-cache-x").mkdir()
    (scratch / ".hidden.tmp").write_text("")
    (shm / "palm-old-1").mkdir(parents=True)
    (shm / "palm-faults-new").mkdir()
    result = run(str(scratch), "palm-old-1", shm=shm)
    assert result.returncode == 1
    named = result.stderr.splitlines()[1:]
    assert sorted(named) == sorted(
        [
            f"{scratch}/palm-island-test-cache-x",
            f"{scratch}/.hidden.tmp",
            f"{shm}/palm-faults-new",
        ]
    )


def test_the_snapshot_lists_only_the_games_tmpfs_folders(tmp_path: Path) -> None:
    (tmp_path / "palm-b").mkdir()
    (tmp_path / "palm-a").mkdir()
    (tmp_path / "other-program").mkdir()
    result = run("--snapshot", shm=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["palm-a", "palm-b"]
    assert run("--snapshot", shm=tmp_path / "missing").stdout == ""


def test_ci_runs_the_check_around_the_test_commands() -> None:
    """The tmpfs folder is listed before the tests by the script that checks it after
    (one pattern, one place)."""
    run_script = (SCRIPT.parent / "run").read_text()
    before = run_script.index('shm_before="$(.ci/leftovers --snapshot)"')
    tmpdir = run_script.index('export TMPDIR="$scratch"')
    check = run_script.index('.ci/leftovers "$scratch" "$shm_before"')
    assert before < tmpdir < run_script.index("make test") < run_script.index("make sweep") < check
    assert "palm-'" not in run_script  # the pattern lives in .ci/leftovers only
