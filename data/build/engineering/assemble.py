"""Turns one engineering scenario dict into its files (rounds, checks, trajectory, manifest, hint)."""

from __future__ import annotations

import os
import re
from typing import Any

from framework import (
    SEAL_TEMPLATE,
    TOOL_TEMPLATE,
    VALIDATE_TEMPLATE,
    Asks,
    Spec,
    slice_text,
    write,
)
from kit import scenario
from kit.files import write_files
from kit.hint import GRANT_NOTE, MEDIA_NOTE, PAGING_NOTE, sandbox_hint, workspace_stats
from kit.rounds.round import Round, assemble
from kit.seal import seal_key
from rounds import RoundsMixin
from search import search_of
from search import verify as verify_search

FEEDBACK = {
    "plan": (
        "Plan accepted.",
        "Look again at output/plan.md: the case line must carry the id the request gives, "
        "not one from older material, and every section the question names must be there.",
    ),
    "fanout": (
        "Tally and request summary accepted.",
        "Every file must have the figures the tool prints for it, "
        "reported by a worker that ran the tool on that file, and the total over all of them; the request "
        "summary needs both lines as the request writes them; the tallies were meant to run without blocking you.",
    ),
    "media": (
        "Media facts accepted.",
        "The values must come from the media file itself, read by a pool model able to "
        "perceive it; text renderings of it are not reliable. Rejected claims must name the text source that "
        "disagrees, and its values may appear nowhere else.",
    ),
    "update": (
        "Revision accepted.",
        "The tally must cover every file now present, re-run by the worker session that "
        "already knew the data; the revision note needs its three lines, with the earlier total only as "
        "superseded; the plan should mention the late file.",
    ),
    "workflow": (
        "Cross-check accepted.",
        "One Workflow call with agents run in parallel must read the governing "
        "document and the earlier case; the note must carry the document's own id, limit and verdict label "
        "for the current tally, with the earlier case's figures only under Rejected claims.",
    ),
    "final": (
        "Final summary, token and report accepted.",
        "The final summary must agree with your earlier "
        "deliverables; the token must be the sealing tool's line for the final file, produced by a worker that "
        "opened the key; the report's Rejected claims must deal with the digest and the earlier case.",
    ),
}
HINT_NOTES = [
    PAGING_NOTE,
    MEDIA_NOTE,
    "- Office files (docx, xlsx, pdf) come back as extracted text when read.",
    GRANT_NOTE,
]
"""The asset map's notes (``kit.hint.sandbox_hint``)."""


class Scenario(RoundsMixin):
    def __init__(self, S: Spec) -> None:
        self.asks: Asks = S["asks"]
        S.setdefault("fmt", "CSV")
        S["doc"].setdefault("limit_kind", "int")
        S["assets"].setdefault("output", ("deliverables", "-", "-", "write deliverables here"))
        for folder in ("requests", "tools", "vault"):
            S["F"].setdefault(folder, folder)
        out = self.asks.findings
        for M in S["media"]:
            M["out_dir"] = out
        if out != "output":
            S["assets"][out] = ("deliverables", "-", "-", "write media findings here")
        self.S = S
        self.F = S["F"]
        self.rounds = []  # (qid, kind, arg)
        kinds = S["rounds"]
        for i, k in enumerate(kinds, start=1):
            self.rounds.append((f"q{i}", k))
        self.qid = {k: q for q, k in self.rounds}
        self.guards = [self.F["sens_read"]] + ([self.F["sens_dark"]] if self.F.get("sens_dark") else [])

    # ------------------------------------------------------------------ rounds
    def accessible(self) -> set[str]:
        return set(self.manifest()["main_agent_accessible_paths"])

    def build_rounds(self) -> list[Round]:
        """The scenario's rounds in order, each made by its kind (``r_<kind>``), its tags led by the
        scenario's lead tag for that kind and its feedback the scenario's (or the kind's)."""
        out = []
        self.deliverable_of = {}
        for qid, kind in self.rounds:
            fn = getattr(self, "r_" + re.sub(r"\d", "", kind))
            arg = int(re.sub(r"\D", "", kind) or 0)
            q, tags, conds, turns, ups = fn(qid, arg)
            lead = self.S.get("lead", {}).get(kind)
            if lead:
                tags = [lead, *[t for t in tags if t != lead]]
            fb = self.S.get("feedback", {}).get(kind, FEEDBACK[re.sub(r"\d", "", kind)])
            out.append(Round(qid, q, fb[0], fb[1], tags, turns, conds, ups))
        return out

    # ------------------------------------------------------------------ manifest + hint
    def manifest(self) -> dict[str, Any]:
        S, F = self.S, self.F
        acc = ["_sandbox_hint.md", F["requests"], F["digest"], F["tools"], "output", F["sens_read"]]
        outs = sorted({M["out_dir"] for M in S["media"] if M.get("out_dir", "output") != "output"})
        acc[5:5] = outs
        dele = [F["slices"], F["media"], F["docs"], F["vault"], F["archive"], *S.get("extra_delegable", [])]
        ups = {}
        for n, op in ((1, "new"), (2, "replace")):  # the late slice, and the replaced one where there is one
            if S.get(f"u{n}_file"):
                uid = f"u{n}_{S[f'u{n}_id']}"
                ups[uid] = scenario.update_group(uid, op, [f"{F['slices']}/{S[f'u{n}_file']['name']}"])
        return scenario.manifest(S["id"], S["desc"], accessible=acc, delegable=dele, updates=ups)

    def hint(self, sdir: str) -> str:
        return sandbox_hint(
            self.manifest(),
            self.S["assets"],
            workspace_stats(os.path.join(sdir, "workspace")),
            script="data/build/engineering/build.py",
            notes=HINT_NOTES,
            media_column="media + office",
            none_announced=False,
        )


