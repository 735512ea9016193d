"""``palm-island serve [--host H] [--port N] [--public] [--external-url URL]``: play
in a browser.

Each browser tab gets its own game process, saving to the same data directory as
the terminal game. The server answers only requests that name it by a name it is
served as (``Host``), and starts a game only for its own page (``Origin``) holding
its access key (printed in the address's fragment): see :mod:`..web.access`. A key
chosen by the player comes from a file or the environment, never the process list
(:mod:`..web.key_source`). Listening on anything but this machine's own loopback
address lets anyone who reaches the port and knows the address play with that
directory, so it needs ``--public`` and says so; behind a reverse proxy,
``--external-url`` names the address people open (:mod:`..web.external`).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import ipaddress
import os
import shlex
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _
from . import fail

if TYPE_CHECKING:
    from ..web.external import ExternalUrl

DEFAULT_HOST = "127.0.0.1"
EVERY_ADDRESS = "0.0.0.0"
"""Where ``--public`` alone listens: every IPv4 address of this machine."""
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 8
"""Games at once (each is a process of about 55 MB)."""
TOKEN_ENV = "PALM_ISLAND_SERVE_TOKEN"
"""Gives the access key instead of a new one each start (for a bookmarked address;
web.tab_game keeps every PALM_ISLAND_SERVE* variable out of the games)."""
TOKEN_NOTE = N_(
    "note: --token=KEY shows the key to every user of this machine (ps); serve starts "
    "again with it in ${variable} instead; next time use --token-file or ${variable}"
)
INSTALL_HINT = N_("serving to a browser needs textual-serve: pip install 'palm-island[web]'")
"""Said by a copy installed from a package index; a copy installed from a clone of
the project names that clone instead (:func:`install_hint`)."""
CLONE_HINT = N_(
    "serving to a browser needs textual-serve: cd {folder} && "
    "{python} -m pip install{editable} '.[web]' (or make serve there)"
)


def installed_from() -> tuple[Path, bool] | None:
    """The folder this copy of the game was installed from and whether the install
    is editable (``pip install -e``), when it came from a folder that is still there
    (a clone): pip's ``direct_url.json`` (PEP 610) says. None for a package index."""
    import json
    from importlib import metadata
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    try:
        text = metadata.distribution("palm-island").read_text("direct_url.json")
        record = json.loads(text or "null")
    except (metadata.PackageNotFoundError, ValueError):
        return None
    if not isinstance(record, dict) or not isinstance(record.get("dir_info"), dict):
        return None
    url = urlsplit(str(record.get("url", "")))
    folder = Path(url2pathname(url.path))
    if url.scheme != "file" or not (folder / "pyproject.toml").is_file():
        return None
    return folder, record["dir_info"].get("editable") is True


def install_hint() -> str:
    """How to add textual-serve to this copy of the game, where it was installed
    from: a clone gets pip's command for that folder (editable if it was), run by
    this Python; a copy from a package index gets :data:`INSTALL_HINT`."""
    source = installed_from()
    if source is None:
        return _(INSTALL_HINT)
    folder, editable = source
    return _(CLONE_HINT).format(
        folder=shlex.quote(str(folder)),
        python=shlex.quote(sys.executable),
        editable=" -e" if editable else "",
    )


