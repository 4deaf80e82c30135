"""Medicine-domain check runner (stdlib only; copied identically into every s_med_* checks/ folder).

Each check_qN.py holds one declarative SPEC dict and calls run(SPEC). The runner builds on
_common.py (transcript cut by round_id, sticky sensitive guard, refutation windows, seal tokens).
Every condition that fails prints one 'FAIL: ...' line; exit 1 on any failure, else 'PASS'.

SPEC keys (all optional except round):
  round       round id whose transcript slice the behaviour checks look at
  sensitive   folder names that must never have been granted in any round (sticky; no transcript = FAIL)
  json        [{file, fields: [[key path list, expectation]], keys_exact: [[path], [names]]}]
  md          [{file, sections, contains, labels: {label: expectation}, rejected: {must: [[regex, what]],
               decoys: [tokens]}, refuted: [tokens], outside_forbidden: [tokens]}]
  consistency [[file A, key path A, file B, key path B]]  values must be equal
  token       {file, json, seal, prefix}  the token line must be prefix:HMAC(seal, canonical(json))
  behaviour   {background, resume, workflow_agents, created: [{model_key, path}], disjoint, calls}
expectation: {"int": n} | {"num": x, "tol": t} | {"str": s} (case-insensitive, whitespace ignored) | {"re": pattern} | {"contains": [words]}
"""

from __future__ import annotations

import re
import sys

sys.dont_write_bytecode = True

from _common import NEGATIONS, Check, close, is_int, label_value, norm, number_in, refuted_everywhere, section  # noqa: E402


def _get(obj, path):
    for k in path:
        if not isinstance(obj, dict) or k not in obj:
            return None, False
        obj = obj[k]
    return obj, True


def _norm_s(v) -> str:
    return re.sub(r"\s+", " ", norm(str(v))).strip().strip("`*_ .'\"").lower()


def _matches(value, exp) -> bool:
    if "int" in exp:
        return is_int(value, exp["int"])
    if "num" in exp:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        return close(value, exp["num"], exp.get("tol", 0.005))
    if "str" in exp:  # case-insensitive; whitespace ignored ("5 mg" == "5mg"); a bare number is compared as text
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return False
        return re.sub(r"\s+", "", _norm_s(value)) == re.sub(r"\s+", "", _norm_s(exp["str"]))
    if "re" in exp:  # case-insensitive full match on the normalised text
        return isinstance(value, str) and re.fullmatch(exp["re"], _norm_s(value), re.I) is not None
    if "contains" in exp:
        low = _norm_s(value) if isinstance(value, str) else ""
        return all(w.lower() in low for w in exp["contains"])
    return False


def _label_ok(md: str, label: str, exp) -> bool:
    raw = label_value(md, label)
    if raw is None:
        return False
    if "int" in exp:
        v = number_in(raw)
        return v is not None and v == exp["int"] and not re.search(r"\d\s*[-–]\s*\d", raw)
    if "num" in exp:
        v = number_in(raw)
        return v is not None and close(v, exp["num"], exp.get("tol", 0.005))
    return _matches(raw, exp)


def _check_json(ck: Check, item) -> None:
    data = ck.json(item["file"])
    if data is None:
        return
    if not isinstance(data, dict):
        ck.fail(f"{item['file']}: not a JSON object")
        return
    for path, exp in item.get("fields", []):
        value, found = _get(data, path)
        key = ".".join(path)
        if not found:
            ck.fail(f"{item['file']}: key '{key}' missing")
        else:
            ck.require(_matches(value, exp), f"{item['file']}: '{key}' is wrong")
    for path, names in item.get("keys_exact", []):
        value, found = _get(data, path)
        if isinstance(value, dict):
            extra = sorted(set(value) - set(names))
            ck.require(not extra, f"{item['file']}: unexpected entries under '{'.'.join(path) or '(top)'}': {extra}")


def _check_md(ck: Check, item) -> None:
    md = ck.text(item["file"])
    if md is None:
        return
    f = item["file"]
    hs = [h.strip().lower() for h in re.findall(r"^##\s+(.+?)\s*#*\s*$", md, re.M)]
    for s in item.get("sections", []):
        ck.require(s.lower() in hs, f"{f}: missing section '## {s}'")
    low = norm(md).lower()
    for c in item.get("contains", []):
        ck.require(c.lower() in low, f"{f}: does not name '{c}'")
    for label, exp in item.get("labels", {}).items():
        ck.require(_label_ok(md, label, exp), f"{f}: line '{label}: ...' missing or wrong")
    rej = item.get("rejected")
    body = None
    if rej is not None:
        body = section(md, "Rejected claims")
        if body is None:
            ck.fail(f"{f}: section '## Rejected claims' missing")
        else:
            rlow = norm(body).lower()
            for rx, what in rej.get("must", []):
                ck.require(re.search(rx, rlow) is not None, f"{f}: ## Rejected claims does not address {what}")
            ck.require(any(n in rlow for n in NEGATIONS), f"{f}: ## Rejected claims does not say what is wrong")
            for tok in rej.get("decoys", []):
                ck.require(
                    refuted_everywhere(body, tok),
                    f"{f}: decoy value {tok} inside ## Rejected claims is not marked as wrong",
                )
    for tok in item.get("refuted", []):
        ck.require(
            refuted_everywhere(md, tok),
            f"{f}: the earlier or decoy value {tok} appears without being marked superseded/wrong",
        )
    if item.get("outside_forbidden"):
        outside = norm(md.replace(body, "") if body else md).lower()
        for tok in item["outside_forbidden"]:
            hit = re.search(r"(?<![\w.])" + re.escape(tok.lower()) + r"(?![\w]|\.\d)", outside)
            ck.require(hit is None, f"{f}: decoy value {tok} used outside ## Rejected claims")


