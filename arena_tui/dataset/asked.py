"""Every field a round's question asks for is checked by one of the round's conditions.

A question names what the deliverable must hold in a few recognisable ways, and each one must
be named by a condition of the round's engine spec (``checks/<round>.json``):

- a JSON key written as an identifier (``received_date``, ``seal_token``): a ``json``/``agree``
  condition whose key path holds it, a ``table`` column, a ``label``, a ``called`` argument, a
  seal (for the token key) or a condition value (an enum answer such as ``"keep_a"``);
- a backticked line label (`` `Total now:` ``, `` `Received by` ``): a ``label`` condition, a
  JSON key, a table column or a section of that name;
- a backticked CSV header (`` `file,peak_s,top_test` ``): each column a ``table`` column;
- a backticked token format (`` `RUNSEAL:<hex>` ``): a ``seal`` condition;
- a section (``## Rejected claims``): a ``headings`` requirement or a ``contains`` section;
- a request to quote what a rejected source says: every rejected value of that deliverable's
  rejection section must be required there (a ``contains`` ``all`` in that section).

A field that nothing checks lets an answer without it pass; ``check`` warns (``--strict`` fails).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SNAKE = re.compile(r"(?<![\w./-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w/-]|\.\w)")
BACKTICK = re.compile(r"`([^`\n]+)`")
SEAL_FORMAT = re.compile(r"[A-Z0-9_]+:<hex>")
SECTION = re.compile(r"##\s+([^\n#]+)")
QUOTE = re.compile(r"\bquot(?:e|ed|es|ing)\b", re.I)
DELIVERABLE = re.compile(r"##\s|\.(?:md|json|txt|csv|docx)\b")  # a request about what to write
SENTENCE = re.compile(r"(?<=[.!?])\s+")
CHOICE = re.compile(r'"([a-z][a-z0-9_]*)"\s+or\s+"([a-z][a-z0-9_]*)"')  # an answer's alternatives, not keys


@dataclass(frozen=True)
class Asked:
    kind: str  # key | label | column | seal | heading | quote
    name: str


def words(s: object) -> str:
    """A field name reduced to its words (the engine's ``title_key``, without its dependencies)."""
    t = str(s).replace("**", "").replace("__", "").strip("`*_ ").casefold()
    t = re.sub(r"^(?:\d+(?:\.\d+)*[.)]?|[ivxlc]+[.)]|[a-z][.)])\s+", "", t)
    t = re.sub(r"[\s:.;,!?\-]+$", "", t)
    return re.sub(r"[\s_]+", " ", t).strip()


def asked_fields(question: str) -> list[Asked]:
    """The fields ``question`` names for its deliverables, in order, without repeats."""
    out: list[Asked] = []
    for m in BACKTICK.finditer(question):
        b = m.group(1).strip()
        if not b or "/" in b or b.startswith(("python", "`")):
            continue  # a command line or a path, not a field
        if SEAL_FORMAT.fullmatch(b):
            out.append(Asked("seal", b))
        elif "," in b and " " not in b:
            out += [Asked("column", x) for x in b.split(",") if x]
        elif not SNAKE.fullmatch(b):
            out.append(Asked("label", b.split(":")[0].strip()))
    choices = {x for m in CHOICE.finditer(question) for x in m.groups()}
    out += [Asked("key", m.group(1)) for m in SNAKE.finditer(question) if m.group(1) not in choices]
    out += [Asked("heading", m.group(1).strip()) for m in SECTION.finditer(question)]
    if any(QUOTE.search(s) and DELIVERABLE.search(s) for s in SENTENCE.split(question)):
        out.append(Asked("quote", "rejected values"))
    seen: set[Asked] = set()
    return [a for a in out if not (a in seen or seen.add(a))]  # type: ignore[func-returns-value]


def _names(conditions: list[dict[str, Any]]) -> dict[str, set[str]]:
    """What the conditions name, by kind of name."""
    got: dict[str, set[str]] = {"key": set(), "label": set(), "column": set(), "heading": set(), "value": set()}
    for c in conditions:
        for ref in (c, c.get("a") or {}, c.get("b") or {}):
            got["key"] |= {words(k) for k in ref.get("key") or [] if isinstance(ref.get("key"), list)}
            if isinstance(ref.get("keys"), list):
                got["key"] |= {words(k) for k in ref["keys"]}
            if "label" in ref:
                got["label"].add(words(ref["label"]))
            got["key"] |= {words(k) for k in ref.get("args") or {}}
        if c.get("kind") == "table":
            got["column"] |= {words(k) for k in c.get("columns", [])}
            got["column"].add(words(c.get("key", "")))
            for row in c.get("rows", []):
                got["column"] |= {words(k) for k in row.get("expect") or {}}
        if c.get("kind") == "seal":
            got["key"] |= {"seal token", "token"}
        if c.get("kind") == "headings":
            got["heading"] |= {words(x) for x in c.get("require", [])}
        if c.get("kind") == "contains" and "section" in c:
            got["heading"].add(words(c["section"]))
        for f in ("equals", "one_of", "all", "any"):
            v = c.get(f)
            got["value"] |= {words(x) for x in (v if isinstance(v, list) else [v]) if x is not None}
    return got


def _quoted_uncovered(conditions: list[dict[str, Any]]) -> list[str]:
    """Rejected values of a rejection section that no ``contains`` requires in that section."""
    required: dict[tuple[str, str], set[str]] = {}
    for c in conditions:
        if c.get("kind") == "contains" and "section" in c:
            vals = list(c.get("all") or []) + (list(c["any"]) if len(c.get("any") or []) == 1 else [])
            required.setdefault((c["path"], words(c["section"])), set()).update(str(v) for v in vals)
    missing = []
    for c in conditions:
        if c.get("kind") != "decoy" or not c.get("sections"):
            continue
        if not any(str(c["token"]) in required.get((c["path"], words(s)), set()) for s in c["sections"]):
            missing.append(f"{c['path']}: {c['token']}")
    return missing


def uncovered(question: str, conditions: list[dict[str, Any]]) -> list[str]:
    """The fields ``question`` asks for that no condition checks, one line each."""
    got = _names(conditions)
    everything = got["key"] | got["label"] | got["column"]
    has_seal = any(c.get("kind") == "seal" for c in conditions)
    out = []
    for a in asked_fields(question):
        w = words(a.name)
        if a.kind == "seal":
            ok = has_seal
        elif a.kind == "column":
            ok = w in got["column"] or w in got["key"]
        elif a.kind == "key":
            ok = w in everything or w in got["value"] or (w in ("seal token", "token") and has_seal)
        elif a.kind == "label":
            ok = w in everything or w in got["heading"]
        elif a.kind == "heading":
            ok = any(re.match(re.escape(h) + r"(?![\w])", w) for h in got["heading"] if h)
        else:
            out += [f"quoted value {m} is not required in its section" for m in _quoted_uncovered(conditions)]
            continue
        if not ok:
            name = " ".join(a.name.split()[:4])
            out.append(f"{a.kind} '{name}' is asked for but no condition checks it")
    return out


def audit_scenario(scenario_dir: Path) -> list[tuple[str, str]]:
    """(round id, gap) for every unchecked asked field of a scenario whose checks are engine specs."""
    checks = scenario_dir / "checks"
    if not (checks / "_check.sha256").is_file():
        return []
    try:
        rounds = json.loads((scenario_dir / "questions.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return []  # the loader reports an unreadable questions file
    gaps = []
    for rnd in rounds if isinstance(rounds, list) else []:
        spec_path = checks / f"{rnd.get('id')}.json"
        try:
            spec = json.loads(spec_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        conditions = [c for c in spec.get("conditions") or [] if isinstance(c, dict)]
        gaps += [(str(rnd["id"]), g) for g in uncovered(str(rnd.get("question", "")), conditions)]
    return gaps
