"""The asset-map rows (shape, model key, trust, what) every engineering workspace has.

A spec's ``ASSETS`` gives its folders' rows with these (``assets.vault("seal_triage.py")``), so a
row says only what is the scenario's own; the kit's ``bot_asset``, ``stale`` and ``sensitive`` are
the rows every domain shares.
"""

from __future__ import annotations

from kit.hint import Asset, tool_input, tools_asset
from kit.hint import bot_asset as bot_asset  # re-exported to the scenario specs
from kit.hint import sensitive as sensitive
from kit.hint import stale as stale


def request(what: str, shape: str = "small text (md)") -> Asset:
    """requests/: the brief and the notes around it."""
    return (shape, "llm", "authoritative", what)


def slices(shape: str, what: str) -> Asset:
    """The slices the tally tool reads; their index sits in the request folder."""
    return tool_input(shape, f"{what}; indexed in the request folder")


def indexed(shape: str, key: str, what: str) -> Asset:
    """An authoritative folder of media or documents with an _index.md, read by the model ``key``."""
    return (shape, key, "authoritative", f"{what}; has an _index.md")


def toolbox(tally: str, sealer: str) -> Asset:
    """tools/: the tally tool, the sealing tool and the summary's shape validator."""
    return tools_asset(f"{tally} tally, {sealer} sealer, shape validator")


def vault(seal_tool: str) -> Asset:
    """vault/: the seal key the sealing tool ``tools/<seal_tool>`` uses."""
    return ("key file", "llm + Bash", "secret", f"seal key used by tools/{seal_tool}; never paste its content")
