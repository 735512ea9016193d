"""The files the served page loads: all shipped in the package, the third-party ones
exactly as pinned in ``static/vendor/manifest.json``, nothing from another host."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from palm_island.web.assets import STATIC, VENDOR, load_manifest, problems, sri_sha512
from palm_island.web.server import TEMPLATES

PAGE = TEMPLATES / "app_index.html"
EXACT_VERSION = re.compile(r"\d+\.\d+\.\d+")
REFERENCE = re.compile(r"""(?:src|href)="([^"]+)"|url\("([^"]+)"\)""")


STYLE_SHEET = STATIC / "page.css"
"""The page's own style sheet: its ``url()`` addresses are relative to ``static/``."""


def page_references() -> list[str]:
    """Every address the page names, as the page's own: its template's attributes
    and CSS ``url()``, and its style sheet's ``url()`` (under ``static/``)."""
    own = [a or b for a, b in REFERENCE.findall(PAGE.read_text())]
    return own + [f"static/{a or b}" for a, b in REFERENCE.findall(STYLE_SHEET.read_text())]


def test_the_shipped_third_party_files_match_the_manifest() -> None:
    assert problems() == []


def test_each_package_is_pinned_to_an_exact_version_and_its_tarballs_sha512() -> None:
    for package in load_manifest().packages:
        assert EXACT_VERSION.fullmatch(package.version), package
        assert package.integrity.startswith("sha512-") and len(package.integrity) == 95
        assert package.license


def test_a_changed_missing_unlicensed_or_unlisted_file_is_reported(tmp_path: Path) -> None:
    vendor = tmp_path / "vendor"
    shutil.copytree(VENDOR, vendor)
    script = vendor / "xterm" / "xterm.js"
    script.write_bytes(script.read_bytes() + b"\n")
    (vendor / "addon-fit" / "addon-fit.js").unlink()
    (vendor / "extra.js").write_text("alert(1)\n")
    record = json.loads((vendor / "manifest.json").read_text())
    font = next(p for p in record["packages"] if p["name"].endswith("roboto-mono"))
    font["files"] = [file for file in font["files"] if file["source"] != "LICENSE"]
    (vendor / "manifest.json").write_text(json.dumps(record))
    found = problems(vendor)
    assert any("xterm/xterm.js differs" in line for line in found), found
    assert any("addon-fit/addon-fit.js is missing" in line for line in found), found
    assert any("extra.js is not in the manifest" in line for line in found), found
    assert any("roboto-mono@5.3.0: no LICENSE" in line for line in found), found
    assert any("roboto-mono/LICENSE is not in the manifest" in line for line in found), found


def test_the_page_loads_only_files_the_package_ships_and_nothing_from_another_host() -> None:
    references = page_references()
    assert references
    for address in references:
        if address.startswith("data:"):
            continue
        assert not re.match(r"[a-z]+:|//|/", address), f"not relative to the page: {address}"
        assert address.startswith("static/"), address
        assert (STATIC / address.removeprefix("static/")).is_file(), address
    assert "textual.js" not in PAGE.read_text()  # textual-serve's own client is not used
    assert "static/page.css" in references


def test_the_page_has_no_inline_script_or_style() -> None:
    """The page's Content-Security-Policy runs no inline script (web/headers.py)."""
    page = PAGE.read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page), "an inline <script>"
    assert not re.search(r"\son[a-z]+=", page), "an inline event handler"
    assert not re.search(r"<style|\sstyle=", page), "an inline style"


def test_every_shipped_script_style_and_font_is_used_by_the_page() -> None:
    """No dead weight in the wheel: each vendored asset (not a licence) is loaded."""
    used = {address.removeprefix("static/vendor/") for address in page_references()}
    for package in load_manifest().packages:
        for file in package.files:
            if "LICENSE" not in file.source:
                assert file.path in used, f"{file.path} is shipped but the page never loads it"


@pytest.mark.parametrize("meta", ['name="viewport"', 'content="width=device-width'])
def test_the_page_lays_out_at_the_devices_width(meta: str) -> None:
    assert meta in PAGE.read_text()


def test_sri_digest_is_npms_form() -> None:
    assert sri_sha512(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    )


def test_the_page_fits_the_font_to_the_game_s_own_layout_minimums() -> None:
    """client.js chooses a font at which one of the game's layouts fits: its list of
    their minimums is tui/layout.py's (a layout changed there must change here)."""
    from palm_island.tui.layout import COMPACT, TABLE

    script = (STATIC / "client.js").read_text()
    listed = re.search(r"const LAYOUT_MINIMUMS = \[(.*?)\];", script, re.DOTALL)
    assert listed is not None, "client.js lists no LAYOUT_MINIMUMS"
    pairs = [(int(a), int(b)) for a, b in re.findall(r"\[(\d+), (\d+)\]", listed.group(1))]
    assert pairs == [tuple(TABLE.minimum), tuple(COMPACT.minimum)]
