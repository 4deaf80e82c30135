"""Arena themes: loaded from ``themes/*.json`` at the repository root, with built-in fallbacks.

Each JSON file holds ``{"themes": [{...Theme fields...}]}``. A missing folder or a broken
file never stops the app: the built-in definitions below are used instead.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from textual.app import App
from textual.theme import Theme

THEME_ENV = "CATEAM_THEME"
DEFAULT_THEME = "arena-dark"
THEMES_DIR = Path(__file__).resolve().parents[2] / "themes"
_ALIASES = {
    "dark": "arena-dark",
    "light": "arena-light",
    "high-contrast": "arena-high-contrast",
    "hc": "arena-high-contrast",
}
_FIELDS = set(Theme.__dataclass_fields__)

_BUILTIN: tuple[dict[str, Any], ...] = (
    {"name": "arena-dark", "dark": True, "primary": "#4EA1FF", "accent": "#FFB454", "background": "#11151C",
     "surface": "#181D26", "panel": "#222A36", "foreground": "#D8DEE9", "success": "#5FD38D",
     "warning": "#F2C14E", "error": "#FF5F6D"},
    {"name": "arena-light", "dark": False, "primary": "#0B5CAD", "accent": "#B3590A", "background": "#F7F8FA",
     "surface": "#FFFFFF", "panel": "#E3E8EF", "foreground": "#1D232B", "success": "#1E7F45",
     "warning": "#9A6A00", "error": "#C4162A"},
    {"name": "arena-high-contrast", "dark": True, "primary": "#00FFFF", "accent": "#FFFF00",
     "background": "#000000", "surface": "#000000", "panel": "#1A1A1A", "foreground": "#FFFFFF",
     "success": "#00FF00", "warning": "#FFFF00", "error": "#FF3030"},
)  # fmt: skip


def _theme(spec: dict[str, Any]) -> Theme | None:
    try:
        return Theme(**{k: v for k, v in spec.items() if k in _FIELDS})
    except (TypeError, ValueError):
        return None


def load_themes(folder: Path | None = None) -> dict[str, Theme]:
    """Every arena theme by name: the built-ins, overridden or extended by ``folder/*.json``.

    Args:
        folder: Where to look (defaults to ``themes/`` at the repository root).

    Returns:
        Themes by name; never empty.
    """
    themes: dict[str, Theme] = {}
    for spec in _BUILTIN:
        theme = _theme(spec)
        if theme is not None:
            themes[theme.name] = theme
    folder = THEMES_DIR if folder is None else folder
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            specs = json.loads(path.read_text(encoding="utf-8")).get("themes", [])
        except (OSError, ValueError, AttributeError):
            continue
        for spec in specs if isinstance(specs, list) else []:
            theme = _theme(spec) if isinstance(spec, dict) else None
            if theme is not None:
                themes[theme.name] = theme
    return themes


def resolve_theme_name(requested: str | None, available: dict[str, Theme] | set[str]) -> str:
    """The theme to start with: the argument, else ``$CATEAM_THEME``, else the default.

    Short names (``dark``, ``light``, ``high-contrast``) map to the arena themes; unknown names
    fall back to the default rather than failing.
    """
    for candidate in (requested, os.environ.get(THEME_ENV)):
        if candidate:
            name = _ALIASES.get(candidate, candidate)
            if name in available:
                return name
    return DEFAULT_THEME


def save_screenshot_into(app: App[Any], folder: Path | None) -> Path | None:
    """Write an SVG of ``app``'s screen into ``folder`` (default: the working directory) and say where.

    Returns:
        The file written, or ``None`` when it could not be written (the user is told why).
    """
    target = (folder or Path.cwd()).resolve()
    name = time.strftime("screenshot-%Y%m%d-%H%M%S.svg", time.gmtime())
    try:
        target.mkdir(parents=True, exist_ok=True)
        written = Path(app.save_screenshot(name, str(target)))
    except OSError as exc:
        app.notify(f"could not save the screenshot in {target}: {exc}", severity="error", markup=False)
        return None
    app.notify(f"screenshot saved: {written}", title="Screenshot", timeout=10, markup=False)
    return written
