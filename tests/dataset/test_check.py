"""``check`` on the mini dataset, on every broken-corpus case, and on unusable arguments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena_tui.cli import main
from tests.dataset.broken_corpus import CASES, A, BrokenCase
from tests.dataset.mini_dataset import make_dataset, read_json, write_json

LINE = re.compile(r"^\[(error|warn)\] (?P<file>[^:]+?)(?:: (?P<field>.+?))?: (?P<msg>.+)$")


def _problem_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("[")]


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return make_dataset(tmp_path / "ds")


def test_valid_dataset_passes(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "-d", str(mini), "--strict"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert _problem_lines(out) == []
    assert out.strip().splitlines()[-1].startswith("OK: 2 scenarios, 8 rounds, 4 update groups")


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_case_is_reported(mini: Path, case: BrokenCase, capsys: pytest.CaptureFixture[str]) -> None:
    case.mutate(mini)
    code = main(["check", "-d", str(mini)])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert "Traceback" not in out + err
    errors = [line for line in _problem_lines(out) if line.startswith("[error]")]
    wanted = f"[error] {case.file}: {case.field}" if case.field else f"[error] {case.file}"
    # The field must end right there (a following space allows "line 1 column 3").
    hits = [line for line in errors if line.startswith(wanted) and line[len(wanted)] in ": " and case.message in line]
    assert hits, f"expected {wanted}…{case.message}…, got:\n" + "\n".join(errors)
    for line in errors:
        assert LINE.match(line), line
    assert out.strip().splitlines()[-1].startswith("FAILED")


def test_only_restricts_validation(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini / A / "questions.json").write_text("not json")
    assert main(["check", "-d", str(mini), "-t", "s_beta"]) == 0
    assert "1 scenarios" in capsys.readouterr().out
    assert main(["check", "-d", str(mini), "-t", "s_alpha,s_beta"]) == 1


def test_tests_file_selects_subset(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini / A / "manifest.json").write_text("{")
    assert main(["check", "-d", str(mini), "--tests", "tests-one.json"]) == 0
    assert "OK: 1 scenarios, 4 rounds" in capsys.readouterr().out
    assert main(["check", "-d", str(mini), "--tests", str(mini / "tests.json")]) == 1


def test_unknown_scenario_id_is_bad_input(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "-d", str(mini), "-t", "s_nope"]) == 2
    err = capsys.readouterr().err
    assert "s_nope" in err and len(err.strip().splitlines()) == 1


def test_warning_fails_only_in_strict_mode(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    questions = mini / A / "questions.json"
    data = read_json(questions)
    data[0]["tags"] = ["not_a_tag"]
    write_json(questions, data)
    assert main(["check", "-d", str(mini)]) == 0
    assert main(["check", "-d", str(mini), "--strict"]) == 1
    out = capsys.readouterr().out
    assert f"[warn] {A}/questions.json: [0].tags[0]: unknown tag 'not_a_tag'" in out


def test_unused_update_group_warns(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    questions = mini / A / "questions.json"
    data = read_json(questions)
    data[3]["update_ids"] = []
    write_json(questions, data)
    assert main(["check", "-d", str(mini), "--strict"]) == 1
    assert f"[warn] {A}/manifest.json: updates.u_brief: update group is never used" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        (lambda root: None, "does not exist"),
        (lambda root: root.mkdir(), "tests.json"),
        (lambda root: (root.mkdir(), (root / "tests.json").write_text("{oops")), "invalid JSON"),
    ],
    ids=["missing_folder", "missing_tests_json", "bad_tests_json"],
)
def test_unusable_dataset_is_one_line_exit_2(tmp_path: Path, setup, fragment: str, capsys) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "nothing"
    setup(root)
    assert main(["check", "-d", str(root)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err
    assert "Traceback" not in err


def test_placeholder_substitution_quotes_values() -> None:
    from arena_tui.dataset.placeholders import substitute

    cmd = substitute("python3 ${scripts}/c.py ${workspace} ${OTHER} $HOME", {"scripts": "/a b", "workspace": "/w's"})
    assert cmd == "python3 '/a b'/c.py '/w'\"'\"'s' ${OTHER} $HOME"


def test_missing_agent_created_folder_is_a_warning_strict_accepts(
    mini: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The earlier release accepts access paths agents create (git cannot store empty folders)."""
    manifest = mini / A / "manifest.json"
    data = read_json(manifest)
    data["main_agent_accessible_paths"].append("reports")
    write_json(manifest, data)
    assert main(["check", "-d", str(mini), "--strict"]) == 0
    out = capsys.readouterr().out
    assert f"[warn] {A}/manifest.json: main_agent_accessible_paths[2]: 'reports' exists neither" in out


def test_earlier_release_tags_are_known_and_unknown_tags_still_warn(
    mini: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arena_tui.dataset.schema import EARLIER_TAGS

    earlier = [t for tags in EARLIER_TAGS.values() for t in tags]
    assert len(earlier) == len(set(earlier)) == 51
    questions = mini / A / "questions.json"
    data = read_json(questions)
    data[0]["tags"] = earlier
    write_json(questions, data)
    assert main(["check", "-d", str(mini), "--strict"]) == 0
    data[0]["tags"] = [*earlier, "multimodal_imagee"]
    write_json(questions, data)
    assert main(["check", "-d", str(mini), "--strict"]) == 1
    assert "unknown tag 'multimodal_imagee'" in capsys.readouterr().out


def test_replace_group_may_repeat_but_new_may_not(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    questions = mini / A / "questions.json"
    data = read_json(questions)
    data[1]["update_ids"] = ["u_brief"]  # replace: applied in q2 and again in q4
    write_json(questions, data)
    assert main(["check", "-d", str(mini), "--strict"]) == 0
    data[3]["update_ids"] = ["u_brief", "u_late"]  # new: already applied in q3
    write_json(questions, data)
    assert main(["check", "-d", str(mini)]) == 1
    assert "(op 'new') is already applied" in capsys.readouterr().out
