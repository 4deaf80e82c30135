"""Reading one dataset JSON file into a schema model, turning every defect into a Problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from arena_tui.dataset.problems import Problems

T = TypeVar("T")


def field_path(loc: tuple[int | str, ...]) -> str:
    """``('rounds', 2, 'eval')`` → ``rounds[2].eval``; a list at the top gives ``[2].eval``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "(top level)"


def _describe(err: Any) -> str:
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        return "unknown key (remove it or fix its spelling)"
    if kind == "missing":
        return "required key is missing"
    if kind == "literal_error":
        return f"{err['msg'].lower()} (got {json.dumps(err.get('input'))[:60]})"
    return f"{err['msg']} (got {json.dumps(err.get('input'), default=str)[:60]})"


def read_json(path: Path, rel: str, problems: Problems) -> Any | None:
    """The parsed JSON of ``path`` or ``None`` after recording why it could not be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.error(rel, "", "file does not exist")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.error(rel, "", f"cannot be read: {exc}")
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        problems.error(rel, f"line {exc.lineno} column {exc.colno}", f"invalid JSON: {exc.msg}")
        return None


def parse_model(data: Any, adapter: TypeAdapter[T], rel: str, problems: Problems) -> T | None:
    """Validate ``data`` against ``adapter``; each pydantic error becomes one Problem."""
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        for err in exc.errors():
            problems.error(rel, field_path(tuple(err["loc"])), _describe(err))
        return None


def load_model(path: Path, rel: str, adapter: TypeAdapter[T], problems: Problems) -> T | None:
    """Read and validate one JSON file in one step."""
    data = read_json(path, rel, problems)
    if data is None:
        return None
    return parse_model(data, adapter, rel, problems)
