"""Fetches the browser page's third-party files again from the npm registry and
checks them against ``src/palm_island/web/static/vendor/manifest.json``
(:mod:`palm_island.web.assets` says why they are shipped).

``make web-vendor`` compares: each package's tarball (``npm pack NAME@VERSION``)
must have the pinned sha512 integrity, and each shipped file must be byte for byte
the tarball's. ``make web-vendor ARGS=--write`` writes the files from the tarballs
and their digests into the manifest: after changing a version there, also set that
package's ``integrity`` to ``""``, and the tarball's is recorded (check it against
``npm view NAME@VERSION dist.integrity``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from palm_island.web.assets import (
    MANIFEST_NAME,
    VENDOR,
    Manifest,
    VendoredPackage,
    load_manifest,
    problems,
    sri_sha512,
)


def fetch(package: VendoredPackage, into: Path) -> Path:
    """The package's tarball, by npm (which checks it against the registry's integrity)."""
    spec = f"{package.name}@{package.version}"
    done = subprocess.run(
        ["npm", "pack", spec, "--json", "--pack-destination", str(into)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"npm pack {spec} failed:\n{done.stderr}")
    packed = json.loads(done.stdout)
    return into / str(packed[0]["filename"])


def contents(tarball: Path, package: VendoredPackage) -> dict[str, bytes]:
    """The listed files' bytes from the tarball, by their ``source`` path."""
    found: dict[str, bytes] = {}
    with tarfile.open(tarball, "r:gz") as archive:
        for file in package.files:
            member = archive.extractfile(f"package/{file.source}")
            if member is None:
                raise SystemExit(f"{package.name}: {file.source} is not a file in the tarball")
            found[file.source] = member.read()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the files and digests")
    parser.add_argument("--vendor", type=Path, default=VENDOR, help=argparse.SUPPRESS)
    args = parser.parse_args()
    manifest = load_manifest(args.vendor)
    wrong: list[str] = []
    updated: list[VendoredPackage] = []
    with tempfile.TemporaryDirectory() as scratch:
        for package in manifest.packages:
            label = f"{package.name}@{package.version}"
            tarball = fetch(package, Path(scratch))
            integrity = sri_sha512(tarball.read_bytes())
            if package.integrity and integrity != package.integrity:
                pinned = package.integrity
                wrong.append(f"{label}: the registry's tarball is {integrity}, pinned {pinned}")
                updated.append(package)
                continue
            files = []
            for file, data in zip(package.files, contents(tarball, package).values(), strict=True):
                digest = sri_sha512(data)
                shipped = args.vendor / file.path
                if args.write:
                    shipped.parent.mkdir(parents=True, exist_ok=True)
                    shipped.write_bytes(data)
                elif not shipped.is_file() or shipped.read_bytes() != data:
                    wrong.append(f"{label}: {file.path} differs from {file.source} in the tarball")
                elif digest != file.sha512:
                    wrong.append(f"{label}: the manifest's digest of {file.path} is wrong")
                files.append(file.model_copy(update={"sha512": digest}))
            updated.append(
                package.model_copy(update={"integrity": integrity, "files": tuple(files)})
            )
            print(f"{label}: tarball {integrity[:23]}… verified, {len(files)} files")
    if args.write and not wrong:
        written = Manifest(about=manifest.about, packages=tuple(updated))
        text = json.dumps(written.model_dump(), indent=2, ensure_ascii=False) + "\n"
        (args.vendor / MANIFEST_NAME).write_text(text)
    wrong += problems(args.vendor)
    for line in wrong:
        print(f"web-vendor: {line}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
