"""The honest reference manager of a law scenario (solution/trajectory.json).

No figure of an answer is written into the script: deliverables are written from ``${var:NAME}``
values bound from the subagents' replies, the Workflow's results, files the manager reads
itself, or its own calculation over bound values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.rounds import media, plan, tally
from kit.rounds import workflow as wf
from kit.rounds.final import json_record, record_of, rejected_claims, seal_turns, slot
from kit.rounds.plan import Amendment
from kit.trajectory import WS, Turn, call, turn, var
from kit.trajectory import bind as b
from rounds import (
    KIND_TAG,
    Scenario,
    arc,
    cap,
    label_pattern,
    media_of,
    sealing,
    workflow_readers,
)


def _tally_cmd(S: Scenario) -> str:
    return tally.tool_command(f"tools/{S['ledger']['tool']}", [f"{S['dirs']['ledger']}/*.csv"], " --json")


def _tally_binds(S: Scenario, suffix: str) -> dict[str, Any]:
    """The tool's one-line JSON whole (the tally is written as it is), its total count and amount."""
    L = S["ledger"]
    return {
        f"tally_{suffix}": b(tally.JSON_LINE_STDOUT),
        f"n_{suffix}": tally.json_figure(f"total_{L['ck']}", r"\d+", "int"),
        f"a_{suffix}": tally.json_figure(f"total_{L['ak']}", r"[\d.]+"),
    }


UPDATE_RISK = Amendment(
    "## Risks\n\n",
    "- Late evidence may arrive as workspace updates; every figure is re-checked after an update.\n",
    "Re-reading the plan before adding the update risk.",
    "Adding the update risk.",
)
"""The line the law manager adds to its case plan once written."""


def plan_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    return [
        *plan.plan_turns(S["plan_out"], S["plan_md"], "Writing the case plan.", UPDATE_RISK),
        turn("Case plan written."),
    ]


def tally_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    L, d = S["ledger"], S["dirs"]
    tools = ["Read", "Bash"] if S.get("runner_index") else ["Bash"]
    out = [
        turn(
            "The exports are long CSVs: creating a runner limited to their folder and the tally tool.",
            tally.runner(
                "ledger_runner",
                [d["ledger"], f"tools/{L['tool']}"],
                tally.runner_prompt("matter's tally tool"),
                tools=tools,
            ),
        )
    ]
    if S.get("runner_index"):
        out.append(
            turn(
                "Asking the runner what the folder holds.",
                tally.list_exports("ledger_runner", "list exports", d["ledger"]),
            )
        )
    out += [
        turn(
            "Running the tally in the background; meanwhile reading the digest myself.",
            tally.run_tool("ledger_runner", "tally exports", _tally_cmd(S), background=True),
            call("Read", file_path=f"{WS}/{S['digest_file']}"),
        ),
        turn(
            "Writing the tally from the tool's JSON.",
            call("Write", file_path=f"{WS}/output/{L['tally_out']}", content="${var:tally_pre}\n"),
            bind=_tally_binds(S, "pre"),
        ),
        turn("Tally written."),
    ]
    return out


def media_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    m = media_of(S, role)
    reader = media.Reader(
        f"{role}_reader",
        KIND_TAG[m["kind"]],
        (m["path"].split("/")[0] if role in S.get("media_folder", ()) else m["path"],),
    )
    words = media.Asking(
        f"The {m['noun']} needs a {reader.model_key} reader limited to what it must see.",
        "Asking for the fields.",
        f"read {m['noun']}",
        f"{m['ask']} File: {WS}/{m['path']}",
    )
    field_binds = {
        f"{role}_{k}": b(m.get("bind", {}).get(k) or label_pattern(m["truth"], v, media.PERCEIVED_ANY_LINE))
        for k, v in m["fields"].items()
    }
    writes = [
        call(
            "Write",
            file_path=f"{WS}/{m['out']}",
            content=record_of({k: (var(f"{role}_{k}"), v) for k, v in m["fields"].items()}),
        )
    ]
    reads, decoy_binds = [], {}
    if role == "media1":
        dc = m["decoy"]
        reads.append(call("Read", file_path=f"{WS}/{dc['path']}"))
        decoy_binds = {f"dc_{k}": b(label_pattern(texts[dc["path"]], v)) for k, v in dc["values"].items()}
        rejected = [
            f"{cap(dc['name'])} is incorrect on {k.replace('_', ' ')}: it gives ${{var:dc_{k}}}, which the "
            f"{m['noun']} does not show."
            for k in dc["values"]
        ]
        read_by = f"Read by a {reader.model_key} subagent from the {m['noun']} itself."
        notes = media.notes(f"Notes on {m['path']}", [read_by], rejected)
        writes.append(call("Write", file_path=f"{WS}/{m['notes']}", content=notes))
    return [
        *media.reading_turns(reader, words, also=reads, decoy_binds=decoy_binds),
        *media.writing_turns("Writing the fields from the reader's report.", writes, field_binds, "Fields written."),
    ]