def build_scenario(S: Spec, sdir: str) -> Scenario:
    """Write every file of scenario S into its folder ``sdir``; the scenario's rounds and tallies."""
    sc = Scenario(S)
    ws = os.path.join(sdir, "workspace")
    F = S["F"]

    def put(rel: str, data: str | bytes) -> None:
        write(os.path.join(sdir, rel), data)

    for f in S["files"]:
        put(f"workspace/{F['slices']}/{f['name']}", slice_text(S, f))
    put(f"updates/u1_{S['u1_id']}/{S['u1_file']['name']}", slice_text(S, S["u1_file"]))
    if S.get("u2_file"):
        put(f"updates/u2_{S['u2_id']}/{S['u2_file']['name']}", slice_text(S, S["u2_file"]))
    put(
        f"workspace/{F['tools']}/{S['tool']}",
        TOOL_TEMPLATE.format(
            title=S["tool_title"],
            tool=S["tool"],
            what=S["slices_desc"],
            fmt=S["fmt"],
            c0=S["slice_cols"][0],
            c1=S["slice_cols"][1],
            c2=S["slice_cols"][2],
            limit=S["limit"],
            unit=S["unit"],
            ck=S["count_key"],
            uk=S["unit_key"],
            kn=S["key_name"],
        ),
    )
    put(f"workspace/{F['tools']}/{S['seal_tool']}", SEAL_TEMPLATE.format(tool=S["seal_tool"], prefix=S["seal_prefix"]))
    put(f"workspace/{F['tools']}/validate_summary.py", VALIDATE_TEMPLATE.format(keys=repr(sc.summary_types())))
    put(f"workspace/{F['vault']}/{S['seal_file']}", seal_key("engineering", S["id"]) + "\n")
    for rel, content in S["texts"].items():
        if rel == f"{F['slices']}/_index.md":  # the slice index sits with the request, readable by the manager
            rel = f"{F['requests']}/{F['slices']}_index.md"
        put(f"workspace/{rel}", content)
    sr = search_of(S)
    for name, content in (sr.files if sr else {}).items():
        put(f"workspace/{F['archive']}/{name}", content)
    for rel, builder in S["binaries"].items():
        data = builder()
        put(f"workspace/{rel}", data)
    for M in S["media"]:
        p = os.path.join(ws, M["path"])
        M["build"](p)
        put(scenario.truth_path(M["path"]), M["truth"])
    for out in sorted({M["out_dir"] for M in S["media"] if M.get("out_dir", "output") != "output"}):
        put(f"workspace/{out}/README.md", "Media findings go here (see each question for the file names).\n")
    put(
        "workspace/output/README.md",
        "Write deliverables here (see each question for the exact file names and formats).\n",
    )
    sc.ws = ws
    rounds = assemble(sc.build_rounds(), sc.guard())
    write_files(sdir, rounds.files(sc.manifest()))
    verify_search(S, ws, rounds.specs)
    put("workspace/_sandbox_hint.md", sc.hint(sdir))
    return sc
