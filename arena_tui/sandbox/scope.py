"""Realpath allow-lists: the one place that decides whether an agent may touch a path.

Every path is resolved with :func:`os.path.realpath` before the check, so ``..`` walks,
symlinks (and chains of them), ``//``, trailing ``/.`` and ``/proc/self/root`` aliases
all collapse to the real location first. Comparison is an exact string prefix on whole
components, which fails closed on case-insensitive file systems (a differently-cased
alias of an allowed folder is refused, never the reverse). Opening a file after the
check is done by :mod:`arena_tui.sandbox.safe_open`, which re-verifies the opened
descriptor so a link swapped in after the check cannot win the race. Every root is
pinned when the guard is built and re-verified (no links, same folder) at every use,
see :mod:`arena_tui.sandbox.pins`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from arena_tui.sandbox.pins import Pin, SwappedRootError, pin_of, verify_roots

ForbiddenReason = Literal["path_outside_scope", "tool_not_granted", "bash_path_outside_scope"]


def forbidden_text(path: str) -> str:
    """The exact refusal text the model sees (old check scripts grep for it)."""
    return f"forbidden: path '{path}' is outside this agent's accessible scope."


class RelativePathError(ValueError):
    """A tool got a relative path; this is a plain error, never a forbidden access."""

    def __init__(self, path: str) -> None:
        super().__init__(f"file path must be absolute, got '{path}'")
        self.path = path


@dataclass(frozen=True)
class Refusal:
    """One refused path (as the agent wrote it) and why."""

    path: str
    reason: ForbiddenReason = "path_outside_scope"


class ForbiddenError(Exception):
    """Raised inside tools; the runner turns it into refusal text and ForbiddenAccess events."""

    def __init__(self, refusals: Sequence[Refusal], text: str | None = None) -> None:
        self.refusals = list(refusals)
        first = self.refusals[0].path if self.refusals else ""
        self.text = text or forbidden_text(first)
        super().__init__(self.text)

    @classmethod
    def path(cls, path: str, reason: ForbiddenReason = "path_outside_scope") -> ForbiddenError:
        return cls([Refusal(path, reason)])


def _real(path: str) -> str:
    return os.path.realpath(path)


def _within(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip("/") + "/")


@dataclass(frozen=True)
class ScopeGuard:
    """The realpath'd roots an agent may read, write and grant.

    ``read_roots`` is the agent's scope (main: its accessible paths; a subagent: its
    grant). ``grant_roots`` is what it may hand to a subagent (main: accessible ∪
    delegable; a subagent grants nothing). ``write_roots`` defaults to ``read_roots``.
    """

    workspace: str
    read_roots: tuple[str, ...]
    write_roots: tuple[str, ...] = ()
    grant_roots: tuple[str, ...] = ()
    readonly_roots: tuple[str, ...] = ()
    """Inside the read roots but never written (main's read-only paths); bound read-only last."""
    pins: dict[str, Pin] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for root in dict.fromkeys([*self.read_roots, *self.write_roots, *self.readonly_roots]):
            if root not in self.pins:
                pin = pin_of(root)
                if pin is not None:
                    self.pins[root] = pin

    @classmethod
    def build(
        cls,
        workspace: str | os.PathLike[str],
        accessible: Iterable[str | os.PathLike[str]],
        delegable: Iterable[str | os.PathLike[str]] = (),
        writable: Iterable[str | os.PathLike[str]] | None = None,
    ) -> ScopeGuard:
        """Build from workspace-relative or absolute paths (relative ones join ``workspace``)."""
        ws = _real(os.fspath(workspace))

        def norm(paths: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
            # Keep the caller's order (the first root is the agent's cwd), drop repeats.
            out = [_real(os.path.join(ws, os.fspath(p))) for p in paths]
            return tuple(dict.fromkeys(out))

        reads = norm(accessible)
        writes = reads if writable is None else norm(writable)
        return cls(ws, reads, writes, tuple(dict.fromkeys([*reads, *norm(delegable)])))

    @classmethod
    def for_main(
        cls,
        workspace: str | os.PathLike[str],
        accessible: Iterable[str | os.PathLike[str]],
        delegable: Iterable[str | os.PathLike[str]] = (),
        readonly: Iterable[str | os.PathLike[str]] = (),
    ) -> ScopeGuard:
        guard = cls.build(workspace, accessible, delegable)
        ws = guard.workspace
        ro = tuple(dict.fromkeys(_real(os.path.join(ws, os.fspath(p))) for p in readonly))
        return cls(guard.workspace, guard.read_roots, guard.write_roots, guard.grant_roots, ro)

    @classmethod
    def for_subagent(cls, workspace: str | os.PathLike[str], grant: Iterable[str | os.PathLike[str]]) -> ScopeGuard:
        guard = cls.build(workspace, grant)
        return ScopeGuard(guard.workspace, guard.read_roots, guard.write_roots, ())

    # --- checks ---------------------------------------------------------------------

    def roots(self) -> tuple[str, ...]:
        """Every root this guard binds or opens (read roots, then write-only ones, then the
        read-only ones, so a read-only folder inside a writable root is bound over it)."""
        return tuple(dict.fromkeys([*self.read_roots, *self.write_roots, *self.readonly_roots]))

    def swapped(self) -> list[SwappedRootError]:
        """Roots that are no longer what was granted (a link on the way, another folder)."""
        return verify_roots(self.roots(), self.pins)

    def verify(self) -> None:
        """Refuse, counted, when any granted root was swapped since the grant.

        Raises:
            ForbiddenError: one refusal per swapped root.
        """
        bad = self.swapped()
        if bad:
            text = forbidden_text(bad[0].root) + f" ({bad[0]})"
            raise ForbiddenError([Refusal(b.root) for b in bad], text)

    def contains(self, real: str, *, write: bool = False) -> bool:
        """Whether an already-realpath'd path lies inside the read (or write) roots."""
        roots = self.write_roots if write else self.read_roots
        if write and any(_within(real, r) for r in self.readonly_roots):
            return False
        return any(_within(real, r) for r in roots)

    def can_grant(self, path: str) -> bool:
        """Whether ``path`` (absolute or workspace-relative) may be put in a subagent grant."""
        real = _real(os.path.join(self.workspace, path))
        return any(_within(real, r) for r in self.grant_roots)

    def resolve(self, path: str, *, write: bool = False) -> str:
        """Return the realpath of an absolute ``path`` inside the scope, or raise.

        Raises:
            RelativePathError: ``path`` is not absolute.
            ForbiddenError: its real location is outside the scope.
        """
        if not os.path.isabs(path):
            raise RelativePathError(path)
        self.verify()
        real = _real(path)
        if not self.contains(real, write=write):
            raise ForbiddenError.path(path)
        return real

    def relative(self, real: str) -> str:
        """Workspace-relative POSIX form for events; absolute when outside the workspace."""
        if _within(real, self.workspace):
            rel = os.path.relpath(real, self.workspace)
            return "." if rel == "." else rel.replace(os.sep, "/")
        return real

    def first_root(self) -> str:
        """The agent's working folder: the workspace if in scope, else the first root."""
        if self.contains(self.workspace):
            return self.workspace
        for root in self.read_roots:
            return root if os.path.isdir(root) else os.path.dirname(root)
        return self.workspace
