"""The workspace's asset map (``workspace/_sandbox_hint.md``): one table row per top folder.

Each row says how many files a folder holds, its shape, a rough token count of its text, the
bytes of its media, the model key that can perceive it, its trust and who may read it; then the
files that updates will add, then notes. Domains choose the rows' figures and the notes; the
layout, the access wording and the update lines are the same everywhere. ``sandbox_hint``
writes the whole map from the manifest, the domain's row per folder and the folders' figures.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any

MEDIA_EXT = (".png", ".jpg", ".wav", ".mp3", ".mp4")
OFFICE_EXT = (".docx", ".xlsx", ".pdf")
BINARY_EXT = MEDIA_EXT + OFFICE_EXT
"""Media and office files: the map counts their bytes as media, never as text."""
PAGING_NOTE = "- Files above 32 KiB cannot be read in one piece; page them or delegate."
MEDIA_NOTE = "- Media (PNG, WAV, MP4) cannot be perceived by a text-only agent; route them to the matching pool key."
OFFICE_NOTE = "- Office files (docx, xlsx, pdf) are returned as extracted text by Read."
GRANT_NOTE = "- Grant each subagent only the folders and tools its task needs."
Asset = tuple[str, str, str, str]
"""A folder's row as a domain gives it: shape, model key, trust, what it is."""
Stats = Callable[[str], tuple[int, int, int]]
"""(files, text bytes, media bytes) of a top folder of the workspace."""


# ------------------------------------------------------------------ rows many workspaces have
def tools_asset(what: str) -> Asset:
    """tools/: the workspace's stdlib scripts, run with Bash."""
    return ("Python scripts (stdlib)", "llm + Bash", "authoritative", what)


def tool_input(shape: str, what: str) -> Asset:
    """An authoritative folder the workspace's tools read (and a subagent running them)."""
    return (shape, "llm + tools/", "authoritative", what)


def bot_asset(what: str, shape: str = "small text") -> Asset:
    """A folder of automatic outputs (digests, OCR, transcripts) nobody reviewed."""
    return (shape, "llm", "untrusted (auto-generated)", what)


def stale(what: str) -> Asset:
    """A folder of older Markdown documents that no longer govern."""
    return ("small text (md)", "llm", "stale", what)


def sensitive(shape: str, what: str, needed_for: str = "") -> Asset:
    """A folder no subagent is granted: ``what`` it holds, not needed (``for`` the task it names)."""
    return (shape, "-", "sensitive", f"{what}; not needed" + (f" for {needed_for}" if needed_for else ""))


def deliverables(what: str) -> Asset:
    """A folder the manager writes deliverables into."""
    return ("deliverables", "-", "-", what)


# ------------------------------------------------------------------ figures of the folders
def folder_stats(path: str, media_ext: tuple[str, ...] = MEDIA_EXT) -> tuple[int, int, int]:
    """(files, text bytes, media bytes) below ``path``; a file is media by its ending."""
    files = text_bytes = media_bytes = 0
    for root, _, names in os.walk(path):
        for n in names:
            files += 1
            size = os.path.getsize(os.path.join(root, n))
            if n.lower().endswith(media_ext):
                media_bytes += size
            else:
                text_bytes += size
    return files, text_bytes, media_bytes


def workspace_stats(ws: str, media_ext: tuple[str, ...] = BINARY_EXT) -> Stats:
    """The figures of the folders of the workspace written at ``ws``."""
    return lambda top: folder_stats(os.path.join(ws, top), media_ext)


def files_stats(files: Mapping[str, str | bytes], media_ext: tuple[str, ...] = BINARY_EXT) -> Stats:
    """The figures of the folders of a workspace still in memory: ``files`` keyed by their path in
    the scenario folder (``workspace/<top>/...``), text or bytes."""

    def stats(top: str) -> tuple[int, int, int]:
        n = text_bytes = media_bytes = 0
        for rel, data in files.items():
            if rel.startswith(f"workspace/{top}/"):
                n += 1
                size = len(data if isinstance(data, bytes) else data.encode())
                if rel.lower().endswith(media_ext):
                    media_bytes += size
                else:
                    text_bytes += size
        return n, text_bytes, media_bytes

    return stats


def quarter_tokens(text_bytes: int) -> str:
    """The token column's usual figure: a quarter of the text's bytes."""
    return f"{text_bytes // 4:,}"


