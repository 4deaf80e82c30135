"""The ``check`` command: validate a dataset and print every problem, then a summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from arena_tui.dataset.constraints import evaluate
from arena_tui.dataset.loader import LoadResult, validate_dataset


@dataclass(frozen=True)
class CheckOutcome:
    """What ``check`` found, and the exit code it maps to."""

    result: LoadResult
    strict: bool

    @property
    def failed(self) -> bool:
        problems = self.result.problems
        return bool(problems.errors) or (self.strict and bool(problems.strict_warnings))

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0


def check_dataset(
    root: Path,
    out: TextIO,
    tests_file: str | None = None,
    only: list[str] | None = None,
    strict: bool = False,
) -> CheckOutcome:
    """Validate and print. Raises DatasetError when the dataset cannot be opened at all."""
    result = validate_dataset(root, tests_file, only)
    table = _constraints(result)
    for problem in result.problems.items:
        print(problem.render(), file=out)
    for line in table:
        print(line, file=out)
    outcome = CheckOutcome(result, strict)
    print(summary_line(outcome), file=out)
    return outcome


def _constraints(result: LoadResult) -> list[str]:
    """C1–C10 per scenario that ships a reference solution; unmet ones become warnings."""
    if result.dataset is None:
        return []
    lines = []
    for scenario in result.dataset.scenarios:
        if not (scenario.solution_dir / "trajectory.json").is_file():
            continue
        rel = scenario.manifest_path.parent.resolve().relative_to(result.dataset.root.resolve()).as_posix()
        marks = []
        for c in evaluate(scenario):
            marks.append(f"{c.code} {'✓' if c.met else '✗'}")
            if not c.met:
                result.problems.warn(f"{rel}/manifest.json", c.code, f"design constraint not met: {c.detail}")
        lines.append(f"constraints {scenario.id}: {'  '.join(marks)}")
    return lines


def summary_line(outcome: CheckOutcome) -> str:
    result = outcome.result
    n_err = len(result.problems.errors)
    n_warn = len(result.problems.warnings)
    verdict = "FAILED" if outcome.failed else "OK"
    if result.dataset is not None:
        scenarios = result.dataset.scenarios
        rounds = sum(len(s.rounds) for s in scenarios)
        groups = sum(len(s.manifest.updates) for s in scenarios)
        scope = f"{len(scenarios)} scenarios, {rounds} rounds, {groups} update groups"
    else:
        scope = "dataset not loadable"
    strict = " (strict: warnings count as errors)" if outcome.strict and result.problems.strict_warnings else ""
    lenient = n_warn - len(result.problems.strict_warnings)
    accepted = f", {lenient} of them accepted by --strict (folders agents create)" if lenient else ""
    return f"{verdict}: {scope}; {n_err} errors, {n_warn} warnings{accepted}{strict}"
