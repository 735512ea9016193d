"""The address people open when ``serve`` is behind a reverse proxy (``--external-url``).

One setting derives everything the proxy changes, as Jupyter Server's ``base_url``
and Grafana's ``root_url`` do: the ``Host`` to answer (the public name, with its
port or without: nginx's ``proxy_set_header Host $host`` drops the port), the one
``Origin`` a game's websocket may come from, the path everything is served under
(the proxy passes it unchanged), and the address printed with the key.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from ..i18n import _

SCHEME_PORTS: Final = {"http": 80, "https": 443}
LABEL: Final = r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
NAME: Final = re.compile(rf"{LABEL}(\.{LABEL})*")
"""A DNS name in ASCII (an international one in its ``xn--`` form)."""
PATH_PART: Final = re.compile(r"[A-Za-z0-9._~-]+")
"""A path segment: characters an address carries unchanged (and no route syntax)."""


@dataclass(frozen=True)
class ExternalUrl:
    """``scheme://host[:port]/path/`` as checked by :func:`parse_external_url`."""

    scheme: str
    host: str
    """Lower case; an IPv6 address without brackets."""
    port: int | None
    """As written (None: the scheme's)."""
    path: str
    """Starts and ends with ``/``."""

    @property
    def secure(self) -> bool:
        return self.scheme == "https"

    @property
    def effective_port(self) -> int:
        return self.port or SCHEME_PORTS[self.scheme]

    @property
    def netloc(self) -> str:
        """The host and port as a browser writes them (no port when it is the
        scheme's own)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        if self.effective_port == SCHEME_PORTS[self.scheme]:
            return host
        return f"{host}:{self.effective_port}"

    @property
    def origin(self) -> str:
        """The ``Origin`` the served page's requests carry."""
        return f"{self.scheme}://{self.netloc}"

    @property
    def address(self) -> str:
        return f"{self.origin}{self.path}"


def parse_external_url(text: str) -> ExternalUrl:
    """``--external-url``'s value, checked.

    Raises:
        ValueError: one line saying what is wrong with it.
    """
    if not text.isascii() or any(char.isspace() or ord(char) < 32 for char in text):
        raise ValueError(
            _("it may hold only ASCII and no spaces (write an international name in its xn-- form)")
        )
    parts = urlsplit(text)
    if parts.scheme.lower() not in SCHEME_PORTS or not text.lower().startswith(
        f"{parts.scheme.lower()}://"
    ):
        raise ValueError(_("it must start with https:// (or http://)"))
    if "@" in parts.netloc:
        raise ValueError(_("it must not hold a user name or password"))
    if parts.query or "?" in text:
        raise ValueError(_("it must not have a query (?...): serve adds the key itself"))
    if parts.fragment or "#" in text:
        raise ValueError(_("it must not have a fragment (#...): serve adds the key itself"))
    try:
        port = parts.port
    except ValueError:
        raise ValueError(_("its port is not a number from 1 to 65535")) from None
    if port == 0:
        raise ValueError(_("its port is not a number from 1 to 65535"))
    host = (parts.hostname or "").rstrip(".")
    return ExternalUrl(parts.scheme.lower(), checked_host(host), port, checked_path(parts.path))


def checked_host(host: str) -> str:
    if not host:
        raise ValueError(_("it has no host name"))
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if not NAME.fullmatch(host):
        raise ValueError(_("{host} is not a host name").format(host=repr(host)))
    return host


def checked_path(path: str) -> str:
    """The path, ending with ``/``; no empty, ``.`` or ``..`` segment, no escapes."""
    segments = path.strip("/").split("/") if path.strip("/") else []
    for segment in segments:
        if segment in {".", ".."} or not PATH_PART.fullmatch(segment):
            raise ValueError(
                _(
                    "its path {path} may hold only letters, digits, - _ . ~ and single "
                    "slashes between names"
                ).format(path=repr(path))
            )
    return "/" + "".join(f"{segment}/" for segment in segments)
