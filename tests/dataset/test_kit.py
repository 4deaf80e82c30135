"""The dataset kit (data/build/kit/): its conditions follow the engine's table, its seal tool
seals what the build seals, its writers keep the one JSON form and office files their bytes.

The builds prove the kit byte for byte (each domain's rebuild test); these tests pin the rules
a new scenario relies on without running a build: a condition the engine would reject or
ignore fails when it is made, and the sealing tool a workspace ships prints the build's token.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "data" / "build"
if str(BUILD) not in sys.path:
    sys.path.insert(0, str(BUILD))

from kit import conditions as C  # noqa: E402
from kit.engine_table import engine_kinds  # noqa: E402
from kit.files import dump, wav_duration, write  # noqa: E402
from kit.office import OFFICE_STAMP, restamp_zip  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402
from kit.seal import canonical, seal_hex, seal_tool_template  # noqa: E402
from kit.trajectory import bind, call, run, turn  # noqa: E402


def engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_kit_engine", BUILD / "_check.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_kit_reads_the_engines_own_table() -> None:
    table: dict[str, tuple[Any, list[str]]] = engine().KINDS
    kinds = engine_kinds()
    assert set(kinds) == set(table)
    for kind, (_handler, required) in table.items():
        assert kinds[kind].required == tuple(required), kind
        assert set(required) <= kinds[kind].readable, kind
    assert {"equals", "tol", "one_of", "keys", "exact"} <= kinds["json"].readable  # read in value_ok / c_json


@pytest.mark.parametrize(
    ("kind", "fields", "says"),
    [
        ("jsn", {"path": "a.json", "key": ["x"]}, "not in the engine's table"),
        ("json", {"path": "a.json"}, "required field(s) ['key'] missing"),
        ("decoy", {"path": "a.md", "token": "1234", "label": ["x"]}, "['label'] are never read"),
    ],
)
def test_a_condition_the_engine_would_reject_or_ignore_fails_when_made(
    kind: str, fields: dict[str, Any], says: str
) -> None:
    with pytest.raises(C.ConditionError, match=re.escape(says)):
        C.condition(kind, **fields)


def test_a_round_spec_is_checked_whatever_made_its_conditions() -> None:
    good = {"round": "q1", "conditions": [C.jv("out.json", ["n"], 3), {"kind": "resumed"}]}
    assert C.check_spec(good, "s/checks/q1.json") is good
    bad = {"round": "q1", "conditions": [C.resumed(), {"kind": "json", "path": "o.json", "key": ["n"], "equal": 3}]}
    with pytest.raises(
        C.ConditionError, match=r"s/checks/q1.json: conditions\[1\]: json condition: field\(s\) \['equal'\]"
    ):
        C.check_spec(bad, "s/checks/q1.json")


def test_constructors_keep_each_domains_form() -> None:
    assert list(C.jv("o.json", ("a", "b"), 2)) == ["kind", "path", "key", "equals", "tol"]
    assert C.jv("o.json", ["a"], 2)["key"] == ["a"]
    assert C.json_value("o.json", ["ok"], True)["one_of"] == ["true"]
    assert "tol" not in C.json_value("o.json", ["name"], "Ada")
    assert C.decoy("r.md", 12, as_text=True, short_token_labels=("total",)) == {
        "kind": "decoy",
        "path": "r.md",
        "token": "12",
        "labels": ["total"],
    }
    assert C.decoy("r.md", "1234", short_token_labels=("total",)) == {"kind": "decoy", "path": "r.md", "token": "1234"}
    assert C.evidence("f.csv", [3, [4, 5]], "o.json", as_text=True)["values"] == ["3", ["4", "5"]]
    assert C.evidence("f.csv", [3], "o.json")["models"] == C.TEXT_MODELS
    assert C.contains("r.md", all=("a",), section="S") == {
        "kind": "contains",
        "path": "r.md",
        "section": "S",
        "all": ["a"],
    }


def test_trajectory_helpers() -> None:
    assert turn("hi") == {"content": "hi"}
    t = turn("go", call("Read", path="x"), bind={"n": bind(r"(\d+)", "int")})
    assert t == {
        "content": "go",
        "tool_calls": [{"name": "Read", "arguments": {"path": "x"}}],
        "bind": {"n": {"re": r"(\d+)", "as": "int"}},
    }


def test_a_subagent_run_writes_its_arguments_in_one_order() -> None:
    """solution/trajectory.json is compared byte for byte, so a run's argument order is part of its form."""
    order = ["subagent_id", "description", "prompt", "run_in_background"]
    assert list(run("w", "d", "p")["arguments"]) == order
    assert list(run("w", "d", "p", resume=True)["arguments"]) == [order[0], "session_id", *order[1:]]
    assert list(run("w", "d", "p", resume=True, session_last=True)["arguments"]) == [*order, "session_id"]
    assert run("w", "d", "p", resume=True)["arguments"]["session_id"] == "${session:w}"


