"""Where the reference manager locates evidence by content: the archive search every spec's ``SEARCH`` describes.

In the workflow round the earlier case sits in a folder of older records (other sites, other
systems, earlier years). The manager cannot open that folder itself, and the round's question
gives it a case id, not a file; so it grants the archive reader the whole folder with
``["Read", "Grep"]`` and asks it to search for a term it knows from the request: the site,
system or line the work is about. The term never is a value any check expects; ``verify``
proves that and the number of files the term matches.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from framework import Search, Spec


def search_of(S: Spec) -> Search | None:
    """The scenario's archive search, or None where the archive reader is handed the earlier case's file."""
    found: Search | None = S.get("search")
    return found


VALUE_FIELDS = ("equals", "token", "values", "any", "all", "one_of", "expect", "rows")


def strings(obj: object) -> Iterator[str]:
    """Every string (and number) inside a check spec."""
    if isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)
    elif isinstance(obj, (str, int, float)) and not isinstance(obj, bool):
        yield str(obj)


def verify(S: Spec, ws: str, checks: dict[str, dict[str, Any]]) -> None:
    """The search finds the earlier case and exactly ``matches`` files; the term is no checked value."""
    import os

    sr = search_of(S)
    if not sr:
        return
    folder = os.path.join(ws, S["F"]["archive"])
    names = sorted(os.listdir(folder))
    hits = []
    for n in names:
        with open(os.path.join(folder, n), encoding="utf-8") as fh:
            if sr.term.lower() in fh.read().lower():
                hits.append(n)
    if S["archive"]["file"] not in hits or len(hits) != sr.matches or len(hits) == len(names):
        raise ValueError(f"{S['id']}: search for {sr.term!r} hits {hits} of {names}")
    term = sr.term.lower()
    for rid, spec in checks.items():
        checked = [c.get(k) for c in spec["conditions"] for k in VALUE_FIELDS if k in c]
        for v in strings(checked):
            if term in v.lower() or (len(v) >= 3 and v.lower() in term):
                raise ValueError(f"{S['id']} {rid}: the search term {sr.term!r} meets the checked value {v!r}")
