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
from kit.hint import files_stats, workspace_stats  # noqa: E402
from kit.office import OFFICE_STAMP, Block, Rows, docx_bytes, restamp_zip, xlsx_bytes  # noqa: E402
from kit.pdf import pdf_bytes  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402
from kit.scenario import exec_round, manifest, scenario_files, update_group  # noqa: E402
from kit.seal import canonical, seal_hex, seal_tool_template  # noqa: E402
from kit.selftest import standalone, text_files  # noqa: E402
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


def test_office_documents_keep_their_bytes_and_their_content() -> None:
    import docx
    import openpyxl

    body: list[str | Block] = ["First paragraph.", "## Terms", ("table", [["a", 1], ["b", 2]])]
    made = docx_bytes("Title", body, author="Kit", last_modified_by="Kit")
    assert made == docx_bytes("Title", body, author="Kit", last_modified_by="Kit")
    d = docx.Document(io.BytesIO(made))
    assert [(p.style.name if p.style else "", p.text) for p in d.paragraphs] == [
        ("Heading 1", "Title"),
        ("Normal", "First paragraph."),
        ("Heading 2", "Terms"),
    ]
    assert [c.text for row in d.tables[0].rows for c in row.cells] == ["a", "1", "b", "2"]
    assert d.core_properties.author == d.core_properties.last_modified_by == "Kit"
    sheets: dict[str, Rows] = {"Rule": [["Limit", 30]], "Notes": [["x"]]}
    book = xlsx_bytes(sheets, creator="Kit")
    assert book == xlsx_bytes(list(sheets.items()), creator="Kit")
    wb = openpyxl.load_workbook(io.BytesIO(book))
    assert wb.sheetnames == ["Rule", "Notes"] and wb["Rule"]["B1"].value == 30


def test_a_pdf_points_at_each_of_its_objects() -> None:
    data = pdf_bytes([["Total (net): 12"], ["page two"]])
    xref = int(data.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    table = data[xref:].split(b"\n")
    count = int(table[1].split()[1])
    assert count == 8  # the free entry, catalog, pages, font and two objects a page
    for k, entry in enumerate(table[3 : 3 + count - 1], 1):
        assert data[int(entry.split()[0]) :].startswith(f"{k} 0 obj".encode())
    assert b"(Total \\(net\\): 12) Tj T*" in data and b"/Count 2" in data


def test_a_value_is_found_only_where_it_stands_alone(tmp_path: Path) -> None:
    twelve = standalone("12")
    assert [bool(twelve.search(t)) for t in ("12.", "of 12 runs", "212", "12.5", "x12", "12b")] == [
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    write(str(tmp_path / "workspace" / "a.md"), "12 runs")
    write(str(tmp_path / "workspace" / "scan.png"), b"12")
    write(str(tmp_path / "updates" / "u1" / "b.csv"), "x\n")
    assert text_files(str(tmp_path), "workspace") == {"workspace/a.md": "12 runs"}
    assert set(text_files(str(tmp_path))) == {"workspace/a.md", "updates/u1/b.csv"}


def test_the_asset_maps_figures_agree_on_disk_and_in_memory(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "workspace/docs/a.md": "é" * 10,
        "workspace/docs/b.pdf": b"%PDF" * 3,
        "workspace/media/c.wav": b"RIFF",
        "workspace/docsx/d.md": "other folder",
    }
    for rel, data in files.items():
        write(str(tmp_path / rel), data)
    on_disk, in_memory = workspace_stats(str(tmp_path / "workspace")), files_stats(files)
    for top in ("docs", "media"):
        assert on_disk(top) == in_memory(top)
    assert in_memory("docs") == (2, 20, 12)


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


def test_every_scenario_folder_has_its_files_in_one_form() -> None:
    ups = {"u1": update_group("u1", "replace", ["slices/b.csv"])}
    man = manifest("s_x", "A scenario.", accessible=["tools"], delegable=["slices"], updates=ups, readonly=["tools"])
    assert list(man) == [
        "scenario_id",
        "desc",
        "workspace_template",
        "scripts",
        "main_agent_accessible_paths",
        "main_agent_delegable_paths",
        "main_agent_readonly_paths",
        "updates",
        "rounds_ref",
    ]
    assert man["updates"]["u1"] == {"op": "replace", "files": [{"src": "updates/u1/b.csv", "dst": "slices/b.csv"}]}
    assert "main_agent_readonly_paths" not in manifest("s_x", "", accessible=[], delegable=[], updates={})
    q1 = exec_round("q1", "Count the rows — all of them.", correct="Yes.", incorrect="No.", tags=["tool_run"])
    assert q1["eval"]["command"] == "python3 ${scripts}/_check.py ${workspace} ${scripts}/q1.json"
    spec = {"round": "q1", "conditions": [C.headings("output/a.md", "Rows")]}
    files = scenario_files(man, [q1], {"q1": spec}, {"q1": []})
    assert list(files) == ["manifest.json", "questions.json", "checks/q1.json", "solution/trajectory.json"]
    assert json.loads(files["checks/q1.json"]) == spec and "—" in files["questions.json"]
    assert "\\u2014" in scenario_files(man, [q1], {"q1": spec}, {"q1": []}, ascii_questions=True)["questions.json"]
    with pytest.raises(SystemExit, match="differ"):
        scenario_files(man, [q1], {"q2": spec}, {"q1": []})
