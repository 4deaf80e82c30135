"""Loading a dataset: every rule of docs/dataset.md, collected as Problems instead of raised.

``validate_dataset`` is the one path both ``check`` and ``run`` use, so a dataset that passes
``check`` is exactly a dataset that loads for a run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter

from arena_tui.dataset.jsonfile import load_model
from arena_tui.dataset.model import Dataset, Scenario
from arena_tui.dataset.needs import load_needs
from arena_tui.dataset.problems import Problems
from arena_tui.dataset.rounds import validate_rounds
from arena_tui.dataset.schema import Manifest, ManifestsFile, Round, TestsFile
from arena_tui.dataset.workspace import validate_workspace
from arena_tui.errors import DatasetError

_TESTS = TypeAdapter(TestsFile)
_MANIFESTS = TypeAdapter(ManifestsFile)
_MANIFEST = TypeAdapter(Manifest)
_ROUNDS = TypeAdapter(list[Round])


@dataclass
class LoadResult:
    """The dataset as far as it could be loaded, and everything wrong with it."""

    dataset: Dataset | None
    problems: Problems


def rel_to(path: Path, root: Path) -> str:
    """``path`` relative to the dataset root where possible, for readable messages."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def open_tests_file(root: Path, tests_file: str | None) -> tuple[Path, TestsFile]:
    """Read the entry point (``tests.json`` or ``--tests FILE``); unusable → DatasetError (exit 2)."""
    if not root.is_dir():
        raise DatasetError(
            f"dataset folder '{root}' does not exist",
            fix="pass -d with the folder that holds tests.json",
        )
    path = Path(tests_file) if tests_file else root / "tests.json"
    if tests_file and not path.is_absolute() and not path.exists():
        path = root / tests_file
    problems = Problems()
    tests = load_model(path, str(path), _TESTS, problems)
    if tests is None:
        first = problems.errors[0]
        raise DatasetError(f"{first.render()[8:]}", fix="fix the tests file or pass --tests FILE")
    return path, tests


def validate_dataset(root: Path, tests_file: str | None = None, only: list[str] | None = None) -> LoadResult:
    """Validate the dataset at ``root`` (restricted to ``only`` scenario ids when given).

    Raises:
        DatasetError: the folder or tests file is unusable, or ``only`` names unknown ids.
    """
    problems = Problems()
    tests_path, tests = open_tests_file(root, tests_file)
    tests_rel = rel_to(tests_path, root)
    ids = _selected_ids(tests, tests_rel, only, problems)

    manifests_path = (tests_path.parent / tests.manifests_ref).resolve()
    manifests_rel = rel_to(manifests_path, root)
    manifests = load_model(manifests_path, manifests_rel, _MANIFESTS, problems)
    if manifests is None:
        return LoadResult(None, problems)

    scenarios: list[Scenario] = []
    for index, sid in ids:
        ref = manifests.scenarios.get(sid)
        if ref is None:
            problems.error(tests_rel, f"scenario_ids[{index}]", f"'{sid}' is not in {manifests_rel}")
            continue
        scenario = _load_scenario(root, sid, manifests_path.parent / ref, problems)
        if scenario is not None:
            scenarios.append(scenario)

    dataset = Dataset(root, tests_path, tests, scenarios) if not problems.errors else None
    return LoadResult(dataset, problems)


def load_dataset(root: Path, tests_file: str | None = None, only: list[str] | None = None) -> Dataset:
    """The dataset for a run; any validation error becomes one DatasetError naming the first ones."""
    result = validate_dataset(root, tests_file, only)
    if result.dataset is None:
        shown = "\n".join(p.render() for p in result.problems.errors[:5])
        more = len(result.problems.errors) - 5
        tail = f"\n… and {more} more" if more > 0 else ""
        raise DatasetError(
            f"dataset '{root}' has errors:\n{shown}{tail}",
            fix=f"run `clawarena-team check -d {root}` for the full list",
        )
    return result.dataset


def _selected_ids(
    tests: TestsFile, tests_rel: str, only: list[str] | None, problems: Problems
) -> list[tuple[int, str]]:
    seen: dict[str, int] = {}
    for index, sid in enumerate(tests.scenario_ids):
        if sid in seen:
            problems.error(tests_rel, f"scenario_ids[{index}]", f"duplicate id '{sid}' (also at [{seen[sid]}])")
        else:
            seen[sid] = index
    if not tests.scenario_ids:
        problems.error(tests_rel, "scenario_ids", "lists no scenario")
    if only is None:
        return [(i, s) for s, i in seen.items()]
    unknown = [s for s in only if s not in seen]
    if unknown:
        raise DatasetError(
            f"unknown scenario id(s) for -t: {', '.join(unknown)}",
            fix=f"choose from the ids in {tests_rel}",
        )
    return [(seen[s], s) for s in seen if s in set(only)]


def _load_scenario(root: Path, sid: str, manifest_path: Path, problems: Problems) -> Scenario | None:
    rel = rel_to(manifest_path, root)
    manifest = load_model(manifest_path, rel, _MANIFEST, problems)
    if manifest is None:
        return None
    scenario_dir = manifest_path.parent
    if manifest.scenario_id != sid:
        problems.error(rel, "scenario_id", f"'{manifest.scenario_id}' differs from its id '{sid}' in manifests.json")
    if scenario_dir.name != manifest.scenario_id:
        problems.error(
            rel, "scenario_id", f"'{manifest.scenario_id}' differs from its folder name '{scenario_dir.name}'"
        )

    questions_path = scenario_dir / manifest.rounds_ref
    rounds = load_model(questions_path, rel_to(questions_path, root), _ROUNDS, problems)
    workspace = scenario_dir / manifest.workspace_template
    scripts = scenario_dir / manifest.scripts
    if not workspace.is_dir():
        problems.error(rel, "workspace_template", f"folder '{manifest.workspace_template}' does not exist")
    if not scripts.is_dir():
        problems.error(rel, "scripts", f"folder '{manifest.scripts}' does not exist")
    if rounds is None or not workspace.is_dir():
        return None

    scenario = Scenario(
        id=sid,
        dir=scenario_dir,
        manifest_path=manifest_path,
        manifest=manifest,
        questions_path=questions_path,
        rounds=rounds,
        workspace_template=workspace,
        scripts_dir=scripts,
    )
    validate_rounds(scenario, rel_to(questions_path, root), problems)
    validate_workspace(scenario, rel, problems)
    scenario.needs = load_needs(scenario, rel, problems)
    return scenario
