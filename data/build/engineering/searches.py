"""Where the reference manager locates evidence by content (version 1).

In the workflow round the earlier case sits in a folder of older records (other sites, other
systems, earlier years). The manager cannot open that folder itself, and the round's question
gives it a case id, not a file; so it grants the archive reader the whole folder with
``["Read", "Grep"]`` and asks it to search for a term it knows from the request: the site,
system or line the work is about. The term never is a value any check expects.

Per scenario: ``term`` (matched case-insensitively, literally), ``why`` (what the manager says
it looks for), ``files`` (the other records written into the archive folder) and ``matches``
(how many files of the folder hold the term, the earlier case included).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SEARCHES = {
    "s_eng_bridge_bearing_inspection": {
        "term": "Harlow Creek",
        "why": "the earlier inspection of this viaduct",
        "matches": 1,
        "files": {
            "inspection_draft_BRG-INSP-2024-009.md": (
                "# DRAFT inspection BRG-INSP-2024-009 (Stour Lane footbridge, 2024)\n\nStatus: issued as final in "
                "July 2024.\n\nManual applied: BIM-07 edition 2. Elastomeric pads at both abutments; no displacement "
                "logging on this structure. Verdict: Monitor.\n"
            ),
            "method_statement_rope_access_2025.md": (
                "# Method statement: rope access for bearing inspections (2025)\n\nTwo-person team, both at level 2 "
                "or above; rescue plan on site; anchors proof-tested before each descent. Applies to every county "
                "structure with inaccessible bearings.\n"
            ),
        },
    },
    "s_eng_change_advisory_review": {
        "term": "schema",
        "why": "the earlier schema change on this ledger",
        "matches": 1,
        "files": {
            "cab_minutes_CHG-2025-3650.md": (
                "# CAB minutes CHG-2025-3650 (payments API certificate rotation, 2025)\n\nRegister applied: "
                "RISK-REG-CAB version 1. Canary in one region only; 3 breaches. Verdict: Approve.\n"
            ),
            "cab_minutes_CHG-2025-4108.md": (
                "# CAB minutes CHG-2025-4108 (search cluster upgrade, 2025)\n\nRegister applied: RISK-REG-CAB "
                "version 2. Rolled back after the canary; rescheduled. Verdict: Reject.\n"
            ),
            "cab_calendar_2025_q4.md": (
                "# CAB calendar, Q4 2025\n\nBoards every Thursday 14:00 UTC; freeze from 19 December to 5 January.\n"
            ),
        },
    },
    "s_eng_ci_flaky_triage": {
        "term": "commerce monorepo",
        "why": "earlier triage of the same repository",
        "matches": 2,
        "files": {
            "triage_CI-TRIAGE-2024-50.md": (
                "# Triage CI-TRIAGE-2024-50 (commerce monorepo nightly, week 50, 2024)\n\nPolicy applied: "
                "QA-FLK-02 revision 1. Timed-out executions: 19. Action: none; superseded by later triages.\n"
            ),
            "triage_CI-TRIAGE-2025-18.md": (
                "# Triage CI-TRIAGE-2025-18 (mobile app release train, week 18, 2025)\n\nPolicy applied: "
                "QA-FLK-02 revision 2. Emulator boot failures only; no timeouts counted. Action: Quarantine only.\n"
            ),
        },
    },
    "s_eng_cloud_cost_anomaly": {
        "term": "anomaly",
        "why": "the earlier anomaly review",
        "matches": 2,
        "files": {
            "cost_review_FINOPS-2024-1102.md": (
                "# Cost review FINOPS-2024-1102 (November 2024)\n\nPolicy applied: FIN-OPS-04 draft, before any "
                "anomaly allowance existed. Storage egress spike, closed as a one-off. Routing: none.\n"
            ),
            "savings_plan_review_2025.md": (
                "# Savings plan review 2025\n\nCommitted spend covered 68 % of compute; renew the three-year plan in "
                "March.\n"
            ),
            "tagging_audit_2025-q2.md": (
                "# Tagging audit, Q2 2025\n\nUntagged resources fell from 14 % to 4 % of monthly spend; owners "
                "notified.\n"
            ),
        },
    },
    "s_eng_firmware_release_readiness": {
        "term": "SN-Link",
        "why": "earlier reviews of this product",
        "matches": 2,
        "files": {
            "release_review_RR-2024-201.md": (
                "# Release review RR-2024-201 (SN-Link 2.2.4, 2024)\n\nChecklist applied: RC-CHK-07 version 4. "
                "Bench tests only, no HIL rigs yet. Verdict: Go with conditions.\n"
            ),
            "release_review_RR-2025-090.md": (
                "# Release review RR-2025-090 (GW-Hub bootloader 1.8, 2025)\n\nChecklist applied: RC-CHK-07 "
                "version 5. Flash-wear tests on two boards. Verdict: Go.\n"
            ),
        },
    },
    "s_eng_incident_postmortem": {
        "term": "gateway",
        "why": "earlier post-mortems of this gateway",
        "matches": 3,
        "files": {
            "postmortem_INC-2024-0711.md": (
                "# Post-mortem INC-2024-0711 (gateway rate-limiter misconfiguration, 2024-11-05)\n\nA limit meant "
                "for one partner applied to all; requests were rejected, not delayed. Classed as a Sev-2 review.\n"
            ),
            "postmortem_INC-2025-0930.md": (
                "# Post-mortem INC-2025-0930 (gateway certificate expiry, 2025-06-18)\n\nThe edge certificate "
                "lapsed for 22 minutes; TLS handshakes failed rather than slowed. No latency budget applied. "
                "Classed as a Sev-1 review.\n"
            ),
            "postmortem_INC-2025-1042.md": (
                "# Post-mortem INC-2025-1042 (search indexing lag, 2025-07-29)\n\nIndex refresh fell 40 minutes "
                "behind after a mapping change. Classed as a Sev-3 review.\n"
            ),
            "postmortem_INC-2026-0108.md": (
                "# Post-mortem INC-2026-0108 (payments queue backlog, 2026-01-21)\n\nConsumer group stalled after a "
                "broker restart. Classed as a Sev-2 review.\n"
            ),
        },
    },
    "s_eng_oee_line_audit": {
        "term": "line 3",
        "why": "the earlier audit of this line",
        "matches": 1,
        "files": {
            "audit_OEE-AUD-2025-05.md": (
                "# OEE audit OEE-AUD-2025-05 (canning line 1, 2025)\n\nStandard applied: OPS-STD-12 revision 1. "
                "Major stops: 37. Verdict: Line certified.\n"
            ),
            "audit_OEE-AUD-2025-09.md": (
                "# OEE audit OEE-AUD-2025-09 (bottling line 2, 2025)\n\nStandard applied: OPS-STD-12 revision 1. "
                "Major stops: 58. Verdict: Line certified.\n"
            ),
            "audit_OEE-AUD-2024-11.md": (
                "# OEE audit OEE-AUD-2024-11 (canning line 1, 2024)\n\nStandard applied: OPS-STD-12 revision 1. "
                "Major stops: 44. Verdict: Line certified.\n"
            ),
            "oee_audit_glossary.md": (
                "# OEE audit glossary\n\nAvailability = run time / planned time. A major stop lasts longer than the "
                "threshold the standard sets; shorter ones are minor stops and are not counted.\n"
            ),
        },
    },
    "s_eng_pump_vibration_survey": {
        "term": "Millbrook",
        "why": "earlier surveys of this station",
        "matches": 2,
        "files": {
            "survey_PS-VIB-2024-022.md": (
                "# Survey PS-VIB-2024-022 (Millbrook, 2024)\n\nStandard applied: PS-VIB-02 issue 3. Handheld "
                "readings only; no logged velocity data. Verdict: Plan repair at next outage.\n"
            ),
            "survey_PS-VIB-2025-031.md": (
                "# Survey PS-VIB-2025-031 (Eastfield booster station, 2025)\n\nStandard applied: PS-VIB-02 issue 4. "
                "Alarm samples: 12. Verdict: Continue monitoring.\n"
            ),
            "survey_PS-VIB-2025-047.md": (
                "# Survey PS-VIB-2025-047 (Ashby reservoir outlet, 2025)\n\nStandard applied: PS-VIB-02 issue 4. "
                "Alarm samples: 0. Verdict: Continue monitoring.\n"
            ),
            "survey_PS-VIB-2024-038.md": (
                "# Survey PS-VIB-2024-038 (Ashby reservoir outlet, 2024)\n\nStandard applied: PS-VIB-02 issue 3. "
                "Handheld readings only. Verdict: Continue monitoring.\n"
            ),
        },
    },
}


def search_of(sid: str) -> dict[str, Any] | None:
    return SEARCHES.get(sid)


VALUE_FIELDS = ("equals", "token", "values", "any", "all", "one_of", "expect", "rows")


def strings(obj: object) -> Iterator[str]:
    """Every string (and number) inside a check spec."""
    if isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)
    elif isinstance(obj, (str, int, float)) and not isinstance(obj, bool):
        yield str(obj)


def verify(S: dict[str, Any], ws: str, checks: dict[str, dict[str, Any]]) -> None:
    """The search finds the earlier case and exactly ``matches`` files; the term is no checked value."""
    import os

    sr = search_of(S["id"])
    if not sr:
        return
    folder = os.path.join(ws, S["F"]["archive"])
    names = sorted(os.listdir(folder))
    hits = []
    for n in names:
        with open(os.path.join(folder, n), encoding="utf-8") as fh:
            if sr["term"].lower() in fh.read().lower():
                hits.append(n)
    if S["archive"]["file"] not in hits or len(hits) != sr["matches"] or len(hits) == len(names):
        raise ValueError(f"{S['id']}: search for {sr['term']!r} hits {hits} of {names}")
    term = sr["term"].lower()
    for rid, spec in checks.items():
        checked = [c.get(k) for c in spec["conditions"] for k in VALUE_FIELDS if k in c]
        for v in strings(checked):
            if term in v.lower() or (len(v) >= 3 and v.lower() in term):
                raise ValueError(f"{S['id']} {rid}: the search term {sr['term']!r} meets the checked value {v!r}")
