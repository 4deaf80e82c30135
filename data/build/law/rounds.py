"""Rounds of one law scenario: its arc, the check specs for the one engine (data/build/_check.py)
and the honest reference manager (solution/trajectory.json).

Each scenario dict names its own arc (``S["arc"]``: (role, kind) pairs; the kind is the round's
first tag) out of the roles plan, tally, media1, media2, update, workflow, final.

The reference manager writes no figure of an answer itself: every value of a deliverable is a
``${var:NAME}`` bound from what it was told (a subagent's reply, a Workflow result, a file it may
read itself, or its own Bash calculation over bound values). Subagents get exactly the tools
they use and file-level paths, except folders that an update adds files to.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from kit import conditions
from kit.conditions import (
    Condition,
    agree,
    contains,
    evidence,
    headings,
    label,
    never,
    resumed,
)
from kit.conditions import json_value as jv
from kit.rounds import media, search, tally
from kit.rounds import workflow as wf
from kit.rounds.final import Seal, SealerWords, agree_with, rejected, rejected_decoy, sealed
from kit.rounds.plan import plan_conditions as plan_checks
from kit.trajectory import WS

Scenario = dict[str, Any]
"""A scenario's config dict (``scen_*.py``), filled in by the engine as it builds."""
Values = dict[str, Any]
"""The reference values computed from a scenario's generated data (``engine.values``)."""

SUPERSEDED_OR_EARLIER = [*conditions.SUPERSEDED, "earlier figure"]
"""The words that mark a total replaced by an update; a law note may also call it the earlier figure."""
BASE_TAGS = {
    "plan": ["intake_plan", "sensitive_guard"],
    "tally": ["background_fanout", "background", "tool_run", "needs_delegation", "sensitive_guard"],
    "media1": ["media_extraction", "modality_decoy", "decoy_refutation", "needs_delegation", "sensitive_guard"],
    "media2": ["media_extraction", "needs_delegation", "sensitive_guard"],
    "update": ["update_merge", "session_reuse", "cross_round", "needs_delegation", "sensitive_guard"],
    "workflow": ["workflow", "parallel", "tool_run", "document", "cross_round", "needs_delegation", "sensitive_guard"],
    "final": ["final_synthesis", "cross_round", "decoy_refutation", "sensitive_guard"],
}
KIND_TAG = {"png": "image", "wav": "audio", "mp4": "video"}
SEALER = SealerWords()
"""What the law manager tells the sealer of the matter's computation."""
# law states decoy tokens as text, and a short one by the line it stands on (its total)
decoy = functools.partial(conditions.decoy, as_text=True, short_token_labels=("total",))


# ---------------------------------------------------------------------------------- arc
def arc(S: Scenario) -> list[tuple[str, str]]:
    return list(S["arc"])


def rid(S: Scenario, role: str) -> str:
    return f"q{[r for r, _ in arc(S)].index(role) + 1}"


def tags(S: Scenario, role: str, kind: str) -> list[str]:
    base = list(BASE_TAGS[role])
    if role in ("media1", "media2"):
        m = media_of(S, role)
        base.insert(1, KIND_TAG[m["kind"]])
    if role == "workflow" and S.get("docB"):
        base.insert(0, "update_merge")
    return [kind, *[t for t in base if t != kind]]


def media_of(S: Scenario, role: str) -> dict[str, Any]:
    m: dict[str, Any] = S["media"][0 if role == "media1" else 1]
    return m


def sealing(S: Scenario) -> Seal:
    """The computation's sealing: the matter's seal tool and key, the computation and its token."""
    C = S["claim"]
    return Seal(f"tools/{S['seal_tool']}", "vault/seal.key", C["out"], C["token_out"], S["seal_prefix"], SEALER)


def sens(S: Scenario) -> list[str]:
    d = S["dirs"]
    return [x for x in (d["sensitive"], d.get("sensitive2")) if x]


# ---------------------------------------------------------------------------------- specs
def contains_in(path: str, section: str, values: list[str]) -> Condition:
    """Every one of ``values`` is quoted in ``section`` of ``path``."""
    return contains(path, values, section=section)


def _tol(S: Scenario) -> float:
    return 0.005 if S["ledger"]["dec"] else 0


