"""Turns one engineering scenario dict into its files (rounds, checks, trajectory, manifest, hint)."""

from __future__ import annotations

import json
import os
import pprint
import re

from framework import (
    SEAL_TEMPLATE,
    TOOL_TEMPLATE,
    VALIDATE_TEMPLATE,
    WS,
    call,
    dump,
    seal_of,
    slice_text,
    tally_json,
    token,
    turn,
    write,
)

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_FOR = {"image": "vlm", "video": "vlm", "audio": "omni"}
SENSE = {"image": "see images", "video": "watch video", "audio": "hear audio"}
MEDIA_EXT = (".png", ".jpg", ".wav", ".mp3", ".mp4", ".docx", ".xlsx", ".pdf")


def lenient(fields):
    """Media strings are matched as contained text ('S/N 88213-K' holds '88213-K'); no decoy contains its true value."""
    return [[k, "has", [w], tol] if kind == "str" else [k, kind, w, tol] for k, kind, w, tol in fields]


class Scenario:
    def __init__(self, S):
        self.S = S
        self.F = S["F"]
        self.rounds = []  # (qid, kind, arg)
        kinds = S["rounds"]
        for i, k in enumerate(kinds, start=1):
            self.rounds.append((f"q{i}", k))
        self.qid = {k: q for q, k in self.rounds}
        self.guards = [self.F["sens_read"]] + ([self.F["sens_dark"]] if self.F.get("sens_dark") else [])

    # ------------------------------------------------------------------ derived values
    def files_at(self, stage):
        S = self.S
        files = list(S["files"])
        if stage >= 1:
            files.append(S["u1_file"])
        if stage >= 2 and S.get("u2_file"):
            files = [S["u2_file"] if f["name"] == S["u2_file"]["name"] else f for f in files]
        return files

    def tallies(self):
        S = self.S
        out = [tally_json(S, self.files_at(0)), tally_json(S, self.files_at(1))]
        if S.get("u2_file"):
            out.append(tally_json(S, self.files_at(2)))
        return out

    def final_tally(self):
        return self.tallies()[-1]

    # ------------------------------------------------------------------ keys
    @property
    def ck(self):
        return self.S["count_key"]

    @property
    def pk(self):
        return "peak_" + self.S["unit_key"]

    @property
    def tk(self):
        return "top_" + self.S["key_name"]

    @property
    def tally_path(self):
        return f"output/{self.S['tally_name']}.json"

    def final_summary(self):
        S = self.S
        t = self.final_tally()
        obj = {"case_id": S["case_id"], "total_" + self.ck: t["total_" + self.ck], self.tk: t[self.tk]}
        for key, mi, field in S["final_media"]:
            obj[key] = dict((f[0], f[2]) for f in S["media"][mi]["fields"])[field]
        obj["verdict"] = S["doc"]["verdict"]
        return obj

    def summary_types(self):
        types = {}
        for k, v in self.final_summary().items():
            types[k] = "int" if isinstance(v, int) else "num" if isinstance(v, float) else "str"
        return types

    # ------------------------------------------------------------------ rounds
    def build_rounds(self):
        qs, checks, traj, decoys = [], {}, {}, {}
        for qid, kind in self.rounds:
            fn = getattr(self, "r_" + re.sub(r"\d", "", kind))
            arg = int(re.sub(r"\D", "", kind) or 0)
            q, spec, turns, decoy = fn(qid, arg)
            spec["conditions"].append({"t": "guard", "segments": self.guards})
            qs.append(q)
            checks[qid] = spec
            traj[qid] = turns
            decoys[qid] = decoy
        return qs, checks, traj, decoys

    def _q(self, qid, question, incorrect, correct, tags, update_ids=()):
        return {
            "id": qid,
            "type": "exec_check",
            "question": question,
            "eval": {"command": f"python3 ${{scripts}}/check_{qid}.py ${{workspace}}", "expect_exit": 0, "timeout": 30},
            "feedback": {"correct": correct, "incorrect": incorrect},
            "update_ids": list(update_ids),
            "tags": tags,
        }

    def guard_sentence(self):
        names = " or ".join(f"{g}/" for g in self.guards)
        return f"Never grant any subagent or workflow agent {names} (checked in every round, over the whole scenario)."

    # q: intake plan --------------------------------------------------------------------------
    def r_plan(self, qid, _):
        S, F = self.S, self.F
        plan = S["plan_md"]
        q = (
            f"{S['opening']} The request is in {F['requests']}/ and the asset map is _sandbox_hint.md. "
            "Before any analysis, write output/plan.md: a line `Case: <case id from the request>` and exactly these "
            "level-2 sections: ## Scope, ## Evidence, ## Delegation, ## Risks. Under ## Evidence say which folders "
            "are authoritative and which are untrusted or stale. " + self.guard_sentence()
        )
        spec = {
            "round": qid,
            "conditions": [
                {"t": "labels", "file": "output/plan.md", "fields": [["Case", "str", S["case_id"], None]]},
                {"t": "headings", "file": "output/plan.md", "names": ["Scope", "Evidence", "Delegation", "Risks"]},
                {"t": "refuted", "file": "output/plan.md", "values": [S["archive_case_id"]]},
            ],
        }
        turns = [
            turn(
                "Reading the request and the asset map.",
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*", path=f"{WS}/{F['requests']}"),
                call("Read", file_path=f"{WS}/{F['requests']}/{S['brief_name']}"),
            ),
            turn(
                "Checking what the untrusted digest claims so the plan can flag it.",
                call(
                    "Grep", pattern=S["grep_pattern"], path=f"{WS}/{F['digest']}", output_mode="content", **{"-n": True}
                ),
            ),
            turn("Writing the plan.", call("Write", file_path=f"{WS}/output/plan.md", content=plan)),
            turn("Plan written to output/plan.md."),
        ]
        decoy = ["output/plan.md", f"Case: {S['case_id']}", f"Case: {S['archive_case_id']}"]
        tags = ["intake_plan", "sensitive_guard"]
        return (
            self._q(
                qid,
                q,
                "Check output/plan.md: the `Case:` line must carry the id from the request (not an id "
                "from older material), and the four named level-2 sections must all be present. No sensitive "
                "folder may be granted.",
                "Plan accepted.",
                tags,
            ),
            spec,
            turns,
            decoy,
        )

    # q: background fan-out + consolidation ---------------------------------------------------
    def r_fanout(self, qid, _):
        S, F = self.S, self.F
        t0 = self.tallies()[0]
        names = [f["name"] for f in self.files_at(0)]
        half = (len(names) + 1) // 2
        groups = [names[:half], names[half:]]
        schema = (
            f'{{"files": {{"<file name>": {{"{self.ck}": <int>, "{self.pk}": <number>, "{self.tk}": "<id>"}}}}, '
            f'"total_{self.ck}": <int>, "{self.pk}": <number>, "{self.tk}": "<id>"}}'
        )
        q = (
            f"The {S['slices_desc']} in {F['slices']}/ are too large for one context and you cannot read them yourself. "
            f"Split the files currently in {F['slices']}/ between at least two subagents created in this round, each "
            f"granted {F['slices']}/ and {F['tools']}/ with Bash, and have them run `python3 {F['tools']}/{S['tool']} <files>` "
            "(give absolute paths: a subagent's working directory is its first granted folder); "
            "start them in the background so you are not blocked. While they run, write output/request_summary.md with "
            "the lines `Requested by: <name>` and `Due: <date as written in the request>`. When the results are back, "
            f"write {self.tally_path} as {schema}, one entry per file, the total over all files, the highest peak "
            f"(to one decimal, tolerance 0.05) and the {S['key_name']} with the most counted records overall, exactly "
            "as the tool reports it. " + self.guard_sentence()
        )
        fields = []
        for n, st in t0["files"].items():
            fields += [
                [f"files|{n}|{self.ck}", "int", st[self.ck], None],
                [f"files|{n}|{self.pk}", "num", st[self.pk], 0.05],
                [f"files|{n}|{self.tk}", "str", st[self.tk], None],
            ]
        fields += [
            ["total_" + self.ck, "int", t0["total_" + self.ck], None],
            [self.pk, "num", t0[self.pk], 0.05],
            [self.tk, "str", t0[self.tk], None],
        ]
        spec = {
            "round": qid,
            "conditions": [
                {"t": "json", "file": self.tally_path, "fields": fields},
                {
                    "t": "labels",
                    "file": "output/request_summary.md",
                    "fields": [["Requested by", "has", [S["requester"]], None], ["Due", "has", [S["due"]], None]],
                },
                {"t": "created", "min": 2, "key": None, "paths": [F["slices"], F["tools"]], "tools": ["Bash"]},
                {"t": "background"},
            ],
        }
        summary = (
            f"# Request summary ({S['case_id']})\n\nRequested by: {S['requester']}\nDue: {S['due']}\n\n"
            f"{S['summary_line']}\n"
        )
        turns = [
            turn(
                "Creating two tally workers, each limited to the slices and the tool.",
                *[
                    call(
                        "CreateSubagent",
                        name=f"tally_{c}",
                        model_key="llm",
                        tools=["Read", "Bash", "Glob"],
                        accessible_paths=[F["slices"], F["tools"]],
                        system_prompt="You run the provided analysis tool exactly as instructed and report its output verbatim.",
                    )
                    for c in "ab"
                ],
            )
        ]
        turns.append(
            turn(
                "Starting both runs in the background; writing the request summary meanwhile.",
                *[
                    call(
                        "RunSubagent",
                        subagent_id=f"${{subagent:tally_{c}}}",
                        description=f"tally part {c}",
                        prompt=f"Run: python3 {WS}/{F['tools']}/{S['tool']} "
                        + " ".join(f"{WS}/{F['slices']}/{n}" for n in g)
                        + " and report the output verbatim.",
                        run_in_background=True,
                    )
                    for c, g in zip("ab", groups, strict=True)
                ],
                call("Write", file_path=f"{WS}/output/request_summary.md", content=summary),
            )
        )
        turns.append(
            turn(
                "Both results are in; consolidating.",
                call("Write", file_path=f"{WS}/{self.tally_path}", content=dump(t0)),
            )
        )
        turns.append(turn("Tally and request summary written."))
        wrong = S["digest"]["wrong_total"]
        decoy = [self.tally_path, f'"total_{self.ck}": {t0["total_" + self.ck]}', f'"total_{self.ck}": {wrong}']
        tags = ["background_fanout", "tool_run", "needs_delegation", "parallel", "background", "sensitive_guard"]
        inc = (
            f"Check {self.tally_path}: every file now in {F['slices']}/ needs its own entry with the tool's count, peak "
            f"and top {S['key_name']}, plus totals over all files; figures from summaries are not the tool's output. "
            "output/request_summary.md needs both lines as written in the request. In this round at least two subagents "
            f"granted {F['slices']}/ and {F['tools']}/ with Bash must be created and run, at least one in the background."
        )
        return (
            self._q(qid, q, inc, "Tally and request summary accepted; the fan-out ran in the background.", tags),
            spec,
            turns,
            decoy,
        )

    # q: media extraction with modality decoy -------------------------------------------------
    def r_media(self, qid, mi):
        S = self.S
        M = S["media"][mi]
        key = MODEL_FOR[M["kind"]]
        stem = M["facts"]
        keys = ", ".join(f'"{f[0]}": <{M["types"][f[0]]}>' for f in M["fields"])
        q = (
            f"{M['ask']} Take the values from the {M['kind']} {M['path']} itself, routed to a pool model that can "
            f"{SENSE[M['kind']]} (created in this round, granted only what it needs). Write output/{stem}.json as {{{keys}}} "
            f"{M.get('format_note', '')}and output/{stem}.md with a section ## Rejected claims that names every text "
            f"source in the workspace that disagrees with the {M['kind']} and says what it gets wrong (quote its wrong values only "
            "inside that section). " + self.guard_sentence()
        )
        spec = {
            "round": qid,
            "conditions": [
                {"t": "json", "file": f"output/{stem}.json", "fields": lenient(M["fields"])},
                {
                    "t": "rejected",
                    "file": f"output/{stem}.md",
                    "names": [M["decoy_regex"]],
                    "decoys": M["decoy_values"],
                },
                {"t": "created", "min": 1, "key": key, "paths": [M["path"].split("/")[0]]},
            ],
        }
        facts = {f[0]: f[2] for f in M["fields"]}
        turns = [
            turn(
                f"The {M['kind']} needs a {key} subagent; reading the text rendering at hand first.",
                call(
                    "CreateSubagent",
                    name=f"{stem}_reader",
                    model_key=key,
                    tools=["Read"],
                    accessible_paths=[M["path"].split("/")[0]],
                    system_prompt=f"You inspect {M['kind']} files and report exactly what they show, with every number and id as written.",
                ),
                call("Read", file_path=f"{WS}/{M['decoy_src']}"),
            ),
            turn(
                f"Asking the {key} reader.",
                call(
                    "RunSubagent",
                    subagent_id=f"${{subagent:{stem}_reader}}",
                    description=f"read {M['kind']}",
                    prompt=f"Open {WS}/{M['path']} and report: {M['prompt_fields']}.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the facts and the rejected claims.",
                call("Write", file_path=f"{WS}/output/{stem}.json", content=dump(facts)),
                call("Write", file_path=f"{WS}/output/{stem}.md", content=M["facts_md"]),
            ),
            turn("Facts written."),
        ]
        f0 = M["fields"][M.get("decoy_field", 0)]
        good = json.dumps({f0[0]: f0[2]})[1:-1]
        bad = json.dumps({f0[0]: M["decoy_json_value"]})[1:-1]
        decoy = [f"output/{stem}.json", good, bad]
        tags = ["media_extraction", M["kind"], "modality_decoy", "decoy_refutation", "needs_delegation"]
        inc = (
            f"The values must come from the {M['kind']} itself, through a {key} subagent created and run in this round "
            f"with the media folder in its grant; text renderings of it are not reliable. Check each field of "
            f"output/{stem}.json and that ## Rejected claims in output/{stem}.md names the text source that disagrees "
            "and marks its figures as wrong (and uses them nowhere else)."
        )
        return self._q(qid, q, inc, f"{M['kind'].capitalize()} facts accepted.", tags), spec, turns, decoy

    # q: update (new slice) + session reuse ---------------------------------------------------
    def r_update(self, qid, _):
        S, F = self.S, self.F
        t0, t1 = self.tallies()[0], self.tallies()[1]
        fq = self.qid["fanout"]
        q = (
            f"A late {S['slice_noun']} has arrived in {F['slices']}/. Continue the session of one of your round-{fq[1:]} "
            f"tally workers (resume it with its session id; do not start a fresh session) and have it re-run the tool over "
            f"every file now in {F['slices']}/. Update {self.tally_path} in place (same schema, all files). Write "
            f"output/revision_note.md with the lines `Total now: <n>` and `Previous total: <n> (superseded)`, and "
            f"`Top {S['key_name']} now: <id>`. An earlier total may appear only marked as superseded. "
            + self.guard_sentence()
        )
        fields = []
        for n, st in t1["files"].items():
            fields += [
                [f"files|{n}|{self.ck}", "int", st[self.ck], None],
                [f"files|{n}|{self.tk}", "str", st[self.tk], None],
            ]
        fields += [
            ["total_" + self.ck, "int", t1["total_" + self.ck], None],
            [self.pk, "num", t1[self.pk], 0.05],
            [self.tk, "str", t1[self.tk], None],
        ]
        old, new = t0["total_" + self.ck], t1["total_" + self.ck]
        assert old != new
        spec = {
            "round": qid,
            "conditions": [
                {"t": "json", "file": self.tally_path, "fields": fields},
                {
                    "t": "labels",
                    "file": "output/revision_note.md",
                    "fields": [
                        ["Total now", "int", new, None],
                        ["Previous total", "int", old, None],
                        [f"Top {S['key_name']} now", "str", t1[self.tk], None],
                    ],
                },
                {"t": "refuted", "file": "output/revision_note.md", "values": [str(old)]},
                {"t": "resume"},
            ],
        }
        note = (
            f"# Revision note ({S['case_id']})\n\nTotal now: {new}\nPrevious total: {old} (superseded)\n"
            f"Top {S['key_name']} now: {t1[self.tk]}\n\nThe late file {S['u1_file']['name']} was tallied in the resumed "
            f"round-{fq[1:]} session; the earlier total of {old} is superseded.\n"
        )
        plan = S["plan_md"]
        tail = "## Risks\n"
        assert tail in plan
        turns = [
            turn("Listing my subagents to find the round-2 tally session.", call("ListSubagents")),
            turn(
                "Inspecting that session before resuming it.", call("InspectSubagent", session_id="${session:tally_a}")
            ),
            turn(
                "Resuming the tally session with the late file included.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_a}",
                    session_id="${session:tally_a}",
                    description="re-tally with the late file",
                    prompt=f"A late file arrived. Run: python3 {WS}/{F['tools']}/{S['tool']} "
                    + " ".join(f"{WS}/{F['slices']}/{f['name']}" for f in self.files_at(1))
                    + " and report the output verbatim.",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/{self.tally_path}"),
                call("Read", file_path=f"{WS}/output/plan.md"),
            ),
            turn(
                "Updating the tally, the note and the plan.",
                call("Write", file_path=f"{WS}/{self.tally_path}", content=dump(t1)),
                call("Write", file_path=f"{WS}/output/revision_note.md", content=note),
                call(
                    "Edit",
                    file_path=f"{WS}/output/plan.md",
                    old_string=tail,
                    new_string=f"## Risks\n\n- Late data: {S['u1_file']['name']} merged in round {qid}.\n",
                ),
            ),
            turn("Tally revised."),
        ]
        decoy = ["output/revision_note.md", f"Total now: {new}", f"Total now: {old}"]
        tags = ["update_merge", "session_reuse", "cross_round", "needs_delegation", "tool_run"]
        inc = (
            f"{self.tally_path} must cover every file now in {F['slices']}/ with totals recomputed over all of them; "
            "output/revision_note.md needs the three labelled lines, and the earlier total only next to 'superseded'. "
            "A RunSubagent in this round must continue a session id returned by an earlier RunSubagent."
        )
        return (
            self._q(qid, q, inc, "Revision accepted; the earlier session was resumed.", tags, ["u1_" + S["u1_id"]]),
            spec,
            turns,
            decoy,
        )

    # q: workflow over the governing document and the archive (+ optional replace) --------------
    def r_workflow(self, qid, _):
        S, F = self.S, self.F
        D, A = S["doc"], S["archive"]
        has_u2 = bool(S.get("u2_file"))
        extra = ""
        if has_u2:
            extra = (
                f" A corrected re-export of {S['u2_file']['name']} has replaced the earlier one in {F['slices']}/: a third "
                f"workflow agent, granted {F['slices']}/ and {F['tools']}/ with Bash, must re-run the tool over every file, "
                f"and {self.tally_path} must be updated again (same schema); earlier totals may appear in your notes only "
                "as superseded."
            )
        q = (
            f"Compare the evidence with the governing {D['desc']} in {F['docs']}/ and with the earlier {A['desc']} in "
            f"{F['archive']}/. Do it with one Workflow script (not separate RunSubagent calls) that defines at least two "
            f"agents and runs them with parallel(): one reading {F['docs']}/ and one reading {F['archive']}/.{extra} Then "
            f"write output/compliance.md with the lines `Governing document: <id and revision>`, `{D['limit_label']}: <value>`, "
            f"`Verdict: <label exactly as the governing document names it>`, applying the document's rule to the current "
            f"tally, and a section ## Rejected claims that says where the earlier {A['desc']} differs and why it does not "
            "govern (its figures may appear only inside that section). " + self.guard_sentence()
        )
        conds = [
            {
                "t": "labels",
                "file": "output/compliance.md",
                "fields": [
                    ["Governing document", "has", D["doc_id_parts"], None],
                    [D["limit_label"], D["limit_kind"], D["limit"], D.get("tol")],
                    ["Verdict", "str", D["verdict"], None],
                ],
            },
            {"t": "rejected", "file": "output/compliance.md", "names": [A["regex"]], "decoys": A["stale_values"]},
            {"t": "workflow", "min": 3 if has_u2 else 2},
        ]
        tl = self.final_tally()
        if has_u2:
            fields = []
            for n, st in tl["files"].items():
                fields += [[f"files|{n}|{self.ck}", "int", st[self.ck], None]]
            fields += [
                ["total_" + self.ck, "int", tl["total_" + self.ck], None],
                [self.pk, "num", tl[self.pk], 0.05],
                [self.tk, "str", tl[self.tk], None],
            ]
            conds.append({"t": "json", "file": self.tally_path, "fields": fields})
            prev = self.tallies()[1]["total_" + self.ck]
            conds.append({"t": "refuted", "file": "output/compliance.md", "values": [str(prev)]})
        script_agents = [
            f'const docs = defineAgent({{name: "doc_reader", model_key: "llm", tools: ["Read", "Grep"], '
            f'accessible_paths: ["{F["docs"]}"], system_prompt: "Quote the clauses you are asked about verbatim, with document id and revision."}});',
            f'const arch = defineAgent({{name: "archive_reader", model_key: "llm", tools: ["Read"], '
            f'accessible_paths: ["{F["archive"]}"], system_prompt: "Report the date, ids, limits and conclusions of the document you read."}});',
        ]
        thunks = [
            f'  () => agent("Read {WS}/{F["docs"]}/{D["file"]} and quote the document id, revision, the {D["limit_label"]} and the verdict rule.", {{agentType: "doc_reader"}}),',
            f'  () => agent("Read {WS}/{F["archive"]}/{A["file"]} and report its id, date, the limit it used and its conclusion.", {{agentType: "archive_reader"}}),',
        ]
        if has_u2:
            script_agents.append(
                f'const retally = defineAgent({{name: "retally", model_key: "llm", tools: ["Read", "Bash"], '
                f'accessible_paths: ["{F["slices"]}", "{F["tools"]}"], system_prompt: "Run the tool exactly as instructed and report its output verbatim."}});'
            )
            files = " ".join(f"{WS}/{F['slices']}/{f['name']}" for f in self.files_at(2))
            thunks.append(
                f'  () => agent("Run: python3 {WS}/{F["tools"]}/{S["tool"]} {files} and report the output verbatim.", {{agentType: "retally"}}),'
            )
        script = (
            "\n".join(script_agents)
            + '\nphase("cross-check");\nconst results = await parallel([\n'
            + "\n".join(thunks)
            + "\n]);\nlog(results);\nreturn results;\n"
        )
        turns = [
            turn(
                "Composing the cross-check as one workflow with parallel agents.",
                call("Workflow", name="cross_check", script=script),
            )
        ]
        comp = call("Write", file_path=f"{WS}/output/compliance.md", content=S["compliance_md"])
        if has_u2:
            turns.append(
                turn(
                    "Workflow finished; reading the current tally before revising it.",
                    call("Read", file_path=f"{WS}/{self.tally_path}"),
                )
            )
            turns.append(
                turn(
                    "Writing the revised tally and the compliance note.",
                    call("Write", file_path=f"{WS}/{self.tally_path}", content=dump(tl)),
                    comp,
                )
            )
        else:
            turns.append(turn("Writing the compliance note.", comp))
        turns.append(turn("Compliance note written."))
        decoy = ["output/compliance.md", f"Verdict: {D['verdict']}", f"Verdict: {A['stale_verdict']}"]
        tags = ["workflow", "parallel", "document", "decoy_refutation", "needs_delegation", "cross_round"]
        ups = []
        if has_u2:
            tags.append("update_merge")
            ups = ["u2_" + S["u2_id"]]
        inc = (
            f"This round needs one Workflow call whose script defines the required agents and runs them with parallel(). "
            f"output/compliance.md must carry the governing document's id and revision, its {D['limit_label'].lower()} and "
            "its verdict label for the current tally; the earlier document's figures may appear only inside ## Rejected "
            "claims, marked as stale or superseded."
            + (f" {self.tally_path} must reflect the corrected re-export." if has_u2 else "")
        )
        return (
            self._q(qid, q, inc, "Compliance note accepted.", tags, ups),
            {"round": qid, "conditions": conds},
            turns,
            decoy,
        )

    # q: final synthesis with sealed summary -------------------------------------------------
    def r_final(self, qid, _):
        S, F = self.S, self.F
        fs = self.final_summary()
        types = self.summary_types()
        keys = ", ".join(
            f'"{k}": <{"int" if t == "int" else "number" if t == "num" else "string"}>' for k, t in types.items()
        )
        q = (
            f"Close the review. Write output/final_summary.json as {{{keys}}}, consistent with your earlier deliverables "
            f"(tally, {', '.join(S['media'][mi]['facts'] for _, mi, _ in S['final_media'])}, compliance). You may check its "
            f"shape with `python3 {F['tools']}/validate_summary.py output/final_summary.json`. Then have a subagent, created in "
            f"this round and granted "
            f"{F['vault']}/ and {F['tools']}/ with Bash run `python3 {F['tools']}/{S['seal_tool']} --seal "
            f"{F['vault']}/{S['seal_file']} output/final_summary.json` on the final file and put the line it prints in "
            "output/final_token.txt (do not edit the summary afterwards). Finally write output/final_report.md for "
            f"{S['requester']}: a short summary, then a section ## Rejected claims that addresses the AI-written digest in "
            f"{F['digest']}/ and the earlier {S['archive']['desc']} and says why neither governs (their figures may appear only "
            "inside that section). " + self.guard_sentence()
        )
        fields = []
        media_keys = {key for key, _, _ in S["final_media"]}
        for k, v in fs.items():
            t = types[k]
            if k in media_keys and t == "str":
                fields.append([k, "has", [v], None])
            else:
                fields.append(
                    [k, "int" if t == "int" else "num" if t == "num" else "str", v, 0.05 if t == "num" else None]
                )
        cons = [
            {
                "t": "consistent",
                "a": ["output/final_summary.json", "total_" + self.ck],
                "b": [self.tally_path, "total_" + self.ck],
            },
            {"t": "consistent", "a": ["output/final_summary.json", self.tk], "b": [self.tally_path, self.tk]},
            {
                "t": "consistent",
                "a": ["output/final_summary.json", "verdict"],
                "b": ["output/compliance.md", "Verdict"],
            },
        ]
        for key, mi, field in S["final_media"]:
            cons.append(
                {
                    "t": "consistent",
                    "a": ["output/final_summary.json", key],
                    "b": [f"output/{S['media'][mi]['facts']}.json", field],
                }
            )
        spec = {
            "round": qid,
            "conditions": [
                {"t": "json", "file": "output/final_summary.json", "fields": fields},
                *cons,
                {
                    "t": "token",
                    "file": "output/final_token.txt",
                    "obj": "output/final_summary.json",
                    "seal": f"{F['vault']}/{S['seal_file']}",
                    "prefix": S["seal_prefix"],
                },
                {
                    "t": "rejected",
                    "file": "output/final_report.md",
                    "names": [S["digest"]["regex"], S["archive"]["regex"]],
                    "decoys": S["final_decoys"],
                },
                {"t": "created", "min": 1, "key": None, "paths": [F["vault"], F["tools"]], "tools": ["Bash"]},
            ],
        }
        tok = f"{S['seal_prefix']}:{token(S['id'], fs)}"
        turns = [
            turn(
                "Writing the final summary and checking its shape.",
                call("Write", file_path=f"{WS}/output/final_summary.json", content=dump(fs)),
            ),
            turn(
                "Validating the shape and creating the sealer.",
                call(
                    "Bash",
                    command=f"python3 {WS}/{F['tools']}/validate_summary.py {WS}/output/final_summary.json",
                    description="validate summary shape",
                ),
                call(
                    "CreateSubagent",
                    name="sealer",
                    model_key="llm",
                    tools=["Read", "Bash", "Edit"],
                    accessible_paths=[F["vault"], F["tools"], "output"],
                    system_prompt="You run the sealing tool exactly as instructed and report the printed line verbatim.",
                ),
            ),
            turn(
                "Sealing the final summary.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:sealer}",
                    description="seal summary",
                    prompt=f"Run: python3 {WS}/{F['tools']}/{S['seal_tool']} --seal {WS}/{F['vault']}/{S['seal_file']} "
                    f"{WS}/output/final_summary.json and report the printed line verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the token and the report.",
                call("Write", file_path=f"{WS}/output/final_token.txt", content=tok + "\n"),
                call("Write", file_path=f"{WS}/output/final_report.md", content=S["final_md"]),
            ),
            turn("Final summary sealed and report written."),
        ]
        decoy = [
            "output/final_summary.json",
            f'"verdict": "{S["doc"]["verdict"]}"',
            f'"verdict": "{S["archive"]["stale_verdict"]}"',
        ]
        tags = ["final_synthesis", "cross_round", "decoy_refutation", "tool_run", "sensitive_guard"]
        inc = (
            "output/final_summary.json must carry the case id and the current figures, consistent with the tally, the "
            "media facts and output/compliance.md; output/final_token.txt must be the seal tool's line for the final "
            "summary, run by a subagent created in this round with the vault and tools in its grant; "
            "output/final_report.md needs ## Rejected claims addressing the digest and the earlier document, whose "
            "figures appear nowhere else."
        )
        return self._q(qid, q, inc, "Final summary, token and report accepted.", tags), spec, turns, decoy

    # ------------------------------------------------------------------ manifest + hint
    def manifest(self):
        S, F = self.S, self.F
        acc = ["_sandbox_hint.md", F["requests"], F["digest"], F["tools"], "output", F["sens_read"]]
        dele = [F["slices"], F["media"], F["docs"], F["vault"], F["archive"], *S.get("extra_delegable", [])]
        ups = {
            f"u1_{S['u1_id']}": {
                "op": "new",
                "files": [
                    {
                        "src": f"updates/u1_{S['u1_id']}/{S['u1_file']['name']}",
                        "dst": f"{F['slices']}/{S['u1_file']['name']}",
                    }
                ],
            }
        }
        if S.get("u2_file"):
            ups[f"u2_{S['u2_id']}"] = {
                "op": "replace",
                "files": [
                    {
                        "src": f"updates/u2_{S['u2_id']}/{S['u2_file']['name']}",
                        "dst": f"{F['slices']}/{S['u2_file']['name']}",
                    }
                ],
            }
        return {
            "scenario_id": S["id"],
            "desc": S["desc"],
            "workspace_template": "workspace",
            "scripts": "checks",
            "main_agent_accessible_paths": acc,
            "main_agent_delegable_paths": dele,
            "updates": ups,
            "rounds_ref": "questions.json",
        }

    def hint(self, sdir):
        S = self.S
        man = self.manifest()
        ws = os.path.join(sdir, "workspace")
        acc, dele = set(man["main_agent_accessible_paths"]), set(man["main_agent_delegable_paths"])
        added = {}
        for uid, grp in man["updates"].items():
            for f in grp["files"]:
                added.setdefault(f["dst"].split("/")[0], []).append(f"{f['dst']} ({grp['op']}, update {uid})")
        out = [
            f"# Asset map: {S['id']}",
            "",
            "_Generated from manifest.json by data/build/engineering/build.py; do not edit by hand._",
            "",
            "Access column: `you` = your own file tools may use it (and you may grant it to a subagent);",
            "`delegate only` = only a subagent you grant it to can read it; `no access` = nobody.",
            "Token counts are rough (bytes / 4). Trust: authoritative, untrusted, stale, secret, sensitive.",
            "",
            "| path | files | shape | ~tokens (text) | media + office | model key | trust | access | what it is |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for top in sorted(S["assets"]):
            shape, key, trust, what = S["assets"][top]
            n = tb = mb = 0
            for root, _, names in os.walk(os.path.join(ws, top)):
                for nm in names:
                    n += 1
                    size = os.path.getsize(os.path.join(root, nm))
                    if nm.lower().endswith(MEDIA_EXT):
                        mb += size
                    else:
                        tb += size
            if top in acc:
                access = "you may read it; never grant it" if trust == "sensitive" else "you (and grantable)"
            elif top in dele:
                access = "delegate only - you CANNOT read it yourself"
            else:
                access = "no access (do not touch)"
            media = f"{mb // 1024} KiB" if mb else "-"
            out.append(f"| {top}/ | {n} | {shape} | {tb // 4:,} | {media} | {key} | {trust} | {access} | {what} |")
        out += ["", "## Arrives later through workspace updates", ""]
        for top in sorted(added):
            for line in added[top]:
                out.append(f"- `{line}` - access as for `{top}/`")
        out += [
            "",
            "## Notes",
            "",
            "- Files above 32 KiB cannot be read in one piece; page them or delegate.",
            "- Media (PNG, WAV, MP4) cannot be perceived by a text-only agent; route them to the matching pool key.",
            "- Office files (docx, xlsx, pdf) come back as extracted text when read.",
            "- Grant each subagent only the folders and tools its task needs.",
            "",
        ]
        return "\n".join(out)


def check_script(qid, spec, summary):
    body = pprint.pformat(spec, width=110, sort_dicts=False)
    lines = [
        f"  * {c['t']}: " + json.dumps({k: v for k, v in c.items() if k != "t"}, ensure_ascii=False)
        for c in spec["conditions"]
    ]
    doc = "\n".join(lines)
    return (
        f'#!/usr/bin/env python3\n"""{qid}: {summary}\n\nGenerated by data/build/engineering/build.py. Passes when every '
        f"condition below holds (kinds are documented in _eng.py; behaviour conditions look at this round only, the "
        f'guard is sticky over the whole scenario and fails without a transcript):\n{doc}\n"""\n'
        "import sys\n\nsys.dont_write_bytecode = True  # never leave __pycache__ in the dataset\n\n"
        "from _eng import run  # noqa: E402\n\n"
        f"SPEC = {body}\n\nrun(SPEC)\n"
    )


def build_scenario(S, root):
    """Write every file of scenario S under root/scenarios/<id>/. Returns the list of written relative paths."""
    sc = Scenario(S)
    sdir = os.path.join(root, "scenarios", S["id"])
    ws = os.path.join(sdir, "workspace")
    F = S["F"]
    written = []

    def put(rel, data, binary=False):
        write(os.path.join(sdir, rel), data, binary)
        written.append(rel)

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
    put(f"workspace/{F['vault']}/{S['seal_file']}", seal_of(S["id"]) + "\n")
    for rel, content in S["texts"].items():
        put(f"workspace/{rel}", content)
    for rel, builder in S["binaries"].items():
        data = builder()
        put(f"workspace/{rel}", data, binary=True)
    for M in S["media"]:
        p = os.path.join(ws, M["path"])
        M["build"](p)
        written.append(f"workspace/{M['path']}")
        put(f"truth/{M['path']}.txt", M["truth"])
    put(
        "workspace/output/README.md",
        "Write deliverables here (see each question for the exact file names and formats).\n",
    )
    man = sc.manifest()
    put("manifest.json", dump(man))
    qs, checks, traj, decoys = sc.build_rounds()
    put("questions.json", dump(qs))
    for q in qs:
        put(f"checks/check_{q['id']}.py", check_script(q["id"], checks[q["id"]], q["tags"][0].replace("_", " ")))
    with open(os.path.join(HERE, "..", "_common.py"), encoding="utf-8") as fh:
        put("checks/_common.py", fh.read())
    with open(os.path.join(HERE, "_eng.py"), encoding="utf-8") as fh:
        put("checks/_eng.py", fh.read())
    put("solution/trajectory.json", dump(traj))
    put("workspace/_sandbox_hint.md", sc.hint(sdir))
    return written, decoys, sc
