#!/usr/bin/env python3
"""Copy the one check engine (data/build/_check.py) into every converted scenario and stamp it.

A scenario is *converted* when any of its rounds' eval commands runs ``${scripts}/_check.py``.
For each converted scenario this writes ``<scripts>/_check.py`` (byte-identical to the engine)
and ``<scripts>/_check.sha256`` (``<sha256>  _check.py``), and validates every round's spec
with the engine's own validator. The stamp is how `check --gate` and the tests recognise a
converted scenario.

Usage:
    .venv/bin/python data/build/sync_checks.py            # write the copies and stamps
    .venv/bin/python data/build/sync_checks.py --check    # verify only (exit 1 on any difference)
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import sys
from types import ModuleType

HERE = os.path.dirname(os.path.abspath(__file__))
DATASET = os.path.normpath(os.path.join(HERE, "..", "clawarena-team"))
ENGINE = os.path.join(HERE, "_check.py")
STAMP = "_check.sha256"
# The Bash word rule the harness uses (arena_tui/tools/bash_words.py) is copied into the engine
# between these markers, with the source's sha256 on the first one: one rule, two readers.
BASH_WORDS = os.path.normpath(os.path.join(HERE, "..", "..", "arena_tui", "tools", "bash_words.py"))
_BEGIN, _END = "# bash-words begin", "# bash-words end"


def bash_words_body(src: str) -> str:
    """The rule's code: the module after its docstring and its imports (the engine imports them at its top)."""
    lines = src.split('"""', 2)[2].lstrip("\n").splitlines(keepends=True)
    while lines and (lines[0].startswith("import ") or not lines[0].strip()):
        lines.pop(0)
    return "".join(lines)


def bash_words_block() -> str:
    """The engine's copy of the shared Bash word rule: the module after its docstring, stamped."""
    with open(BASH_WORDS, encoding="utf-8") as fh:
        src = fh.read()
    body = bash_words_body(src)
    digest = hashlib.sha256(src.encode()).hexdigest()
    return f"{_BEGIN}: arena_tui/tools/bash_words.py {digest}\n{body.rstrip()}\n\n\n{_END}"


def with_bash_words(engine: str) -> str:
    """``engine`` with its bash-words block replaced by the current copy of the rule."""
    a, b = engine.index(_BEGIN), engine.index(_END) + len(_END)
    return engine[:a] + bash_words_block() + engine[b:]


_SPEC_ARG = re.compile(r"\$\{scripts\}/_check\.py\s+\$\{workspace\}\s+\$\{scripts\}/(\S+\.json)")


def engine_bytes() -> bytes:
    with open(ENGINE, "rb") as fh:
        return fh.read()


def stamp_text(engine: bytes) -> str:
    return f"{hashlib.sha256(engine).hexdigest()}  _check.py\n"


def load_engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_check_engine", ENGINE)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def converted(root: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(scenario dir, scripts dir, [(round id, spec file name)]) for every converted scenario."""
    out = []
    sroot = os.path.join(root, "scenarios")
    for sid in sorted(os.listdir(sroot)):
        sdir = os.path.join(sroot, sid)
        try:
            with open(os.path.join(sdir, "manifest.json"), encoding="utf-8") as fh:
                scripts = os.path.join(sdir, json.load(fh).get("scripts", "checks"))
            with open(os.path.join(sdir, "questions.json"), encoding="utf-8") as fh:
                rounds = json.load(fh)
        except (OSError, ValueError):
            continue
        specs = []
        for rnd in rounds:
            m = _SPEC_ARG.search(str(rnd.get("eval", {}).get("command", "")))
            if m:
                specs.append((str(rnd.get("id")), m.group(1)))
        if specs:
            out.append((sdir, scripts, specs))
    return out


def sync(root: str, check_only: bool) -> list[str]:
    problems = []
    current = engine_bytes().decode("utf-8")
    if with_bash_words(current) != current:
        if check_only:
            problems.append("data/build/_check.py: its bash-words block differs from arena_tui/tools/bash_words.py")
        else:
            with open(ENGINE, "w", encoding="utf-8") as fh:
                fh.write(with_bash_words(current))
    engine = engine_bytes()
    stamp = stamp_text(engine)
    eng = load_engine()
    for sdir, scripts, specs in converted(root):
        sid = os.path.basename(sdir)
        for name, want in (("_check.py", engine), (STAMP, stamp.encode())):
            path = os.path.join(scripts, name)
            have = None
            if os.path.isfile(path):
                with open(path, "rb") as fh:
                    have = fh.read()
            if have == want:
                continue
            if check_only:
                problems.append(f"{sid}: {name} differs from data/build/_check.py (run data/build/sync_checks.py)")
            else:
                os.makedirs(scripts, exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(want)
        for rid, fname in specs:
            try:
                with open(os.path.join(scripts, fname), encoding="utf-8") as fh:
                    data = json.load(fh)
                eng.validate(data)
                if data["round"] != rid:
                    raise eng.SpecError(f"round is {data['round']!r}, the question is {rid!r}")
            except (OSError, ValueError, eng.SpecError) as exc:
                problems.append(f"{sid}: {rid}: spec {fname}: {exc}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="verify copies, stamps and specs; write nothing")
    ap.add_argument("--out", default=DATASET, help="dataset root (default: data/clawarena-team)")
    args = ap.parse_args()
    problems = sync(args.out, args.check)
    for p in problems:
        print("ERROR:", p)
    n = len(converted(args.out))
    print(f"{n} converted scenario(s); engine sha256 {hashlib.sha256(engine_bytes()).hexdigest()[:12]}:",
          "FAILED" if problems else "OK")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
