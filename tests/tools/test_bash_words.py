"""One Bash word rule, one corpus: the harness's file touches and the check engine's "opened" agree.

Every row is a command and the files it names in a small workspace. The harness
(:func:`bash_touches`) must touch exactly those; the engine, given the harness's recorded
touches, must say it opened exactly those and nothing else. The engine's copy of the rule
must be the harness's, byte for byte, with the stamped hash.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import bash_words
from arena_tui.tools.bash_files import bash_touches

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "data" / "build" / "_check.py"
FILES = ["a.txt", "b.csv", "my file.txt", "dir/c.md", "dir/d.md", "x=y.txt"]

CORPUS: list[tuple[str, set[str]]] = [
    ("cat a.txt", {"a.txt"}),
    ("cat {ws}/a.txt {ws}/b.csv", {"a.txt", "b.csv"}),
    ("cat 'my file.txt'", {"my file.txt"}),
    ('wc -l "{ws}/my file.txt"', {"my file.txt"}),
    ("ls *", {"a.txt", "b.csv", "my file.txt", "x=y.txt"}),
    ("echo * 62", {"a.txt", "b.csv", "my file.txt", "x=y.txt"}),
    ("cat dir/*.md", {"dir/c.md", "dir/d.md"}),
    ("cat dir/?.md | head", {"dir/c.md", "dir/d.md"}),
    ("cat {a,b}.txt", set()),
    ("python3 t.py --input=dir/c.md", {"dir/c.md"}),
    ("X=b.csv; cat $X", {"b.csv"}),
    ("cat a.txt # b.csv", {"a.txt"}),
    ("cat a.txt|wc -l>out.txt", {"a.txt"}),
    ("cat a.txt&&cat b.csv;", {"a.txt", "b.csv"}),
    ("echo `cat b.csv`", {"b.csv"}),
    ("cat $HOME/a.txt", set()),
    ("curl https://a.txt", set()),
    ("cat /etc/passwd", set()),
    ("cat 'a.txt", {"a.txt"}),
    ("cat a.txt: dir/c.md,", {"a.txt", "dir/c.md"}),
    ("cat ./x=y.txt", {"x=y.txt"}),
]


def load_engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_check_engine_words", ENGINE)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    for rel in FILES:
        p = tmp_path / "ws" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(rel, encoding="utf-8")
    return tmp_path / "ws"


@pytest.mark.parametrize("command,named", CORPUS)
def test_harness_and_engine_agree_on_every_row(ws: Path, command: str, named: set[str]) -> None:
    command = command.replace("{ws}", str(ws))
    scope = ScopeGuard.build(ws, ["."])
    touched = {t.path for t in bash_touches(command, scope, str(ws))}
    assert touched == named, command
    engine = load_engine()
    ck = engine.Check(str(ws), {"round": "q1", "conditions": []})
    call = {"name": "Bash", "arguments": {"command": command}, "files": sorted(touched)}
    opened = {rel for rel in FILES if ck.opened(call, rel)}
    assert opened == named, command


def test_a_pattern_names_nothing_the_harness_did_not_expand(ws: Path) -> None:
    engine = load_engine()
    ck = engine.Check(str(ws), {"round": "q1", "conditions": []})
    assert not ck.opened({"name": "Bash", "arguments": {"command": "cat *"}, "files": []}, "a.txt")
    assert not ck.opened({"name": "Bash", "arguments": {"command": "cat b.csv"}, "files": ["a.txt"]}, "a.txt")


def test_the_engine_carries_the_harness_rule_byte_for_byte_with_its_hash() -> None:
    source = Path(bash_words.__file__).read_text(encoding="utf-8")
    engine = ENGINE.read_text(encoding="utf-8")
    digest = hashlib.sha256(source.encode()).hexdigest()
    head = f"# bash-words begin: arena_tui/tools/bash_words.py {digest}\n"
    assert head in engine, "run data/build/sync_checks.py"
    block = engine.split(head, 1)[1].split("# bash-words end", 1)[0]
    code = source.split('"""', 2)[2]
    code = code[code.index("\n_PATTERN") + 1 :]  # after the docstring and the imports (the engine has them on top)
    assert block.strip("\n") == code.strip("\n")


def test_the_rule_is_stdlib_only() -> None:
    import ast

    tree = ast.parse(Path(bash_words.__file__).read_text(encoding="utf-8"))
    mods = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))
    assert mods <= set(sys.stdlib_module_names)


def test_corpus_rows_are_unique() -> None:
    assert len({c for c, _ in CORPUS}) == len(CORPUS)
