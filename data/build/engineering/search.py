"""Where the reference manager locates evidence by content: the archive search every spec's ``SEARCH`` describes.

In the workflow round the earlier case sits in a folder of older records (other sites, other
systems, earlier years). The manager cannot open that folder itself, and the round's question
gives it a case id, not a file; so it grants the archive reader the whole folder with
``["Read", "Grep"]`` and asks it to search for a term it knows from the request: the site,
system or line the work is about. The term never is a value any check expects; ``verify``
proves that and the number of files the term matches (``kit.rounds.search.check``).
"""

from __future__ import annotations

import os
from typing import Any

from framework import Search, Spec
from kit.rounds import search


def search_of(S: Spec) -> Search | None:
    """The scenario's archive search, or None where the archive reader is handed the earlier case's file."""
    found: Search | None = S.get("search")
    return found


def verify(S: Spec, ws: str, checks: dict[str, dict[str, Any]]) -> None:
    """The search finds the earlier case and exactly ``matches`` files; the term is no checked value."""
    sr = search_of(S)
    if not sr:
        return
    folder = os.path.join(ws, S["F"]["archive"])
    files = {}
    for n in sorted(os.listdir(folder)):
        with open(os.path.join(folder, n), encoding="utf-8") as fh:
            files[n] = fh.read()
    search.check(S["id"], sr.term, files, sr.matches, [S["archive"]["file"]], search.checked_values(checks))