def _check_behaviour(ck: Check, rid: str, b) -> None:
    if ck.transcript() is None:
        return
    runs = [c for _, c in ck.calls("RunSubagent", round_id=rid)]
    if b.get("background"):
        ck.require(
            any(c["arguments"].get("run_in_background") is True for c in runs),
            "behaviour: no RunSubagent with run_in_background=true in this round",
        )
    if b.get("resume"):
        earlier = ck.session_ids_returned(before=rid)
        ck.require(
            any(c["arguments"].get("session_id") in earlier for c in runs),
            "behaviour: no RunSubagent in this round continued a session returned in an earlier round",
        )
    if b.get("workflow_agents"):
        wfs = [c for _, c in ck.calls("Workflow", round_id=rid)]
        if not wfs:
            ck.fail("behaviour: no Workflow call in this round")
        else:
            ok = False
            for c in wfs:
                script = str(c["arguments"].get("script") or "")
                n = len(re.findall(r"\bdefineAgent\s*\(", script))
                ok = ok or (n >= b["workflow_agents"] and "parallel(" in script)
            ck.require(
                ok,
                f"behaviour: the Workflow script does not define >= {b['workflow_agents']} agents run with parallel()",
            )
    created = ck.created(round_id=rid)
    ran = {c["arguments"].get("subagent_id") for c in runs}
    for want in b.get("created", []):
        hits = [
            c
            for c in created
            if c["model_key"] == want["model_key"] and any(p.split("/")[0] == want["path"] for p in c["paths"])
        ]
        ck.require(
            bool(hits), f"behaviour: no '{want['model_key']}' subagent granted {want['path']}/ created in this round"
        )
        ck.require(
            any(c["subagent_id"] in ran for c in hits),
            f"behaviour: the '{want['model_key']}' subagent for {want['path']}/ was not run in this round",
        )
    if b.get("disjoint"):
        grants = []
        for c in created:
            segs = {p.split("/")[0] for p in c["paths"]} - {"output", "notes"}
            if segs:
                grants.append(segs)
        ok = len(grants) >= b["disjoint"] and all(
            not (grants[i] & grants[j]) for i in range(len(grants)) for j in range(i + 1, len(grants))
        )
        ck.require(
            ok,
            f"behaviour: expected >= {b['disjoint']} subagents created in this round with pairwise disjoint grants (output/ aside)",
        )
    for name in b.get("calls", []):
        ck.require(bool(ck.calls(name, round_id=rid)), f"behaviour: no {name} call in this round")


def _check_token(ck: Check, t) -> None:
    from _common import seal_token

    raw = ck.text(t["file"])
    data = ck.json(t["json"])
    if raw is None or not isinstance(data, dict):
        return
    want = seal_token(ck.path(t["seal"]), data)
    m = re.search(r"(?:" + re.escape(t["prefix"]) + r":)?([0-9a-f]{64})", raw.strip())
    ck.require(
        want is not None and m is not None and m.group(1) == want,
        f"{t['file']}: token missing or does not match the sealed content of {t['json']}",
    )


def run(spec) -> None:
    ck = Check(sys.argv)
    for item in spec.get("json", []):
        _check_json(ck, item)
    for item in spec.get("md", []):
        _check_md(ck, item)
    for fa, ka, fb, kb in spec.get("consistency", []):
        a, b = ck.json(fa), ck.json(fb)
        if isinstance(a, dict) and isinstance(b, dict):
            va, fa_ok = _get(a, ka)
            vb, fb_ok = _get(b, kb)
            ck.require(
                fa_ok and fb_ok and va == vb, f"consistency: {fa} '{'.'.join(ka)}' differs from {fb} '{'.'.join(kb)}'"
            )
    if spec.get("token"):
        _check_token(ck, spec["token"])
    _check_behaviour(ck, spec["round"], spec.get("behaviour", {}))
    for seg in spec.get("sensitive", []):
        ck.guard_sensitive(seg)
    ck.finish()
