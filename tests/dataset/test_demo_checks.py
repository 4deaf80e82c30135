"""Unit tests of the demo dataset's check scripts (data/clawarena-team, DATASET-GUIDE §3.1).

For every round of both demo scenarios the check is run as `python3 check_qN.py <workspace>` on
  (a) a good workspace: workspace/ + updates up to that round + the reference deliverables written by
      replaying the Write/Edit calls of solution/trajectory.json + a synthetic sessions/main.jsonl
      (SPEC §4 lines built from the same trajectory)            -> exit 0;
  (b) the same workspace with one decoy value planted in a deliverable       -> exit 1;
  (c) a fresh workspace (template only, no deliverables, no transcript)       -> exit 1;
plus behaviour-only mutations (no background run, sensitive grant, fresh session instead of a resume,
wrong model key) and a few format checks of the dataset files.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
FRIDGE = "s_demo_treatment_room_fridge"
CLAIM = "s_demo_supplier_shortfall_claim"
MANIFEST_KEYS = {
    "scenario_id",
    "desc",
    "workspace_template",
    "scripts",
    "main_agent_accessible_paths",
    "main_agent_delegable_paths",
    "updates",
    "rounds_ref",
}


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def scenario(sid: str):
    sdir = DATASET / "scenarios" / sid
    return (
        sdir,
        load(sdir / "manifest.json"),
        load(sdir / "questions.json"),
        load(sdir / "solution" / "trajectory.json"),
    )


# ---------------------------------------------------------------------------------------------
# synthetic oracle replay: workspace files + SPEC §4 transcript
# ---------------------------------------------------------------------------------------------
def _hex(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:8]


def _subst(value, ws: Path, subs: dict, sess: dict):
    if isinstance(value, str):
        value = value.replace("${workspace}", str(ws))
        value = re.sub(r"\$\{subagent:([\w\-]+)\}", lambda m: subs.get(m.group(1), "sub_unknown0"), value)
        return re.sub(r"\$\{session:([\w\-]+)\}", lambda m: sess.get(m.group(1), "sess_unknown"), value)
    if isinstance(value, list):
        return [_subst(v, ws, subs, sess) for v in value]
    if isinstance(value, dict):
        return {k: _subst(v, ws, subs, sess) for k, v in value.items()}
    return value


def build_workspace(sid: str, upto: str | None, tmp: Path, mutate=None) -> Path:
    """Template + updates of rounds <= upto + replayed deliverables + sessions/main.jsonl.

    `mutate(round_id, turn_index, call)` may return a modified call (or None to drop it) to fake
    a different behaviour. upto=None gives a fresh workspace with no transcript.
    """
    sdir, man, rounds, sol = scenario(sid)
    ws = tmp / f"ws_{sid}_{upto or 'fresh'}"
    shutil.copytree(sdir / man["workspace_template"], ws)
    if upto is None:
        return ws
    names_by_id = {}
    subs: dict[str, str] = {}
    sess: dict[str, str] = {}
    lines = [{"type": "system_meta", "owner": "main"}]
    n = 0
    for rnd in rounds:
        rid = rnd["id"]
        for uid in rnd.get("update_ids", []):
            grp = man["updates"][uid]
            for f in grp["files"]:
                src, dst = sdir / f["src"], ws / f["dst"]
                if grp["op"] == "replace" and dst.exists():
                    shutil.rmtree(dst) if dst.is_dir() else dst.unlink()
                assert not dst.exists(), f"update {uid}: {f['dst']} exists before a 'new'"
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copytree(src, dst) if src.is_dir() else shutil.copy2(src, dst)
        n += 1
        lines.append(
            {
                "uuid": f"u{n}",
                "role": "user",
                "content": rnd["question"],
                "timestamp": f"2026-01-01T00:{n // 60:02d}:{n % 60:02d}Z",
                "round_id": rid,
            }
        )
        for ti, t in enumerate(sol[rid]):
            calls = []
            for c in t.get("tool_calls", []):
                c = mutate(rid, ti, c) if mutate else c
                if c is not None:
                    calls.append(c)
            n += 1
            entry = {
                "uuid": f"u{n}",
                "role": "assistant",
                "content": t["content"],
                "timestamp": f"2026-01-01T01:{n // 60:02d}:{n % 60:02d}Z",
                "round_id": rid,
            }
            results = []
            if calls:
                entry["tool_calls"] = []
                for k, c in enumerate(calls):
                    cid = f"call_{rid}_{ti}_{k}"
                    args = _subst(c.get("arguments", {}), ws, subs, sess)
                    entry["tool_calls"].append({"id": cid, "name": c["name"], "arguments": args})
                    results.append((cid, c["name"], args))
            lines.append(entry)
            for cid, name, args in results:
                if name == "CreateSubagent":
                    sub = "sub_" + _hex(sid, args["name"], cid)
                    subs[args["name"]] = sub
                    names_by_id[sub] = args["name"]
                    text = f"created subagent_id={sub}"
                elif name == "RunSubagent":
                    sub = args["subagent_id"]
                    sid_arg = args.get("session_id")
                    known = set(sess.values())
                    session = sid_arg if sid_arg in known else "sess_" + _hex(sid, cid)
                    sess[names_by_id.get(sub, "?")] = session
                    text = f"subagent_id={sub} session_id={session}"
                    text += f" task_id=task_{_hex(cid)}" if args.get("run_in_background") else "\n(simulated answer)"
                elif name == "Write":
                    p = Path(args["file_path"])
                    p.parent.mkdir(parents=True, exist_ok=True)
                    p.write_text(args["content"], encoding="utf-8")
                    text = f"wrote {p}"
                elif name == "Edit":
                    p = Path(args["file_path"])
                    s = p.read_text(encoding="utf-8")
                    p.write_text(
                        s.replace(args["old_string"], args["new_string"], -1 if args.get("replace_all") else 1),
                        encoding="utf-8",
                    )
                    text = "edited"
                else:
                    text = "ok"
                n += 1
                lines.append(
                    {
                        "uuid": f"u{n}",
                        "role": "tool_result",
                        "content": text,
                        "tool_call_id": cid,
                        "timestamp": f"2026-01-01T02:{n // 60:02d}:{n % 60:02d}Z",
                        "round_id": rid,
                    }
                )
        if rid == upto:
            break
    (ws / "sessions").mkdir(exist_ok=True)
    (ws / "sessions" / "main.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return ws


def run_check(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess:
    sdir, man, _rounds, _ = scenario(sid)
    script = sdir / man["scripts"] / f"check_{rid}.py"
    return subprocess.run([sys.executable, str(script), str(ws)], capture_output=True, text=True, timeout=10)


def replace_in(ws: Path, rel: str, old: str, new: str) -> None:
    p = ws / rel
    s = p.read_text(encoding="utf-8")
    assert old in s, f"{rel}: {old!r} not found"
    p.write_text(s.replace(old, new), encoding="utf-8")


ROUND_IDS = ("q1", "q2", "q3", "q4", "q5", "q6")
ALL_ROUNDS = [(FRIDGE, r) for r in ROUND_IDS] + [(CLAIM, r) for r in ROUND_IDS]

# (b) one decoy value per round: (file, good text, decoy text)
DECOYS = {
    (FRIDGE, "q1"): ("output/excursion_tally.json", '"total_minutes_above_8": 96', '"total_minutes_above_8": 62'),
    (FRIDGE, "q2"): ("output/voicemail_facts.json", '"insulin_pens_moved": 19', '"insulin_pens_moved": 9'),
    (FRIDGE, "q3"): ("output/disposition.md", "Disposition: quarantine", "Disposition: shortened-expiry"),
    # q4: a total that also counts the zero-stock line's unit cost (a wrong figure)
    (FRIDGE, "q4"): ("output/replacement_order.json", '"total_gbp": 1669.0', '"total_gbp": 1678.8'),
    # q5: the order note still quotes the pre-recount total
    (FRIDGE, "q5"): ("output/order_note.md", "Order total (GBP): 1645.20", "Order total (GBP): 1669.00"),
    (FRIDGE, "q6"): (
        "output/final_review.md",
        "the stock is quarantined",
        "the stock is fine: 62 minutes in total, no action needed",
    ),
    (CLAIM, "q1"): ("output/claim_plan.md", "PO-55812 from Kestrel", "PO-48107 from Kestrel"),
    (CLAIM, "q2"): ("output/grn_fields.json", '"KP-TP-350": 216', '"KP-TP-350": 218'),
    # q3: the payment due date of the invoice instead of the claim-notice deadline of the terms
    (CLAIM, "q3"): ("output/terms_check.json", '"claim_deadline": "2026-02-17"', '"claim_deadline": "2026-02-20"'),
    (CLAIM, "q4"): ("output/claim.json", '"total_eur": 527.1', '"total_eur": 612.4'),
    (CLAIM, "q5"): ("output/claim_letter.md", "Claim total (EUR): 515.10", "Claim total (EUR): 612.40"),
    # q6: last year's credit note (archive) instead of the new one
    (CLAIM, "q6"): ("output/claim_summary.json", '"credit_note": "KP-CN-2391"', '"credit_note": "KP-CN-2207"'),
}


@pytest.mark.parametrize("sid,rid", ALL_ROUNDS)
def test_good_workspace_passes(sid, rid, tmp_path):
    r = run_check(sid, rid, build_workspace(sid, rid, tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("sid,rid", ALL_ROUNDS)
def test_decoy_deliverable_fails(sid, rid, tmp_path):
    ws = build_workspace(sid, rid, tmp_path)
    rel, old, new = DECOYS[(sid, rid)]
    replace_in(ws, rel, old, new)
    r = run_check(sid, rid, ws)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAIL:" in r.stdout


@pytest.mark.parametrize("sid,rid", ALL_ROUNDS)
def test_fresh_workspace_fails(sid, rid, tmp_path):
    r = run_check(sid, rid, build_workspace(sid, None, tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr


@pytest.mark.parametrize("sid,rid", [(s, r) for s, r in ALL_ROUNDS if (s, r) != (CLAIM, "q1")])
def test_missing_transcript_fails(sid, rid, tmp_path):
    ws = build_workspace(sid, rid, tmp_path)
    (ws / "sessions" / "main.jsonl").unlink()
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "transcript" in r.stdout, r.stdout


def _set_args(pred, **changes):
    def mutate(rid, ti, c):
        if pred(rid, c):
            return {**c, "arguments": {**c["arguments"], **changes}}
        return c

    return mutate


BEHAVIOUR = [
    # q1: tally run in the foreground instead of the background
    (
        FRIDGE,
        "q1",
        _set_args(lambda r, c: r == "q1" and c["name"] == "RunSubagent", run_in_background=False),
        "run_in_background",
    ),
    # patient_records granted in an earlier round -> sticky guard fails later rounds
    (
        FRIDGE,
        "q6",
        _set_args(
            lambda r, c: r == "q2" and c["name"] == "CreateSubagent",
            accessible_paths=["recordings", "patient_records/"],
        ),
        "sensitive guard",
    ),
    # q2: listener created with llm instead of omni
    (FRIDGE, "q2", _set_args(lambda r, c: r == "q2" and c["name"] == "CreateSubagent", model_key="llm"), "omni"),
    # q3: fresh session instead of resuming
    (
        FRIDGE,
        "q3",
        _set_args(lambda r, c: r == "q3" and c["name"] == "RunSubagent", session_id=None),
        "continued a session",
    ),
    (CLAIM, "q2", _set_args(lambda r, c: r == "q2" and c["name"] == "CreateSubagent", model_key="omni"), "vlm"),
    (
        CLAIM,
        "q4",
        _set_args(
            lambda r, c: r == "q4" and c["name"] == "CreateSubagent",
            accessible_paths=["purchasing", "tools", "vault", "output", "hr"],
        ),
        "sensitive guard",
    ),
    (CLAIM, "q4", _set_args(lambda r, c: r == "q4" and c["name"] == "CreateSubagent", tools=["Read"]), "Bash"),
    (
        CLAIM,
        "q5",
        _set_args(lambda r, c: r == "q5" and c["name"] == "RunSubagent", session_id="new"),
        "continued a session",
    ),
    # q3: the workflow replaced by a script with one agent and no parallel()
    (
        CLAIM,
        "q3",
        _set_args(lambda r, c: r == "q3" and c["name"] == "Workflow", script='const a = defineAgent({name: "x"});'),
        "parallel",
    ),
    # q3: a workflow agent granted hr/ (the guard scans saved workflow scripts too)
    (
        CLAIM,
        "q6",
        lambda r, ti, c: (
            {
                **c,
                "arguments": {
                    **c["arguments"],
                    "script": c["arguments"]["script"].replace('"purchasing/po_PO-55812.csv"', '"hr"'),
                },
            }
            if r == "q3" and c["name"] == "Workflow"
            else c
        ),
        "sensitive guard",
    ),
    # q6: credit note read in the foreground
    (
        CLAIM,
        "q6",
        _set_args(lambda r, c: r == "q6" and c["name"] == "RunSubagent", run_in_background=False),
        "run_in_background",
    ),
    # fridge q4: order tool run by a subagent without Bash
    (FRIDGE, "q4", _set_args(lambda r, c: r == "q4" and c["name"] == "CreateSubagent", tools=["Read"]), "Bash"),
    # fridge q5: a fresh session instead of resuming the round-4 one
    (
        FRIDGE,
        "q5",
        _set_args(lambda r, c: r == "q5" and c["name"] == "RunSubagent", session_id=None),
        "continued a session",
    ),
    # fridge q6: no workflow
    (FRIDGE, "q6", lambda r, ti, c: None if (r == "q6" and c["name"] == "Workflow") else c, "Workflow"),
]


@pytest.mark.parametrize("sid,rid,mutate,needle", BEHAVIOUR)
def test_missing_behaviour_fails(sid, rid, mutate, needle, tmp_path):
    r = run_check(sid, rid, build_workspace(sid, rid, tmp_path, mutate=mutate))
    assert r.returncode == 1, r.stdout
    assert needle in r.stdout, r.stdout


def test_edit_after_sealing_invalidates_token(tmp_path):
    ws = build_workspace(CLAIM, "q4", tmp_path)
    replace_in(ws, "output/claim.json", '"po": "PO-55812"', '"po": "PO-55812", "note": "edited"')
    r = run_check(CLAIM, "q4", ws)
    assert r.returncode == 1 and "token" in r.stdout, r.stdout


def test_stale_invoice_total_fails_after_update(tmp_path):
    ws = build_workspace(CLAIM, "q5", tmp_path)
    replace_in(ws, "output/claim_letter.md", "is superseded by this claim", "still stands as well")
    r = run_check(CLAIM, "q5", ws)
    assert r.returncode == 1 and "527.10" in r.stdout, r.stdout


def test_credit_note_not_deducted_fails(tmp_path):
    ws = build_workspace(CLAIM, "q6", tmp_path)
    replace_in(ws, "output/claim_letter.md", "Amount to short-pay (EUR): 496.10", "Amount to short-pay (EUR): 515.10")
    r = run_check(CLAIM, "q6", ws)
    assert r.returncode == 1 and "Amount to short-pay" in r.stdout, r.stdout


def test_pre_recount_total_fails_after_update(tmp_path):
    ws = build_workspace(FRIDGE, "q6", tmp_path)
    replace_in(ws, "output/final_review.md", "is superseded by the recount", "was also computed")
    r = run_check(FRIDGE, "q6", ws)
    assert r.returncode == 1 and "1669" in r.stdout, r.stdout


def test_voicemail_transcript_time_fails_unless_rejected(tmp_path):
    ws = build_workspace(FRIDGE, "q2", tmp_path)
    replace_in(ws, "output/voicemail_facts.md", "- Moved at: 03:50", "- Moved at: 03:15")
    r = run_check(FRIDGE, "q2", ws)
    assert r.returncode == 1 and "03:15" in r.stdout, r.stdout


# ---------------------------------------------------------------------------------------------
# dataset format (SPEC §2) and hygiene
# ---------------------------------------------------------------------------------------------
def test_dataset_files():
    tests = load(DATASET / "tests.json")
    assert tests["manifests_ref"] == "manifests.json" and tests["scenario_ids"][:2] == [FRIDGE, CLAIM]
    assert load(DATASET / "tests-demo.json")["scenario_ids"] == [FRIDGE, CLAIM]
    mans = load(DATASET / "manifests.json")
    assert set(mans) == {"scenarios"}
    for sid in (FRIDGE, CLAIM):
        assert mans["scenarios"][sid] == f"scenarios/{sid}/manifest.json"
        sdir, man, rounds, sol = scenario(sid)
        assert set(man) == MANIFEST_KEYS and man["scenario_id"] == sid
        ws = sdir / man["workspace_template"]
        assert len([p for p in ws.iterdir() if p.is_dir()]) >= 8
        for p in man["main_agent_accessible_paths"] + man["main_agent_delegable_paths"]:
            assert (ws / p).exists(), p
        for _uid, grp in man["updates"].items():
            for f in grp["files"]:
                assert (sdir / f["src"]).exists()
        assert [r["id"] for r in rounds] == list(sol)
        for r in rounds:
            assert (
                r["type"] == "exec_check"
                and r["eval"]["command"] == f"python3 ${{scripts}}/check_{r['id']}.py ${{workspace}}"
            )
            assert (sdir / man["scripts"] / f"check_{r['id']}.py").exists()
            assert not sol[r["id"]][-1].get("tool_calls"), "a round must end with a turn without tool calls"
        assert (sdir / "checks" / "_common.py").read_bytes() == (ROOT / "data" / "build" / "_common.py").read_bytes()


def test_media_truth_and_no_leak():
    """Every media file has a truth entry; media-only facts appear in no workspace text file."""
    media_only = {
        FRIDGE: ["nineteen", "03:50", "three fifty", "door seal", "Priya"],
        CLAIM: ["GRN-0203-17", "Okafor", "216", "455", "Lindqvist"],
    }
    for sid in (FRIDGE, CLAIM):
        sdir, man, _, _ = scenario(sid)
        ws = sdir / man["workspace_template"]
        for p in ws.rglob("*"):
            if p.suffix.lower() in (".png", ".wav"):
                assert (sdir / "truth" / (str(p.relative_to(ws)) + ".txt")).is_file(), p
        texts = [
            p
            for p in list(ws.rglob("*")) + list((sdir / "updates").rglob("*"))
            if p.is_file() and p.suffix.lower() in (".md", ".txt", ".csv", ".json", ".py", ".key")
        ]
        for p in texts:
            s = p.read_text(encoding="utf-8")
            for fact in media_only[sid]:
                if p.suffix == ".csv" and re.fullmatch(r"[\d:]+", fact):
                    continue  # logger timestamps / order quantities are values of another kind
                assert fact.lower() not in s.lower(), f"{p}: media-only fact {fact!r} leaks into text"


def test_demo_size_budget():
    """The two demo scenarios together stay under 6 MiB (realistic 22.05 kHz audio and a 150 dpi scan;
    other scenarios have their own budgets); no single file exceeds 5 MiB."""
    total = sum(
        p.stat().st_size for sid in (FRIDGE, CLAIM) for p in (DATASET / "scenarios" / sid).rglob("*") if p.is_file()
    )
    assert total < 6 * 1024 * 1024, total
    for sid in (FRIDGE, CLAIM):
        for p in (DATASET / "scenarios" / sid).rglob("*"):
            assert not p.is_file() or p.stat().st_size <= 5 * 1024 * 1024, p


@pytest.mark.skipif(not (shutil.which("espeak-ng") and shutil.which("sox")), reason="espeak-ng/sox not installed")
def test_build_is_reproducible():
    """data/build/build_demo.py --check regenerates every generated file (media, office files, hints,
    trajectories, _common.py copies) into a temp dir and finds them identical to the committed ones."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "data" / "build" / "build_demo.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout + r.stderr
