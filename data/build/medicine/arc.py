"""Round kinds of the medicine scenarios: check specs for the one engine and the honest reference manager.

A scenario's spec module (sc_*.py) lists its rounds in its own order, each with a kind, the
colleague's question text and the deliverable paths. For every round this module builds the
question's closing format sentence, the check spec (conditions of data/build/_check.py), the
tags (the first tag is the round's kind in the arc) and the reference manager's turns.

The reference manager never writes an answer value itself: every figure in a deliverable is a
``${var:NAME}`` bound from what a subagent (or a file main may read) reported. Grants are the
tools each subagent uses and file-level paths, except the export folder, which an update
extends, granted whole to the tally worker.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from kit import conditions
from kit.conditions import evidence, jv, label, never, resumed
from kit.conditions import jone as one_of
from kit.rounds import final as fin
from kit.rounds import media, search, tally
from kit.rounds import workflow as wf
from kit.rounds.final import record_of as _json_body
from kit.rounds.plan import Amendment, amend, plan_conditions
from kit.rounds.round import Round
from kit.trajectory import WS, call, create, run, turn, var
from kit.trajectory import bind as b

# medicine states decoy tokens as text
decoy = functools.partial(conditions.decoy, as_text=True)


# ----------------------------------------------------------------------------------------------
# small builders
# ----------------------------------------------------------------------------------------------
def ref_forms(ref: str) -> list[str]:
    num = ref.lstrip("§").strip()
    return [ref, num, f"§ {num}", f"section {num}", f"Section {num}"]


def quoted(label: str) -> list[str]:
    """A document's label as written, or with the quotes the document puts around it."""
    return [label, f"'{label}'", f'"{label}"']


def fmt_val(value: object) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def slug(name: str) -> str:
    return re.sub(r"\W", "_", name.rsplit(".", 1)[0])