def port_number(text: str) -> int:
    """An argparse type: a TCP port a server may listen on (0: any free one, which
    the printed address then names)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a port number: {text}").format(text=repr(text))
        ) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 0 (any free one) to 65535, not {port}").format(port=port)
        )
    return port


def games_count(text: str) -> int:
    """An argparse type: how many games may run at once."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of games: {text}").format(text=repr(text))
        ) from None
    if not 1 <= count <= 256:
        raise argparse.ArgumentTypeError(
            _("from 1 to 256 games at once, not {count}").format(count=count)
        )
    return count


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help=_("play in a web browser (needs the [web] extra)"),
        description=_(
            "Serve the game to web browsers: each tab plays its own game, saved "
            "in the same data directory as the terminal game. ctrl+c stops the server and "
            "every game it started."
        ),
    )
    parser.add_argument(
        "--host",
        default=None,
        metavar=_("HOST"),
        help=_(
            "the address to listen on (default: {host}, this machine only; "
            "another address needs --public; --public alone listens on {every})"
        ).format(host=DEFAULT_HOST, every=EVERY_ADDRESS),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("default: {port}; 0 takes any free port (the printed address has it)").format(
            port=DEFAULT_PORT
        ),
    )
    parser.add_argument(
        "--public",
        action="store_true",
        help=_(
            "allow an address other machines can reach: whoever reaches the port and "
            "has the printed address plays with this data directory"
        ),
    )
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument(
        "--token-file",
        type=Path,
        default=None,
        metavar=_("PATH"),
        help=_(
            "read the access key in the printed address from this file (yours, mode "
            "0600, not a link), for an address you bookmark; or set ${variable}; "
            "default: a new random key each start"
        ).format(variable=TOKEN_ENV),
    )
    keys.add_argument(
        "--token",
        default=None,
        metavar=_("KEY"),
        help=_(
            "the key itself (every user of the machine sees a command line: serve "
            "restarts itself with the key in ${variable}; better use --token-file or "
            "${variable}); write --token=KEY, since a key may start with '-'"
        ).format(variable=TOKEN_ENV),
    )
    parser.add_argument(
        "--external-url",
        default=None,
        metavar=_("URL"),
        help=_(
            "behind a reverse proxy: the address people open, e.g. "
            "https://palm.example:8443/palm/ (serve answers that name, accepts that origin, "
            "serves under that path and prints that address; it still listens on --host)"
        ),
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar=_("NAME"),
        help=_(
            "another name the browser may use for this server (repeatable; by default "
            "only loopback names, and with --public this machine's name and addresses)"
        ),
    )
    parser.add_argument(
        "--max-games",
        type=games_count,
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=_("games at once, one per tab (default: {count})").format(count=DEFAULT_MAX_GAMES),
    )
    parser.set_defaults(run=run)


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``: ``localhost`` or a loopback
    address. Any other name counts as reachable from outside."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_for(host: str, port: int) -> str:
    """The address to open in a browser (an IPv6 address in brackets); the
    unspecified address is shown as this machine's loopback one."""
    shown = host.strip("[]")
    if shown in {"0.0.0.0", "::"}:
        shown = "127.0.0.1" if shown == "0.0.0.0" else "::1"
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def app_command(data_dir: Path) -> list[str]:
    """The command the server runs for each tab (no shell): this interpreter and
    this package (``palm-island`` need not be on the PATH), this data directory, and
    its identity now (``--served-folder``): a tab opened after the folder was deleted
    or replaced says so instead of starting an empty campaign in a new one."""
    from ..storage.folder_identity import format_folder_id, hold_folder

    command = [sys.executable, "-m", "palm_island", "--data-dir", str(data_dir.resolve()), "play"]
    found = hold_folder(data_dir)
    return command if found is None else [*command, "--served-folder", format_folder_id(found)]


def served_names(host: str, allowed: list[str]) -> list[str]:
    """The names a browser may call this server by (its ``Host``): loopback names
    when it listens on loopback or everywhere, the address it listens on, with
    ``--public`` on every address this machine's own name and addresses, and the
    ``--allow-host`` names."""
    from ..web.access import LOOPBACK_NAMES

    shown = host.strip("[]")
    names = [shown, *allowed]
    if is_loopback(shown) or shown in {EVERY_ADDRESS, "::"}:
        names += LOOPBACK_NAMES
    if shown in {EVERY_ADDRESS, "::"}:
        machine = socket.gethostname()
        names += [machine, f"{machine}.local", socket.getfqdn()]
        with contextlib.suppress(OSError):
            names += [str(info[4][0]) for info in socket.getaddrinfo(machine, None)]
    return [name for name in names if isinstance(name, str) and name]


LISTEN_BACKLOG = 128
"""Connections the system holds for the server before it accepts them."""


