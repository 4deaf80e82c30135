"""Declarative check engine for the engineering scenarios (stdlib only).

Copied identically into every s_eng_*/checks/ folder next to _common.py (master copy:
data/build/engineering/_eng.py). Each check_qN.py holds a SPEC (a list of conditions, written
out in its docstring) and calls run(SPEC). Every condition prints one FAIL line when unmet.

Condition kinds (key "t"):
  json       file, fields [[key.path, kind, expected, tol]]   kind: int | num | str | has | keys
  labels     file, fields [[label, kind, expected, tol]]       `Label: value` lines
  headings   file, names [...] (level-2 headings that must exist)
  contains   file, patterns [regex, ...] (case-insensitive, each must match)
  refuted    file, values [...]: every occurrence needs a negation / 'superseded' nearby
  rejected   file, names [regex...], decoys [...]: a '## Rejected claims' section naming each source
             with a negation; each decoy value inside it refuted; no decoy value outside it
  consistent a [file, key-or-label], b [file, key-or-label]: the two values agree
  token      file, obj, seal, prefix: token = HMAC(seal, canonical(obj)) of the final obj
  created    min, key, paths [...], tools [...]: >= min subagents created in THIS round with that model
             key whose grant includes a path under each listed folder and the listed tools; and
             at least one of them run in this round
  background a RunSubagent with run_in_background true in this round
  resume     a RunSubagent in this round continuing a session id returned in an earlier round
  workflow   a Workflow call in this round whose script defines >= min agents and uses parallel(
  guard      segments [...]: sticky, no grant so far names any of them; fails without transcript
"""

from __future__ import annotations

import re
import sys

sys.dont_write_bytecode = True

from _common import NEGATIONS, Check, close, label_value, norm, refuted_everywhere, seal_token, section  # noqa: E402


def _get(obj, dotted):
    cur = obj
    for part in dotted.split("|"):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def _value_ok(got, kind, want, tol):
    if kind == "int":
        if isinstance(got, str):
            m = re.match(r"\s*(-?\d[\d,]*)(?![\d.])", got)
            got = int(m.group(1).replace(",", "")) if m else None
        return isinstance(got, int) and not isinstance(got, bool) and got == want
    if kind == "num":
        if isinstance(got, str):
            m = re.search(r"-?\d[\d,]*(?:\.\d+)?", got)
            got = m.group(0).replace(",", "") if m else None
        return close(got, want, tol or 0.005)
    if kind == "str":
        return isinstance(got, str) and norm(got).strip(" `*_.").lower() == str(want).lower()
    if kind == "has":
        return isinstance(got, str) and all(w.lower() in norm(got).lower() for w in want)
    if kind == "keys":
        return isinstance(got, dict) and sorted(got) == sorted(want)
    return False


def _read_value(ck, ref):
    f, key = ref
    if f.endswith(".json"):
        obj = ck.json(f)
        return None if obj is None else _get(obj, key)
    txt = ck.text(f)
    return None if txt is None else label_value(txt, key)


def _canon(v):
    if isinstance(v, str):
        s = norm(v).strip(" `*_.").lower()
        m = re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", s)
        return float(s.replace(",", "")) if m else s
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return v


