"""What a round's check said about its failure, for people: the conditions that failed.

The check engine prints one ``FAIL: <condition>`` line per failed condition (``data/build/_check.py``);
a hand-written check may print anything, so its last lines stand in for them.
"""

from __future__ import annotations

from arena_tui import events as ev

MAX_LINES = 8
"""Failed conditions shown per check (the stored event keeps all of them)."""


def failed_conditions(check: ev.CheckFinished) -> list[str]:
    """The failed conditions of ``check`` (empty when it passed)."""
    if check.passed:
        return []
    lines = [line.strip() for line in check.stdout.splitlines() if line.strip()]
    named = [line[len("FAIL:") :].strip() for line in lines if line.startswith("FAIL:")]
    if named:
        return named[:MAX_LINES] + ([f"… {len(named) - MAX_LINES} more"] if len(named) > MAX_LINES else [])
    if check.timed_out:
        return ["the check timed out"]
    other = lines or [line.strip() for line in check.stderr.splitlines() if line.strip()]
    if other:
        return other[-MAX_LINES:]
    return [f"the check exited {check.exit_code} (expected {check.expect_exit}) and printed nothing"]
