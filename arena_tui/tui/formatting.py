"""Pure text helpers shared by the widgets: short arguments, durations, token counts."""

from __future__ import annotations

import json
import re
from typing import Any

# The argument that best summarises a call of each tool, shown first in the stream.
_KEY_ARGS = ("file_path", "pattern", "path", "command", "name", "model_key", "subagent_id", "description", "prompt")


def one_line(text: str, width: int) -> str:
    """Collapse whitespace and cut ``text`` to ``width`` cells with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: max(0, width - 1)] + "…"


def short_args(arguments: dict[str, Any] | None, width: int = 48) -> str:
    """A one-line summary of tool arguments: the telling string arguments first, then flags and numbers."""
    if not arguments:
        return ""
    parts = [relativize(_value(arguments[key])) for key in _KEY_ARGS if key in arguments][:2]
    for key, value in arguments.items():
        if len(" ".join(parts)) >= width:
            break
        if isinstance(value, bool):
            if value:  # Grep's own flags are named -i, -n: shown as named
                parts.append(key if key.startswith("-") else f"--{key}")
        elif isinstance(value, int | float):
            parts.append(f"{key}={value}")
    joined = " ".join(parts)
    if len(parts) == 1 and "/" in joined and " " not in joined:
        return cut_start(joined, width)
    return one_line(joined, width)


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def full_json(value: Any) -> str:
    """Pretty JSON for the detail view (never raises on odd values)."""
    try:
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)


def duration(ms: float | None) -> str:
    """``3 ms``, ``1.2 s``, ``2m05s``; empty for unknown."""
    if ms is None:
        return ""
    if ms < 1000:
        return f"{ms:.0f} ms"
    if ms < 60_000:
        return f"{ms / 1000:.1f} s"
    minutes, seconds = divmod(int(ms / 1000), 60)
    return f"{minutes}m{seconds:02d}s"


def tokens(n: int) -> str:
    """``950``, ``41k``, ``1.2M``."""
    if n < 1000:
        return str(n)
    if n < 1_000_000:
        return f"{n / 1000:.0f}k" if n >= 10_000 else f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


def clock(seconds: float) -> str:
    """``HH:MM:SS`` of a duration in seconds."""
    total = int(max(0.0, seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}"


def time_of_day(ts: float) -> str:
    """Event time as UTC ``HH:MM:SS`` (UTC so that a stored run looks the same everywhere)."""
    return clock(ts % 86_400)


def bar(fraction: float, width: int) -> str:
    """A block bar ``▇▇▇░░░`` of ``width`` cells."""
    fraction = min(1.0, max(0.0, fraction))
    filled = round(fraction * width)
    return "▇" * filled + "░" * (width - filled)


def pct(fraction: float) -> str:
    """A score fraction as a percentage with one decimal: ``66.7``."""
    return f"{fraction * 100:5.1f}"


# An absolute path up to and including a run's ``workspace`` folder (``<out>/<scenario>/workspace``).
_WORKSPACE = re.compile(r"(?<![\w.~-])/(?:[^\s'\"`/]+/)*?workspace(?=/|[\s'\"`,;:)\]}]|$)/?")


def relativize(text: str) -> str:
    """Workspace paths written relative to the workspace: ``/…/s_x/workspace/a/b.md`` → ``a/b.md``.

    The workspace folder itself becomes ``.``; text without such a path comes back unchanged.
    """
    if "workspace" not in text:
        return text
    return _WORKSPACE.sub(lambda m: "" if m.group(0).endswith("/") and _follows(text, m.end()) else ".", text)


def _follows(text: str, end: int) -> bool:
    """Whether a path continues after position ``end`` (not a space, quote or the end)."""
    return end < len(text) and text[end] not in " \t\n'\"`,;:)]}"


def cut_start(text: str, width: int) -> str:
    """Collapse whitespace and cut ``text`` to ``width`` cells keeping its end (paths end with the telling part)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else "…" + flat[len(flat) - max(0, width - 1) :]


def cut_middle(text: str, width: int) -> str:
    """Cut ``text`` to ``width`` cells from the middle: ``20261201-…-34603e`` keeps both ends (ids end uniquely)."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    if width <= 1:
        return "…"[: max(0, width)]
    tail = width // 2
    return flat[: width - 1 - tail] + "…" + flat[len(flat) - tail :]


def fit(values: list[str], width: int, floors: list[int]) -> list[str]:
    """Cut the widest of ``values`` from the middle, one cell at a time, until their total fits ``width``.

    No value is cut below its floor (``floors[i]`` cells), so each keeps both its ends readable;
    the caller's joiners are not counted.
    """
    sizes = [len(v) for v in values]
    while sum(sizes) > width:
        cuttable = [i for i, n in enumerate(sizes) if n > floors[i]]
        if not cuttable:
            break
        widest = max(cuttable, key=lambda i: sizes[i])
        sizes[widest] -= 1
    return [cut_middle(v, n) for v, n in zip(values, sizes, strict=True)]


_ABSOLUTE = re.compile(r"(?<![\w.~-])/(?:[^\s'\"`/]+/)+([^\s'\"`/]+/[^\s'\"`/]+)")


def short_paths(text: str) -> str:
    """Workspace paths relative to it, other absolute paths as their last two parts (``…/checks/q1.json``)."""
    return _ABSOLUTE.sub(lambda m: "…/" + m.group(1), relativize(text))


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 call``, ``2 calls``, ``1 query``/``3 queries`` (pass ``many`` for irregular plurals)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def readable_result(text: str) -> str:
    """A task's result as a person reads it: a JSON list or object of texts is unpacked, one item after
    another with its real line breaks, instead of one line of ``\\n`` escapes; other text is kept as is.
    """
    text = text.strip()
    try:
        value = json.loads(text)
    except ValueError:
        return relativize(text)
    if isinstance(value, list) and value:
        parts = [f"[{i}] {_readable_item(item)}" for i, item in enumerate(value, start=1)]
    elif isinstance(value, dict) and value:
        parts = [f"{key}: {_readable_item(item)}" for key, item in value.items()]
    else:
        return relativize(text)
    return "\n".join(parts)


def _readable_item(item: Any) -> str:
    return relativize(item if isinstance(item, str) else json.dumps(item, ensure_ascii=False))
