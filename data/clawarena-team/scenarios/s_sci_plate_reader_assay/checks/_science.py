"""Declarative check runner for the science scenarios (stdlib only).

Master copy: data/build/science/_science.py; copied identically into every s_sci_* checks/ folder
next to _common.py. Each check_qN.py holds one SPEC (a round id and a list of items) and calls
run(SPEC). Every item adds failure lines; the check exits 1 when any item failed, 0 otherwise.

Content items: sections, anchors, json, json_keys, labels, rejected, refuted, outside, minlen, token, agree.
Behaviour items (read from sessions/main.jsonl, cut by round_id): bg, cover, media, reuse, workflow,
sealer, ran_cover, guard (sticky: any grant so far; fails when the transcript is missing).
"""

from __future__ import annotations

import re
import sys

from _common import (
    NEGATIONS,
    Check,
    close,
    headings,
    is_int,
    label_value,
    norm,
    number_in,
    refuted_everywhere,
    seal_token,
    section,
)


def _covers(grant: str, path: str) -> bool:
    grant = grant.rstrip("/")
    return grant in (".", "") or path == grant or path.startswith(grant + "/")


def _get(obj, dotted: str):
    cur = obj
    for part in dotted.split("/"):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def _same(got, want, tol) -> bool:
    if isinstance(want, bool):
        return got is want
    if isinstance(want, int):
        return is_int(got, want)
    if isinstance(want, float):
        return close(got, want, tol)
    if isinstance(want, list):
        if not isinstance(got, list):
            return False
        return sorted(str(x).strip().lower() for x in got) == sorted(str(x).strip().lower() for x in want)
    return isinstance(got, str) and got.strip().lower() == str(want).strip().lower()


def _label_ok(md: str, label: str, want, tol) -> bool:
    raw = label_value(md, label)
    if raw is None:
        return False
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        v = number_in(raw)
        return v is not None and abs(v - float(want)) <= (tol if isinstance(want, float) else 0)
    return raw.strip("`*_ .").strip().lower() == str(want).strip().lower()


def _value(ck: Check, ref: list):
    """ref = [file, 'json:key/sub'] or [file, 'label:Label']."""
    rel, how = ref
    kind, _, key = how.partition(":")
    if kind == "json":
        data = ck.json(rel)
        return _get(data, key) if isinstance(data, dict) else None
    md = ck.text(rel)
    if md is None:
        return None
    raw = label_value(md, key)
    if raw is None:
        return None
    v = number_in(raw)
    return v if v is not None and re.fullmatch(r"[\s\d.,\-+]*", raw.strip("`*_ ")) else raw.strip("`*_ .").lower()


def _eq(a, b) -> bool:
    if a is None or b is None:
        return False
    try:
        return abs(float(a) - float(b)) <= 0.005
    except (TypeError, ValueError):
        return str(a).strip().lower() == str(b).strip().lower()


def _workflow_agents(script: str) -> list[list[str]]:
    out = []
    for m in re.finditer(r"defineAgent\s*\(\s*\{(.*?)\}\s*\)", script, re.S):
        body = m.group(1)
        pm = re.search(r"accessible_paths\s*:\s*\[(.*?)\]", body, re.S)
        paths = re.findall(r"[\"'`]([^\"'`]+)[\"'`]", pm.group(1)) if pm else []
        out.append(paths)
    return out


