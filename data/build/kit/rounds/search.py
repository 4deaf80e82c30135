"""Searching an archive by content: a reader granted a whole folder with Read and Grep, told a term.

Where the manager cannot tell from names which file of a folder holds the evidence (an earlier
case among other records, a bulletin with no name yet), it grants one reader the folder with
``["Read", "Grep"]`` and asks it to search for a term it knows from the request: never an answer
value, so the search finds the file without giving anything away. The reader reports every file
that matches, each as ``<path>:`` and its excerpt, and main binds inside the excerpt of the file
it wants (``in_excerpt``) or lists the files found (``found_files``).

``check`` is the build's self-test of such a search: the term finds the target and exactly as
many files as the scenario says (never the whole folder), and no checked value contains it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from kit.rounds.workflow import RESULT_NL, Reader
from kit.trajectory import Call, bind, create

SEARCH_TOOLS = ("Read", "Grep")
"""The tools of a reader that locates a file by content: it greps its folder, then reads what matched."""


def searcher(name: str, folder: str, system_prompt: str, task: str, model_key: str = "llm") -> Reader:
    """A workflow reader granted the whole ``folder`` with Read and Grep, given the search ``task``."""
    return Reader(name, SEARCH_TOOLS, (folder,), system_prompt, task, model_key)


def subagent(name: str, folder: str, system_prompt: str, model_key: str = "llm") -> Call:
    """The searcher as a subagent of its own (not a workflow reader): created with Read and Grep over ``folder``."""
    return create(name, model_key, SEARCH_TOOLS, [folder], system_prompt)


def ask(folder: str, term: str, then: str, why: str = "") -> str:
    """The search prompt: ``Search <folder>/ for "<term>" (<why>) and <then>``.

    ``why`` says why the file cannot be named (it is filed among other papers); ``then`` what to
    report of what matches.
    """
    reason = f" ({why})" if why else ""
    return f"{opening(folder, term)}{reason} and {then}"


def opening(folder: str, term: str) -> str:
    """How every search prompt (``ask``) begins, up to the quoted term: what finds it in a transcript."""
    return f'Search {folder}/ for "{term}"'


_FOLDER, _TERM = "\ue000", "\ue001"
_ASKED = re.compile(re.escape(opening(_FOLDER, _TERM)).replace(_FOLDER, r'([^\s"]+?)').replace(_TERM, r'([^"\n]+)'))


def asked(text: str) -> list[tuple[str, str]]:
    """``(folder, term)`` of every search prompt ``ask`` wrote in ``text``, as it stands or quoted
    as JSON (a Workflow script, a transcript line): how the tests find the reference's searches."""
    return _ASKED.findall(text.replace('\\"', '"'))


# ---------------------------------------------------------------------------------- binds
def in_excerpt(file_name: str) -> str:
    """A pattern prefix that stays inside the excerpt a searching reader reported of ``file_name``
    (up to the next ``<file>.md:`` heading), so a value is bound from that file and no other."""
    return _literal(file_name) + ":" + RESULT_NL + r"(?:(?!\.md:" + RESULT_NL + r").)*?"


def _literal(text: str) -> str:
    """``text`` as a pattern matching itself (only the characters special outside a class escaped)."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)


def found_files(folder: str) -> dict[str, Any]:
    """A bind of every Markdown file of ``folder`` the searching reader reported (their names, spaced)."""
    return bind("/" + re.escape(folder) + r"/([\w.-]+\.md):" + RESULT_NL, "list")


# ---------------------------------------------------------------------------------- self-test
VALUE_FIELDS = ("equals", "token", "values", "any", "all", "one_of", "expect", "rows")
"""The fields of a condition that hold values the deliverable is checked for."""


def strings(obj: object) -> Iterator[str]:
    """Every string (and number, as text) inside a check spec's values."""
    if isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)
    elif isinstance(obj, (str, int, float)) and not isinstance(obj, bool):
        yield str(obj)


def checked_values(checks: Mapping[str, Mapping[str, Any]]) -> Iterator[tuple[str, str]]:
    """``(round, value)`` for every value the rounds' conditions check."""
    for rid, spec in checks.items():
        for c in spec["conditions"]:
            for v in strings([c[k] for k in VALUE_FIELDS if k in c]):
                yield rid, v


def hits(files: Mapping[str, str], term: str) -> list[str]:
    """The names of ``files`` (name -> text) whose text holds ``term``, case-insensitively (``grep -i -F``)."""
    return sorted(n for n, t in files.items() if term.lower() in t.lower())


def check(
    where: str,
    term: str,
    files: Mapping[str, str],
    matches: int,
    targets: Iterable[str] = (),
    checked: Iterable[tuple[str, str]] = (),
) -> list[str]:
    """The files ``term`` finds in the folder ``files``; raises unless it finds every one of
    ``targets`` and exactly ``matches`` files, not all of them, and meets no ``checked`` value
    (``(round, value)``: the term within a value, or a value of three characters or more within it)."""
    found = hits(files, term)
    if any(t not in found for t in targets) or len(found) != matches or len(found) == len(files):
        raise ValueError(f"{where}: search for {term!r} hits {found} of {sorted(files)}")
    low = term.lower()
    for rid, v in checked:
        if low in v.lower() or (len(v) >= 3 and v.lower() in low):
            raise ValueError(f"{where} {rid}: the search term {term!r} meets the checked value {v!r}")
    return found
