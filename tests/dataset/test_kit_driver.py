"""The one build driver (data/build/kit/driver.py), on a toy domain built into a temporary folder.

Every domain's ``build.py`` is a ``Domain`` run by this driver, and the rebuild tests run each of
them with ``--check``. These pin what the driver itself promises a domain: a build followed by
``--check`` agrees, and a changed byte, a missing file, a stray file, a self-test problem and a
stale file of the domain's own folder are each reported; the files other scripts write are kept
by a build and left out of the comparison.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parents[2] / "data" / "build"
if str(BUILD) not in sys.path:
    sys.path.insert(0, str(BUILD))

from kit.driver import Domain  # noqa: E402
from kit.files import dump, write  # noqa: E402

Toy = dict[str, str]


class ToyDomain(Domain[Toy]):
    """Two scenarios of a manifest and one workspace note each, and a listing in its own folder."""

    desc = "A toy domain."

    def __init__(self, folder: Path, *, problem: str = "", keeps: str = "") -> None:
        self.folder = str(folder)
        self.problem = problem
        self.keeps = keeps

    def scenarios(self) -> list[Toy]:
        return [{"sid": "s_toy_a", "note": "alpha\n"}, {"sid": "s_toy_b", "note": "beta\n"}]

    def scenario_id(self, sc: Toy) -> str:
        return sc["sid"]

    def build_scenario(self, sc: Toy, sdir: str) -> list[str]:
        write(f"{sdir}/manifest.json", dump({"scenario_id": sc["sid"]}))
        kept = f"{sdir}/workspace/{self.keeps}"
        if not (self.keeps and Path(kept).is_file()):
            write(f"{sdir}/workspace/note.md", sc["note"])
        return [self.problem] if self.problem else []

    def own_files(self, scs: Sequence[Toy]) -> dict[str, str]:
        return {"testdata/ids.json": dump([sc["sid"] for sc in scs])}

    def kept(self, rel: str) -> bool:
        return bool(self.keeps) and rel.endswith(self.keeps)


@pytest.fixture
def built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[ToyDomain, Path]:
    """The toy domain built into ``tmp_path/dataset`` (its own folder is ``tmp_path/toy``)."""
    domain, dataset = ToyDomain(tmp_path / "toy"), tmp_path / "dataset"
    assert domain.main(None, ["--out", str(dataset)]) == 0
    assert f"built 4 files of 2 toy scenarios under {dataset}" in capsys.readouterr().out
    return domain, dataset


def check(domain: ToyDomain, dataset: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = domain.main(None, ["--check", "--out", str(dataset)])
    return status, capsys.readouterr().out


def test_a_build_writes_the_scenarios_the_subset_and_the_own_files(built: tuple[ToyDomain, Path]) -> None:
    domain, dataset = built
    assert (dataset / "scenarios" / "s_toy_b" / "workspace" / "note.md").read_text() == "beta\n"
    assert '"scenario_ids": [\n    "s_toy_a",\n    "s_toy_b"\n  ]' in (dataset / "tests-toy.json").read_text()
    assert '"desc": "A toy domain."' in (dataset / "tests-toy.json").read_text()
    assert "scenarios/s_toy_a/manifest.json" in (dataset / "manifests-toy.json").read_text()
    assert (Path(domain.folder) / "testdata" / "ids.json").is_file()


def test_check_agrees_with_a_fresh_build(built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]) -> None:
    status, out = check(*built, capsys)
    assert (status, out) == (0, "check: OK (6 generated files identical)\n")


def test_check_reports_a_changed_byte(built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]) -> None:
    domain, dataset = built
    (dataset / "scenarios" / "s_toy_a" / "workspace" / "note.md").write_text("alphA\n")
    status, out = check(domain, dataset, capsys)
    assert status == 1
    assert out.splitlines() == [
        "ERROR: scenarios/s_toy_a/workspace/note.md: differs from a fresh build",
        "check: FAILED",
    ]


def test_check_reports_a_missing_and_a_stray_file(
    built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    domain, dataset = built
    (dataset / "scenarios" / "s_toy_b" / "manifest.json").unlink()
    write(str(dataset / "scenarios" / "s_toy_a" / "workspace" / "old.md"), "left over\n")
    status, out = check(domain, dataset, capsys)
    assert status == 1
    assert "ERROR: scenarios/s_toy_a/workspace/old.md: in the dataset but not generated (a stray file?)" in out
    assert "ERROR: scenarios/s_toy_b/manifest.json: generated but missing in the dataset (run the build)" in out


def test_check_reports_a_stale_own_file_and_a_self_test_problem(
    built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    domain, dataset = built
    (Path(domain.folder) / "testdata" / "ids.json").write_text("[]\n")
    status, out = check(ToyDomain(Path(domain.folder), problem="s_toy_a: the tool disagrees"), dataset, capsys)
    assert status == 1
    assert "ERROR: s_toy_a: the tool disagrees" in out
    assert "ERROR: data/build/toy/testdata/ids.json: differs from a fresh build" in out


def test_the_files_other_scripts_write_are_kept_and_not_compared(
    built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    domain, dataset = built
    sdir = dataset / "scenarios" / "s_toy_a"
    write(str(sdir / "needs.json"), "{}\n")
    write(str(sdir / "checks" / "_check.py"), "# the engine copy\n")
    write(str(sdir / "workspace" / "old.md"), "left over\n")
    assert domain.main(None, ["--out", str(dataset)]) == 0
    assert (sdir / "needs.json").is_file() and (sdir / "checks" / "_check.py").is_file()
    assert not (sdir / "workspace" / "old.md").exists()
    capsys.readouterr()
    assert check(domain, dataset, capsys) == (0, "check: OK (6 generated files identical)\n")


def test_a_file_kept_as_committed_goes_into_the_fresh_build(
    built: tuple[ToyDomain, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    domain, dataset = built
    (dataset / "scenarios" / "s_toy_a" / "workspace" / "note.md").write_text("as recorded\n")
    keeping = ToyDomain(Path(domain.folder), keeps="note.md")
    assert check(keeping, dataset, capsys) == (0, "check: OK (6 generated files identical)\n")
    assert keeping.main(None, ["--out", str(dataset)]) == 0
    assert (dataset / "scenarios" / "s_toy_a" / "workspace" / "note.md").read_text() == "as recorded\n"