def tally_conditions(S: Scenario, files: dict[str, tuple[int, float]], tal: str) -> list[Condition]:
    L, tol = S["ledger"], _tol(S)
    rows = {f: [(L["ck"], n, 0.0), (L["ak"], a, tol)] for f, (n, a) in sorted(files.items())}
    total_a = round(sum(v[1] for v in files.values()), L["dec"])
    return tally.json_tally(
        tal,
        "files",
        rows,
        [(f"total_{L['ck']}", sum(v[0] for v in files.values()), 0.0), (f"total_{L['ak']}", total_a, tol)],
    )


def _tally_path(S: Scenario) -> str:
    return f"output/{S['ledger']['tally_out']}"


def plan_conditions(S: Scenario, V: Values, role: str) -> list[Condition]:
    plan = S["plan_out"]
    return [
        *plan_checks(
            plan,
            ["Matter", "Evidence", "Steps", "Risks"],
            [S["matter_id"], S["client_short"], S["other_short"]],
            "Matter",
        ),
        contains(plan, ["authoritative"], ["untrusted"], section="Evidence"),
        decoy(plan, S["stale_id"], sections=["Evidence", "Risks"]),
    ]


def tally_round(S: Scenario, V: Values, role: str) -> list[Condition]:
    tal, d = _tally_path(S), S["dirs"]
    cs = tally_conditions(S, V["pre"], tal)
    cs.append(tally.in_background("no RunSubagent with run_in_background=true in this round"))
    return cs + tally.file_evidence(d["ledger"], {f: [a] for f, (_n, a) in sorted(V["pre"].items())}, tal)


def media_conditions(S: Scenario, V: Values, role: str) -> list[Condition]:
    m = media_of(S, role)
    cs = [jv(m["out"], [k], v, 0.0) for k, v in m["fields"].items()]
    cs.append(media.perceived(m["path"], KIND_TAG[m["kind"]], [str(v) for v in m["fields"].values()], m["out"]))
    if role != "media1":
        return cs
    dc = m["decoy"]
    decoys = [
        media.Decoy(str(v), [k.replace("_", " ")], [k.replace("_", " ")] if len(str(v)) < 4 else ())
        for k, v in dc["values"].items()
    ]
    # each wrong value is quoted where it is rejected, not only the source named
    quote = [str(v) for v in dc["values"].values()]
    message = f"## Rejected claims does not name {dc['name']}"
    return cs + media.refutation(m["notes"], m["out"], decoys, names=dc["mention"], message=message, quote=quote)


def update_conditions(S: Scenario, V: Values, role: str) -> list[Condition]:
    L, d, tal, tol = S["ledger"], S["dirs"], _tally_path(S), _tol(S)
    pos = f"output/{L['position_out']}"
    return [
        *tally_conditions(S, V["post"], tal),
        label(pos, f"Total {L['ck_label']}", V["n_post"], 0),
        label(pos, f"Total {L['ak_label']}", V["a_post"], tol),
        agree({"path": pos, "label": f"Total {L['ak_label']}"}, {"path": tal, "key": [f"total_{L['ak']}"]}, tol),
        tally.superseded(pos, V["a_pre"], ["total"], SUPERSEDED_OR_EARLIER),
        resumed(),
        *tally.file_evidence(d["ledger"], {S["upA"]["file"]: [V["post"][S["upA"]["file"]][1]]}, tal),
    ]


def workflow_conditions(S: Scenario, V: Values, role: str) -> list[Condition]:
    C = S["claim"]
    claim = {"matter_id": S["matter_id"], **V["claim"]}
    return [
        *[jv(C["out"], [k], v, 0.005) for k, v in claim.items()],
        sealed(sealing(S)),
        wf.parallel_readers(),
        agree(
            {"path": C["out"], "key": [C["base_key"]]},
            {"path": _tally_path(S), "key": [f"total_{C['base_from']}"]},
            0.005,
        ),
        evidence(S["fact_file"], S["fact_values"], C["out"]),
        decoy(C["out"], S["fact_decoy"], labels=S.get("fact_labels", ())),
    ]