def update_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    L = S["ledger"]
    tal = f"{WS}/output/{L['tally_out']}"
    pos = (
        f"# Position after the update: ${{var:matter}}\n\nTotal {L['ck_label']}: ${{var:n_post}}\n"
        f"Total {L['ak_label']}: ${{var:a_post}}\n\n## Notes\n\n"
        "The earlier total of ${var:a_pre} is superseded by the re-run over the updated exports.\n"
    )
    return [
        turn("Re-reading the current tally before the re-run.", call("Read", file_path=tal)),
        turn(
            "Resuming the tally session for the updated exports.",
            tally.run_tool("ledger_runner", "re-run tally", _tally_cmd(S), before="The exports changed. ", resume=True),
        ),
        turn(
            "Revising the tally and writing the position.",
            call("Write", file_path=tal, content="${var:tally_post}\n"),
            call("Write", file_path=f"{WS}/output/{L['position_out']}", content=pos),
            bind=_tally_binds(S, "post"),
        ),
        turn("Tally revised."),
    ]


def workflow_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    C = S["claim"]
    out_path = f"{WS}/{C['out']}"
    calc = S["calc"]
    fact = {"re": S["fact_re"], "as": S["fact_as"]}
    if S["fact_as"] == "list":
        fact["fmt"] = '"{}",'
    arch = S.get("archive_re") or label_pattern(texts[S["archive_file"]], S["archive_figure"][0])
    return [
        turn(
            "Reading the governing terms and the archive in parallel.",
            wf.call("terms_and_archive", "governing terms and the archive", workflow_readers(S)),
        ),
        turn(
            "Computing from the bound figures.",
            call("Bash", command=f"python3 -c '{calc}'", description="compute the matter figures"),
            bind={
                "fact": fact,
                "archive_fig": b(arch),
            },
        ),
        turn(
            "Writing the computation and creating a sealer.",
            call("Write", file_path=out_path, content="${var:claim_json}\n"),
            bind={"claim_json": b(r'--- stdout ---\s*(\{"matter_id": [^\n]*\})')},
        ),
        *seal_turns(
            sealing(S), ("Sealer limited to the seal tool, the key and the file.", "Sealing.", "Recording the token.")
        ),
        turn("Sealed."),
    ]


def final_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    L = S["ledger"]
    C = S["claim"]
    fj = {"matter_id": slot("matter", False), f"total_{L['ak']}": slot("a_post", True)}
    for role in ("media1", "media2"):
        if role in [r for r, _ in arc(S)]:
            k = media_of(S, role)["final_key"]
            fj[k] = slot(f"{role}_{k}", isinstance(media_of(S, role)["fields"][k], (int, float)))
    fj[C["final_key"]] = slot("final_claim", True)
    memo = f"# {cap(S['final_noun'])}: ${{var:matter}}\n\n## Summary\n\n{S['summary'](None)}\n\n" + rejected_claims(
        f"{cap(S['digest_name'])} is incorrect: its figure of ${{var:digest_amount}} "
        "does not match the tool's tally of the exports.",
        f"The archived {S['archive_noun']} ({S['stale_id']}) is stale and does not govern: its figure of "
        "${var:archive_fig} belongs to a different, closed matter.",
    )
    digest_text = texts[S["digest_file"]]
    spelled = next(s for s in S["digest_spellings"] if s in digest_text)
    return [
        turn(
            "Reviewing the digest, the subagents and the media session before the final papers.",
            call("Grep", pattern=S["grep"], path=f"{WS}/{S['dirs']['digest']}", output_mode="content"),
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:media1_reader}"),
            call("Bash", command=f"ls -l {WS}/output", description="list deliverables"),
        ),
        turn(
            "Writing the final papers.",
            call("Write", file_path=f"{WS}/{S['final_md_out']}", content=memo),
            call("Write", file_path=f"{WS}/{S['final_json_out']}", content=json_record(fj)),
            bind={
                "digest_amount": b(label_pattern(digest_text, spelled)),
                "final_claim": b(rf'--- stdout ---\s*\{{"matter_id"[^\n]*?"{C["final_key"]}": ([^,}}\n]+)'),
            },
        ),
        turn("Final papers written."),
    ]


ROUND_TURNS: dict[str, Callable[[Scenario, str, dict[str, str]], list[Turn]]] = {
    "plan": plan_turns,
    "tally": tally_turns,
    "media1": media_turns,
    "media2": media_turns,
    "update": update_turns,
    "workflow": workflow_turns,
    "final": final_turns,
}


def round_turns(S: Scenario, role: str, texts: dict[str, str]) -> list[Turn]:
    """The reference turns of the round ``role``; the first round opens by reading the instructions
    and the asset map, and binds the matter id from them."""
    ts = ROUND_TURNS[role](S, role, texts)
    if role == arc(S)[0][0]:
        reads = [call("Read", file_path=f"{WS}/{p}") for p in S["request_files"]]
        ts = [
            turn(
                "Reading the instructions and the asset map.",
                *reads,
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*.md", path=f"{WS}/requests"),
            ),
            *ts,
        ]
        ts[1]["bind"] = {"matter": b(r"# Instructions: matter (\S+)"), **ts[1].get("bind", {})}
    return ts
