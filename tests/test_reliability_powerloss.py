"""T3: simulated power loss while an export is written.

A fake file system keeps two layers: what the page cache holds and what the
disk holds. Data reaches the disk only through fsync of the file; a rename
only through fsync of its directory. The writer is cut after every operation,
with short writes, 1,000 times; what the disk then holds at the target must be
the old file or the new one, never a mix or nothing.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from palm_island.storage import loading, safe_write
from palm_island.storage.errors import SaveError
from storage_helpers import scale

pytestmark = pytest.mark.reliability


class PowerCut(Exception):
    """Raised by the fake file system when the power goes."""


class FakeDisk:
    """Just enough of ``os`` for :func:`loading.write_atomically` (the safe-write path)."""

    O_WRONLY = os.O_WRONLY
    O_CREAT = os.O_CREAT
    O_TRUNC = os.O_TRUNC
    O_RDONLY = os.O_RDONLY

    def __init__(self, target: Path, old: bytes, cut_after: int, rng: random.Random) -> None:
        self.cache: dict[str, bytes] = {str(target): old}
        self.disk: dict[str, bytes] = {str(target): old}
        self.pending: list[tuple[str, str]] = []
        self.fds: dict[int, str] = {}
        self.ops = 0
        self.cut_after = cut_after
        self.rng = rng

    def _tick(self) -> None:
        self.ops += 1
        if self.ops > self.cut_after:
            raise PowerCut

    def open(self, path: object, flags: int, mode: int = 0o777) -> int:
        self._tick()
        name = str(path)
        if flags & os.O_TRUNC or (flags & os.O_EXCL and name not in self.cache):
            self.cache[name] = b""
        fd = 100 + len(self.fds)
        self.fds[fd] = name
        return fd

    def write(self, fd: int, data: bytes) -> int:
        self._tick()
        chunk = data[: self.rng.randint(1, max(1, len(data)))]  # short writes
        self.cache[self.fds[fd]] += chunk
        return len(chunk)

    def fsync(self, fd: int) -> None:
        self._tick()
        name = self.fds[fd]
        if name in self.cache and not Path(name).is_dir():
            self.disk[name] = self.cache[name]
        else:  # a directory: its renames become durable
            for source, target in self.pending:
                # The name moves even if the data never reached the disk (empty file).
                self.disk[target] = self.disk.pop(source, b"")
            self.pending.clear()

    def close(self, fd: int) -> None:
        self._tick()

    def replace(self, source: object, target: object) -> None:
        self._tick()
        self.cache[str(target)] = self.cache.pop(str(source))
        self.pending.append((str(source), str(target)))

    def getpid(self) -> int:
        return 4242

    def listdir(self, path: object) -> list[str]:
        self._tick()
        return [Path(name).name for name in self.cache if Path(name).parent == Path(str(path))]

    def unlink(self, path: object) -> None:
        raise PowerCut  # only reached while cleaning up after a cut: the power is off


def _cut(tmp_path: Path, cut_after: int, rng: random.Random, writer=None) -> bytes:  # type: ignore[no-untyped-def]
    target = tmp_path / "game.json"
    old, new = b'{"old": true}' * 20, b'{"new": true}' * 30
    disk = FakeDisk(target, old, cut_after, rng)
    real_os = safe_write.os
    safe_write.os = disk  # type: ignore[assignment]  # the fake disk stands in for the os module
    try:
        (writer or loading.write_atomically)(target, new.decode())
    except (PowerCut, SaveError):
        pass
    finally:
        safe_write.os = real_os
    content = disk.disk.get(str(target))
    assert content in (old, new), f"cut after {cut_after} ops left {content!r:.60}"
    return content


def test_every_power_cut_leaves_the_old_file_or_the_new_one(tmp_path: Path) -> None:
    rng = random.Random(3)
    results = [_cut(tmp_path, rng.randint(0, 40), rng) for _ in range(scale(1000))]
    assert any(r.startswith(b'{"new"') for r in results)
    assert any(r.startswith(b'{"old"') for r in results)


def test_sensitivity_a_writer_without_fsync_is_caught(tmp_path: Path) -> None:
    def careless(path: Path, text: str) -> None:
        fd = safe_write.os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        data = text.encode()
        while data:
            data = data[safe_write.os.write(fd, data) :]
        safe_write.os.close(fd)
        safe_write.os.replace(path.with_suffix(".tmp"), path)
        dir_fd = safe_write.os.open(path.parent, os.O_RDONLY)
        safe_write.os.fsync(dir_fd)

    rng = random.Random(3)
    with pytest.raises(AssertionError, match="left"):
        for _ in range(200):
            _cut(tmp_path, rng.randint(0, 40), rng, careless)