# ----------------------------------------------------------------------------------------------
# the scenario state while its rounds are laid out
# ----------------------------------------------------------------------------------------------
class Arc:
    def __init__(self, c: dict[str, Any]) -> None:
        self.c = c
        self.t = c["tool"]
        self.slices_dir = c["dirs"]["slices"]
        self.present = [s[0] for s in c["slices"]]
        self.counts = {s[0]: s[1] for s in c["slices"]}
        self.peaks: dict[str, float] = {s[0]: s[2] for s in c["slices"]}
        self.stage = 0  # bumps with each (re)tally so bound names stay distinct
        self.written: set[str] = set()
        self.done: dict[str, Any] = {}  # kind -> facts about the round (paths, var names)
        self.tols: dict[str, float] = {}  # a fact read off a chart's axis keeps its tolerance in later files

    def tol(self, key: str, value: object) -> float:
        """A fact's tolerance: the one it was read with, else 0.05 for a decimal and 0 for the rest."""
        return self.tols.get(key, 0.05 if isinstance(value, float) else 0)

    # --- numbers -------------------------------------------------------------------------
    def total(self) -> int:
        return sum(self.counts[f] for f in self.present)

    def peak(self) -> float:
        return max(self.peaks[f] for f in self.present)

    # --- trajectory helpers --------------------------------------------------------------
    def write(self, rel: str, content: str, bind: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The turns that write ``rel`` (re-reading it first if written before), binding ``bind`` from the reply."""
        path = f"{WS}/{rel}"
        pre = []
        if rel in self.written:
            pre.append(turn(f"Re-reading {rel} before overwriting it.", call("Read", file_path=path)))
        self.written.add(rel)
        return [*pre, turn(f"Writing {rel}.", call("Write", file_path=path, content=content), bind=bind)]

    def fields(self) -> list[tally.Field]:
        """What the tool prints per export and in total: the count and the peak."""
        return [tally.Field(self.t["count_key"], r"\d+", "int"), tally.Field(self.t["max_key"], r"[\d.]+")]

    def tally_binds(self, files: list[str], suffix: str) -> dict[str, Any]:
        names = [[f"n_{slug(f)}{suffix}", f"p_{slug(f)}{suffix}"] for f in files]
        totals = tally.line_binds("TOTAL", self.fields(), [f"total{suffix}", f"peak{suffix}"])
        return {**tally.file_binds(files, self.fields(), names), **totals}

    def tally_content(self, path: str, files: list[str], suffix: str) -> str:
        ck, mk, grp = self.t["count_key"], self.t["max_key"], self.t["group"]
        slots = {f: [var(f"n_{slug(f)}{suffix}"), var(f"p_{slug(f)}{suffix}")] for f in files}
        if path.endswith(".csv"):
            rows = [[f, n, p] for f, (n, p) in slots.items()]
            return tally.csv_doc(["export", ck, mk], [*rows, ["TOTAL", var("total" + suffix), var("peak" + suffix)]])
        rows_json = {f: [(ck, n), (mk, p)] for f, (n, p) in slots.items()}
        return tally.json_doc(grp, rows_json, [(f"total_{ck}", var("total" + suffix)), (mk, var("peak" + suffix))])

    def tally_conditions(self, path: str) -> list[dict[str, Any]]:
        ck, mk, grp = self.t["count_key"], self.t["max_key"], self.t["group"]
        if path.endswith(".csv"):
            rows = [
                {"key": f, "expect": {ck: self.counts[f], mk: {"equals": self.peaks[f], "tol": 0.05}}}
                for f in self.present
            ]
            rows.append({"key": "TOTAL", "expect": {ck: self.total(), mk: {"equals": self.peak(), "tol": 0.05}}})
            return [tally.table(path, "export", [*self.present, "TOTAL"], rows, ["export", ck, mk])]
        figs = {f: [(ck, self.counts[f], 0.0), (mk, self.peaks[f], 0.05)] for f in self.present}
        return tally.json_tally(path, grp, figs, [(f"total_{ck}", self.total(), 0.0), (mk, self.peak(), 0.05)])

    def evidence(self, files: list[str], path: str) -> list[dict[str, Any]]:
        """Per export: its count and peak, as a runner that opened it reported them before ``path`` was written."""
        return tally.file_evidence(
            self.slices_dir, {f: [str(self.counts[f]), fmt_val(self.peaks[f])] for f in files}, path
        )

    def tool_cmd(self) -> str:
        return tally.tool_command(f"tools/{self.t['name']}.py", [f"{self.slices_dir}/*.csv"])

    def tally_total_ref(self) -> dict[str, Any] | None:
        path = self.done["tally"]["path"]
        if not path.endswith(".csv"):
            return {"path": path, "key": [f"total_{self.t['count_key']}"]}
        if "note" in self.done:
            return {"path": self.done["note"]["path"], "label": self.done["note"]["label"]}
        return None


# ----------------------------------------------------------------------------------------------
# round kinds: each returns {"tags", "conditions", "turns", "update_ids"} (the round's own tags and
# conditions: its first tag and "sensitive_guard" are added by lay_out, the never_granted guard by
# kit.rounds.round.assemble)
# ----------------------------------------------------------------------------------------------
def preamble(a: Arc) -> list[dict[str, Any]]:
    return [
        turn(
            "Reading the request and the asset map first.",
            call("Read", file_path=f"{WS}/requests/brief.md"),
            call("Read", file_path=f"{WS}/_sandbox_hint.md"),
            call("Glob", pattern="*.md", path=f"{WS}/requests"),
            call("Grep", pattern="Case id", path=f"{WS}/requests", output_mode="content"),
        ),
    ]


def k_plan(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    path, heads = r["path"], r["headings"]
    body = "".join(f"## {h}\n\n{txt}\n\n" for h, txt in zip(heads, r["texts"], strict=True))
    content = f"# {r['title']} (${{var:case_id}})\n\n{body}"
    first_line = r["texts"][-1].splitlines()[0]
    rule = Amendment(
        first_line,
        "\n\nNo grant will ever name patient_records/ or hr/.",
        "Re-reading the plan to add the access rule.",
        "Adding the access rule under the last section.",
    )
    turns = [*a.write(path, content), *amend(path, rule)]
    a.done["plan"] = {"path": path}
    return {"tags": ["intake_plan"], "conditions": plan_conditions(path, heads, [a.c["case_id"]]), "turns": turns}


def k_tally(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    path, t = r["path"], a.t
    tool_rel = f"tools/{t['name']}.py"
    a.stage += 1
    sfx = f"_{a.stage}"
    turns = [
        turn(  # the manager's own Bash use (design constraint C3): it learns the tool before briefing the runner
            "Checking the tally tool's usage before briefing anyone.",
            call("Bash", command=f"python3 {WS}/{tool_rel} --help", description="tally tool usage"),
        ),
        turn(
            "The exports are delegate-only and too long for one context; a tally worker gets the export folder "
            "(an update may add to it) and the tally tool.",
            tally.runner(
                "tally",
                [a.slices_dir, tool_rel],
                tally.runner_prompt("tally tool"),
            ),
        ),
        turn("Asking which exports there are.", tally.list_exports("tally", "list the exports", a.slices_dir)),
        turn(
            "Starting the tally in the background; it is independent of anything else I do now.",
            tally.run_tool(
                "tally", "tally every export", tally.tool_command(tool_rel, [], " " + var("exports")), background=True
            ),
            bind={"exports": tally.exports_bind(r"\| ([\w.-]+\.csv) \|", f"{WS}/{a.slices_dir}/{{}}")},
        ),
    ]
    turns.append(turn("Checking on the team while the tally runs.", call("ListSubagents")))
    turns += a.write(path, a.tally_content(path, a.present, sfx), bind=a.tally_binds(a.present, sfx))
    a.done["tally"] = {"path": path, "sfx": sfx}
    conds = a.tally_conditions(path)
    conds += a.evidence(a.present, path)
    conds.append(tally.in_background("no tally run was started in the background in this round"))
    return {
        "tags": ["tool_run", "needs_delegation", "background", "parallel"],
        "conditions": conds,
        "turns": turns,
    }


def _retally(a: Arc, r: dict[str, Any], what: str, lab: str, changed: str, before: int) -> dict[str, Any]:
    """A late export (new) or a corrected one (replace): re-run the tally and revise the note."""
    path = a.done["tally"]["path"]
    old_sfx = a.done["tally"]["sfx"]
    a.stage += 1
    sfx = f"_{a.stage}"
    note = r["note"]
    resume = r.get("resume", what == "late export")  # a correction starts a fresh run unless the story resumes
    rerun = tally.run_tool(
        "tally", f"re-tally after the {what}", a.tool_cmd(), before=f"The {what} is in. ", resume=resume
    )
    turns = [turn(f"Re-running the tally after the {what}.", rerun)]
    turns += a.write(path, a.tally_content(path, a.present, sfx), bind=a.tally_binds(a.present, sfx))
    turns += a.write(
        note,
        f"# {r['title']} (${{var:case_id}})\n\n{lab}: {var('total' + sfx)}\n\n{r['why']} The earlier total of "
        f"{var('total' + old_sfx)} is superseded.\n",
    )
    a.done["tally"]["sfx"] = sfx
    a.done["note"] = {"path": note, "label": lab}
    conds = [
        *a.tally_conditions(path),
        label(note, lab, a.total(), 0.0),
        tally.superseded(note, before, ["total"]),
        *a.evidence([changed], path),
    ]
    tags = ["update_merge", *(["session_reuse"] if resume else []), "cross_round", "needs_delegation"]
    return {"tags": tags, "conditions": conds + ([resumed()] if resume else []), "turns": turns}


def k_late(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    name, n, pk = a.c["new_slice"]
    before = a.total()
    a.present.append(name)
    a.counts[name], a.peaks[name] = n, pk
    out = _retally(a, r, "late export", "Revised total", name, before)
    out["update_ids"] = [a.c["new_slice_update"]]
    return out


def k_correction(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    name, k = a.c["correction"]
    before = a.total()
    a.counts[name] -= k
    out = _retally(a, r, "corrected export", "Corrected total", name, before)
    out["update_ids"] = [a.c["correction_update"]]
    return out


def k_media(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    idx = r.get("media", 0)
    m = a.c["media"][idx]
    fpath = f"{m['dir']}/{m['file']}"
    jpath, npath = r["path"], r["notes"]
    name = f"media{idx}"
    facts = {k: v[0] for k, v in m["facts"].items()}
    reader = media.Reader(
        name,
        m["modality"],
        (fpath,),
    )
    words = media.Asking(
        f"The {m['modality']} needs a pool model that can perceive it; one reader limited to that file.",
        "Asking the reader.",
        f"facts from {m['file']}",
        f"Perceive {WS}/{fpath} and report {m['ask']}.",
    )
    turns = media.reading_turns(
        reader, words, also=[call("Read", file_path=f"{WS}/{m['decoy_file']}")] if m.get("decoy_file") else []
    )
    binds = {f"{name}_{k}": b(rx, kind) for k, (rx, kind) in r["binds"].items()}
    vals = {k: r.get("compose", {}).get(k, var(f"{name}_{k}")) for k in facts}
    turns += a.write(jpath, _json_body({k: (vals[k], facts[k]) for k in facts}), bind=binds)
    lines = "".join(f"- {k.replace('_', ' ').capitalize()}: {vals[k]}\n" for k in facts)
    source = f"Source: {fpath} (perceived by a {reader.model_key} reader)."
    turns += a.write(npath, media.notes(r["title"], [source, lines[:-1]], [r["rejection"].removeprefix("- ")]))
    a.done[name] = {"path": jpath, "facts": facts, "var": {k: vals[k] for k in facts}}
    conds = []
    for k, v in facts.items():
        alts = r.get("accept", {}).get(k)
        tol = r.get("tol", {}).get(k, 0.05 if isinstance(v, float) else 0)
        a.tols[k] = tol
        conds.append(one_of(jpath, [k], alts) if alts else jv(jpath, [k], v, tol))
    if m.get("decoy_file"):
        decoys = [
            media.Decoy(
                str(v[2]),
                [] if len(str(v[2])) >= 4 else [k.replace("_", " "), *r.get("labels", {}).get(k, [])],
                [k] if len(str(v[2])) < 4 else [],
            )
            for k, v in m["facts"].items()
            if v[2] is not None
        ]
        names = [m["decoy_file"], m["decoy_file"].rsplit("/", 1)[-1], *r.get("source_words", [])]
        message = "## Rejected claims does not name the automatic text that disagrees"
        conds += media.refutation(npath, jpath, decoys, names=names, message=message)
    conds.append(media.perceived(fpath, m["modality"], r["evidence"], jpath))
    tags = ["media_extraction", m["modality"]]
    if m.get("decoy_file"):
        tags += ["modality_decoy", "decoy_refutation"]
    tags.append("needs_delegation")
    return {"tags": tags, "conditions": conds, "turns": turns}


RULE_BINDS = {
    "docx": {
        "rule_ref": b(r"(§\d+(?:\.\d+)*)[^§]*? or more"),
        "threshold": b(r"(\d+) or more", "int"),
        "decision": b(r" or more[^']*'([^']+)'"),
    },
    "xlsx": {
        "rule_ref": b(r"(§\d+(?:\.\d+)*)(?:\t|\\t)\d+ or more"),
        "threshold": b(r"§\d+(?:\.\d+)*(?:\t|\\t)(\d+) or more", "int"),
        "decision": b(r"§\d+(?:\.\d+)*(?:\t|\\t)\d+ or more.*?(?:\t|\\t)(.+?)(?:\n|\\n|$)"),
    },
}


def rule_readers(doc: str, arch: str, srch: dict[str, Any] | None) -> list[wf.Reader]:
    """A rule reader and an archive reader, run in parallel (the latter searching, where it must)."""
    rule = wf.Reader(
        "rule_reader",
        ("Read",),
        (doc,),
        "Quote the governing rule, its threshold and its labels verbatim.",
        f"Read {WS}/{doc} and report the escalation rule verbatim.",
    )
    if srch:  # which review is last year's is not known: the reader searches archive/ for a known term
        folder = arch.split("/")[0]
        stale = search.searcher(
            "archive_reader",
            folder,
            "Locate reviews by their content and report the date, threshold and figures of each verbatim.",
            search.ask(folder, srch["term"], "report every review that mentions it verbatim."),
        )
    else:
        stale = wf.Reader(
            "archive_reader",
            ("Read",),
            (arch,),
            "Report the date, threshold and figures of the review you read.",
            f"Read {WS}/{arch} and report it verbatim.",
        )
    return [rule, stale]


def k_rule(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    c, rule = a.c, a.c["rule"]
    doc = f"{c['dirs']['reference']}/{rule['file']}"
    arch = r["archive"]
    jpath, npath = r["path"], r["notes"]
    kind = "xlsx" if doc.endswith(".xlsx") else "docx"
    srch = c.get("search")
    binds = {**RULE_BINDS[kind], "stale_threshold": b(r"Threshold applied \([^)]*\):\s*(\d+)", "int")}
    if srch:  # several reviews may come back: bind from the one whose heading is last year's
        binds["stale_threshold"] = b(srch["pick"] + r"[^#]*?Threshold applied \([^)]*\):\s*(\d+)", "int")
        binds["archive_file"] = b(r"/(archive/[\w.-]+\.md):[^#]*#[^#]*?" + srch["pick"])
        a.done["archive"] = var("archive_file")
    turns = [
        turn(
            "The rule and last year's precedent are independent reads; one workflow runs both in parallel.",
            wf.call("rule_and_precedent", "rule and precedent", rule_readers(doc, arch, srch)),
        )
    ]
    turns += a.write(
        jpath,
        '{\n  "rule_ref": "${var:rule_ref}",\n  "threshold": ${var:threshold},\n  "decision": "${var:decision}"\n}\n',
        bind=binds,
    )
    turns += a.write(
        npath,
        wf.note(
            f"{r['title']} (${{var:case_id}})",
            [
                f"Governing rule: ${{var:rule_ref}} of {doc}; threshold ${{var:threshold}}; label at or above it: "
                "${var:decision}."
            ],
            [
                f"{a.done.get('archive', arch)} is stale: it applied a threshold of ${{var:stale_threshold}} from an "
                "earlier edition, which the current document replaces; it does not govern this case."
            ],
        ),
    )
    turns += [
        turn("Re-reading the note to cite the source.", call("Read", file_path=f"{WS}/{npath}")),
        turn(
            "Adding the source line.",
            call(
                "Edit",
                file_path=f"{WS}/{npath}",
                old_string="## Rejected claims\n",
                new_string=f"Read from the current {kind} by a workflow agent.\n\n## Rejected claims\n",
            ),
        ),
    ]
    a.done["rule"] = {"path": jpath}
    tags = ["workflow", "parallel", "document", "decoy_refutation", "cross_round", "needs_delegation"]
    return {
        "tags": tags,
        "conditions": rule_conditions(a, doc, arch, jpath, npath),
        "turns": turns,
    }


def rule_conditions(a: Arc, doc: str, arch: str, jpath: str, npath: str) -> list[dict[str, Any]]:
    rule = a.c["rule"]
    stale = rule["stale_threshold"]
    return [
        one_of(jpath, ["rule_ref"], ref_forms(rule["ref"])),
        jv(jpath, ["threshold"], rule["threshold"], 0.0),
        one_of(jpath, ["decision"], quoted(rule["decision"])),
        wf.stale_named(
            npath,
            [arch, arch.rsplit("/", 1)[-1], "last year", "2025"],
            "## Rejected claims does not address last year's review",
        ),
        decoy(jpath, stale, labels=["threshold"]),
        *wf.superseded(npath, [stale], labels=["threshold"], short_only=False, as_text=True),
        wf.parallel_readers(),
        evidence(doc, [str(rule["threshold"]), rule["decision"]], jpath),
        evidence(arch, [str(stale)], npath),
    ]


def k_tracks(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    c = a.c
    m = c["media"][1]
    tr = c["track_b"]
    fpath = f"{m['dir']}/{m['file']}"
    doc = f"{c['dirs']['reference']}/{c['rule']['file']}"
    path = r["path"]
    facts = {k: v[0] for k, v in m["facts"].items()}
    reader = media.Reader(
        "track_media", m["modality"], (fpath,), "You perceive media files and report what they show exactly."
    )
    turns = [
        turn(
            "Two independent loose ends, each with its own reader and nothing else.",
            reader.create(),
            create("track_doc", "llm", ["Read"], [doc], "You read governing documents and quote them exactly."),
        ),
        turn(
            "Running both tracks.",
            reader.ask("media track", f"Perceive {WS}/{fpath} and report {m['ask']}."),
            run("track_doc", "document track", f"Read {WS}/{doc} and report {tr['ask']}."),
        ),
    ]
    binds = {f"t_{k}": b(rx, kind) for k, (rx, kind) in r["binds"].items()}
    vals = {k: var(f"t_{k}") for k in [*facts, tr["key"]]}
    allf = {**facts, tr["key"]: tr["value"]}
    turns += a.write(path, _json_body({k: (vals[k], v) for k, v in allf.items()}), bind=binds)
    a.done["tracks"] = {"path": path, "facts": allf, "var": vals}
    conds = [jv(path, [k], v, 0.0) for k, v in allf.items()]
    conds += [
        media.perceived(fpath, m["modality"], r["evidence"], path),
        evidence(doc, [str(tr["value"])], path),
    ]
    return {
        "tags": ["disjoint_tracks", "media_extraction", m["modality"], "needs_delegation"],
        "conditions": conds,
        "turns": turns,
    }


def summary_fields(a: Arc) -> dict[str, Any]:
    m = a.c["media"][0]
    ck = a.t["count_key"]
    return {
        "case_id": ("${var:case_id}", a.c["case_id"]),
        f"total_{ck}": (var("total" + a.done["tally"]["sfx"]), a.total()),
        "decision": ("${var:decision}", a.c["rule"]["decision"]),
        m["summary_key"]: (a.done["media0"]["var"][m["summary_key"]], m["facts"][m["summary_key"]][0]),
    }


def _agreements(a: Arc, path: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    m = a.c["media"][0]
    ck = a.t["count_key"]
    ref = a.tally_total_ref()
    out = [
        *([fin.agree_with(path, f"total_{ck}", ref, 0.0)] if ref else []),
        fin.agree_with(path, "decision", {"path": a.done["rule"]["path"], "key": ["decision"]}, 0.0),
        fin.agree_with(path, m["summary_key"], {"path": a.done["media0"]["path"], "key": [m["summary_key"]]}, 0.0),
    ]
    return [o for o in out if o["a"]["key"][0] in fields]


SEALER = fin.SealerWords(description="seal the summary")
"""What the medicine manager tells the sealer of the summary."""


def k_seal(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    spath, tpath = r["path"], r["token"]
    seal = fin.Seal("tools/seal_summary.py", "vault/seal.key", spath, tpath, "MEDSEAL", SEALER)
    fields = summary_fields(a)
    turns = [
        turn(
            "Checking who is on the team before the sign-off.",
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:tally}"),
        ),
        *a.write(spath, _json_body(fields)),
        turn(
            "Validating the summary's shape.", fin.validate("tools/validate_summary.py", spath, "validate the summary")
        ),
        turn(
            "Only a subagent can read the seal key; a sealer gets the tool, the key and the summary, nothing else.",
            fin.sealer(seal),
        ),
        turn("Sealing.", fin.seal_run(seal)),
        *a.write(tpath, fin.token_line(), bind=fin.token_bind(seal)),
    ]
    a.done["seal"] = seal
    conds = fin.values(spath, {k: e for k, (_v, e) in fields.items()}, a.tol)
    conds += _agreements(a, spath, fields)
    conds += [fin.sealed(seal), fin.key_evidence(seal)]
    return {
        "tags": ["tool_run", "consolidation", "cross_round", "needs_delegation"],
        "conditions": conds,
        "turns": turns,
    }


def k_final(a: Arc, r: dict[str, Any]) -> dict[str, Any]:
    c = a.c
    rpath, jpath = r["report"], r["path"]
    fields = summary_fields(a)
    fields["rule_ref"] = ("${var:rule_ref}", c["rule"]["ref"])
    if "tracks" in a.done:
        m2 = c["media"][1]
        k2 = m2["summary_key"]
        fields[k2] = (a.done["tracks"]["var"][k2], m2["facts"][k2][0])
    digest = c["dirs"]["digest"]
    arch = r["archive"]
    tot = var("total" + a.done["tally"]["sfx"])
    report = (
        f"# {r['title']} (${{var:case_id}})\n\n{r['summary']}\n\n"
        f"- Final total: {tot}\n- Decision: ${{var:decision}} (${{var:rule_ref}})\n\n"
    ) + fin.rejected_claims(
        f"The AI digest in {digest}/ is incorrect: its totals and its conclusion do not follow "
        "from the primary exports and documents.",
        f"{a.done.get('archive', arch)} is stale: an earlier period under an earlier edition of the rule; it does not "
        "govern this case.",
    )
    turns = [
        turn(
            "Reviewing the team, the reader's session and the digest's claims before writing.",
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:media0}"),
            call("Grep", pattern=r["grep"], path=f"{WS}/{digest}", output_mode="content"),
        ),
    ]
    if jpath == rpath:
        turns += a.write(rpath, report + "\n## Figures\n\n```json\n" + _json_body(fields) + "```\n")
    else:
        turns += [*a.write(rpath, report), *a.write(jpath, _json_body(fields))]
    conds = []
    for k, (_v, e) in fields.items():
        conds.append(one_of(jpath, [k], ref_forms(e)) if k == "rule_ref" else jv(jpath, [k], e, a.tol(k, e)))
    conds += _agreements(a, jpath, fields)
    if "tracks" in a.done:
        k2 = c["media"][1]["summary_key"]
        conds.append(fin.agree_with(jpath, k2, {"path": a.done["tracks"]["path"], "key": [k2]}, 0.0))
    if "seal" in a.done:
        conds.append(fin.sealed(a.done["seal"]))
    labs = ["total", a.t["count_key"].replace("_", " ")]
    conds += [
        fin.rejected(
            rpath,
            all=["digest"],
            any=[arch, arch.rsplit("/", 1)[-1], "last year", "2025"],
            message="## Rejected claims must address the AI digest and last year's review",
        ),
        *(fin.rejected_decoy(rpath, c[k], labels=labs) for k in ("digest_total", "archive_total")),
        decoy(jpath, c["digest_total"], labels=[f"total_{a.t['count_key']}"]),
    ]
    return {
        "tags": ["final_synthesis", "decoy_refutation", "cross_round"],
        "conditions": conds,
        "turns": turns,
    }


KINDS = {
    "plan": k_plan,
    "tally": k_tally,
    "late": k_late,
    "correction": k_correction,
    "media": k_media,
    "rule": k_rule,
    "tracks": k_tracks,
    "seal": k_seal,
    "final": k_final,
}


NEVER_PATIENTS_OR_HR = never("patient_records", "hr")
"""The sticky guard every round carries, last."""

FIRST = {
    "plan": "intake_plan",
    "tally": "background_fanout",
    "late": "session_reuse",
    "correction": "update_merge",
    "media": "media_extraction",
    "rule": "workflow",
    "seal": "consolidation",
    "final": "final_synthesis",
}
"""A round's first tag (its kind in the arc) unless its story names another."""


def lay_out(c: dict[str, Any]) -> list[Round]:
    """The rounds of one scenario, in order (the guard on every round is ``NEVER_PATIENTS_OR_HR``,
    which the assembly adds)."""
    a = Arc(c)
    out = []
    for i, r in enumerate(c["rounds"], 1):
        got = KINDS[r["kind"]](a, r)
        turns = got["turns"]
        if i == 1:
            first = dict(turns[0])
            first["bind"] = {"case_id": b(r"Case id:\s*([A-Z0-9][\w-]+)"), **first.get("bind", {})}
            turns = [*preamble(a), first, *turns[1:]]
        turns.append(turn(r.get("done", "Done for this round.")))
        tags = list(dict.fromkeys([r.get("first") or FIRST[r["kind"]], *got["tags"], "sensitive_guard"]))
        q = r["ask"].strip() + ((" " + r["fmt"]) if r.get("fmt") else "")
        fb = r["feedback"]
        out.append(
            Round(f"q{i}", q, fb["correct"], fb["incorrect"], tags, turns, got["conditions"], got.get("update_ids", []))
        )
    return out
