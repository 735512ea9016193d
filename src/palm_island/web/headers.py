"""The hardening headers on every answer of ``serve``: the page, its static files,
refusals, 503s, redirects, errors.

One ``on_response_prepare`` handler (:func:`install`) sets them as each response
starts, whatever made it (a handler, a middleware's refusal, aiohttp's own 404 or
500), so a new route or refusal has them without doing anything. They keep other
sites from framing the game (clickjacking: a page on another port of 127.0.0.1 could
frame it), from running anything in it but our own script, and from learning its
address from a ``Referer``; the page itself is never cached.

``style-src`` allows inline styles: xterm.js's DOM renderer writes ``<style>``
elements and ``style`` attributes as it draws. Scripts come only from the server's
own ``/static`` (no inline script, no ``eval``).
"""

from __future__ import annotations

from aiohttp import web

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self' data:",  # the favicon is inline
        "connect-src 'self'",  # the game's websocket (ws: and wss: of this origin)
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
)
HARDENING = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""On every answer."""
NOT_STORED = {"Cache-Control": "no-store"}
"""On every answer but a static file sent (the page, refusals, redirects, errors:
each says something about this moment or this key)."""


async def add_hardening(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HARDENING)
    if not isinstance(response, web.FileResponse) or response.status >= 400:
        response.headers.update(NOT_STORED)


def install(app: web.Application) -> None:
    """Adds the headers to every response ``app`` prepares."""
    app.on_response_prepare.append(add_hardening)
