"""The rounds of an engineering scenario: question, check spec (one engine) and reference turns (version 2).

Every round yields (question, spec, turns). The reference manager is honest: each figure it
writes is a ``${var:NAME}`` bound from what a subagent (or a file it may read) told it; each
subagent gets exactly the tools it uses and file-level paths (a folder only where an update adds
files to it later).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from _bind import check_bind, derive
from framework import Asks, SliceFile, Spec, tally_json
from kit import conditions
from kit.conditions import Condition as Cond
from kit.conditions import jv
from kit.conditions import label as lab
from kit.rounds import final as fin
from kit.rounds import media, search, tally
from kit.rounds import workflow as wf
from kit.rounds.plan import plan_conditions, plan_write
from kit.trajectory import WS, Call, Turn, call, turn, var, write_call
from search import search_of

# engineering states evidence values and decoy tokens as text
evidence = functools.partial(conditions.evidence, as_text=True)
decoy = functools.partial(conditions.decoy, as_text=True)
Binds = dict[str, dict[str, Any]]
"""Bind patterns by variable name (kit.trajectory.bind's form)."""
Media = dict[str, Any]
"""One media item of a spec: kind, path, build, facts, fields, decoy source and values, truth."""
Made = tuple[str, list[str], list[Cond], list[Turn], list[str]]
"""What a round kind yields: question, tags, conditions, reference turns, update ids (the scenario's
feedback and lead tag make it a kit.rounds.round.Round)."""
SEALER = fin.SealerWords(description="seal the summary")
"""What the engineering manager tells the sealer of the final summary."""


def fnum(v: object) -> str:
    return f"{v:.1f}" if isinstance(v, float) else str(v)


class RoundsMixin:
    """Round generators and the values they derive; the host class sets S, asks, F, guards, qid and supplies accessible()."""

    S: Spec
    asks: Asks
    F: dict[str, str]
    guards: list[str]
    qid: dict[str, str]
    deliverable_of: dict[str, str]
    plan_tail: str
    ws: str

    def accessible(self) -> set[str]:
        raise NotImplementedError

    # ------------------------------------------------------------------ derived values
    def files_at(self, stage: int) -> list[SliceFile]:
        S = self.S
        files = list(S["files"])
        if stage >= 1:
            files.append(S["u1_file"])
        if stage >= 2 and S.get("u2_file"):
            files = [S["u2_file"] if f["name"] == S["u2_file"]["name"] else f for f in files]
        return files

    def tallies(self) -> list[dict[str, Any]]:
        S = self.S
        out = [tally_json(S, self.files_at(0)), tally_json(S, self.files_at(1))]
        if S.get("u2_file"):
            out.append(tally_json(S, self.files_at(2)))
        return out

    def final_tally(self) -> dict[str, Any]:
        return self.tallies()[-1]

    # ------------------------------------------------------------------ keys
    @property
    def ck(self) -> str:
        return str(self.S["count_key"])

    @property
    def pk(self) -> str:
        return f"peak_{self.S['unit_key']}"

    @property
    def tk(self) -> str:
        return f"top_{self.S['key_name']}"

    @property
    def tally_path(self) -> str:
        return f"output/{self.S['tally_name']}.json"

    def final_summary(self) -> dict[str, Any]:
        S = self.S
        t = self.final_tally()
        obj: dict[str, Any] = {"case_id": S["case_id"], "total_" + self.ck: t["total_" + self.ck], self.tk: t[self.tk]}
        for key, mi, field in S["final_media"]:
            obj[key] = dict((f[0], f[2]) for f in S["media"][mi]["fields"])[field]
        obj["verdict"] = S["doc"]["verdict"]
        return obj

    def summary_types(self) -> dict[str, str]:
        types: dict[str, str] = {}
        for k, v in self.final_summary().items():
            types[k] = "int" if isinstance(v, int) else "num" if isinstance(v, float) else "str"
        return types

    # ------------------------------------------------------------------ shared pieces
    def ask(self, kind: str, default: str, **fmt: str) -> str:
        text = self.asks.questions.get(kind)
        if text is None:
            return default
        return f"{text.format(**fmt) if fmt else text} {self.guard_sentence()}"

    def guard(self) -> Cond:
        return {"kind": "never_granted", "segments": list(self.guards)}

    def guard_sentence(self) -> str:
        names = " or ".join(f"{g}/" for g in self.guards)
        return self.asks.guard_sentence or f"Never grant {names} to any subagent or workflow agent, in any round."

    def brief_text(self) -> str:
        return str(self.S["texts"][f"{self.F['requests']}/{self.S['brief_name']}"])

    def brief_binds(self) -> Binds:
        S, txt = self.S, self.brief_text()
        out = {}
        for name, val in (("case", S["case_id"]), ("requester", S["requester"]), ("due", S["due"])):
            spec = derive(txt, val)
            check_bind(spec, [txt], val)
            out[name] = spec
        return out

    def read_brief(self) -> Call:
        return call("Read", file_path=f"{WS}/{self.F['requests']}/{self.S['brief_name']}")

    def tool_cmd(self, files: list[SliceFile]) -> str:
        F = self.F
        return tally.tool_command(f"{F['tools']}/{self.S['tool']}", [f"{F['slices']}/{f['name']}" for f in files])

    def fields(self) -> list[tally.Field]:
        """What the tool prints per file and in total: the count, the peak and the top key."""
        return [
            tally.Field(self.ck, r"\d+", "int"),
            tally.Field(self.pk, r"[\d.]+", "number"),
            tally.Field(self.tk, r"[^\s\\]+"),
        ]

    def tally_binds(self, files: list[SliceFile], sfx: int) -> Binds:
        names = [[f"c{sfx}_{i}", f"p{sfx}_{i}", f"t{sfx}_{i}"] for i in range(len(files))]
        return tally.file_binds([f["name"] for f in files], self.fields(), names)

    def total_binds(self, sfx: int) -> Binds:
        return tally.line_binds("TOTAL", self.fields(), [f"total{sfx}", f"peak{sfx}", f"top{sfx}"])

    def tally_doc(self, files: list[SliceFile], sfx: int, totals: bool = True) -> str:
        rows = {
            f["name"]: [
                (self.ck, var(f"c{sfx}_{i}")),
                (self.pk, var(f"p{sfx}_{i}")),
                (self.tk, f'"{var(f"t{sfx}_{i}")}"'),
            ]
            for i, f in enumerate(files)
        }
        tail = [(f"total_{self.ck}", var(f"total{sfx}"))]
        if totals:
            tail += [(self.pk, var(f"peak{sfx}")), (self.tk, f'"{var(f"top{sfx}")}"')]
        return tally.json_doc("files", rows, tail)

    def tally_conds(self, stage: int, totals: bool = True) -> list[Cond]:
        t = self.tallies()[stage]
        rows = {
            n: [(self.ck, st[self.ck], 0), (self.pk, st[self.pk], 0.05), (self.tk, st[self.tk], 0)]
            for n, st in sorted(t["files"].items())
        }
        tail: list[tally.Figure] = [(f"total_{self.ck}", t[f"total_{self.ck}"], 0)]
        if totals:
            tail += [(self.pk, t[self.pk], 0.05), (self.tk, t[self.tk], 0)]
        return tally.json_tally(self.tally_path, "files", rows, tail)

    def file_evidence(self, stage: int, files: list[SliceFile], deliverable: str) -> list[Cond]:
        t = self.tallies()[stage]["files"]
        values = {
            f["name"]: [str(t[f["name"]][self.ck]), fnum(t[f["name"]][self.pk]), str(t[f["name"]][self.tk])]
            for f in files
        }
        return tally.file_evidence(self.F["slices"], values, deliverable)

    # ------------------------------------------------------------------ round kinds
    def r_plan(self, qid: str, _: int) -> Made:
        S, F = self.S, self.F
        secs = list(self.asks.plan_sections)
        q = self.ask(
            "plan",
            f"{S['opening']} The request is in {F['requests']}/ and _sandbox_hint.md maps the workspace. Before anyone "
            f"touches the data, put a plan in output/plan.md: a `Case:` line with the case id the request gives, and "
            f"sections {', '.join('## ' + s for s in secs)}. Say in it which sources you trust and which you do not, "
            "and why. " + self.guard_sentence(),
        )
        plan = (
            "# Plan\n\nCase: ${var:case}\n\n"
            + "".join(f"## {s}\n\n{self.plan_body(s)}\n\n" for s in secs[:-1])
            + f"## {secs[-1]}\n\n{self.plan_body(secs[-1])}\n"
        )
        self.plan_tail = f"## {secs[-1]}\n"
        spec = [
            *plan_conditions("output/plan.md", secs),
            lab("output/plan.md", "Case", S["case_id"]),
            decoy("output/plan.md", S["archive_case_id"]),
        ]
        turns = [
            turn(
                "Reading the request and the asset map.",
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*", path=f"{WS}/{F['requests']}"),
                self.read_brief(),
            ),
            turn(
                "Checking what the untrusted digest claims so the plan can flag it.",
                call(
                    "Grep", pattern=S["grep_pattern"], path=f"{WS}/{F['digest']}", output_mode="content", **{"-n": True}
                ),
            ),
            plan_write("output/plan.md", plan, "Writing the plan.", self.brief_binds()),
            turn("Plan written to output/plan.md."),
        ]
        return q, ["intake_plan", "sensitive_guard"], spec, turns, []

    def plan_body(self, section: str) -> str:
        F, S = self.F, self.S
        key = section.lower()
        if "evidence" in key or "source" in key:
            return (
                f"- Authoritative: {F['slices']}/ (through the tally tool), {F['media']}/ (a perceiving model), "
                f"{F['docs']}/ (the governing document).\n- Untrusted: {F['digest']}/ (automatic text).\n"
                f"- Stale: {F['archive']}/ (an earlier case under older rules)."
            )
        if "deleg" in key or "team" in key or "approach" in key:
            return (
                "Tally workers on the data slices with the tool only; a perceiving reader per media file; a "
                "workflow for the document cross-check; a sealer for the final record."
            )
        if "risk" in key or "open" in key:
            return f"- Late data may arrive; {', '.join(g + '/' for g in self.guards)} are never granted."
        return f"{S['summary_line']}"

    def r_fanout(self, qid: str, _: int) -> Made:
        S, F = self.S, self.F
        files = self.files_at(0)
        half = (len(files) + 1) // 2
        groups = [files[:half], files[half:]]
        schema = (
            f'{{"files": {{"<file name>": {{"{self.ck}": <int>, "{self.pk}": <number>, "{self.tk}": "<id>"}}}}, '
            f'"total_{self.ck}": <int>}}'
        )
        q = self.ask(
            "fanout",
            f"The {S['slices_desc']} in {F['slices']}/ are more than one context can hold, and you cannot open them "
            f"yourself; {F['tools']}/{S['tool']} does the counting. Get every file currently in {F['slices']}/ tallied "
            "by the pool without sitting idle while it runs: meanwhile write output/request_summary.md with the lines "
            "`Requested by: <name>` and `Due: <date as the request writes it>`. When the numbers are back, write "
            f"{self.tally_path} as {schema}: one entry per file exactly as the tool reports it (peak to one decimal) and "
            "the total over all files. " + self.guard_sentence(),
            schema=schema,
        )
        grants = [
            [F["slices"], f"{F['tools']}/{S['tool']}"],
            [*(f"{F['slices']}/{f['name']}" for f in groups[1]), f"{F['tools']}/{S['tool']}"],
        ]
        system = tally.runner_prompt("analysis tool")
        creates = [tally.runner(f"tally_{c}", g, system, tools=["Bash"]) for c, g in zip("ab", grants, strict=True)]
        runs = [
            tally.run_tool(f"tally_{c}", f"tally part {c}", self.tool_cmd(g), background=True)
            for c, g in zip("ab", groups, strict=True)
        ]
        summary = "# Request summary (${var:case})\n\nRequested by: ${var:requester}\nDue: ${var:due}\n"
        binds = self.tally_binds(files, 0)
        binds["total0"] = {"calc": "sum", "args": [f"c0_{i}" for i in range(len(files))]}
        turns = [
            turn(
                "One worker per half of the slices, each limited to the tool (and its files).",
                *creates,
                self.read_brief(),
            ),
            turn(
                "Both tallies run in the background; writing the request summary meanwhile.",
                *runs,
                call("Write", file_path=f"{WS}/output/request_summary.md", content=summary),
                bind=self.brief_binds(),
            ),
            turn(
                "Both results are in; consolidating.",
                call("Write", file_path=f"{WS}/{self.tally_path}", content=self.tally_doc(files, 0, totals=False)),
                bind=binds,
            ),
            turn("Tally and request summary written."),
        ]
        spec = [
            *self.tally_conds(0, totals=False),
            lab("output/request_summary.md", "Requested by", S["requester"], match="contains"),
            lab("output/request_summary.md", "Due", S["due"], match="contains"),
            tally.in_background("no RunSubagent ran in the background in this round"),
            *self.file_evidence(0, files, self.tally_path),
        ]
        tags = ["background_fanout", "tool_run", "needs_delegation", "parallel", "background", "sensitive_guard"]
        return q, tags, spec, turns, []

    def quoted_decoys(self, M: Media, src: str) -> Binds:
        """Binds for the wrong values of the text source main reads itself, read off that text (empty
        when one of them cannot be found there on its own)."""
        text = self.S["texts"].get(src)
        out = {}
        if not text:
            return {}
        for i, dv in enumerate(M["decoy_values"]):
            for width in (18, 40, 80):  # an anchor that the reader's report of the truth does not share
                try:
                    spec = derive(text, dv, "text", width)
                    check_bind(spec, [text], dv)
                    break
                except ValueError:
                    spec = None
            if spec is None:
                return {}
            out[f"{M['facts']}_wrong_{i}"] = spec
        return out

    def r_media(self, qid: str, mi: int) -> Made:
        S = self.S
        M = S["media"][mi]
        stem, out = M["facts"], M.get("out_dir", "output")
        keys = ", ".join(f'"{f[0]}": <{M["types"][f[0]]}>' for f in M["fields"])
        src = M["decoy_src"]
        q = self.ask(
            f"media{mi}",
            f"{M['ask']} The {M['kind']} {M['path']} is the record; nothing else in the workspace is. Write "
            f"{out}/{stem}.json as {{{keys}}} {M.get('format_note', '')}and {out}/{stem}.md with a section "
            f"## Rejected claims naming each text source that disagrees with the {M['kind']} and what it gets wrong "
            "(its wrong values only inside that section). " + self.guard_sentence(),
        )
        binds, rows, lines = {}, [], []
        for name, kind, want, _tol in M["fields"]:
            b, got = M.get("binds", {}).get(name, (None, want))
            if b is None:
                b = derive(M["truth"], want, {"int": "int", "num": "num"}.get(kind, "text"))
            check_bind(b, [M["truth"]], got)
            binds[f"{stem}_{name}"] = b
            rows.append((name, f"${{var:{stem}_{name}}}", kind in ("int", "num")))
            lines.append(f"- {name.replace('_', ' ').capitalize()}: ${{var:{stem}_{name}}}")
        main_reads = [call("Read", file_path=f"{WS}/{src}")] if src.split("/")[0] in self.accessible() else []
        quoted = self.quoted_decoys(M, src) if main_reads else {}
        gives = ", ".join(f"${{var:{n}}}" for n in quoted)
        rejected = f"{src} is incorrect: it disagrees with the {M['kind']} itself, which governs" + (
            f"; it gives {gives}, which the {M['kind']} does not show." if quoted else "."
        )
        reader = media.Reader(
            f"{stem}_reader",
            M["kind"],
            (M["path"],),
        )
        words = media.Asking(
            f"The {M['kind']} needs a {reader.model_key} reader granted only that file.",
            f"Asking the {reader.model_key} reader.",
            f"read {M['kind']}",
            f"Open {WS}/{M['path']} and report: {M['prompt_fields']}.",
        )
        writes = [
            call("Write", file_path=f"{WS}/{out}/{stem}.json", content=media.json_record(rows)),
            call(
                "Write",
                file_path=f"{WS}/{out}/{stem}.md",
                content=media.notes(f"Facts from {M['path']}", ["\n".join(lines)], [rejected]),
            ),
        ]
        turns = [
            *media.reading_turns(reader, words, also=main_reads, decoy_binds=quoted),
            *media.writing_turns("Writing the facts and the rejected claims.", writes, binds, "Facts written."),
        ]
        spec = self.media_spec(M, out, stem, src, quoted)
        self.deliverable_of[stem] = f"{out}/{stem}.json"
        tags = ["media_extraction", M["kind"], "modality_decoy", "decoy_refutation", "needs_delegation"]
        return q, tags, spec, turns, []

    def media_spec(self, M: Media, out: str, stem: str, src: str, quoted: Binds) -> list[Cond]:
        spec = []
        for name, kind, want, tol in M["fields"]:
            alts = M.get("alternatives", {}).get(name)
            if alts:
                spec.append(
                    {
                        "kind": "json",
                        "path": f"{out}/{stem}.json",
                        "key": [name],
                        "one_of": [want, *alts],
                        "match": "contains",
                    }
                )
            elif kind == "str":
                spec.append(jv(f"{out}/{stem}.json", [name], want, match="contains"))
            else:
                spec.append(jv(f"{out}/{stem}.json", [name], want, tol or 0))
        base = src.split("/")[-1]
        fields = [f[0] for f in M["fields"]]
        decoys = [
            media.Decoy(
                str(dv),
                [f.replace("_", " ") for f in fields] if len(str(dv)) < 4 else (),
                fields if len(str(dv)) < 4 else (),
            )
            for dv in M["decoy_values"]
        ]
        spec += media.refutation(
            f"{out}/{stem}.md",
            f"{out}/{stem}.json",
            decoys,
            names=[base, base.rsplit(".", 1)[0].replace("_", " ")],
            message=f"## Rejected claims does not name {src}",
            # what the text source gets wrong is quoted where it is rejected
            quote=[str(dv) for dv in M["decoy_values"]] if quoted else None,
        )
        said = []
        for f in M["fields"]:
            spoken = M.get("binds", {}).get(f[0], (None, f[2]))[1]
            alts = [fnum(f[2]), *M.get("alternatives", {}).get(f[0], []), *M.get("said", {}).get(f[0], [])]
            said.append(alts + ([str(spoken)] if str(spoken) not in alts else []))
        spec.append(media.perceived(M["path"], M["kind"], said, f"{out}/{stem}.json", as_text=True))
        return spec

    def r_update(self, qid: str, _: int) -> Made:
        S, F = self.S, self.F
        files = self.files_at(1)
        fq = self.qid["fanout"]
        q = self.ask(
            "update",
            f"A late {S['slice_noun']} has landed in {F['slices']}/. The worker from round {fq[1:]} that already knows "
            f"these files should pick it up in its existing session rather than a fresh one. Bring {self.tally_path} up "
            f"to date (same schema, every file now there, plus `{self.pk}` and `{self.tk}` over all files as the tool "
            "reports them) and write output/revision_note.md with `Total now: <n>`, `Previous total: <n> (superseded)` "
            f"and `Top {S['key_name']} now: <id>`; add a line about the late file under the last section of "
            "output/plan.md. " + self.guard_sentence(),
        )
        binds = {**self.tally_binds(files, 1), **self.total_binds(1)}
        note = (
            "# Revision note (${var:case})\n\nTotal now: ${var:total1}\nPrevious total: ${var:total0} (superseded)\n"
            f"Top {S['key_name']} now: ${{var:top1}}\n\nThe late file {S['u1_file']['name']} was tallied in the "
            "resumed session; the earlier total is superseded.\n"
        )
        extra_writes, extra_spec, extra_q = self.update_extras(files)
        if extra_q:
            q = q.replace(self.guard_sentence(), extra_q + " " + self.guard_sentence())
        turns = [
            tally.before_resume(
                "Finding the tally session from the fan-out and inspecting it before resuming.", "tally_a"
            ),
            turn(
                "Resuming the tally session with the late file included.",
                tally.run_tool(
                    "tally_a",
                    "re-tally with the late file",
                    self.tool_cmd(files),
                    before="A late file arrived. ",
                    resume=True,
                ),
            ),
            turn(
                "Updating the tally, the note and the plan.",
                call("Write", file_path=f"{WS}/{self.tally_path}", content=self.tally_doc(files, 1)),
                call("Write", file_path=f"{WS}/output/revision_note.md", content=note + self.note_block()),
                *extra_writes,
                call(
                    "Edit",
                    file_path=f"{WS}/output/plan.md",
                    old_string=self.plan_tail,
                    new_string=f"{self.plan_tail}\n- Late data: {S['u1_file']['name']} merged in round {qid}.\n",
                ),
                bind=binds,
            ),
            turn("Tally revised."),
        ]
        t0, t1 = self.tallies()[0], self.tallies()[1]
        old, new = t0[f"total_{self.ck}"], t1[f"total_{self.ck}"]
        spec = [
            *self.tally_conds(1),
            lab("output/revision_note.md", "Total now", new),
            lab("output/revision_note.md", "Previous total", str(old), match="contains"),
            lab("output/revision_note.md", f"Top {S['key_name']} now", t1[self.tk]),
            decoy("output/revision_note.md", old, labels=["Total now"]),
            decoy(self.tally_path, old, labels=[f"total_{self.ck}"]),
            {
                "kind": "contains",
                "path": "output/plan.md",
                "all": [S["u1_file"]["name"]],
                "message": "output/plan.md does not mention the late file",
            },
            conditions.resumed(),
            *extra_spec,
            *self.file_evidence(1, [S["u1_file"]], self.tally_path),
        ]
        tags = ["update_merge", "session_reuse", "cross_round", "needs_delegation", "tool_run"]
        return q, tags, spec, turns, ["u1_" + S["u1_id"]]

    def r_workflow(self, qid: str, _: int) -> Made:
        S, F = self.S, self.F
        D, A = S["doc"], S["archive"]
        has_u2 = bool(S.get("u2_file"))
        doc_path, arc_path = f"{F['docs']}/{D['file']}", f"{F['archive']}/{A['file']}"
        q = self.workflow_question()
        dtext = self.doc_text(doc_path)
        ref = self.doc_ref(dtext)
        binds = {
            "doc_ref": derive(dtext, ref),
            "limit": derive(dtext, D["limit"], D["limit_kind"]),
            "verdict": derive(dtext, D["verdict"]),
        }
        for name, want in (("doc_ref", ref), ("limit", D["limit"]), ("verdict", D["verdict"])):
            check_bind(binds[name], [dtext], want)
            check_bind(binds[name], [json.dumps(dtext)], want)  # as a Workflow result carries it
        readers = [
            wf.Reader(
                "doc_reader",
                ("Read",),
                (doc_path,),
                "Quote what you are asked verbatim, with document id and revision.",
                f"Read {WS}/{doc_path} and quote its id, revision, the {D['limit_label'].lower()} and the verdict rule.",
            ),
            self.archive_reader(arc_path),
        ]
        conds = []
        if has_u2:
            files = self.files_at(2)
            grant = tuple(f"{F['slices']}/{f['name']}" for f in files)
            readers.append(
                wf.Reader(
                    "retally",
                    ("Bash",),
                    (*grant, f"{F['tools']}/{S['tool']}"),
                    "Run the tool exactly as instructed and report its output verbatim.",
                    f"Run: {self.tool_cmd(files)} and report the output verbatim.",
                )
            )
            binds.update({**self.tally_binds(files, 2), **self.total_binds(2)})
            conds = [*self.tally_conds(2), *self.file_evidence(2, [S["u2_file"]], self.tally_path)]
            prev = self.tallies()[1][f"total_{self.ck}"]
            conds.append(decoy(self.tally_path, prev, labels=[f"total_{self.ck}"]))
        cur = "2" if has_u2 else "1"
        comp = wf.note(
            "Cross-check against the governing document",
            ["Governing document: ${var:doc_ref}", f"{D['limit_label']}: ${{var:limit}}", "Verdict: ${var:verdict}"],
            [f"{arc_path} is stale: it applied older rules and its figures are superseded by the governing document."],
            f"The current tally is ${{var:total{cur}}} ({self.ck.replace('_', ' ')}), judged under the rule of the "
            "governing document.",
        )
        writes = [call("Write", file_path=f"{WS}/output/compliance.md", content=comp)]
        if has_u2:
            writes.insert(
                0, call("Write", file_path=f"{WS}/{self.tally_path}", content=self.tally_doc(self.files_at(2), 2))
            )
        turns = [
            turn(
                "Composing the cross-check as one workflow with parallel agents.",
                wf.call("cross_check", "cross-check", readers),
            ),
            turn("Workflow finished; writing the results.", *writes, bind=binds),
            turn("Compliance note written."),
        ]
        spec = self.workflow_spec(doc_path, arc_path, conds)
        tags = ["workflow", "parallel", "document", "decoy_refutation", "needs_delegation", "cross_round"]
        ups = []
        if has_u2:
            tags.append("update_merge")
            ups = ["u2_" + S["u2_id"]]
        return q, tags, spec, turns, ups

    def workflow_question(self) -> str:
        S, F = self.S, self.F
        D, A = S["doc"], S["archive"]
        has_u2 = bool(S.get("u2_file"))
        extra = ""
        if has_u2:
            extra = (
                f" A corrected re-export of {S['u2_file']['name']} has replaced the earlier one in {F['slices']}/, "
                f"so {self.tally_path} needs the tool's figures again over every file (same schema), inside the "
                "same composition."
            )
        return self.ask(
            "workflow",
            f"Check the evidence against the governing {D['desc']} in {F['docs']}/ and the earlier {A['desc']} in "
            f"{F['archive']}/ as one Workflow script whose agents run side by side with parallel(), one per source."
            f"{extra} Then write output/compliance.md with `Governing document: <id and revision>`, "
            f"`{D['limit_label']}: <value>` and `Verdict: <the document's own label for the current tally>`, plus a "
            f"section ## Rejected claims on where the {A['desc']} differs and why it does not govern (its figures only "
            "inside that section). " + self.guard_sentence(),
        )

    def workflow_spec(self, doc_path: str, arc_path: str, conds: list[Cond]) -> list[Cond]:
        S = self.S
        D, A = S["doc"], S["archive"]
        has_u2 = bool(S.get("u2_file"))
        spec = [
            lab("output/compliance.md", "Governing document", D["doc_id_parts"][0], match="contains"),
            {"kind": "contains", "path": "output/compliance.md", "all": [D["doc_id_parts"][0]]},
            lab("output/compliance.md", D["limit_label"], D["limit"], D.get("tol") or 0),
            lab("output/compliance.md", "Verdict", D["verdict"]),
            wf.stale_named("output/compliance.md", [A["file"], A["file"].rsplit(".", 1)[0], S["archive_case_id"]]),
            wf.parallel_readers(3 if has_u2 else 2),
            evidence(doc_path, [fnum(D["limit"]), D["verdict"]], "output/compliance.md"),
            *conds,
        ]
        if search_of(S):
            spec.append(evidence(arc_path, [S["archive_case_id"], A["stale_values"][0]], "output/compliance.md"))
        spec += wf.superseded("output/compliance.md", A["stale_values"], labels=[D["limit_label"]], as_text=True)
        if A["stale_verdict"].lower() not in D["verdict"].lower():
            spec += wf.superseded("output/compliance.md", [A["stale_verdict"]], labels=["Verdict"], as_text=True)
        return spec

    def archive_reader(self, arc_path: str) -> wf.Reader:
        """The archive reader: handed the earlier case's file, or (where the manager must locate it by
        content) its whole folder with Read and Grep, asked for a term the request gives (never a
        checked value) without naming a file."""
        sr = search_of(self.S)
        system = "Report the ids, limits and conclusions of the document you read."
        what = "its id, date, the limit it used and its conclusion."
        if not sr:
            return wf.Reader(
                "archive_reader", ("Read",), (arc_path,), system, f"Read {WS}/{arc_path} and report {what}"
            )
        task = search.ask(self.F["archive"], sr.term, f"report, for every record that matches, {what}", sr.why)
        return search.searcher("archive_reader", self.F["archive"], system, task)

    def doc_ref(self, dtext: str) -> str:
        """The document's id through its revision word, as the document writes it on its first mention."""
        p0: str = self.S["doc"]["doc_id_parts"][0]
        p1: str = self.S["doc"]["doc_id_parts"][1]
        i = dtext.find(p0)
        j = dtext.find(p1, i + len(p0))
        line_end = dtext.find("\n", i)
        if i < 0 or j < 0 or (line_end >= 0 and j > line_end):
            return p0
        return dtext[i : j + len(p1)]

    def doc_text(self, rel: str) -> str:
        """What a Read-only worker reports of ``rel``: the numbered text, cut where the simulated pool cuts it."""
        from _bind import file_text

        from arena_tui.providers.sim import EXCERPT
        from arena_tui.tools.read import DEFAULT_LIMIT, number_lines

        return number_lines(file_text(f"{self.ws}/{rel}"), 0, DEFAULT_LIMIT)[:EXCERPT]

    @property
    def seal(self) -> fin.Seal:
        """The final summary's sealing: the scenario's tool and key, the summary and its token."""
        S, F = self.S, self.F
        at = (f"{F['tools']}/{S['seal_tool']}", f"{F['vault']}/{S['seal_file']}")
        return fin.Seal(*at, "output/final_summary.json", "output/final_token.txt", S["seal_prefix"], SEALER)

    def r_final(self, qid: str, _: int) -> Made:
        fs = self.final_summary()
        types = self.summary_types()
        q = self.final_question(types)
        turns = self.final_turns(fs, types)
        spec = self.final_spec(fs)
        tags = ["final_synthesis", "cross_round", "decoy_refutation", "tool_run", "sensitive_guard"]
        return q, tags, spec, turns, []

    def final_question(self, types: dict[str, str]) -> str:
        S, F = self.S, self.F
        keys = ", ".join(f'"{k}": <{ {"int": "int", "num": "number"}.get(t, "string") }>' for k, t in types.items())
        facts = ", ".join(
            self.deliverable_of.get(S["media"][mi]["facts"], S["media"][mi]["facts"]) for _, mi, _ in S["final_media"]
        )
        seal_cmd = self.seal.command(in_workspace=False)
        return self.ask(
            "final",
            f"Time to close this out. Write output/final_summary.json as {{{keys}}}, consistent with the tally, {facts} "
            f"and output/compliance.md (`python3 {F['tools']}/validate_summary.py output/final_summary.json` checks the "
            f"shape). The record must be sealed with `{seal_cmd}` by someone who may open the key, and the printed "
            "line goes into output/final_token.txt (do not touch the summary after sealing). Then write "
            f"output/final_report.md for {S['requester']}: a short account and a section ## Rejected claims that deals "
            f"with the automatic digest in {F['digest']}/ and the earlier {S['archive']['desc']} (their figures only "
            "there). " + self.guard_sentence(),
        )

    def final_turns(self, fs: dict[str, Any], types: dict[str, str]) -> list[Turn]:
        S, F, seal = self.S, self.F, self.seal
        last = "2" if len(self.tallies()) == 3 else "1"
        vals = {
            "case_id": fin.slot("case", False),
            f"total_{self.ck}": fin.slot(f"total{last}", True),
            self.tk: fin.slot(f"top{last}", False),
            "verdict": fin.slot("verdict", False),
        }
        for key, mi, field in S["final_media"]:
            vals[key] = fin.slot(f"{S['media'][mi]['facts']}_{field}", types[key] in ("int", "num"))
        report = (
            f"# {S['summary_line'].split(':')[0]}: final report (${{var:case}})\n\nFor ${{var:requester}}. "
            f"The tally over every file stands at ${{var:total{last}}}; the governing document gives the verdict "
            "${var:verdict}. The sealed summary is in output/final_summary.json.\n\n"
            + fin.rejected_claims(
                f"The automatic digest in {F['digest']}/ is incorrect: its figures do not match the tool's tally.",
                f"{F['archive']}/{S['archive']['file']} ({S['archive_case_id']}) is stale and does not govern.",
            )
        )
        return [
            turn("Writing the final summary.", write_call(seal.record, fin.json_record({k: vals[k] for k in fs}))),
            *fin.seal_turns(
                seal,
                ("Validating the shape and creating the sealer.", "Sealing the final summary.",
                 "Writing the token and the report."),
                before=[fin.validate(f"{F['tools']}/validate_summary.py", seal.record, "validate summary shape")],
                also=[write_call("output/final_report.md", report)],
            ),
            turn("Final summary sealed and report written."),
        ]  # fmt: skip

    def final_spec(self, fs: dict[str, Any]) -> list[Cond]:
        S, F, seal = self.S, self.F, self.seal
        fj, media = seal.record, {m[0] for m in S["final_media"]}
        texts = {k for k, v in fs.items() if isinstance(v, str) and k in media}
        spec = fin.values(fj, fs, lambda _k, v: 0.05 if isinstance(v, float) else 0, contained=texts)
        spec += [
            fin.agree_with(fj, f"total_{self.ck}", {"path": self.tally_path, "key": [f"total_{self.ck}"]}),
            fin.agree_with(fj, self.tk, {"path": self.tally_path, "key": [self.tk]}),
            fin.agree_with(fj, "verdict", {"path": "output/compliance.md", "label": "Verdict"}),
        ]
        for key, mi, field in S["final_media"]:
            stem = S["media"][mi]["facts"]
            spec.append(
                fin.agree_with(
                    fj, key, {"path": self.deliverable_of.get(stem, f"output/{stem}.json"), "key": [field]}, 0.05
                )
            )
        spec += [
            fin.sealed(seal),
            fin.rejected("output/final_report.md", any=["digest", F["digest"]],
                     message="## Rejected claims does not deal with the automatic digest"),
            fin.rejected("output/final_report.md", any=[S["archive_case_id"], S["archive"]["file"]],
                     message="## Rejected claims does not deal with the earlier case"),
            fin.key_evidence(seal),
        ]  # fmt: skip
        sv = S["archive"]["stale_verdict"]
        if sv.lower() not in S["doc"]["verdict"].lower():
            spec.append(decoy(fj, sv, labels=["verdict"] if len(sv) < 4 else ()))
        short = [self.ck.replace("_", " "), S["doc"]["limit_label"], "total"]
        for dv in S["final_decoys"]:
            spec.append(fin.rejected_decoy("output/final_report.md", dv, labels=short if len(str(dv)) < 4 else ()))
        return spec

    def note_block(self) -> str:
        if self.asks.extra != "note_json":
            return ""
        return (
            '\n```json\n{"total_now": ${var:total1}, "previous_total": ${var:total0}, "top_now": "${var:top1}"}\n```\n'
        )

    def update_extras(self, files: list[SliceFile]) -> tuple[list[Call], list[Cond], str]:
        """A per-file CSV beside the tally, or a fenced JSON block in the revision note (per scenario)."""
        S, kind = self.S, self.asks.extra
        t1 = self.tallies()[1]
        if kind == "csv":
            path = f"output/{S['tally_name']}_by_file.csv"
            columns = ["file", self.ck, self.pk, self.tk]
            body = tally.csv_doc(
                columns, ([f["name"], var(f"c1_{i}"), var(f"p1_{i}"), var(f"t1_{i}")] for i, f in enumerate(files))
            )
            expect = [
                {"key": n, "expect": {self.ck: st[self.ck], self.pk: st[self.pk], self.tk: st[self.tk]}}
                for n, st in sorted(t1["files"].items())
            ]
            table = tally.table(path, "file", sorted(t1["files"]), expect, columns, tol=0.05)
            header = f"file,{self.ck},{self.pk},{self.tk}"
            ask = self.asks.extra_ask or "Also write {path} with the header `{header}`, one row per file."
            q = ask.format(path=path, header=header)
            return [call("Write", file_path=f"{WS}/{path}", content=body)], [table], q
        if kind == "note_json":
            old = self.tallies()[0][f"total_{self.ck}"]
            spec = [
                jv("output/revision_note.md", ["total_now"], t1[f"total_{self.ck}"]),
                jv("output/revision_note.md", ["previous_total"], old),
                jv("output/revision_note.md", ["top_now"], t1[self.tk]),
            ]
            q = (
                self.asks.extra_ask
                or "End the note with a ```json block holding total_now, previous_total and top_now."
            )
            return [], spec, q
        return [], [], ""
