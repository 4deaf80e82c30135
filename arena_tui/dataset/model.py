"""A loaded, validated dataset with every path resolved (what the runner consumes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from arena_tui.dataset.schema import Manifest, Round, TestsFile
from arena_tui.dataset.updates import UpdateOp
from arena_tui.vocabulary import Need


@dataclass
class Scenario:
    """One scenario: its manifest, rounds and resolved folders."""

    id: str
    dir: Path
    manifest_path: Path
    manifest: Manifest
    questions_path: Path
    rounds: list[Round]
    workspace_template: Path
    scripts_dir: Path
    # Copy operations per update id, planned by the validator against the virtual tree.
    update_ops: dict[str, list[UpdateOp]] = field(default_factory=dict)
    # Declared least privilege per round (needs.json); empty for earlier-format data.
    needs: dict[str, list[Need]] = field(default_factory=dict)

    @property
    def solution_dir(self) -> Path:
        return self.dir / "solution"

    @property
    def truth_dir(self) -> Path:
        return self.dir / "truth"

    def placeholder_values(self, workspace: Path) -> dict[str, str]:
        return {
            "workspace": str(workspace),
            "scripts": str(self.scripts_dir),
            "scenario_dir": str(self.dir),
            "scenario_id": self.id,
        }


@dataclass
class Dataset:
    """The selected scenarios of one tests file, in run order."""

    root: Path
    tests_path: Path
    tests: TestsFile
    scenarios: list[Scenario]

    @property
    def name(self) -> str:
        return self.tests.name

    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.scenarios:
            if s.id == scenario_id:
                return s
        raise KeyError(scenario_id)
