"""The archive/ folder of each medicine scenario and how the reference manager finds last year's review in it.

archive/ is delegate-only and holds the department's past reviews, not just the one the story is
about: other units, other trials, earlier years, an addendum. The manager does not know which
file is last year's review; it knows a term from the request or the question (the trial, the
ward, the review id, the organism, the analyte, the episode type) and has the archive reader
search the folder for it. The term may match one review or several (earlier years of the same
series, an addendum); ``pick`` is the heading text that only last year's review has, which is
how a careful reader (and the manager's bindings) tells them apart.

Each entry: ``term`` (the quoted search term), ``known`` (where the manager learned it),
``pick`` (a regex fragment over last year's heading), ``files`` (the other reviews in archive/,
path -> text). Figures in the other reviews never equal a figure of the current case.
"""

from __future__ import annotations

from typing import Any


def review(title: str, *lines: str) -> str:
    """A past review: its heading, a blank line, then its lines."""
    return f"# {title}\n\n" + "".join(line + "\n" for line in lines)


SEARCH: dict[str, dict[str, Any]] = {
    "s_med_discharge_coding_audit": {
        "term": "inpatient",
        "known": "the episode type named in the request",
        "pick": r"\(inpatient, 2025\)",
        "files": {
            "archive/CA-2024-Q1-05_audit.md": review(
                "Coding audit CA-2024-Q1-05 (inpatient, 2024)",
                "Material variances: 34.",
                "Threshold applied (CAS-2, §4.1): 40.",
                "Outcome: internal feedback.",
            ),
            "archive/CA-2025-OP-03_audit.md": review(
                "Coding audit CA-2025-OP-03 (outpatient procedures, 2025)",
                "Material variances: 8.",
                "Threshold applied (CAS-3, 2025 edition, §5.2): 15.",
                "Outcome: no action.",
            ),
            "archive/CA-2025-ED-01_audit.md": review(
                "Coding audit CA-2025-ED-01 (emergency department, 2025)",
                "Material variances: 15.",
                "Threshold applied (CAS-3, 2025 edition, §6.1): 20.",
                "Outcome: internal feedback.",
            ),
        },
    },
}