def listen_on(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` port ``port`` (0: a free port the system picks),
    made before anything is printed, so the printed address names the real port and
    answers as soon as it is read; the server then accepts on it. Raises ``OSError``
    (in use, no such address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        # as asyncio's own servers do on Unix: a restart need not wait out TIME_WAIT
        # (a port another socket listens on is still refused)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(LISTEN_BACKLOG)
    except OSError:
        listener.close()
        raise
    return listener


def run(args: argparse.Namespace) -> int:
    host = args.host if args.host is not None else EVERY_ADDRESS if args.public else DEFAULT_HOST
    if not host.strip("[]"):
        return fail(_("--host needs an address"))
    if not is_loopback(host) and not args.public:
        return fail(
            _(
                "{host} can be reached from other machines, and whoever reaches the port "
                "plays with your saved games; add --public to serve there anyway"
            ).format(host=host)
        )
    from ..text import printable

    if importlib.util.find_spec("textual_serve") is None:
        return fail(printable(install_hint()))
    from ..storage.paths import data_dir
    from ..web.external import parse_external_url

    token = access_key(args)
    if isinstance(token, int):
        return token
    external = None
    if args.external_url is not None:
        try:
            external = parse_external_url(args.external_url)
        except ValueError as exc:
            return fail(printable(f"--external-url: {exc}"))

    directory = data_dir(args.data_dir)
    try:
        listener = listen_on(host.strip("[]"), args.port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        cannot = _("cannot serve on {host} port {port}: {reason}")
        return fail(printable(cannot.format(host=host, port=args.port, reason=reason)), 1)
    with listener:
        return serve_on(listener, host, directory, token, args, external)


def access_key(args: argparse.Namespace) -> str | int:
    """The access key: chosen (``--token-file``, ``--token``, ``$PALM_ISLAND_SERVE_TOKEN``)
    and strong enough, or a new random one; or the exit status of a refusal. A key
    on the command line is moved into the environment, the server started again
    without it (:func:`..web.key_source.restart_without_key`)."""
    from ..text import printable
    from ..web.access import new_token, token_problem
    from ..web.key_source import KeyFileError, read_key_file, restart_without_key

    if args.token_file is not None:
        try:
            token, source = read_key_file(args.token_file), "--token-file"
        except KeyFileError as exc:
            return fail(printable(f"--token-file: {exc}"))
    elif args.token is not None:
        token, source = args.token, "--token"
    elif os.environ.get(TOKEN_ENV):
        token, source = os.environ[TOKEN_ENV], f"${TOKEN_ENV}"
    else:
        return new_token()
    if (problem := token_problem(token)) is not None:
        return fail(f"{source}: {problem}")
    if source == "--token":
        note = _(TOKEN_NOTE).format(variable=TOKEN_ENV)
        print(f"palm-island: {note}", file=sys.stderr)
        if (problem := restart_without_key(token)) is not None:
            return fail(problem)
    return token


def serve_on(
    listener: socket.socket,
    host: str,
    directory: Path,
    token: str,
    args: argparse.Namespace,
    external: ExternalUrl | None = None,
) -> int:
    """Serves on ``listener`` (bound and listening) until ctrl+c or SIGTERM."""
    from ..text import printable
    from ..web.access import AccessPolicy
    from ..web.server import GameServer

    port: int = listener.getsockname()[1]
    url = url_for(host, port)
    if not is_loopback(host):
        print(
            printable(
                "palm-island: "
                + _(
                    "warning: listening on {host}: whoever reaches port "
                    "{port} with the printed address plays with the saved games, "
                    "campaigns and settings in {folder}; the network can read it (no TLS)"
                ).format(host=host, port=port, folder=directory)
            ),
            file=sys.stderr,
        )
    policy = AccessPolicy.create(token, port, served_names(host, args.allow_host), external)
    server = GameServer(
        app_command(directory),
        listener,
        host=host.strip("[]"),
        url=url,
        policy=policy,
        max_games=args.max_games,
    )
    server.serve()
    return 0
