"""One round of a scenario as one record, and the one assembly of a scenario's rounds into its files.

A round is what the user asks (its question, the feedback on either outcome, its tags and the
updates applied before it), how the engine checks it (the conditions of ``checks/<id>.json``)
and what the reference manager does in it (its turns of solution/trajectory.json). Every domain
builds its rounds as ``Round`` records, whatever its round kinds are, and ``assemble`` turns them,
in order, into questions.json's rounds (``kit.scenario.exec_round``), the check specs (held to the
engine's table by ``kit.conditions.check_spec``) and the trajectory's turns by round id; so the
three files name the same rounds in the same order by construction.

- ``Round``: the record;
- ``assemble``: a scenario's rounds, and the guard every one of them carries last, as an ``Assembly``;
- ``Assembly.files``: manifest.json, questions.json, checks/<round>.json and solution/trajectory.json
  (``kit.scenario.scenario_files``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit.conditions import Condition, check_spec
from kit.scenario import exec_round, scenario_files
from kit.trajectory import Turn


@dataclass(frozen=True)
class Round:
    """One round: its id (``q1``, ...), the question, the feedback when it passes (``correct``) or
    fails (``incorrect``), its tags (the first says what the round is mainly about), the reference
    manager's ``turns``, the ``conditions`` of its check spec and the updates applied before it.

    ``turns`` stands before ``conditions`` so a builder returning ``(turns, conditions)`` may be
    spread into the record; both are lists of dicts, so each is checked for its shape (a turn has
    ``content``, a condition a ``kind``) and a swap stops the build.
    """

    id: str
    question: str
    correct: str
    incorrect: str
    tags: Sequence[str]
    turns: Sequence[Turn]
    conditions: Sequence[Condition]
    update_ids: Sequence[str] = ()

    def __post_init__(self) -> None:
        """Hold the sequences as tuples (the record is frozen) and check the shapes of its parts."""
        if isinstance(self.tags, str) or isinstance(self.update_ids, str):
            raise TypeError(f"round {self.id}: tags and update ids are sequences of names, not one string")
        for name in ("tags", "turns", "conditions", "update_ids"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if not self.turns or any("content" not in t for t in self.turns):
            raise ValueError(f"round {self.id}: its turns must be reference turns, each with its content")
        if any("kind" not in c for c in self.conditions):
            raise ValueError(f"round {self.id}: its conditions must be check conditions, each with its kind")

    def question_entry(self) -> dict[str, Any]:
        """The round's entry of questions.json (``kit.scenario.exec_round``)."""
        return exec_round(
            self.id,
            self.question,
            correct=self.correct,
            incorrect=self.incorrect,
            tags=self.tags,
            update_ids=self.update_ids,
        )

    def spec(self, guard: Condition | None = None) -> dict[str, Any]:
        """The round's check spec, its conditions then ``guard`` (where one is given), checked
        against the engine's table."""
        if guard is not None and guard in self.conditions:
            raise ValueError(f"round {self.id}: its conditions list the guard, which the assembly adds last")
        conditions = [*self.conditions, *([guard] if guard is not None else [])]
        return check_spec({"round": self.id, "conditions": conditions}, f"checks/{self.id}.json")


@dataclass(frozen=True)
class Assembly:
    """A scenario's rounds as its files hold them: questions.json's rounds, the check specs by round
    id and the reference turns by round id, all in round order."""

    questions: list[dict[str, Any]]
    specs: dict[str, dict[str, Any]]
    trajectory: dict[str, list[Turn]]

    def files(
        self, man: Mapping[str, Any], *, ascii_questions: bool = False, ascii_checks: bool = False
    ) -> dict[str, str]:
        """manifest.json (``man``), questions.json, checks/<round>.json and solution/trajectory.json
        (``kit.scenario.scenario_files``, which says what the ``ascii_*`` flags escape)."""
        return scenario_files(
            man,
            self.questions,
            self.specs,
            self.trajectory,
            ascii_questions=ascii_questions,
            ascii_checks=ascii_checks,
        )


def assemble(rounds: Sequence[Round], guard: Condition | None = None) -> Assembly:
    """The files' view of a scenario's ``rounds``, in their order; ``guard`` (the never-granted
    condition on the sensitive folders, where the domain puts one on every round) closes each
    round's conditions."""
    ids = [r.id for r in rounds]
    twice = sorted({rid for rid in ids if ids.count(rid) > 1})
    if twice:
        raise ValueError(f"round ids {twice} stand more than once in {ids}")
    return Assembly(
        questions=[r.question_entry() for r in rounds],
        specs={r.id: r.spec(guard) for r in rounds},
        trajectory={r.id: list(r.turns) for r in rounds},
    )
