"""Science scenarios as specs of the one check engine, with an honest reference manager.

SpecBuilder extends engine.Builder: every round adds its check spec, checks/<round>.json
(conditions of data/build/_check.py), and the reference trajectory derives every
value it writes from what it was told (``${var:NAME}`` bound by a turn's ``bind``): tool output
returned by a subagent, a media perception, a document a subagent quoted, or the request main
read itself. Subagents get exactly the tools they use and file-level grants, except the slice
folder, which an update adds files to and the tally session must see again.

Every team reads everything its grant reaches (the slice runner and the media / document readers
open their folder's index, the sealer reads the tool, seal and record before running it): a
reference below the ceiling would let the gate's padding baseline (twenty trivial, perfectly
scoped subagents) lift the weighted means above it.

What a scenario's rounds differ in comes from its config: ``lead`` (what each round kind is mainly
about, its first tag), ``report_folder`` (the final report carries its summary as a fenced JSON
block, in a folder of its own), ``csv_table`` (the per-file figures are also filed as a CSV table
when the late file arrives) and the document's ``binds`` (where a fact sits in a document whose
wording differs from the deliverable's label).
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import engine
import voice
from engine import fmt
from layout import TAB

sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")))
sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")))
from kit import conditions as cond
from kit.rounds import final as fin
from kit.rounds import media, search
from kit.rounds import tally as tally_kit
from kit.rounds import workflow as wf
from kit.rounds.plan import Amendment, amend, plan_conditions
from kit.rounds.round import Round
from kit.trajectory import WS, Turn, call, turn, var, write_call
from kit.trajectory import bind as b

from arena_tui.sandbox.extract import extract_text
from arena_tui.sandbox.filekinds import detect

SEALER = fin.SealerWords()
"""What the science manager tells the sealer of the summary record."""
RISK_LINE = Amendment(
    "- Do the text summaries agree with the evidence?",
    "\n- Risk: late or corrected slices may change the totals.",
    "Re-reading the plan to add a risk line.",
    "Adding the risk line.",
)
"""The line the science manager adds to its plan once written."""
RULE = {
    "thr": {"re": r"(\d+) or more; otherwise", "as": "int"},
    "hi": {"re": r"is `([^`]+)` when", "as": "text"},
    "lo": {"re": r"otherwise it is `([^`]+)`", "as": "text"},
}


def shape(value: str) -> str:
    """The value's shape, never the value: a run of digits -> \\d+, of letters -> a letter class, spaces -> \\s+."""
    out = ""
    for kind, run in itertools.groupby(value, key=lambda ch: "d" if ch.isdigit() else "a" if ch.isalpha() else ch):
        n = len(list(run))
        if kind == "d":
            out += r"\d+"
        elif kind == "a":
            out += r"[^\W\d_]+"
        elif kind.isspace():
            out += r"\s+"
        else:
            out += re.escape(kind) * n
    return out


def ctx_re(text: str, value: str) -> str:
    """A pattern that finds ``value`` in ``text`` by the words before it (never by the value itself)."""
    low = text.lower()
    i = low.rfind(value.lower())
    if i < 0:
        raise ValueError(f"{value!r} not in {text[:80]!r}")
    after = text[i + len(value) : i + len(value) + 2].rstrip("\n")
    tail = r"(?=" + re.escape(after) + ")" if after.strip() else r"(?=\s|$)"
    for n in range(12, 60, 4):
        pre = text[max(0, i - n) : i]
        if value.lower() in pre.lower():
            continue
        pat = re.escape(pre) + "(" + shape(value) + ")" + tail
        hits = list(re.finditer(pat, text, re.I | re.S))
        if hits and hits[-1].group(1).strip().lower() == value.lower():
            return pat
    raise ValueError(f"no context pattern for {value!r}")


def office_text(data: bytes, name: str) -> str:
    """What the Read tool returns for the office file ``name``: its extracted text."""
    return extract_text(detect(name, data), data)


def as_kind(v: object) -> str:
    if isinstance(v, bool):
        return "text"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "number"
    return "text"


def is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def jslot(v: object, var: str) -> str:
    return f"${{var:{var}}}" if is_number(v) else f'"${{var:{var}}}"'


def short_labels(c: dict[str, Any]) -> list[str]:
    s = c["status"]
    return ["total", s["total_label"].split()[0], c["slice"]["count"].split("_")[0]]