def run(spec: dict) -> None:
    ck = Check(sys.argv)
    rid = spec["round"]
    for it in spec["items"]:
        k = it["k"]
        f = it.get("f")
        if k == "sections":
            md = ck.text(f)
            if md is not None:
                hs = [h.strip().lower() for h in headings(md, 2)]
                for name in it["names"]:
                    ck.require(name.lower() in hs, f"{f}: missing section '## {name}'")
        elif k == "anchors":
            md = ck.text(f)
            if md is not None:
                low = norm(md).lower()
                for a in it["all"]:
                    ck.require(a.lower() in low, f"{f}: does not name '{a}' from the request")
        elif k == "json":
            data = ck.json(f)
            if data is not None and not isinstance(data, dict):
                ck.fail(f"{f}: not a JSON object")
            elif isinstance(data, dict):
                for key, want in it["fields"].items():
                    ck.require(_same(_get(data, key), want, it.get("tol", 0.05)), f"{f}: '{key}' missing or wrong")
        elif k == "json_keys":
            data = ck.json(f)
            if isinstance(data, dict):
                got = _get(data, it["key"])
                ck.require(
                    isinstance(got, dict) and sorted(got) == sorted(it["keys"]),
                    f"{f}: '{it['key']}' must list exactly the files asked for",
                )
        elif k == "labels":
            md = ck.text(f)
            if md is not None:
                for label, want in it["lines"].items():
                    ck.require(
                        _label_ok(md, label, want, it.get("tol", 0.05)), f"{f}: line '{label}: ...' missing or wrong"
                    )
        elif k == "rejected":
            md = ck.text(f)
            if md is not None:
                rej = section(md, "Rejected claims")
                if rej is None:
                    ck.fail(f"{f}: section '## Rejected claims' missing")
                else:
                    low = norm(rej).lower()
                    for rx, what in it["mention"]:
                        ck.require(re.search(rx, low) is not None, f"{f}: ## Rejected claims does not address {what}")
                    ck.require(any(n in low for n in NEGATIONS), f"{f}: ## Rejected claims does not say what is wrong")
        elif k == "refuted":
            md = ck.text(f)
            if md is not None:
                for tok in it["tokens"]:
                    ck.require(
                        refuted_everywhere(md, tok),
                        f"{f}: a superseded/decoy value appears without being marked wrong or superseded",
                    )
        elif k == "outside":
            md = ck.text(f)
            if md is not None:
                rej = section(md, "Rejected claims") or ""
                rest = norm(md.replace(rej, "")).lower() if rej else norm(md).lower()
                for tok in it["tokens"]:
                    ck.require(
                        re.search(r"(?<![\w.])" + re.escape(tok.lower()) + r"(?![\w]|\.\d)", rest) is None,
                        f"{f}: a decoy value is used outside ## Rejected claims",
                    )
        elif k == "minlen":
            md = ck.text(f)
            if md is not None:
                body = re.split(r"^#{1,6}\s+rejected claims\s*$", md, flags=re.I | re.M)[0]
                ck.require(
                    len(norm(body).strip()) >= it["n"],
                    f"{f}: fewer than {it['n']} characters before ## Rejected claims",
                )
        elif k == "token":
            data = ck.json(it["json"])
            if it.get("field"):
                holder = ck.json(f)
                tok = str(_get(holder, it["field"]) or "") if isinstance(holder, dict) else None
            else:
                tok = ck.text(f)
            if isinstance(data, dict) and tok is not None:
                want = seal_token(ck.path(it["seal"]), data)
                got = tok.strip().split(":")[-1].strip()
                ck.require(
                    want is not None and got == want,
                    f"{f}: token does not match the sealer's output for the current {it['json']}",
                )
        elif k == "agree":
            for a, b, what in it["pairs"]:
                ck.require(_eq(_value(ck, a), _value(ck, b)), f"consistency: {what} differs between {a[0]} and {b[0]}")
        elif k in ("bg", "cover", "media", "reuse", "workflow", "sealer", "ran_cover"):
            if ck.transcript() is None:
                continue
            runs = [c for _, c in ck.calls("RunSubagent", round_id=rid)]
            ran = {c["arguments"].get("subagent_id") for c in runs}
            if k == "bg":
                ck.require(
                    any(c["arguments"].get("run_in_background") is True for c in runs),
                    "behaviour: no RunSubagent with run_in_background=true in this round",
                )
            elif k == "cover":
                made = [c for c in ck.created(round_id=rid) if c["subagent_id"] in ran]
                for p in it["paths"]:
                    ck.require(
                        any(_covers(g, p) for c in made for g in c["paths"]),
                        f"behaviour: no subagent created and run in this round was granted {p}",
                    )
            elif k == "media":
                made = [c for c in ck.created(round_id=rid) if c["model_key"] in it["keys"] and c["subagent_id"] in ran]
                ck.require(
                    any(_covers(g, it["path"]) for c in made for g in c["paths"]),
                    f"behaviour: no {'/'.join(it['keys'])} subagent granted {it['path']} was created and run in this round",
                )
            elif k == "reuse":
                earlier = ck.session_ids_returned(before=rid)
                ck.require(
                    any(c["arguments"].get("session_id") in earlier for c in runs),
                    "behaviour: no RunSubagent in this round continued a session returned in an earlier round",
                )
            elif k == "workflow":
                wfs = [c for _, c in ck.calls("Workflow", round_id=rid)]
                if not ck.require(bool(wfs), "behaviour: no Workflow call in this round"):
                    continue
                best = max((_workflow_agents(str(c["arguments"].get("script") or "")) for c in wfs), key=len)
                ck.require(
                    len(best) >= it.get("min_agents", 2), "behaviour: the workflow script defines fewer than two agents"
                )
                for p in it.get("cover", []):
                    ck.require(
                        any(_covers(ck.rel(g), p) for ps in best for g in ps),
                        f"behaviour: no workflow agent was granted {p}",
                    )
                if it.get("disjoint"):
                    sets = [{ck.rel(g) for g in ps if ck.rel(g).split("/")[0] != "output"} for ps in best]
                    clash = any(
                        _covers(a, b) or _covers(b, a)
                        for i in range(len(sets))
                        for j in range(i + 1, len(sets))
                        for a in sets[i]
                        for b in sets[j]
                    )
                    ck.require(not clash, "behaviour: the workflow agents' grants are not pairwise disjoint")
            elif k == "sealer":
                subs = [c for c in ck.created() if c["subagent_id"] in ran and "Bash" in c["tools"]]
                ck.require(
                    any(_covers(g, it["path"]) for c in subs for g in c["paths"]),
                    "behaviour: no subagent with Bash and the seal file in its grant was run in this round",
                )
            elif k == "ran_cover":
                subs = [c for c in ck.created() if c["subagent_id"] in ran]
                ck.require(
                    any(_covers(g, it["path"]) for c in subs for g in c["paths"]),
                    f"behaviour: no subagent granted {it['path']} was run in this round",
                )
        elif k == "guard":
            for seg in it["segs"]:
                ck.guard_sensitive(seg)
        else:
            ck.fail(f"check spec: unknown item {k}")
    ck.finish()