def run(spec: dict) -> None:
    ck = Check(sys.argv)
    rnd = spec["round"]
    for c in spec["conditions"]:
        t = c["t"]
        if t == "json":
            obj = ck.json(c["file"])
            if obj is None:
                continue
            if not isinstance(obj, dict):
                ck.fail(f"{c['file']}: not a JSON object")
                continue
            for key, kind, want, tol in c["fields"]:
                ck.require(
                    _value_ok(_get(obj, key), kind, want, tol),
                    f"{c['file']}: {key.replace('|', '.')} is missing or wrong",
                )
        elif t == "labels":
            txt = ck.text(c["file"])
            if txt is None:
                continue
            for label, kind, want, tol in c["fields"]:
                ck.require(
                    _value_ok(label_value(txt, label), kind, want, tol),
                    f"{c['file']}: line '{label}: ...' is missing or wrong",
                )
        elif t == "headings":
            txt = ck.text(c["file"])
            if txt is None:
                continue
            found = {h.lower() for h in re.findall(r"^##\s+(.+?)\s*#*\s*$", txt, re.M)}
            for h in c["names"]:
                ck.require(h.lower() in found, f"{c['file']}: level-2 section '## {h}' missing")
        elif t == "contains":
            txt = ck.text(c["file"])
            if txt is None:
                continue
            for pat in c["patterns"]:
                ck.require(
                    re.search(pat, norm(txt), re.I) is not None,
                    f"{c['file']}: does not state {c.get('what', {}).get(pat, 'a required item')}",
                )
        elif t == "refuted":
            txt = ck.text(c["file"])
            if txt is None:
                continue
            for v in c["values"]:
                ck.require(
                    refuted_everywhere(txt, v),
                    f"{c['file']}: an outdated or untrusted figure appears without being marked as wrong or superseded",
                )
        elif t == "rejected":
            txt = ck.text(c["file"])
            if txt is None:
                continue
            rej = section(txt, "Rejected claims")
            if rej is None:
                ck.fail(f"{c['file']}: section '## Rejected claims' missing")
                continue
            low = norm(rej).lower()
            for pat in c["names"]:
                ck.require(
                    re.search(pat, low, re.I) is not None,
                    f"{c['file']}: ## Rejected claims does not name every source it should address",
                )
            ck.require(any(n in low for n in NEGATIONS), f"{c['file']}: ## Rejected claims does not say what is wrong")
            outside = txt.replace(rej, "")
            for v in c.get("decoys", []):
                ck.require(
                    refuted_everywhere(rej, v), f"{c['file']}: a rejected figure is quoted without saying it is wrong"
                )
                ck.require(
                    re.search(r"(?<![\w.])" + re.escape(v.lower()) + r"(?![\w]|\.\d)", norm(outside).lower()) is None,
                    f"{c['file']}: a rejected figure is used outside ## Rejected claims",
                )
        elif t == "consistent":
            a, b = _read_value(ck, c["a"]), _read_value(ck, c["b"])
            if a is not None and b is not None:
                ca, cb = _canon(a), _canon(b)
                ok = (abs(ca - cb) <= 0.051) if isinstance(ca, float) and isinstance(cb, float) else ca == cb
                ck.require(ok, f"consistency: {c['a'][0]} ({c['a'][1]}) disagrees with {c['b'][0]} ({c['b'][1]})")
            elif a is None or b is None:
                ck.fail(f"consistency: cannot compare {c['a'][0]} with {c['b'][0]} (value missing)")
        elif t == "token":
            obj = ck.json(c["obj"])
            tok = ck.text(c["file"])
            if obj is None or tok is None:
                continue
            want = seal_token(ck.path(c["seal"]), obj)
            m = re.search(r"(?:" + re.escape(c["prefix"]) + r":)?\s*([0-9a-fA-F]{64})", tok)
            ck.require(
                want is not None and m is not None and m.group(1).lower() == want,
                f"{c['file']}: token is not the seal tool's output for the final {c['obj']}",
            )
        elif ck.transcript() is None:
            continue  # behaviour conditions: Check already failed on the missing transcript
        elif t == "created":
            subs = [
                s
                for s in ck.created(round_id=rnd)
                if (c.get("key") is None or s["model_key"] == c["key"])
                and all(any(p.split("/")[0] == f for p in s["paths"]) for f in c.get("paths", []))
                and all(tool in s["tools"] for tool in c.get("tools", []))
            ]
            ran = {cl["arguments"].get("subagent_id") for _, cl in ck.calls("RunSubagent", round_id=rnd)}
            desc = f"{c.get('key') or 'any'} subagent(s) granted {', '.join(c.get('paths', [])) or 'the evidence'}"
            if c.get("tools"):
                desc += f" with {', '.join(c['tools'])}"
            ck.require(
                len(subs) >= c.get("min", 1), f"behaviour: fewer than {c.get('min', 1)} {desc} created in this round"
            )
            ck.require(any(s["subagent_id"] in ran for s in subs), f"behaviour: no {desc} was run in this round")
        elif t == "background":
            bg = [
                cl
                for _, cl in ck.calls("RunSubagent", round_id=rnd)
                if cl["arguments"].get("run_in_background") is True
            ]
            ck.require(bool(bg), "behaviour: no RunSubagent with run_in_background in this round")
        elif t == "resume":
            earlier = ck.session_ids_returned(before=rnd)
            res = [
                cl for _, cl in ck.calls("RunSubagent", round_id=rnd) if cl["arguments"].get("session_id") in earlier
            ]
            ck.require(bool(res), "behaviour: no RunSubagent in this round continued a session from an earlier round")
        elif t == "workflow":
            wf = [cl for _, cl in ck.calls("Workflow", round_id=rnd)]
            ok = False
            for cl in wf:
                script = str(cl["arguments"].get("script") or "")
                if len(re.findall(r"defineAgent\s*\(", script)) >= c.get("min", 2) and "parallel(" in script:
                    ok = True
            ck.require(bool(wf), "behaviour: no Workflow call in this round")
            ck.require(ok or not wf, "behaviour: the workflow script does not define enough agents run in parallel")
        elif t == "guard":
            for seg in c["segments"]:
                ck.guard_sensitive(seg)
    if spec.get("needs_transcript"):
        ck.transcript()
    ck.finish()
