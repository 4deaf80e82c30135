"""Problems found in a dataset, reported as ``[error] <file>: <field>: <what is wrong>``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Level = Literal["error", "warn"]


@dataclass(frozen=True)
class Problem:
    """One defect: where it is (file relative to the dataset root, field path) and what it is."""

    level: Level
    file: str
    field: str
    message: str
    strict: bool = True
    """False for warnings about data the earlier release accepts as is: ``--strict`` ignores them."""

    def render(self) -> str:
        where = f"{self.file}: {self.field}" if self.field else self.file
        return f"[{self.level}] {where}: {self.message}"


@dataclass
class Problems:
    """An ordered collection of problems; errors make a dataset unusable, warnings do not."""

    items: list[Problem] = field(default_factory=list)

    def error(self, file: str, field: str, message: str) -> None:
        self.items.append(Problem("error", file, field, message))

    def warn(self, file: str, field: str, message: str, strict: bool = True) -> None:
        self.items.append(Problem("warn", file, field, message, strict))

    def extend(self, other: Problems) -> None:
        self.items.extend(other.items)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.level == "warn"]

    @property
    def strict_warnings(self) -> list[Problem]:
        """Warnings that ``--strict`` turns into a failure."""
        return [p for p in self.warnings if p.strict]

    def __len__(self) -> int:
        return len(self.items)
