"""The one check engine (data/build/_check.py): matching, decoys, evidence, guards, sandbox rules.

Workspaces and transcripts are built by hand so that each adversarial manager is exactly
the one described: a do-nothing subagent, a value reported only after main wrote it, the
wrong modality, a symlinked deliverable, a sensitive grant hidden in a run-time path.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.oracle_run import DATASET, ENGINE, converted
from tests.dataset.transcript_builder import WS_ROUND, Transcripts


def check(ws: Path, *conditions: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    spec = ws.parent / "spec.json"
    spec.write_text(json.dumps({"round": WS_ROUND, "conditions": list(conditions)}), encoding="utf-8")
    return subprocess.run([sys.executable, str(ENGINE), str(ws), str(spec)], capture_output=True, text=True, timeout=30)


def passes(ws: Path, *conditions: dict[str, Any]) -> bool:
    r = check(ws, *conditions)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return r.returncode == 0


def write(ws: Path, rel: str, text: str) -> None:
    p = ws / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    w = tmp_path / "workspace"
    (w / "output").mkdir(parents=True)
    (w / "evidence").mkdir()
    (w / "evidence" / "log.csv").write_text("minute,temp\n", encoding="utf-8")
    (w / "scans").mkdir()
    (w / "scans" / "grn.png").write_bytes(b"\x89PNG")
    return w


EVIDENCE = {"kind": "evidence", "file": "evidence/log.csv", "values": ["62", "10.6"], "deliverable": "output/t.json"}


def honest(ws: Path, read_path: str | None = None, reply: str = "minutes_above=62 peak_c=10.6") -> Transcripts:
    t = Transcripts(ws)
    t.create("sub_1a2b3c4d", "reader", "llm", ["evidence"])
    t.sub(
        "sub_1a2b3c4d:sess_9f8e7d6c",
        "reader",
        [
            ("call", ("Read", {"file_path": read_path or str(ws / "evidence" / "log.csv")})),
            ("tool_result", "1\tminute,temp"),
            ("assistant", reply),
        ],
    )
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    return t


# -- evidence of delegation ------------------------------------------------------------------------


def test_evidence_passes_for_an_honest_subagent_whatever_the_file_names(ws: Path) -> None:
    honest(ws).save()
    assert passes(ws, EVIDENCE)


def test_evidence_accepts_a_bash_command_naming_the_file_by_glob(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "runner", "llm", ["evidence"])
    t.sub(
        "sub_1:sess_1",
        "runner",
        [
            ("call", ("Bash", {"command": f"python3 /x/tally.py '{ws}/evidence/'*.csv"})),
            ("tool_result", "exit=0\nlog.csv minutes_above=62 peak_c=10.6"),
        ],
    )
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    t.save()
    assert passes(ws, EVIDENCE)


def test_evidence_accepts_an_option_with_the_path_after_an_equals_sign(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "runner", "llm", ["evidence"])
    t.sub(
        "sub_1:sess_1",
        "runner",
        [
            ("call", ("Bash", {"command": f"python3 /x/t.py --input={ws}/evidence/log.csv"})),
            ("tool_result", "minutes_above=62 peak_c=10.6"),
        ],
    )
    t.save()
    assert passes(ws, {k: v for k, v in EVIDENCE.items() if k != "deliverable"})


def test_do_nothing_subagent_fails(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "reader", "llm", ["evidence"])
    t.sub("sub_1:sess_1", "reader", [("assistant", "OK. minutes 62, peak 10.6")])
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    t.save()
    r = check(ws, EVIDENCE)
    assert r.returncode == 1 and "opened evidence/log.csv" in r.stdout


def test_values_reported_only_after_main_wrote_fail(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "reader", "llm", ["evidence"])
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    t.sub(
        "sub_1:sess_1",
        "reader",
        [
            ("call", ("Read", {"file_path": str(ws / "evidence" / "log.csv")})),
            ("assistant", "minutes_above=62 peak_c=10.6"),
        ],
    )
    t.save()
    assert not passes(ws, EVIDENCE)


def test_subagent_that_opened_but_never_reported_the_values_fails(ws: Path) -> None:
    honest(ws, reply="I read it; nothing notable.").save()
    r = check(ws, EVIDENCE)
    assert r.returncode == 1 and "never reported" in r.stdout


def test_wrong_modality_fails(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "reader", "llm", ["scans"])
    t.sub(
        "sub_1:sess_1",
        "reader",
        [("call", ("Read", {"file_path": str(ws / "scans" / "grn.png")})), ("assistant", "GRN-0203-17")],
    )
    t.save()
    cond = {"kind": "evidence", "file": "scans/grn.png", "values": ["GRN-0203-17"], "models": ["vlm"]}
    assert not passes(ws, cond)
    cond["models"] = ["llm"]
    assert passes(ws, cond)


def test_evidence_from_another_round_does_not_count(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "reader", "llm", ["evidence"], rnd="q0")
    t.sub(
        "sub_1:sess_1",
        "reader",
        [
            ("call", ("Read", {"file_path": str(ws / "evidence" / "log.csv")})),
            ("assistant", "minutes_above=62 peak_c=10.6"),
        ],
        rnd="q0",
    )
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    t.save()
    assert not passes(ws, EVIDENCE)


def test_padding_subagents_do_not_supply_evidence(ws: Path) -> None:
    t = Transcripts(ws)
    for i in range(20):
        t.create(f"sub_{i}", f"pad{i}", "llm", ["evidence"])
        t.sub(f"sub_{i}:sess_{i}", f"pad{i}", [("assistant", "done 62 10.6")])
    t.main_call("Write", {"file_path": str(ws / "output" / "t.json"), "content": "{}"})
    t.save()
    assert not passes(ws, EVIDENCE)


def test_missing_transcript_fails_every_transcript_condition(ws: Path) -> None:
    for cond in (
        EVIDENCE,
        {"kind": "never_granted", "segments": ["hr"]},
        {"kind": "resumed"},
        {"kind": "workflow"},
        {"kind": "called", "tool": "RunSubagent"},
    ):
        r = check(ws, cond)
        assert r.returncode == 1 and "transcript missing" in r.stdout, cond


# -- guards -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["hr", "hr/", "./hr/../hr/staff.md", "${workspace}/hr", "output/../hr"])
def test_sensitive_grant_in_any_spelling_fails(ws: Path, path: str) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "w", "llm", ["output", path.replace("${workspace}", str(ws))])
    t.save()
    assert not passes(ws, {"kind": "never_granted", "segments": ["hr"]})


def test_sensitive_grant_inside_a_workflow_script_fails(ws: Path) -> None:
    t = Transcripts(ws)
    script = 'const a = defineAgent({name: "x", model_key: "llm", tools: ["Read"], accessible_paths: ["hr/notes.md"]});'
    t.main_call("Workflow", {"name": "w", "script": script}, facts={"workflow_id": "wf_1"})
    t.note_created("sub_2", "x", "llm", [str(ws / "hr" / "notes.md")], "Workflow", WS_ROUND)
    t.save()
    assert not passes(ws, {"kind": "never_granted", "segments": ["hr"]})
    assert passes(ws, {"kind": "never_granted", "segments": ["vault"]})


def test_resumed_needs_a_session_from_an_earlier_round(ws: Path) -> None:
    t = Transcripts(ws)
    old = {"subagent_id": "sub_1", "session_id": "sess_old"}
    t.main_call("RunSubagent", {"subagent_id": "sub_1"}, "session_id=sess_old", rnd="q0", facts=old)
    t.sub("sub_1:sess_old", "w", [("assistant", "x")], rnd="q0")
    new = {"subagent_id": "sub_1", "session_id": "sess_new", "continued": False}
    t.main_call("RunSubagent", {"subagent_id": "sub_1", "session_id": "sess_new"}, facts=new)
    t.save()
    assert not passes(ws, {"kind": "resumed"})
    t.main_call("RunSubagent", {"subagent_id": "sub_1", "session_id": "sess_old"}, facts={**old, "continued": True})
    t.save()
    assert passes(ws, {"kind": "resumed"})


# -- robust matching --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "md",
    [
        "## Scope\n## Evidence\n",
        "### Scope:\n#### 2. Evidence.\n",
        "## 1) **Scope**\n## II. Evidence\n",
    ],
)
def test_headings_any_level_numbering_punctuation(ws: Path, md: str) -> None:
    write(ws, "output/p.md", "# Plan\n" + md)
    assert passes(ws, {"kind": "headings", "path": "output/p.md", "require": ["Scope", "Evidence"]})


def test_a_title_level_heading_does_not_count(ws: Path) -> None:
    write(ws, "output/p.md", "# Scope\n## Evidence\n")
    assert not passes(ws, {"kind": "headings", "path": "output/p.md", "require": ["Scope", "Evidence"]})


@pytest.mark.parametrize("value", [62, 62.0, "62", "62.0"])
def test_numbers_compare_by_value(ws: Path, value: object) -> None:
    write(ws, "output/t.json", json.dumps({"row": {"minutes": value, "extra": {"a": 1}}, "note": "x"}))
    assert passes(ws, {"kind": "json", "path": "output/t.json", "key": ["row", "minutes"], "equals": 62})
    assert not passes(ws, {"kind": "json", "path": "output/t.json", "key": ["row", "minutes"], "equals": 63})


def test_a_boolean_is_not_a_number(ws: Path) -> None:
    write(ws, "output/t.json", json.dumps({"n": True}))
    assert not passes(ws, {"kind": "json", "path": "output/t.json", "key": ["n"], "equals": 1})


@pytest.mark.parametrize(
    "md",
    [
        "Total (GBP): 1645.20\n",
        "- Total (GBP): 1645.2\n",
        "**Total (GBP):** 1645.20\n",
        "**Total (GBP)**: £1,645.20\n",
        "| field | value |\n|---|---|\n| Total (GBP) | 1645.20 |\n",
    ],
)
def test_label_lines_as_line_list_bold_or_table(ws: Path, md: str) -> None:
    write(ws, "output/n.md", "# Note\n\n" + md)
    cond = {"kind": "label", "path": "output/n.md", "label": "Total (GBP)", "equals": 1645.2, "tol": 0.005}
    assert passes(ws, cond)
    assert not passes(ws, {**cond, "equals": 1669.0})


def test_short_decoy_without_label_context_is_a_spec_error(ws: Path) -> None:
    r = check(ws, {"kind": "decoy", "path": "output/n.md", "token": "62"})
    assert r.returncode == 2 and "under 4 characters" in r.stdout


def test_short_decoy_matches_only_in_key_value_context(ws: Path) -> None:
    cond = {"kind": "decoy", "path": "output/n.md", "token": "62", "labels": ["minutes"], "sections": ["Rejected"]}
    write(ws, "output/n.md", "# R\n\nReport prepared on 2026-03-12 by 62 people.\n")
    assert passes(ws, cond)
    write(ws, "output/n.md", "# R\n\nTotal minutes above 8: 62\n")
    assert not passes(ws, cond)
    write(ws, "output/n.md", "# R\n\nTotal minutes: 127\n\n## Rejected:\n\n- the digest's 62 minutes are wrong\n")
    assert passes(ws, cond)


def test_dates_and_times_are_not_numbers(ws: Path) -> None:
    write(ws, "output/n.md", "# R\n\nReport prepared on 2026-03-12 at 12:30; minutes: 127.\n")
    cond = {"kind": "decoy", "path": "output/n.md", "token": "12", "labels": ["minutes"]}
    assert passes(ws, cond)


def test_a_negated_marker_does_not_excuse_a_decoy(ws: Path) -> None:
    cond = {"kind": "decoy", "path": "output/n.md", "token": "1669.0", "markers": ["superseded"]}
    write(ws, "output/n.md", "Order total 1669.0 is superseded by the recount.\n")
    assert passes(ws, cond)
    write(ws, "output/n.md", "Order total 1669.0 (not superseded).\n")
    assert not passes(ws, cond)
    write(ws, "output/n.md", "Order total 1669.0.\n\nThe old figure was superseded.\n")
    assert not passes(ws, cond)


def test_decoy_in_json_fails_whatever_the_type(ws: Path) -> None:
    for v in (1669, 1669.0, "1669.00"):
        write(ws, "output/o.json", json.dumps({"total": v}))
        assert not passes(ws, {"kind": "decoy", "path": "output/o.json", "token": "1669"})


# -- sandbox rules ----------------------------------------------------------------------------------


def test_symlinked_deliverable_leaving_the_workspace_counts_as_missing(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("# X\n## Scope\n", encoding="utf-8")
    os.symlink(outside, ws / "output" / "p.md")
    r = check(ws, {"kind": "headings", "path": "output/p.md", "require": ["Scope"]})
    assert r.returncode == 1 and "outside the workspace" in r.stdout


def test_symlinked_sessions_folder_leaving_the_workspace_is_not_read(ws: Path, tmp_path: Path) -> None:
    fake = tmp_path / "fake_sessions"
    fake.mkdir()
    (fake / "main.jsonl").write_text(json.dumps({"type": "system_meta", "owner": "main"}) + "\n{}\n")
    os.symlink(fake, ws / "sessions")
    assert not passes(ws, {"kind": "never_granted", "segments": ["hr"]})


def test_engine_writes_nothing(ws: Path) -> None:
    honest(ws).save()
    before = sorted((p, p.stat().st_mtime_ns) for p in ws.rglob("*"))
    assert passes(ws, EVIDENCE)
    assert sorted((p, p.stat().st_mtime_ns) for p in ws.rglob("*")) == before


def test_engine_is_stdlib_only() -> None:
    import ast

    tree = ast.parse(ENGINE.read_text(encoding="utf-8"))
    mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    mods |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert mods <= set(sys.stdlib_module_names), mods - set(sys.stdlib_module_names)


# -- the copies ---------------------------------------------------------------------------------------


def test_every_converted_scenario_carries_the_engine_byte_identical_and_stamped() -> None:
    engine = ENGINE.read_bytes()
    stamp = f"{hashlib.sha256(engine).hexdigest()}  _check.py\n"
    assert converted()
    for sid in converted():
        checks = DATASET / "scenarios" / sid / "checks"
        assert (checks / "_check.py").read_bytes() == engine, f"{sid}: run data/build/sync_checks.py"
        assert (checks / "_check.sha256").read_text(encoding="utf-8") == stamp, sid
    r = subprocess.run(
        [sys.executable, str(ENGINE.parent / "sync_checks.py"), "--check"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stdout
