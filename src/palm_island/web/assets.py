"""The browser page's files: our client script and the third-party files it needs.

The third-party files (xterm.js, its fit and unicode addons, the Roboto Mono font)
come from the npm registry at exact versions and are shipped in the package under
``static/vendor/`` so the page works offline, with no CDN. ``vendor/manifest.json``
pins each package (name, version, the registry's sha512 integrity of its tarball)
and lists every file taken from it with the file's own sha512. :func:`problems`
checks the shipped files against it (a test does, and ``.ci/wheel`` on the installed
wheel); ``tools/web_vendor.py`` (``make web-vendor``) fetches the tarballs again,
verifies them against the pins and writes or compares the files.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, ConfigDict, field_validator

STATIC = Path(__file__).parent / "static"
"""Served at ``/static``: the client script and ``vendor/``."""
VENDOR = STATIC / "vendor"
MANIFEST_NAME = "manifest.json"


class VendoredFile(BaseModel):
    """One file taken from a package's tarball."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    """Its path inside the tarball's ``package/`` folder."""
    path: str
    """Where it is shipped, relative to ``static/vendor/``."""
    sha512: str
    """``sha512-`` and the base64 digest (the form npm and browsers use)."""

    @field_validator("path")
    @classmethod
    def stays_inside(cls, value: str) -> str:
        parts = PurePosixPath(value).parts
        if not parts or value.startswith("/") or ".." in parts or MANIFEST_NAME in parts[:1]:
            raise ValueError(f"not a path inside the vendor folder: {value!r}")
        return value


class VendoredPackage(BaseModel):
    """One npm package at one version."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    version: str
    license: str
    integrity: str
    """The registry's ``dist.integrity`` of the tarball (sha512)."""
    files: tuple[VendoredFile, ...]


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    about: str
    packages: tuple[VendoredPackage, ...]


def sri_sha512(data: bytes) -> str:
    """``data``'s digest as npm writes integrity: ``sha512-`` and base64."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def load_manifest(vendor: Path = VENDOR) -> Manifest:
    return Manifest.model_validate_json((vendor / MANIFEST_NAME).read_bytes())


def problems(vendor: Path = VENDOR) -> list[str]:
    """What is wrong with the shipped third-party files, one line each (none: all
    listed, present, unchanged, each package with its licence, nothing unlisted)."""
    manifest = load_manifest(vendor)
    found: list[str] = []
    listed = {MANIFEST_NAME}
    for package in manifest.packages:
        label = f"{package.name}@{package.version}"
        if not any(PurePosixPath(file.source).name.startswith("LICENSE") for file in package.files):
            found.append(f"{label}: no LICENSE file shipped")
        for file in package.files:
            listed.add(file.path)
            shipped = vendor / file.path
            if not shipped.is_file():
                found.append(f"{label}: {file.path} is missing")
            elif sri_sha512(shipped.read_bytes()) != file.sha512:
                found.append(f"{label}: {file.path} differs from the manifest's digest")
    for path in sorted(vendor.rglob("*")):
        name = path.relative_to(vendor).as_posix()
        if path.is_file() and name not in listed and "__pycache__" not in name:
            found.append(f"{name} is not in the manifest")
    return found
