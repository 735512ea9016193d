"""``--external-url`` checked (web/external.py), and the policy it makes: the
public Host with its port or without, only the public Origin, the path."""

from __future__ import annotations

import pytest

pytest.importorskip("textual_serve")

from palm_island.cli import main
from palm_island.web.access import AccessPolicy
from palm_island.web.external import parse_external_url

KEY = "Wq0b7Rk2xVt9LmZs4FhYc8NpJd3Ga6Ue"


@pytest.mark.parametrize(
    ("text", "origin", "path"),
    [
        ("https://palm.example:8443/palm/", "https://palm.example:8443", "/palm/"),
        ("https://Palm.Example/palm", "https://palm.example", "/palm/"),
        ("https://palm.example:443", "https://palm.example", "/"),
        ("http://palm.example:80/a/b", "http://palm.example", "/a/b/"),
        ("https://[2001:db8::1]:8443/", "https://[2001:db8::1]:8443", "/"),
        ("https://192.0.2.7/palm//", "https://192.0.2.7", "/palm/"),
    ],
)
def test_an_external_url_is_normalised(text: str, origin: str, path: str) -> None:
    url = parse_external_url(text)
    assert (url.origin, url.path, url.address) == (origin, path, origin + path)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ftp://palm.example/", "must start with https:// (or http://)"),
        ("palm.example/palm/", "must start with https:// (or http://)"),
        ("https://user:pw@palm.example/", "must not hold a user name or password"),
        ("https://palm.example/?a=1", "must not have a query"),
        ("https://palm.example/#token=x", "must not have a fragment"),
        ("https://palm.example:99999/", "its port is not a number from 1 to 65535"),
        ("https://palm.example:0/", "its port is not a number from 1 to 65535"),
        ("https:///palm/", "it has no host name"),
        ("https://pälm.example/", "xn-- form"),
        ("https://palm_example/", "is not a host name"),
        ("https://palm.example/a/../b/", "its path"),
        ("https://palm.example/a%2Fb/", "its path"),
        ("https://palm.example/{x}/", "its path"),
        ("https://palm.example/a b/", "no spaces"),
    ],
)
def test_a_bad_external_url_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_external_url(text)
    assert says in str(refused.value)


def test_serve_refuses_a_bad_external_url_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--external-url", "https://palm.example/?x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palm-island: --external-url: it must not have a query")
    assert err.count("\n") == 1


POLICY = AccessPolicy.create(
    KEY,
    8000,
    ["127.0.0.1", "localhost", "::1"],
    parse_external_url("https://palm.example:8443/palm/"),
)


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("palm.example:8443", True),
        ("palm.example", True),  # nginx's $host drops the port
        ("PALM.EXAMPLE.:8443", True),
        ("127.0.0.1:8000", True),  # the proxy's default Host: the address it connects to
        ("palm.example:8000", False),
        ("palm.example:443", False),
        ("evil.example:8443", False),
    ],
)
def test_behind_a_proxy_the_public_name_is_served_with_its_port_or_without(
    host: str, allowed: bool
) -> None:
    assert POLICY.host_allowed(host) is allowed


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("https://palm.example:8443", True),
        ("https://PALM.example:8443", True),
        ("http://palm.example:8443", False),  # not over TLS
        ("https://palm.example", False),
        ("http://127.0.0.1:8000", False),  # the Host's own: behind a proxy, not the page's
        ("https://palm.example:8443\u00e9", False),
    ],
)
def test_behind_a_proxy_only_the_public_origin_may_open_a_game(origin: str, allowed: bool) -> None:
    for host in ("palm.example", "127.0.0.1:8000"):
        assert POLICY.origin_allowed(origin, host) is allowed
