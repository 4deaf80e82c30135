"""The plan: the manager writes its plan before anyone touches the data, then re-reads and amends it.

The plan is the manager's own deliverable (no subagent): a Markdown file with the sections the
question names, the ids the request gives (bound from the request, never typed by the script)
and which sources are trusted. Where the manager amends it, it re-reads the file first and adds
one line with an Edit, so the plan it extends is the one on disk.

The mechanics are here once: the Write (``plan_write``), the re-read and the Edit (``amend``),
those turns in order (``plan_turns``) and the conditions every plan carries (``plan_conditions``:
its sections and the names it must state). A domain passes the plan's path and text, the line it
adds (``Amendment``) and the narration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit import conditions
from kit.conditions import Condition
from kit.trajectory import Turn, edit, read, turn, write_call


@dataclass(frozen=True)
class Amendment:
    """The line the manager adds to its plan: ``added`` right after the text ``after`` (which stays),
    with what it says as it re-reads the plan and as it edits it."""

    after: str
    added: str
    reread_says: str
    edit_says: str


def plan_write(path: str, content: str, says: str, binds: Mapping[str, Any] | None = None) -> Turn:
    """The turn that writes the plan ``path`` (binding ``binds``, the request's ids, from what was read)."""
    return turn(says, write_call(path, content), bind=dict(binds) if binds else None)


def amend(path: str, a: Amendment) -> list[Turn]:
    """Re-read the plan, then add the amendment's line with an Edit."""
    return [turn(a.reread_says, read(path)), turn(a.edit_says, edit(path, a.after, a.after + a.added))]


def plan_turns(
    path: str,
    content: str,
    says: str,
    amendment: Amendment | None = None,
    binds: Mapping[str, Any] | None = None,
) -> list[Turn]:
    """The plan written (``says``), then re-read and amended where the scenario amends it."""
    return [plan_write(path, content, says, binds), *(amend(path, amendment) if amendment else [])]


def plan_conditions(
    path: str, sections: Sequence[str], names: Sequence[str] = (), section: str | None = None
) -> list[Condition]:
    """The plan has the ``sections`` asked for and states every one of ``names`` (in ``section``, if given)."""
    out = [conditions.headings(path, *sections)]
    if names:
        out.append(conditions.contains(path, names, section=section))
    return out
