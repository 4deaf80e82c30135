"""Submission packs: one zip file holding what a leaderboard needs to rank and check a run.

A pack holds the run store (``arena.sqlite``, copied with SQLite's backup so a WAL is
included), ``report.json``/``report.md``, every scenario's transcripts (``sessions/``), the
model JSON without secrets, and ``pack.json``: the run id, the dataset's name and content
hash, the harness version, the machine, and the SHA-256 of every other file. ``verify``
(commands/pack.py) checks the checksums, re-scores the store with the one fold and compares
the figures with ``report.json``, and hashes the local dataset (docs/submit.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arena_tui import __version__
from arena_tui.dataset.model import Dataset
from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME

PACK_FORMAT = "clawarena-team-pack/1"
MANIFEST = "pack.json"
_SECRET_WORDS = ("key", "token", "secret", "password", "authorization", "headers")
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # every zip entry gets the same date: the same run packs to the same bytes


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def dataset_hash(dataset: Dataset) -> str:
    """SHA-256 over the dataset's name and every file of the selected scenarios (paths sorted)."""
    digest = hashlib.sha256(f"name:{dataset.name}\n".encode())
    for scenario in sorted(dataset.scenarios, key=lambda s: s.id):
        for path in sorted(p for p in scenario.dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            rel = f"{scenario.id}/{path.relative_to(scenario.dir).as_posix()}"
            digest.update(f"file:{rel}:{sha256_bytes(path.read_bytes())}\n".encode())
    return digest.hexdigest()


def without_secrets(value: Any) -> Any:
    """A model JSON with every key-, token- or header-like field removed (at any depth)."""
    if isinstance(value, dict):
        return {k: without_secrets(v) for k, v in value.items() if not any(w in str(k).lower() for w in _SECRET_WORDS)}
    if isinstance(value, list):
        return [without_secrets(v) for v in value]
    return value


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpus": os.cpu_count() or 0,
    }


def _store_copy(out: Path) -> bytes:
    """The store as one consistent file (its WAL folded in), via SQLite's backup."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / STORE_FILENAME
        source = sqlite3.connect(f"file:{out / STORE_FILENAME}?mode=ro", uri=True)
        dest = sqlite3.connect(target)
        try:
            source.backup(dest)
        finally:
            dest.close()
            source.close()
        return target.read_bytes()


def pack_files(out: Path) -> dict[str, bytes]:
    """Everything but the manifest: store, reports, transcripts (``<scenario>[/epoch-k]/sessions``)."""
    files = {STORE_FILENAME: _store_copy(out)}
    for name in ("report.json", "report.md"):
        if (out / name).is_file():
            files[name] = (out / name).read_bytes()
    for sessions in sorted(out.rglob("sessions")):
        if not sessions.is_dir() or "workspace" in sessions.relative_to(out).parts:
            continue  # the workspace's copy of the transcripts is the same files
        for path in sorted(p for p in sessions.rglob("*") if p.is_file()):
            files[f"transcripts/{path.relative_to(out).as_posix()}"] = path.read_bytes()
    return files


def write_pack(target: Path, files: dict[str, bytes], manifest: dict[str, Any]) -> None:
    """The zip: ``pack.json`` (with every file's SHA-256) first, then the files, sorted."""
    manifest = {**manifest, "format": PACK_FORMAT, "files": {n: sha256_bytes(d) for n, d in sorted(files.items())}}
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in [(MANIFEST, json.dumps(manifest, indent=2, sort_keys=True).encode()), *sorted(files.items())]:
            zf.writestr(zipfile.ZipInfo(name, _FIXED_TIME), data, compress_type=zipfile.ZIP_DEFLATED)


def read_pack(path: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """(manifest, files) of a pack; anything that is not one is a one-line error."""
    try:
        with zipfile.ZipFile(path) as zf:
            entries = {info.filename: zf.read(info) for info in zf.infolist() if not info.is_dir()}
    except (OSError, zipfile.BadZipFile) as exc:
        raise BadInputError(f"'{path}' is not a readable pack: {exc}", fix="pass a file written by `pack`") from None
    raw = entries.pop(MANIFEST, None)
    try:
        manifest = json.loads(raw) if raw is not None else None
    except ValueError:
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") != PACK_FORMAT:
        raise BadInputError(f"'{path}' has no {MANIFEST} of format {PACK_FORMAT}", fix="pass a file written by `pack`")
    return manifest, entries


def checksum_problems(manifest: dict[str, Any], files: dict[str, bytes]) -> list[str]:
    """Every file whose SHA-256 differs from the manifest, and files missing or not listed."""
    listed: dict[str, str] = manifest.get("files") or {}
    problems = [
        f"checksum of {n} does not match the manifest"
        for n in sorted(listed)
        if n in files and sha256_bytes(files[n]) != listed[n]
    ]
    problems += [f"{n} is listed in the manifest but missing" for n in sorted(listed) if n not in files]
    problems += [f"{n} is in the pack but not in the manifest" for n in sorted(files) if n not in listed]
    return problems


def is_pack(path: Path) -> bool:
    if not path.is_file() or not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as zf:
        return MANIFEST in zf.namelist()


@contextmanager
def unpacked(files: dict[str, bytes]) -> Iterator[Path]:
    """The pack's store and reports in a temporary folder, to be read like a run folder."""
    with tempfile.TemporaryDirectory(prefix="cateam-pack-") as tmp:
        root = Path(tmp)
        for name in (STORE_FILENAME, "report.json"):
            if name in files:
                (root / name).write_bytes(files[name])
        yield root


def harness_version() -> str:
    return __version__