@pytest.mark.parametrize(
    "style",
    [
        {},
        {"argv": "strict", "names": ("obj", "blob"), "gap": False},
        {"argv": "strict", "dict_guard": False, "names": ("obj", "body"), "gap": False},
    ],
)
def test_the_sealing_tool_prints_the_builds_token(tmp_path: Path, style: dict[str, Any]) -> None:
    source = seal_tool_template("Seal a {what}.\n", **style).format(prefix="TEST", what="deliverable")
    tool, key, deliverable = tmp_path / "seal.py", tmp_path / "seal.key", tmp_path / "d.json"
    obj = {"total": 3, "name": "Ünal", "token": "stale"}
    tool.write_text(source, encoding="utf-8")
    key.write_text("k3y\n", encoding="utf-8")
    deliverable.write_text(json.dumps(obj), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, str(tool), "--seal", str(key), str(deliverable)], capture_output=True, text=True, timeout=30
    )
    assert out.stdout.strip() == "TEST:" + seal_hex("k3y", obj)
    assert canonical(obj) == b'{"name":"\\u00dcnal","total":3}'


def test_writers_keep_the_one_json_form(tmp_path: Path) -> None:
    write(str(tmp_path / "a" / "b.json"), dump({"é": 1}))
    assert (tmp_path / "a" / "b.json").read_bytes() == '{\n  "é": 1\n}\n'.encode()
    wav = (ROOT / "data" / "clawarena-team" / "scenarios").glob("*/workspace/**/*.wav")
    first = next(iter(sorted(wav)))
    assert wav_duration(str(first)) == wav_duration(first.read_bytes()) > 0


def test_an_office_zip_is_restamped_to_the_same_bytes() -> None:
    def saved(when: tuple[int, int, int, int, int, int], stamp: str) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr(zipfile.ZipInfo("word/document.xml", when), b"<w/>")
            core = f'<dcterms:created x="1">{stamp}</dcterms:created><dcterms:modified>{stamp}</dcterms:modified>'
            z.writestr(zipfile.ZipInfo("docProps/core.xml", when), core.encode())
        return buf.getvalue()

    fixed = (2026, 1, 5, 9, 0, 0)
    a = restamp_zip(saved((2025, 3, 1, 8, 0, 0), "2025-03-01T08:00:00Z"), date_time=fixed)
    b = restamp_zip(saved((2024, 7, 9, 1, 2, 4), "2024-07-09T01:02:04Z"), date_time=fixed)
    assert a == b
    core = zipfile.ZipFile(io.BytesIO(a)).read("docProps/core.xml").decode()
    assert core.count(OFFICE_STAMP) == 2


def test_a_rebuild_accepts_only_equal_bytes_or_a_wav_of_the_same_length(capsys: pytest.CaptureFixture[str]) -> None:
    wav = next(iter(sorted((ROOT / "data" / "clawarena-team" / "scenarios").glob("*/workspace/**/*.wav"))))
    data = wav.read_bytes()
    noisy = data[:-2] + bytes([data[-2] ^ 1, data[-1]])  # one sample changed, same length
    assert differs("a.txt", b"x", b"x") is None
    assert differs("a.wav", data, noisy) is None and "duration matches" in capsys.readouterr().out
    assert differs("a.mp4", b"1", b"2") == "a.mp4: differs from a fresh build"
    assert differs("a.mp4", b"1", b"2", mp4_tolerant=True) is None
    assert report(["a.mp4: differs from a fresh build"]) == 1 and "check: FAILED" in capsys.readouterr().out
    assert report([]) == 0 and "check: OK (all generated files identical)" in capsys.readouterr().out
