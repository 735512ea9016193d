"""The documented nginx recipe (docs/serve.md), run for real: Debian's nginx as this
user, in the foreground, with TLS by a certificate made here, in front of
``palm-island serve --external-url``, at the root and under ``/palm/``. Chromium
(names mapped to 127.0.0.1, the certificate accepted) loads the page, the
websocket draws the title, and a page of another origin behind the same nginx,
even one holding the key, is refused.

Skipped with one line where nginx or the browser is missing; failed instead in CI
(``CI=true``), which installs both (``.ci/run``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .served import need_browser, serving, wait_for, wait_for_screen

pytestmark = pytest.mark.slow

TITLE = "P A L M   I S L A N D"
NAME = "palm.test"
EVIL = "evil.test"
NGINX_ENV = "PALM_ISLAND_NGINX"
INSTALL = "apt-get install nginx-light"

# The recipe of docs/serve.md, with this test's paths and ports.
CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}

    server {{
        listen 127.0.0.1:{port} ssl;
        server_name {name};
        ssl_certificate {dir}/cert.pem;
        ssl_certificate_key {dir}/key.pem;

        location {path} {{
            proxy_pass http://127.0.0.1:{serve_port};
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 1h;
        }}
    }}

    server {{
        listen 127.0.0.1:{port} ssl;
        server_name {evil};
        ssl_certificate {dir}/cert.pem;
        ssl_certificate_key {dir}/key.pem;
        root {dir}/evil;
    }}
}}
"""

EVIL_PAGE = """<!DOCTYPE html><html><body><script>
window.seen = {opened: false, bytes: 0, closed: false};
const key = btoa(%(key)s).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
const ws = new WebSocket(%(socket)s, ["palm-island", "palm-island.key." + key]);
ws.onopen = () => { window.seen.opened = true; };
ws.onmessage = () => { window.seen.bytes += 1; };
ws.onclose = () => { window.seen.closed = true; };
</script></body></html>"""


def nginx_path() -> str:
    """Debian's nginx; else skip the test, or fail it in CI."""
    found = (
        os.environ.get(NGINX_ENV)
        or shutil.which("nginx")
        or shutil.which("nginx", path="/usr/sbin:/sbin")
    )
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the nginx test: nginx not found ({INSTALL})")
        pytest.skip(f"nginx not found ({INSTALL}, or set ${NGINX_ENV})")
    return found


class PortTaken(Exception):
    """Another process took the free port before nginx bound it."""


def free_port() -> int:
    """A port free now (nginx cannot say which port 0 gave it); a run that loses
    it to another process before nginx binds it is tried again on another."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def make_certificate(folder: Path) -> None:
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-days", "1", "-subj", f"/CN={NAME}",
            "-addext", f"subjectAltName=DNS:{NAME},DNS:{EVIL}",
            "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip


def accepts(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def running_nginx(nginx: str, folder: Path, port: int, **values: object) -> Iterator[None]:
    """nginx in the foreground with this test's config, until the block ends."""
    config = folder / "nginx.conf"
    config.write_text(CONFIG.format(dir=folder, port=port, name=NAME, evil=EVIL, **values))
    process = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not accepts(port):
            if process.poll() is not None:
                said = process.communicate()[1] + (folder / "error.log").read_text()
                if "Address already in use" in said:
                    raise PortTaken(said)
                raise AssertionError(f"nginx stopped: {said}")
            assert time.monotonic() < deadline, "nginx did not listen within 30 s"
            time.sleep(0.05)
        yield
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    # under a path (its prefix rewritten both ways) on every make test; at the root,
    # the same proxy without the prefix, in make sweep (CI)
    "path",
    [pytest.param("/", marks=pytest.mark.sweep), "/palm/"],
)
def test_behind_nginx_with_tls_the_game_plays_and_another_origin_is_refused(
    tmp_path: Path, path: str
) -> None:
    browser = need_browser()
    nginx = nginx_path()
    folder = tmp_path / "nginx"
    (folder / "evil").mkdir(parents=True)
    make_certificate(folder)
    for attempt in range(3):
        try:
            play_behind_nginx(browser, nginx, folder, tmp_path / f"data{attempt}", path)
            return
        except PortTaken:
            continue
    pytest.fail("three free ports were taken before nginx bound them")


def play_behind_nginx(browser: str, nginx: str, folder: Path, data: Path, path: str) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    public = f"https://{NAME}:{port}{path}"
    with (
        serving(data, "--external-url", public) as served,
        running_nginx(nginx, folder, port, path=path, serve_port=served.port),
        sync_playwright() as playwright,
    ):
        assert served.address == public
        evil_page = EVIL_PAGE % {
            "key": repr(served.token),
            "socket": repr(f"wss://{NAME}:{port}{path}ws"),
        }
        (folder / "evil" / "index.html").write_text(evil_page)
        chromium = playwright.chromium.launch(
            executable_path=browser,
            args=[f"--host-resolver-rules=MAP {NAME} 127.0.0.1, MAP {EVIL} 127.0.0.1"],
        )
        context = chromium.new_context(ignore_https_errors=True)
        page = context.new_page()
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(f"{public}?expose-terminal#token={served.token}")
        wait_for_screen(page, TITLE)
        assert len(sockets) == 1 and sockets[0].startswith(f"wss://{NAME}:{port}{path}ws?")
        assert served.token not in page.url and context.cookies() == []

        evil = context.new_page()
        evil.goto(f"https://{EVIL}:{port}/")
        wait_for(evil, "window.seen.closed", what="the other origin's socket closed", timeout=15)
        assert evil.evaluate("window.seen") == {"opened": False, "bytes": 0, "closed": True}
        chromium.close()
        assert served.stop() == 0