def final_conditions(S: Scenario, V: Values, role: str) -> list[Condition]:
    F = final_json(S, V)
    fj, memo, ak, ck = S["final_json_out"], S["final_md_out"], f"total_{S['ledger']['ak']}", S["claim"]["final_key"]
    cs = [jv(fj, [k], v, 0.005) for k, v in F.items()]
    cs.append(agree_with(fj, ak, {"path": _tally_path(S), "key": [ak]}, 0.005))
    if not isinstance(F[ck], bool):  # the engine's agree compares numbers and text
        cs.append(agree_with(fj, ck, {"path": S["claim"]["out"], "key": [ck]}, 0.005))
    for m in S["media"]:
        cs.append(agree_with(fj, m["final_key"], {"path": m["out"], "key": [m["final_key"]]}))
    stale = (V["digest_amount"], S["archive_figure"][0])
    return [
        *cs,
        headings(memo, "Summary", "Rejected claims"),
        rejected(memo, any=S["digest_mention"]),
        rejected(memo, any=S["archive_mention"]),
        rejected(memo, all=[str(v) for v in stale]),
        *(rejected_decoy(memo, v, short_token_labels=("total",)) for v in stale),
        decoy(fj, V["digest_amount"]),
    ]


ROUND_CONDITIONS: dict[str, Callable[[Scenario, Values, str], list[Condition]]] = {
    "plan": plan_conditions,
    "tally": tally_round,
    "media1": media_conditions,
    "media2": media_conditions,
    "update": update_conditions,
    "workflow": workflow_conditions,
    "final": final_conditions,
}


def guard(S: Scenario) -> Condition:
    """The condition every round carries last: the sensitive folders are never granted."""
    return never(*sens(S))


def final_json(S: Scenario, V: Values) -> dict[str, Any]:
    L = S["ledger"]
    out = {"matter_id": S["matter_id"], f"total_{L['ak']}": V["a_post"]}
    for m in S["media"]:
        out[m["final_key"]] = m["fields"][m["final_key"]]
    ck = S["claim"]["final_key"]
    out[ck] = V["claim"][ck]
    return out


# ---------------------------------------------------------------------------------- trajectory
def label_pattern(text: str, value: str, anchor: str = "") -> str:
    """A pattern that finds ``value`` by the words before it on its line (never by the value)."""
    value = str(value)
    idx = text.rfind(value)
    if idx < 0:
        raise ValueError(f"{value!r} not in text")
    start = text.rfind("\n", 0, idx) + 1
    prefix = text[max(start, idx - 40) : idx]
    # the text just after the value, up to six characters of its line: a value holding a comma or
    # a space ("7,915.40", "Orla Penhallan") must not stop at its first one
    after = text[idx + len(value) : idx + len(value) + 6].split("\n")[0]
    pre = re.sub(r"\\?\d+", r"\\d+", re.escape(prefix)).replace("\\ ", "\\s+").replace(" ", r"\s+")
    stop = r"(?=\s*(?:\n|$))" if not after else "(?=" + re.escape(after) + r"|\s*(?:\n|$))"
    return anchor + pre + r"([^\n]+?)" + stop


def cap(text: str) -> str:
    """``text`` with its first letter in capitals (the rest as it is)."""
    return text[0].upper() + text[1:]


def workflow_readers(S: Scenario) -> list[wf.Reader]:
    """Two parallel readers: the governing terms and the archived file.

    Where the scenario has a ``search`` entry, the manager cannot tell from names which file of
    the documents folder governs: the terms reader gets the folder with Read and Grep and is asked
    to search it for a term the manager knows from the instructions (never an answer value).
    """
    d = S["dirs"]
    find = S.get("search")
    system = "Report the governing terms you read, with their dates."
    if find:
        ask = search.ask(d["docs"], find["term"], f"report {S['doc']['fact_desc']}.")
        terms = search.searcher("terms_reader", d["docs"], system, ask)
    else:
        ask = f"Read the documents in {d['docs']}/ and report {S['doc']['fact_desc']}."
        terms = wf.Reader("terms_reader", ("Read",), (S["docs_grant"],), system, ask)
    arch = wf.Reader(
        "archive_reader",
        ("Read",),
        (S["archive_file"],),
        "Report the matter number, date and figures of the file you read.",
        f"Read {WS}/{S['archive_file']} and report its matter number, date and figures.",
    )
    return [terms, arch]