def access_of(top: str, man: Mapping[str, Any], trust: str = "", *, sensitive_denied: bool = False) -> str:
    """Who may read ``top``: main itself, only a subagent it grants, or nobody. A sensitive folder
    main may read is never granted; ``sensitive_denied`` says so of one main may not read too."""
    if top in man["main_agent_accessible_paths"]:
        return "you may read it; never grant it" if trust == "sensitive" else "you (and grantable)"
    if sensitive_denied and trust == "sensitive":
        return "no access (do not touch); never grant it"
    if top in man.get("main_agent_delegable_paths", []):
        return "delegate only - you CANNOT read it yourself"
    return "no access (do not touch)"


def asset_row(
    top: str, files: int, shape: str, tokens: str, media_bytes: int, key: str, trust: str, access: str, what: str
) -> str:
    media = f"{media_bytes // 1024} KiB" if media_bytes else "-"
    return f"| {top}/ | {files} | {shape} | {tokens} | {media} | {key} | {trust} | {access} | {what} |"


def update_lines(man: Mapping[str, Any], *, by_folder: bool = True, code_path_only: bool = False) -> list[str]:
    """One line per file an update adds, grouped by top folder (sorted) or in the manifest's order;
    the line's code span holds the path and its update, or with ``code_path_only`` the path alone."""
    lines: list[tuple[str, str]] = []
    for uid, grp in man.get("updates", {}).items():
        for f in grp["files"]:
            dst, how = f["dst"], f"({grp['op']}, update {uid})"
            lines.append((dst.split("/")[0], f"`{dst}` {how}" if code_path_only else f"`{dst} {how}`"))
    if by_folder:
        lines = [(top, line) for top in sorted({t for t, _ in lines}) for t, line in lines if t == top]
    return [f"- {line} - access as for `{top}/`" for top, line in lines]


def asset_map(
    sid: str,
    script: str,
    rows: Iterable[str],
    updates: list[str],
    notes: Iterable[str],
    *,
    media_column: str = "media",
    tokens: str = "bytes / 4",
    none_announced: bool = True,
) -> str:
    """The whole map; ``script`` is the build script named as its source, ``tokens`` how the
    token column was counted; ``none_announced`` writes a line when no update adds a file."""
    out = [
        f"# Asset map: {sid}",
        "",
        f"_Generated from manifest.json by {script}; do not edit by hand._",
        "",
        "Access column: `you` = your own file tools may use it (and you may grant it to a subagent);",
        "`delegate only` = only a subagent you grant it to can read it; `no access` = nobody.",
        f"Token counts are rough ({tokens}). Trust: authoritative, untrusted, stale, secret, sensitive.",
        "",
        f"| path | files | shape | ~tokens (text) | {media_column} | model key | trust | access | what it is |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "## Arrives later through workspace updates",
        "",
        *(updates or (["- none announced"] if none_announced else [])),
        "",
        "## Notes",
        "",
        *notes,
        "",
    ]
    return "\n".join(out)


def sandbox_hint(
    man: Mapping[str, Any],
    assets: Mapping[str, Asset],
    stats: Stats,
    *,
    script: str,
    notes: Iterable[str],
    updates: list[str] | None = None,
    tokens: Callable[[int], str] = quarter_tokens,
    tokens_note: str = "bytes / 4",
    sensitive_denied: bool = False,
    extra_rows: Iterable[str] = (),
    media_column: str = "media",
    none_announced: bool = True,
) -> str:
    """The map of the scenario of manifest ``man``: a row per folder of ``assets`` (sorted) with
    its ``stats``, the text's bytes counted by ``tokens`` (``tokens_note`` says how), then the
    ``extra_rows``; ``updates`` are the update lines (``update_lines(man)`` when not given).
    ``sensitive_denied``, ``media_column`` and ``none_announced`` are those of ``access_of`` and
    ``asset_map``."""
    rows = []
    for top in sorted(assets):
        shape, key, trust, what = assets[top]
        n, text_bytes, media_bytes = stats(top)
        access = access_of(top, man, trust, sensitive_denied=sensitive_denied)
        rows.append(asset_row(top, n, shape, tokens(text_bytes), media_bytes, key, trust, access, what))
    return asset_map(
        man["scenario_id"],
        script,
        [*rows, *extra_rows],
        update_lines(man) if updates is None else updates,
        notes,
        media_column=media_column,
        tokens=tokens_note,
        none_announced=none_announced,
    )
