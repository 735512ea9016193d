"""Wrong keys: guessing is slow, and counted in one log line per interval.

Each address may send :data:`LIMIT` wrong keys in :data:`WINDOW_SECONDS`; past that
its requests that carry a key are refused (429) without the key being looked at,
so a guesser gets a few tries every ten seconds however fast it sends (at that
rate a 128-bit key outlasts the sun). A player who mistypes waits seconds.

Refusals are counted, never logged one by one (a guesser would fill the disk) and
never with the key: one line at most every :data:`REPORT_SECONDS`, only when
there were any, and one for the rest when the server stops.

An IPv6 address counts by its /64 (one machine usually holds a whole /64). The
table of addresses is bounded (:data:`MAX_ADDRESSES`): addresses whose wrong keys
have all aged out go first, then the oldest.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Final

from ..i18n import _, ngettext

LIMIT: Final = 5
WINDOW_SECONDS: Final = 10.0
REPORT_SECONDS: Final = 60.0
MAX_ADDRESSES: Final = 4096

log = logging.getLogger("palm-island.serve")


def address_group(address: str) -> str:
    """What one guesser is counted by: the address, an IPv6 one by its /64 (an
    IPv4 address mapped into IPv6 as itself)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class WrongKeys:
    """The per-address limit and the counts for the log."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        report: Callable[[str], None] = log.warning,
        report_seconds: float = REPORT_SECONDS,
    ) -> None:
        self.clock = clock
        self.report = report
        self.report_seconds = report_seconds
        self.recent: dict[str, deque[float]] = {}
        """Each address's wrong keys within the window, oldest first."""
        self.wrong = 0
        self.unchecked = 0
        self.addresses: set[str] = set()
        self.since: float | None = None
        """When the first refusal not yet reported came."""
        self.timer: asyncio.TimerHandle | None = None

    def over_limit(self, address: str) -> bool:
        """Whether ``address`` has used up its wrong keys; if so the refusal is
        counted (the key is not checked)."""
        group = address_group(address)
        times = self.recent.get(group)
        if times is None:
            return False
        now = self.clock()
        while times and times[0] <= now - WINDOW_SECONDS:
            times.popleft()
        if len(times) < LIMIT:
            return False
        self.unchecked += 1
        self.counted(group, now)
        return True

    def record(self, address: str) -> None:
        """``address`` sent a wrong key."""
        group = address_group(address)
        now = self.clock()
        times = self.recent.pop(group, None) or deque(maxlen=LIMIT)
        times.append(now)
        self.recent[group] = times  # last in the table's order: forgotten last
        if len(self.recent) > MAX_ADDRESSES:
            self.forget(now)
        self.wrong += 1
        self.counted(group, now)

    def forget(self, now: float) -> None:
        """Keeps the table within :data:`MAX_ADDRESSES`: the aged-out first."""
        for group in [g for g, times in self.recent.items() if times[-1] <= now - WINDOW_SECONDS]:
            del self.recent[group]
        while len(self.recent) > MAX_ADDRESSES:
            del self.recent[next(iter(self.recent))]

    def counted(self, group: str, now: float) -> None:
        self.addresses.add(group)
        if self.since is None:
            self.since = now
            try:  # in the server; a test without a loop calls flush() itself
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self.timer = loop.call_later(self.report_seconds, self.flush)

    def flush(self) -> None:
        """Writes the line for the refusals not yet reported, if any."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.since is None:
            return
        seconds = max(1, round(self.clock() - self.since))
        refused = self.wrong + self.unchecked
        keys = ngettext("{count} refused key", "{count} refused keys", refused)
        addresses = ngettext("{count} address", "{count} addresses", len(self.addresses))
        # Translators: the server's log; {keys} is "8 refused keys", {addresses} "1 address".
        line = _("{keys} from {addresses} in the last {seconds} s: {wrong} wrong").format(
            keys=keys.format(count=refused),
            addresses=addresses.format(count=len(self.addresses)),
            seconds=seconds,
            wrong=self.wrong,
        )
        if self.unchecked:
            # Translators: follows the line above: ", 3 not checked (after 5 wrong in 10 s …)".
            line += _(
                ", {unchecked} not checked (after {limit} wrong in {window} s from one address)"
            ).format(unchecked=self.unchecked, limit=LIMIT, window=f"{WINDOW_SECONDS:g}")
        self.report(line)
        self.wrong = self.unchecked = 0
        self.addresses.clear()
        self.since = None
