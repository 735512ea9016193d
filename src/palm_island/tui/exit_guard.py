"""A bounded exit for a process that runs the game: once its terminal is gone or a
hang-up/terminate signal arrives, the process ends within :data:`EXIT_DEADLINE_SECONDS`
whatever the app is doing.

Why it exists: Textual draws through a writer thread fed by a queue of at most 30
writes. When the terminal goes away, that thread's next write fails (EIO) and the
thread ends; nothing drains the queue any more, so once 30 writes are pending (a
burst of redraws just before the close is enough) the main thread blocks for ever
in ``Queue.put`` - a frame, the escape codes that leave application mode, or the
final ``None`` of the writer's stop. Everything that could notice and exit
(asyncio signal handlers, Textual timers) runs on the event loop that thread is
blocked in, so SIGHUP and SIGTERM were ignored and only SIGKILL ended the process.

So the guard lives outside the event loop, in two daemon threads:

- one waits (``sigwait``) for SIGHUP and SIGTERM, which :meth:`ExitGuard.start`
  blocks in the calling thread before the app starts its own threads, so the
  signals reach only the guard, whatever the main thread is doing;
- one polls standard input and output for a hang-up or error: a closed terminal
  (tmux kill-session, a closed window), or for an app process of textual-serve
  (a browser page) the pipes of a server that went away.

Either one first asks the app to exit through its event loop (the normal path:
screens unmounted, the campaign file closed, the terminal restored) and gives it
:data:`EXIT_DEADLINE_SECONDS`; if the process is still there then, it is ended with
``os._exit(128 + signal)``: 129 for a hang-up or a vanished terminal, 143 for
SIGTERM. An app that exits for its own reasons (the player quit, textual-serve sent
"quit" for a closed tab) arms the same deadline as it unmounts, with its own status,
so the rest of the shutdown (where Textual blocked) is bounded too.

Nothing is lost by that: every move a player saw acknowledged was already committed
in its own SQLite transaction, and one in flight is rolled back when the file is
next opened, so the file is never half-written. The guard does not close the
connection itself: it belongs to the main thread (sqlite3 refuses other threads),
which may be inside it; the app closes it as it unmounts, before the step where
Textual blocked.

Processes started after :meth:`ExitGuard.start` inherit the blocked signals (POSIX
keeps the signal mask across exec); the game starts none while it runs.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Final, NoReturn

EXIT_DEADLINE_SECONDS: Final = 0.75
"""How long the app gets to exit on its own once the guard fires; the process ends
before 2 s in all (the guard notices at once: it waits on the signal and the fds)."""

HANG_UP_STATUS: Final = 128 + signal.SIGHUP
"""The exit status for a terminal that went away (as a shell reports SIGHUP)."""

RECHECK_MILLISECONDS: Final = 250
"""The longest the terminal watcher sleeps without looking at its fds again."""

GUARDED_SIGNALS: Final = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
"""SIGINT too: `kill -INT` (ctrl+c is a key in the game) ends it with 130 like the others."""

_GONE: Final = select.POLLHUP | select.POLLERR | select.POLLNVAL


def _ends_now(status: int) -> NoReturn:
    os._exit(status)


class ExitGuard:
    """Ends the process within a bounded time once its terminal or its signals say so.

    Use as a context manager around the app's run (see ``run_app``); the app, once
    its event loop runs, calls :meth:`connect` with a thread-safe way to ask it to
    exit. ``fds`` are the descriptors whose hang-up means "the terminal is gone"
    (those already hung up at start are ignored: ``palm-island < /dev/null`` is not a
    terminal going away). ``force_exit`` is ``os._exit`` except in tests.
    """

    def __init__(
        self,
        *,
        fds: Sequence[int] = (0, 1),
        signals: Sequence[signal.Signals] = GUARDED_SIGNALS,
        deadline: float = EXIT_DEADLINE_SECONDS,
        force_exit: Callable[[int], object] = _ends_now,
    ) -> None:
        self.fds = tuple(fds)
        self.signals = tuple(signals)
        self.deadline = deadline
        self.force_exit = force_exit
        self.status: int | None = None
        """The exit status once the guard fired (128 + signal), else ``None``."""
        self._fired = threading.Lock()
        self._request_exit: Callable[[int], object] | None = None
        self._connect_lock = threading.Lock()
        self._stopping = threading.Event()
        self._wake_read, self._wake_write = os.pipe()
        self._signal_thread: threading.Thread | None = None
        self._fd_thread: threading.Thread | None = None

    def start(self) -> None:
        """Block the signals in this thread (and so in every thread it starts later)
        and start watching. Call it from the main thread before the app runs."""
        if self.signals:
            signal.pthread_sigmask(signal.SIG_BLOCK, self.signals)
            self._signal_thread = threading.Thread(
                target=self._wait_for_signals, name="exit-guard-signals", daemon=True
            )
            self._signal_thread.start()
        # Decided here, not in the thread: a terminal closed right after the start
        # must count as going away.
        watched = [fd for fd in self.fds if not self._gone(fd)]
        self._fd_thread = threading.Thread(
            target=self._watch_fds, args=(watched,), name="exit-guard-terminal", daemon=True
        )
        self._fd_thread.start()

    def connect(self, request_exit: Callable[[int], object]) -> None:
        """How to ask the app to exit with a status, callable from any thread (the
        app passes ``loop.call_soon_threadsafe``). If the guard fired already, the
        app is asked at once."""
        with self._connect_lock:
            self._request_exit = request_exit
            status = self.status
        if status is not None:
            self._ask(request_exit, status)

    def fire(self, status: int, *, ask: bool = True) -> None:
        """Begin the bounded exit with ``status``; later calls change nothing.

        ``ask=False`` when the app is exiting already (it arms the guard as it
        unmounts, so that a shutdown stuck after that, in Textual's driver or the
        interpreter's exit, is bounded too: a browser tab's "quit" goes this way).
        """
        if not self._fired.acquire(blocking=False):
            return
        with self._connect_lock:
            self.status = status
            request_exit = self._request_exit if ask else None
        if request_exit is not None:
            self._ask(request_exit, status)
        timer = threading.Timer(self.deadline, self.force_exit, args=(status,))
        timer.name = "exit-guard-deadline"
        timer.daemon = True
        timer.start()

    @staticmethod
    def _ask(request_exit: Callable[[int], object], status: int) -> None:
        # A loop already closed cannot be asked; the deadline still ends the process.
        with contextlib.suppress(Exception):
            request_exit(status)

    def stop(self) -> None:
        """Stop watching and unblock the signals (the app ended on its own). Once the
        guard fired this changes nothing: its deadline stays armed and the signals
        stay blocked, the process being on its way out with the guard's status."""
        if self.status is not None:
            return
        self._stopping.set()
        os.write(self._wake_write, b"x")
        if self._fd_thread is not None:
            self._fd_thread.join()
        thread = self._signal_thread
        if thread is not None:
            if thread.is_alive() and thread.ident is not None:
                # sigwait returns only for a signal: send one to that thread alone.
                with contextlib.suppress(ProcessLookupError):
                    signal.pthread_kill(thread.ident, self.signals[0])
            thread.join()
            signal.pthread_sigmask(signal.SIG_UNBLOCK, self.signals)

    def _wait_for_signals(self) -> None:
        received = signal.sigwait(self.signals)
        if not self._stopping.is_set():
            self.fire(128 + received)

    def _watch_fds(self, watched: list[int]) -> None:
        poller = select.poll()
        for fd in watched:
            poller.register(fd, 0)  # hang-up and error are always reported
        poller.register(self._wake_read, select.POLLIN)
        while not self._stopping.is_set():
            # The timeout re-reads each fd's state now and then: a wake-up meant only
            # for readers (a tty hung up by vhangup) does not wake a poll for hang-ups.
            for fd, events in poller.poll(RECHECK_MILLISECONDS):
                if fd in watched and events & _GONE:
                    self.fire(HANG_UP_STATUS)
                    return

    @staticmethod
    def _gone(fd: int) -> bool:
        poller = select.poll()
        poller.register(fd, 0)
        return any(events & _GONE for _fd, events in poller.poll(0))

    def __enter__(self) -> ExitGuard:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