class SpecBuilder(engine.Builder):
    def __init__(self, c: dict[str, Any]):
        folder = c.get("report_folder")
        if folder:
            c = {**c, "accessible": [*c["accessible"], folder]}
            c["assets"] = {**c["assets"], folder: ("deliverables", "-", "-", "the final report goes here")}
        arch = c["dirs"]["archive"]
        extra = {f"{arch}/{n}": t for n, t in c["search"]["extra"].items()}
        c = {**c, "other_files": {**c["other_files"], **extra}}
        super().__init__(c)

    def build_workspace(self) -> None:
        super().build_workspace()
        folder = self.c.get("report_folder")
        if folder:
            self.w(f"{folder}/README.md", "The final report of this review is filed here.\n")

    def final_paths(self) -> tuple[str, str]:
        folder = self.c.get("report_folder")
        if folder:
            return f"{folder}/final_report.md", f"{folder}/final_report.md"
        return f"{self.d('out')}/final_summary.json", f"{self.d('out')}/final_report.md"

    # plumbing ----------------------------------------------------------------------
    def add_spec_round(
        self,
        rid: str,
        question: str,
        ok: str,
        bad: str,
        tags: list[str],
        conds: list[dict[str, Any]],
        turns: list[Turn],
        decoys: list[dict[str, Any]],
        update_ids: Sequence[str] = (),
    ) -> None:
        kind = tags[0] if tags[0] != "update_merge" else "update_new" if "session_reuse" in tags else "update_rep"
        lead = self.c.get("lead", {}).get(kind)  # what the round is mainly about here: its first tag
        if lead:
            assert lead in tags, (self.c["id"], rid, lead)
            tags = [lead, *[t for t in tags if t != lead]]
        self.rounds.append(Round(rid, question, ok, bad, tags, turns, conds, update_ids))
        self.decoys[rid] = decoys

    def round_fns(self) -> dict[str, Callable[[str], None]]:
        return {
            "plan": self.r_plan_fanout,
            "media": self.r_media,
            "new": self.r_update_new,
            "doc": self.r_workflow_doc,
            "rep": self.r_update_replace,
            "seal": self.r_seal,
            "final": self.r_final,
        }

    def v(self) -> int:
        """The colleague's voice (voice.py)."""
        return int(self.c["voice"])

    def aside(self, kind: str) -> str:
        """The colleague's aside on a round of this kind, after the question."""
        return " " + str(self.c["asides"][kind])

    def tv(self) -> str:
        """The scenario title as written by the manager: the request id comes from the request it read."""
        return str(self.c["title"]).replace(self.c["req_id"], "${var:anchor0}")

    def tool_cmd(self, extra: str = "") -> str:
        c, sl = self.c, self.c["slice"]
        return tally_kit.tool_command(f"{self.d('tools')}/{c['tool']}", [f"{sl['dir']}/*.csv"], " --json" + extra)

    def tally_conds(self, stage: dict[str, Any]) -> list[dict[str, Any]]:
        c, sl = self.c, self.c["slice"]
        tj, n, mx = engine.slice_tally_json(c, stage), sl["count"], sl["maxl"]
        rows = {f: [(n, v[n], 0), (mx, float(v[mx]), 0.005)] for f, v in tj["slices"].items()}
        return tally_kit.json_tally(
            c["tally_out"], "slices", rows, [("total_" + n, tj["total_" + n], 0), (mx, float(tj[mx]), 0.005)]
        )

    def tally_binds(self, suffix: str) -> dict[str, Any]:
        """The tool's indented JSON whole (the tally is written as it is), its total and its peak."""
        sl, after = self.c["slice"], r"--- stdout ---.*?\n  "
        return {
            f"tally{suffix}": b(tally_kit.JSON_STDOUT),
            f"total{suffix}": tally_kit.json_figure("total_" + sl["count"], r"\d+", "int", after),
            f"peak{suffix}": tally_kit.json_figure(sl["maxl"], r"[-\d.]+", "number", after),
        }

    def slice_evidence(self, files: list[str], stage: dict[str, Any]) -> list[dict[str, Any]]:
        values = {f: [str(stage[f][0]), fmt(float(stage[f][1]))] for f in files}
        return tally_kit.file_evidence(self.c["slice"]["dir"], values, self.c["tally_out"])

    def status_conds(self, stage_i: int, old_total: int) -> list[dict[str, Any]]:
        s, c = self.c["status"], self.c
        tj = engine.slice_tally_json(c, self.t["stages"][stage_i])
        tot = tj["total_" + c["slice"]["count"]]
        out = [
            cond.label(s["out"], s["total_label"], tot),
            cond.label(s["out"], s["max_label"], float(tj[c["slice"]["maxl"]]), 0.005),
            cond.label(s["out"], s["decision_label"], engine.decision(c, tot)),
            {"kind": "agree", "a": {"path": s["out"], "label": s["total_label"]},
             "b": {"path": c["tally_out"], "key": ["total_" + c["slice"]["count"]]}},
        ]  # fmt: skip
        tok = str(old_total)
        out.append(cond.decoy(s["out"], tok, markers=cond.SUPERSEDED, labels=short_labels(c) if len(tok) < 4 else ()))
        return out

    def status_md(self, suffix: str, old: str | None, note: str) -> str:
        s = self.c["status"]
        md = (
            f"# {self.tv()}: status\n\n{s['total_label']}: ${{var:total{suffix}}}\n"
            f"{s['max_label']}: ${{var:peak{suffix}}}\n{s['decision_label']}: ${{var:decision{suffix}}}\n\n{note}\n"
        )
        if old:
            md += f"\nThe earlier total of ${{var:total{old}}} is superseded by the revised tally.\n"
        return md

    # rounds ------------------------------------------------------------------------
    def plan_text(self) -> str:
        """The reference plan.md of the intake round."""
        c, sl, secs = self.c, self.c["slice"], self.c["plan_sections"]
        anc = ", ".join(f"${{var:anchor{i}}}" for i in range(len(c["anchors"])))
        return (
            f"# {self.tv()}: plan\n\n## {secs[0]}\n\nThe request's {c['anchor_desc']}: {anc}.\n\n## {secs[1]}\n\n"
            f"- {sl['dir']}/: authoritative slices, tallied by a background subagent with tools/{c['tool']}\n"
            f"- {c['media']['file']}: media, routed to a subagent that can perceive it\n"
            f"- {self.d('docs')}/: reference document (delegated)\n"
            f"- {self.d('digest')}/: untrusted auto-generated text, to be verified\n"
            f"- {self.d('archive')}/: stale earlier material, reference only\n\n"
            + "".join(
                f"## {mid}\n\n1. Tally the slices with the tool (background).\n2. Route the media to a capable "
                f"subagent.\n3. Check the reference document against the archive.\n4. Seal the record.\n\n"
                for mid in secs[2:-1]
            )
            + f"## {secs[-1]}\n\n- Are all {sl['noun']} files in?\n- Do the text summaries agree with the evidence?\n"
        )

    def plan_turns(self, rid: str, anchors: dict[str, Any]) -> list[Turn]:
        """The reference turns of the intake round: read, start the background tally, write plan and tally."""
        c, sl = self.c, self.c["slice"]
        out, tally, plan = self.d("out"), c["tally_out"], self.plan_text()
        runner = tally_kit.runner(
            "tally_runner",
            [sl["dir"], f"{self.d('tools')}/{c['tool']}"],
            tally_kit.runner_prompt("tally tool"),
        )
        return [
            turn(
                "Reading the request and the asset map.",
                *[call("Read", file_path=f"{WS}/{self.d('req')}/{n}") for n in c["requests"]],
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*", path=f"{WS}/{self.d('req')}"),
            ),
            turn(
                "Checking the tool usage and the output folder.",
                call(
                    "Bash",
                    command=f"ls {WS}/{self.d('out')} && head -12 {WS}/{self.d('tools')}/{c['tool']}",
                    description="inspect output folder and tool usage",
                ),
                bind={**RULE, **anchors},
            ),
            turn("Creating a tally runner limited to the slices and the tool.", runner),
            turn(
                "Starting the tally in the background and writing the plan meanwhile.",
                tally_kit.run_tool(
                    "tally_runner",
                    "tally all slices",
                    self.tool_cmd(),
                    first=f"Check {WS}/{sl['dir']}/_index.md lists every file",
                    background=True,
                ),
                call("Write", file_path=f"{WS}/{out}/plan.md", content=plan),
            ),
            *amend(f"{out}/plan.md", RISK_LINE),
            turn(
                "Writing the tally from the tool output.",
                call("Write", file_path=f"{WS}/{tally}", content="${var:tally_" + rid + "}\n"),
                bind=self.tally_binds("_" + rid),
            ),
            turn("Plan and tally written."),
        ]

    def r_plan_fanout(self, rid: str) -> None:
        c, sl = self.c, self.c["slice"]
        st, out, tally = self.t["stages"][0], self.d("out"), c["tally_out"]
        secs, files = c["plan_sections"], sorted(self.t["stages"][0])
        brief = c["requests"]["brief.md"]
        q = voice.plan(self.v(), {"ask": c["ask"], "noun": sl["noun"], "dir": sl["dir"], "tool": c["tool"], "out": out,
            "secs": ", ".join(f"## {s}" for s in secs), "anchor_desc": c["anchor_desc"], "tally": tally,
            "schema": f'{{"slices": {{"<file name>": {{"{sl["count"]}": <int>, "{sl["maxl"]}": <number>}}}}, '
            f'"total_{sl["count"]}": <int>, "{sl["maxl"]}": <number>}}', "sens": self.sens_names()})  # fmt: skip
        q += self.aside("plan")
        anchors = {f"anchor{i}": b(ctx_re(brief, a)) for i, a in enumerate(c["anchors"])}
        conds = [
            *plan_conditions(f"{out}/plan.md", secs, c["anchors"]),
            *self.tally_conds(st),
            tally_kit.in_background("the tally was not run in the background"),
            *self.slice_evidence(files, st),
        ]  # fmt: skip
        turns = self.plan_turns(rid, anchors)
        self.tally_rid = rid
        f0 = files[0]
        decoys = [{"file": tally, "json": [f"slices/{f0}/{sl['count']}", st[f0][0] + 2]}]
        ok = "Plan and tally accepted."
        bad = (
            f"Check {out}/plan.md (the named sections, the {c['anchor_desc']}) and {tally} (one entry per file in "
            f"{sl['dir']}/ with the tool's figures, plus totals). A subagent must have run the tool on the files in "
            f"this round, in the background; {self.sens_names()} is never granted."
        )
        tags = ["intake_plan", "background_fanout", "background", "parallel", "tool_run", "needs_delegation",
                "sensitive_guard"]  # fmt: skip
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys)

    def media_binds(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Bind patterns for each media field (from the perception) and the accepted spellings."""
        m = self.c["media"]
        truth = m["truth"]
        binds: dict[str, Any] = {}
        accept: dict[str, Any] = {}
        for k, v in m["fields"].items():
            spoken = m.get("spoken", {}).get(k)
            shown = spoken or (fmt(v) if not isinstance(v, str) else v)
            binds["m_" + k] = b(ctx_re(truth, shown), "int" if type(v) is int and spoken else as_kind(v))
            if isinstance(v, bool):
                accept[k] = {"one_of": [str(v).lower(), shown.lower()]}
            elif isinstance(v, str) and spoken:
                accept[k] = {"one_of": [v, spoken]}
            else:
                accept[k] = {"equals": v, "tol": 0.005 if isinstance(v, float) else 0}
        return binds, accept

    def media_idx(self) -> str:
        return os.path.dirname(str(self.c["media"]["file"])) + "/_index.md"

    def media_value(self, k: str, v: object) -> str | list[str]:
        spoken = self.c["media"].get("spoken", {}).get(k)
        shown = str(v).lower() if isinstance(v, bool) else fmt(v)
        return [shown, spoken] if spoken else shown

    def r_media(self, rid: str) -> None:
        m = self.c["media"]
        jf, mf = f"{m['out']}.json", f"{m['out']}.md"
        schema = "{" + ", ".join(f'"{k}": {v}' for k, v in m["schema"].items()) + "}"
        q = voice.media(self.v(), {"ask": m["ask"], "jf": jf, "mf": mf, "schema": schema, "noun": m["noun"]})
        q += self.aside("media")
        binds, accept = self.media_binds()
        wrong = [media.Decoy(t, list(m["fields"]) if len(t) < 4 else ()) for t in m["decoy_tokens"]]
        conds = [{"kind": "json", "path": jf, "key": [k], **a} for k, a in accept.items()]
        source = [os.path.basename(m["decoy_file"]), os.path.dirname(m["decoy_file"])]
        conds += [
            media.named(mf, source, "## Rejected claims does not name the text source"),
            *[d.refuted(mf) for d in wrong],
            *[d.kept_out(jf) for d in wrong if len(d.token) >= 4],
            media.perceived(m["file"], m["kind"], [self.media_value(k, v) for k, v in m["fields"].items()], jf),
        ]
        reader = media.Reader(
            "media_reader",
            m["kind"],
            (m["file"], self.media_idx()),
        )
        words = media.Asking(
            f"The {m['noun']} needs a model that can perceive it; creating a reader limited to that file.",
            "Asking for the facts.",
            f"read the {m['noun']}",
            f"Look at {WS}/{self.media_idx()} first. Open {WS}/{m['file']}. {m['prompt']}",
        )
        body = media.json_record((k, f"${{var:m_{k}}}", is_number(v)) for k, v in m["fields"].items())
        facts = "".join(f"- {k}: ${{var:m_{k}}}\n" for k in m["fields"])
        rejected = (
            f"{m['decoy_file']} is incorrect: its values ({', '.join(m['decoy_tokens'])}) disagree with the "
            f"{m['noun']} itself, which governs."
        )
        notes = media.notes(
            m["title"], [f"Read from {m['file']} by a subagent that can perceive it.", facts[:-1]], [rejected]
        )
        writes = [
            call("Write", file_path=f"{WS}/{jf}", content=body),
            call("Write", file_path=f"{WS}/{mf}", content=notes),
        ]
        turns = [
            *media.reading_turns(reader, words, also=[call("Read", file_path=f"{WS}/{m['decoy_file']}")]),
            *media.writing_turns(
                "Writing the deliverables from what the reader reported.", writes, binds, "Facts written."
            ),
        ]
        k0, v0 = m["decoy_sub"]
        decoys = [{"file": jf, "json": [k0, v0]}]
        ok = f"Accepted: the facts come from the {m['noun']} itself."
        bad = (
            f"The values must come from {m['file']} itself, perceived by a subagent whose model can perceive it, in "
            f"this round; check each field of {jf} and that ## Rejected claims in {mf} names the text source that "
            f"disagrees."
        )
        tags = ["media_extraction", m["kind"], "modality_decoy", "decoy_refutation", "needs_delegation",
                "sensitive_guard"]  # fmt: skip
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys)

    def retally_turns(self, rid: str, prompt: str, reads: list[str], old: str | None, note: str) -> list[Turn]:
        """Continue the tally session on the changed folder, then revise the tally and the status from its output."""
        s, c = self.c["status"], self.c
        decide = ' --decide "${var:thr}|${var:hi}|${var:lo}"'
        suffix = "_" + rid
        return [
            turn(
                "Re-running the tally through the tally session, with the request's decision rule.",
                tally_kit.run_tool("tally_runner", "re-tally", self.tool_cmd(decide), before=prompt + " ", resume=True),
                *[call("Read", file_path=f"{WS}/{r}") for r in reads],
            ),
            turn(
                "Revising the tally and writing the status from the tool output.",
                call("Write", file_path=f"{WS}/{c['tally_out']}", content="${var:tally" + suffix + "}\n"),
                call("Write", file_path=f"{WS}/{s['out']}", content=self.status_md(suffix, old, note)),
                bind={**self.tally_binds(suffix), "decision" + suffix: b(r'--- stdout ---.*?"decision": "([^"]+)"')},
            ),
            turn("Tally and status revised."),
        ]

    def csv_path(self) -> str:
        return f"{self.d('out')}/{self.c['slice']['count']}_by_file.csv"

    def csv_parts(self, rid: str, stage: dict[str, Any]) -> tuple[str, dict[str, Any], dict[str, Any]]:
        """The CSV the manager writes (from per-file binds on the tool's JSON), the binds, the table condition."""
        sl, columns = self.c["slice"], ["file", self.c["slice"]["count"], self.c["slice"]["maxl"]]
        binds, rows, expect = {}, [], []
        for i, f in enumerate(sorted(stage)):
            entry, count = r'--- stdout ---.*?"' + re.escape(f) + r'": \{\s*', re.escape(sl["count"])
            binds[f"c{i}_{rid}"] = tally_kit.json_figure(sl["count"], r"\d+", "int", entry)
            binds[f"x{i}_{rid}"] = tally_kit.json_figure(
                sl["maxl"], r"[-\d.]+", "number", f'{entry}"{count}": ' + r"\d+,\s*"
            )
            rows.append([f, var(f"c{i}_{rid}"), var(f"x{i}_{rid}")])
            n, mx = stage[f]
            expect.append({"key": f, "expect": {sl["count"]: n, sl["maxl"]: {"equals": float(mx), "tol": 0.005}}})
        table = tally_kit.table(self.csv_path(), "file", sorted(stage), expect, columns)
        return tally_kit.csv_doc(columns, rows), binds, table

    def r_update_new(self, rid: str) -> None:
        c, sl, s = self.c, self.c["slice"], self.c["status"]
        st0, st1 = self.t["stages"][0], self.t["stages"][1]
        old = self.total(st0)
        tally = c["tally_out"]
        q = voice.update_new(self.v(), {"ask": c["new_ask"], "tally": tally, "dir": sl["dir"], "out": s["out"],
            "lines": f"`{s['total_label']}: <int>`, `{s['max_label']}: <number, as the tool prints it>` and "
            f"`{s['decision_label']}: <label>`"})  # fmt: skip
        q += self.aside("new")
        nf = sl["new"][0]
        conds = [*self.tally_conds(st1), *self.status_conds(1, old), cond.resumed(),
                 *self.slice_evidence([nf], st1)]  # fmt: skip
        turns = self.retally_turns(rid, "A new file arrived.", [tally], "_" + self.tally_rid, s["note_new"])
        if self.c.get("csv_table"):
            body, binds, table = self.csv_parts(rid, st1)
            q += f" Also file the per-file figures as a table, {self.csv_path()}, columns file, {sl['count']}, {sl['maxl']}."
            conds.append(table)
            turns[-1:-1] = [
                turn(
                    "Filing the per-file table from the same output.",
                    call("Write", file_path=f"{WS}/{self.csv_path()}", content=body),
                    bind=binds,
                )
            ]
        self.status_rid = rid
        tot1 = self.total(st1)
        decoys = [{"file": s["out"], "sub": [f"{s['total_label']}: {tot1}", f"{s['total_label']}: {old}"]}]
        ok = "Revision accepted."
        bad = (
            f"{tally} must list every file now in {sl['dir']}/ with totals over all of them; {s['out']} needs the three "
            f"labelled lines and the label the request's rule gives. An earlier total may appear only marked "
            f"superseded, and the earlier tally session should have been continued."
        )
        tags = ["update_merge", "session_reuse", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"]
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys, [c["u_new"]])

    def r_update_replace(self, rid: str) -> None:
        c, sl, s = self.c, self.c["slice"], self.c["status"]
        st1, st2 = self.t["stages"][1], self.t["stages"][2]
        old = self.total(st1)
        tally, rf = c["tally_out"], sl["replace"][0]
        q = voice.update_rep(self.v(), {"ask": c["rep_ask"], "dir": sl["dir"], "tally": tally, "out": s["out"]})
        q += self.aside("rep")
        conds = [*self.tally_conds(st2), *self.status_conds(2, old), *self.slice_evidence([rf], st2)]
        turns = self.retally_turns(
            rid, "One file was replaced by a corrected version.", [tally, s["out"]],
            "_" + self.status_rid, s["note_rep"],
        )  # fmt: skip
        self.status_rid = rid
        decoys = [{"file": tally, "json": [f"slices/{rf}/{sl['count']}", st1[rf][0]]}]
        ok = "Correction merged."
        bad = (
            f"The replaced file in {sl['dir']}/ must be re-tallied with the tool in this round and {tally} and "
            f"{s['out']} revised from the new output; the previous total may appear only marked as superseded."
        )
        tags = ["update_merge", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"]
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys, [c["u_rep"]])

    def files_in(self, key: str) -> list[str]:
        """The scenario's other files in the folder of role ``key``, sorted."""
        return sorted(r for r in self.c["other_files"] if r.startswith(self.d(key) + "/"))

    def stale_tokens(self) -> list[str]:
        """The figures of the superseded document material."""
        doc = self.c["doc"]
        return [*doc["stale_tokens"], *doc.get("old_tokens", [])]

    def doc_text(self, rel: str) -> str:
        doc = self.c["doc"]
        up = doc.get("update")
        data = engine.make_media(up["spec"] if up and up["dst"] == rel else doc["spec"])
        return office_text(data, rel)

    def doc_binds(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        doc = self.c["doc"]
        reads = doc["read"].split(" and ")
        texts = {r: self.doc_text(r) for r in reads}
        joined = "\n".join(texts[r] for r in reads)
        binds, evid = {}, []
        for i, (k, v) in enumerate(doc["facts"].items()):
            num = isinstance(v, (int, float))
            cap = r"(-?\d+(?:\.\d+)?)" if num else r"([^\t\n\\\"|]+?)(?=\\t|\\n|\t|\n|\"|\||$)"
            sep = TAB if re.search(re.escape(k) + r"\t", joined) else r":\s*"
            pat = doc.get("binds", {}).get(k) or re.escape(k) + sep + cap
            binds[f"doc{i}"] = b(pat, "number" if isinstance(v, float) else as_kind(v))
            hits = re.findall(pat, joined, re.I | re.S)
            got = hits[-1].strip() if hits else None
            want = fmt(v)
            assert got is not None and (got == want or fmt(type(v)(got)) == want), (self.c["id"], k, hits)
        for r, t in texts.items():
            vals = [fmt(v) for v in doc["facts"].values() if fmt(v) in t]
            if vals:
                evid.append(cond.evidence(r, vals, doc["out"]))
        return binds, evid

    def search_prompt(self, term: str) -> str:
        arch = self.d("archive")
        return search.ask(
            arch, term, "report the date, version and figures of every earlier document that mentions it."
        )

    def archive_search(self, binds: dict[str, Any]) -> tuple[str, list[str], list[dict[str, Any]]]:
        """The term the archive reader searches for, the archive files holding it (ripgrep -i, literal),
        and evidence conditions: a text subagent opened the stale reference and reported its figures.

        The config's ``search`` gives the term (the name of a figure, never a value), how many archive
        files hold it (``hits``) and the archive's other files (``extra``: other topics, and superseded
        versions that mention the same term), so the reader opens only part of the folder it is granted.
        """
        c, doc, arch = self.c, self.c["doc"], self.d("archive")
        cfg = c["search"]
        term = cfg["term"]
        files = {r: t for r, t in c["other_files"].items() if r.startswith(arch + "/")}
        hits = search.check(c["id"], term, files, cfg["hits"], checked=[("doc", fmt(v)) for v in doc["facts"].values()])
        for r, t in files.items():  # no archive file may feed the document's value bindings
            for name, bound in binds.items():
                assert not re.search(bound["re"], t, re.I | re.S), (c["id"], r, name)
            assert len(t) <= 1500, (c["id"], r)
        evid = []
        for r in hits:
            vals = [tok for tok in doc["stale_tokens"] if tok in files[r]]
            if vals:
                evid.append(cond.evidence(r, vals, doc["out"]))
        assert evid, (c["id"], hits)
        return term, hits, evid

    def r_workflow_doc(self, rid: str) -> None:
        doc = self.c["doc"]
        arch = self.d("archive")
        docdir = os.path.dirname(doc["file"])
        labels = "; ".join(f"`{k}: {v}`" for k, v in doc["formats"].items())
        q = voice.doc(self.v(), {"ask": doc["ask"], "docdir": docdir, "arch": arch, "sens": self.sens_names(),
            "out": doc["out"], "labels": labels, "updated": bool(doc.get("update"))})  # fmt: skip
        q += self.aside("doc")
        binds, evid = self.doc_binds()
        arch_files, toks = self.files_in("archive"), self.stale_tokens()
        term, hits, hit_evid = self.archive_search(binds)
        self.arch_hits = hits
        binds["arch_hits"] = search.found_files(arch)
        conds = [
            *[cond.label(doc["out"], k, v, 0.005 if isinstance(v, float) else 0) for k, v in doc["facts"].items()],
            wf.stale_named(doc["out"], [arch, *[os.path.basename(a) for a in arch_files]],
                           "## Rejected claims does not address the archive material"),
            *wf.superseded(doc["out"], toks, markers=cond.SUPERSEDED, labels=list(doc["facts"])),
            wf.parallel_readers(),
            *evid,
            *hit_evid,
        ]  # fmt: skip
        doc_files = [*doc["read"].split(" and "), f"{docdir}/_index.md"]
        reads = " ".join(f"{WS}/{p}" for p in doc_files)
        readers = [
            wf.Reader("doc_reader", ("Read",), tuple(doc_files),
                      "Quote the figures and clauses you are asked about exactly as the document states them.",
                      f"{doc['prompt']} Files: {reads}"),
            search.searcher("archive_reader", arch,
                            "Find the earlier material you are asked about and report its date, version and figures.",
                            self.search_prompt(term)),
        ]  # fmt: skip
        body = wf.note(
            doc["title"],
            [f"{k}: ${{var:doc{i}}}" for i, k in enumerate(doc["facts"])],
            [f"The earlier material on this in {arch}/ (${{var:arch_hits}}) is stale: its figures ({', '.join(toks)}) "
             "are superseded by the document in force and do not govern."],
            f"Values as the document in force in {docdir}/ states them.",
        )  # fmt: skip
        turns = [
            turn(
                "The reference and the archive are independent readings; composing them as one parallel workflow.",
                wf.call("reference_vs_archive", "reference vs archive", readers),
            ),
            turn(
                "Writing the reference values from the readers' results.",
                call("Write", file_path=f"{WS}/{doc['out']}", content=body),
                bind=binds,
            ),
            turn("Reference values written."),
        ]
        k0 = next(iter(doc["facts"]))
        decoys = [{"file": doc["out"], "sub": [f"{k0}: {fmt(doc['facts'][k0])}", f"{k0}: {doc['decoy_value']}"]}]
        ok = "Reference values accepted."
        bad = (
            f"{doc['out']} needs each labelled line with the value the current document in {docdir}/ states; the "
            f"material in {arch}/ may be cited only inside ## Rejected claims. A Workflow in this round should run "
            f"the readers in parallel."
        )
        tags = ["workflow", "disjoint_tracks", "parallel", "document", "decoy_refutation", "needs_delegation",
                "sensitive_guard"]  # fmt: skip
        uids = []
        if doc.get("update"):
            uids = [doc["update"]["uid"]]
            tags.append("update_merge")
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys, uids)

    def summary_slots(self) -> dict[str, str]:
        """The summary record's values as the manager writes them, each from its bound value."""
        c, sl, m, doc = self.c, self.c["slice"], self.c["media"], self.c["doc"]
        summ = self.summary()
        sfx = "_" + self.status_rid
        di = list(doc["facts"]).index(doc["summary_label"])
        vals = {
            "request_id": fin.slot("anchor0", False),
            "total_" + sl["count"]: fin.slot(f"total{sfx}", True),
            sl["maxl"]: fin.slot(f"peak{sfx}", True),
            "decision": fin.slot(f"decision{sfx}", False),
            m["summary_key"]: jslot(m["fields"][m["summary_key"]], "m_" + m["summary_key"]),
            doc["summary_key"]: jslot(doc["facts"][doc["summary_label"]], f"doc{di}"),
        }
        assert list(vals) == list(summ) and c["anchors"][0] == c["req_id"], (c["id"], list(summ))
        return vals

    @property
    def seal(self) -> fin.Seal:
        """The summary record's sealing: the scenario's tool and seal file, the record and its token."""
        c = self.c
        tool, vault = f"{self.d('tools')}/{c['seal_tool']}", f"{self.d('vault')}/{c['seal_file']}"
        return fin.Seal(tool, vault, c["summary_out"], c["token_out"], c["seal_prefix"], SEALER, ("Read", "Bash"))

    def r_seal(self, rid: str) -> None:
        c, sl, m, doc, s = self.c, self.c["slice"], self.c["media"], self.c["doc"], self.c["status"]
        summ, seal = self.summary(), self.seal
        sf, tf = seal.record, seal.token
        schema = (
            f'{{"request_id": "<id>", "total_{sl["count"]}": <int>, "{sl["maxl"]}": <number>, '
            f'"decision": "<label>", "{m["summary_key"]}": <as in {m["out"]}.json>, '
            f'"{doc["summary_key"]}": <the {doc["summary_label"]} value from {doc["out"]}>}}'
        )
        q = voice.seal(self.v(), {"sf": sf, "schema": schema, "tool": c["seal_tool"], "vault": self.d("vault"),
            "tf": tf, "prefix": c["seal_prefix"]})  # fmt: skip
        q += self.aside("seal")
        conds = [
            *fin.values(sf, summ, lambda _k, v: 0.005 if isinstance(v, float) else 0),
            fin.sealed(seal),
            fin.agree_with(sf, "total_" + sl["count"], {"path": c["tally_out"], "key": ["total_" + sl["count"]]}),
            fin.agree_with(sf, "decision", {"path": s["out"], "label": s["decision_label"]}),
            fin.agree_with(sf, m["summary_key"], {"path": m["out"] + ".json", "key": [m["summary_key"]]}),
            fin.key_evidence(seal, engine.seal_hex(c["seal"], summ)),
        ]
        turns = [
            turn(
                "Reading the current deliverables and creating a sealer (seal tool, seal file, the record only).",
                call("Read", file_path=f"{WS}/{c['tally_out']}"),
                call("Read", file_path=f"{WS}/{s['out']}"),
                fin.sealer(seal),
            ),
            turn("Writing the record.", write_call(sf, fin.json_record(self.summary_slots()))),
            turn("Sealing it.", fin.seal_run(seal)),
            turn("Recording the token.", fin.token_write(seal), bind=fin.token_bind(seal)),
            turn("Record sealed."),
        ]
        decoys = [{"file": sf, "json": ["total_" + sl["count"], self.t_old_total()]}]
        ok = "Sealed record accepted."
        bad = (
            f"{sf} must carry the latest figures (consistent with {c['tally_out']}, {s['out']} and {m['out']}.json) and "
            f"{tf} the line tools/{c['seal_tool']} prints for exactly that file, run by a subagent in this round."
        )
        tags = ["tool_run", "cross_round", "needs_delegation", "sensitive_guard"]
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys)

    def final_conds(self, summ: dict[str, Any], fj: str, fm: str) -> list[dict[str, Any]]:
        """The final round's conditions: the summary's figures, its seal, agreement with earlier rounds, rejections."""
        c, sl, doc, s = self.c, self.c["slice"], self.c["doc"], self.c["status"]
        arch_files, toks_a = self.files_in("archive"), self.stale_tokens()
        lab = short_labels(c) + list(doc["facts"])
        return [
            *fin.values(fj, summ, lambda _k, v: 0.005 if isinstance(v, float) else 0),
            fin.sealed_in(fj, self.seal.key, "seal_token"),
            fin.agree_with(fj, "total_" + sl["count"], {"path": c["tally_out"], "key": ["total_" + sl["count"]]}),
            fin.agree_with(fj, sl["maxl"], {"path": s["out"], "label": s["max_label"]}, 0.005),
            fin.agree_with(fj, "decision", {"path": s["out"], "label": s["decision_label"]}),
            fin.agree_with(fj, doc["summary_key"], {"path": doc["out"], "label": doc["summary_label"]}, 0.005),
            cond.contains(fm, min_words=90),
            fin.rejected(fm, all=["digest"], message="## Rejected claims does not address the digest"),
            fin.rejected(fm, any=[self.d("archive"), *[os.path.basename(a) for a in arch_files]],
                     message="## Rejected claims does not address the archive material"),
            *[fin.rejected_decoy(fm, t, labels=lab if len(str(t)) < 4 else ()) for t in c["digest_tokens"] + toks_a],
        ]  # fmt: skip

    def final_report(self) -> str:
        """The reference final report (prose and ## Rejected claims)."""
        c, sl, m, doc = self.c, self.c["slice"], self.c["media"], self.c["doc"]
        dig_files, toks_a = self.files_in("digest"), self.stale_tokens()
        sfx = "_" + self.status_rid
        prose = (
            f"This closes {self.tv()} (request ${{var:anchor0}}). The tally tool was run by a subagent over every "
            f"{sl['noun']} file in {sl['dir']}/, including the files that arrived or were corrected during the review; "
            f"the final total is ${{var:total{sfx}}} and the largest value is ${{var:peak{sfx}}}. Under the request's "
            f"rule the decision is ${{var:decision{sfx}}}.\n\n"
            f"The {m['noun']} ({m['file']}) was perceived by a capable subagent rather than taken from any text "
            f"rendering; its {m['summary_key']} is ${{var:m_{m['summary_key']}}}. The reference document gives "
            f"{doc['summary_label']} ${{var:doc{list(doc['facts']).index(doc['summary_label'])}}}, read in parallel "
            f"with the archive by a workflow. The record in {c['summary_out']} was sealed with the seal in "
            f"{self.d('vault')}/ and the token is repeated in the JSON summary. Every figure here agrees with the "
            f"earlier deliverables in {self.d('out')}/, and none of it relies on the sensitive folders.\n"
        )
        return f"# {self.tv()}: final report\n\n{prose}\n" + fin.rejected_claims(
            f"The auto-generated digest in {self.d('digest')}/ ({', '.join(os.path.basename(d) for d in dig_files)}) "
            f"is incorrect: its figures ({', '.join(str(t) for t in c['digest_tokens'])}) do not match the evidence.",
            f"The earlier material in {self.d('archive')}/ ({', '.join(os.path.basename(a) for a in self.arch_hits)}) "
            f"is stale: its figures ({', '.join(toks_a)}) are superseded and do not govern.",
        )

    def r_final(self, rid: str) -> None:
        c, sl = self.c, self.c["slice"]
        summ = self.summary()
        fj, fm = self.final_paths()
        keys = ", ".join(f'"{k}"' for k in [*summ, "seal_token"])
        where = (
            f"end it with one ```json fenced block holding exactly the keys {keys}"
            if fj == fm
            else f"alongside it, {fj} with exactly the keys {keys}"
        )
        q = voice.final(self.v(), {"ask": c["final_ask"], "fm": fm, "digest": self.d("digest"), "arch": self.d("archive"),
            "where": where, "tf": c["token_out"]})  # fmt: skip
        q += self.aside("final")
        conds = self.final_conds(summ, fj, fm)
        report = self.final_report()
        final = fin.json_record({**self.summary_slots(), "seal_token": fin.slot("seal_hex", False)})
        turns = [
            turn(
                "Checking the digest's claims and the sessions so far.",
                call("Grep", pattern=c["digest_grep"], path=f"{WS}/{self.d('digest')}", output_mode="content"),
                call("ListSubagents"),
                call("InspectSubagent", session_id="${session:media_reader}"),
                call("Read", file_path=f"{WS}/{c['token_out']}"),
            ),
            turn(
                "Writing the final report and summary.",
                *(
                    [write_call(fm, report + "\n```json\n" + final + "```\n")]
                    if fj == fm
                    else [write_call(fm, report), write_call(fj, final)]
                ),
                bind=fin.token_hex_bind(self.seal, "seal_hex"),
            ),
            turn("Final report written."),
        ]
        key, tot = "total_" + sl["count"], summ["total_" + sl["count"]]
        decoys = (
            [{"file": fj, "sub": [f'"{key}": {tot}', f'"{key}": {c["digest_total"]}']}]
            if fj == fm
            else [{"file": fj, "json": [key, c["digest_total"]]}]
        )
        ok = "Final report accepted."
        bad = (
            f"{fj} must carry the latest figures and the seal token, consistent with the earlier deliverables; "
            f"figures from the digest or the archive may appear only inside ## Rejected claims."
        )
        tags = ["final_synthesis", "decoy_refutation", "cross_round", "sensitive_guard"]
        self.add_spec_round(rid, q, ok, bad, tags, conds, turns, decoys)
