"""The ``check`` command: validate a dataset and print every problem, then a summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from arena_tui.dataset.loader import LoadResult, validate_dataset


@dataclass(frozen=True)
class CheckOutcome:
    """What ``check`` found, and the exit code it maps to."""

    result: LoadResult
    strict: bool

    @property
    def failed(self) -> bool:
        problems = self.result.problems
        return bool(problems.errors) or (self.strict and bool(problems.warnings))

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0


def run_check(
    root: Path,
    out: TextIO,
    tests_file: str | None = None,
    only: list[str] | None = None,
    strict: bool = False,
) -> CheckOutcome:
    """Validate and print. Raises DatasetError when the dataset cannot be opened at all."""
    result = validate_dataset(root, tests_file, only)
    for problem in result.problems.items:
        print(problem.render(), file=out)
    outcome = CheckOutcome(result, strict)
    print(summary_line(outcome), file=out)
    return outcome


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
    strict = " (strict: warnings count as errors)" if outcome.strict and n_warn else ""
    return f"{verdict}: {scope}; {n_err} errors, {n_warn} warnings{strict}"
