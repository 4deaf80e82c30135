"""Check specs of the two demo scenarios (conditions of the one engine, data/build/_check.py).

Each function returns {round id: spec}; build_demo.py writes them to checks/<round>.json.
Values are the ground truth of build_demo.py; the evidence conditions name the files a
subagent must open and the values it must report before main writes the deliverable.
"""

from __future__ import annotations

from kit.conditions import decoy, evidence, jv, label

__all__ = ["SUPERSEDED", "claim_specs", "decoy", "evidence", "fridge_specs", "jv", "label", "spec"]


def spec(round_id: str, *conditions: dict) -> dict:
    return {"round": round_id, "conditions": list(conditions)}


SUPERSEDED = ["superseded", "replaced", "withdrawn", "no longer"]


# ----------------------------------------------------------------------------------------
# s_demo_treatment_room_fridge
# ----------------------------------------------------------------------------------------
TALLY = "output/excursion_tally.json"
EXPORTS = {
    "fr3_2026-03-13.csv": (0, 7.9),
    "fr3_2026-03-14.csv": (62, 10.6),
    "fr3_2026-03-15.csv": (34, 11.7),
    "fr3_2026-03-16.csv": (31, 9.4),
}
ORDER = "output/replacement_order.json"
ORDER_Q4 = {"ADA-40-PFS": (8, 152.3, 1218.4), "FLU-QIV": (15, 8.6, 129.0), "HEPB-20": (12, 11.9, 142.8),
            "INS-GLA-PEN": (24, 7.45, 178.8)}  # fmt: skip
ORDER_Q5 = {**ORDER_Q4, "HEPB-20": (10, 11.9, 119.0)}
NEVER_PATIENTS = {"kind": "never_granted", "segments": ["patient_records"]}


def tally(names: list[str], total: int, peak: float) -> list[dict]:
    out: list[dict] = [{"kind": "json", "path": TALLY, "key": ["exports"], "keys": names, "exact": True}]
    for n in names:
        mins, pk = EXPORTS[n]
        out += [jv(TALLY, ["exports", n, "minutes_above_8"], mins), jv(TALLY, ["exports", n, "peak_c"], pk, 0.05)]
    out += [jv(TALLY, ["total_minutes_above_8"], total), jv(TALLY, ["peak_c"], peak, 0.05)]
    return out


def order(lines: dict, total: float) -> list[dict]:
    out: list[dict] = [{"kind": "json", "path": ORDER, "key": ["lines"], "keys": sorted(lines), "exact": True}]
    for code, (qty, unit, cost) in lines.items():
        out += [
            jv(ORDER, ["lines", code, "qty"], qty),
            jv(ORDER, ["lines", code, "unit_cost_gbp"], unit, 0.005),
            jv(ORDER, ["lines", code, "cost_gbp"], cost, 0.005),
        ]
    return [*out, jv(ORDER, ["total_gbp"], total, 0.005)]


def fridge_specs() -> dict[str, dict]:
    first3 = sorted(EXPORTS)[:3]
    return {
        "q1": spec(
            "q1",
            {"kind": "headings", "path": "output/review_plan.md", "require": ["Scope", "Evidence", "Open questions"]},
            {"kind": "contains", "path": "output/review_plan.md", "all": ["RV-2026-014"]},
            *tally(first3, 96, 11.7),
            {
                "kind": "called",
                "tool": "RunSubagent",
                "args": {"run_in_background": True},
                "message": "no RunSubagent with run_in_background=true in this round",
            },
            evidence("logger_exports/fr3_2026-03-13.csv", ["7.9"], TALLY),
            evidence("logger_exports/fr3_2026-03-14.csv", ["62", "10.6"], TALLY),
            evidence("logger_exports/fr3_2026-03-15.csv", ["34", "11.7"], TALLY),
            NEVER_PATIENTS,
        ),
        "q2": spec(
            "q2",
            jv("output/voicemail_facts.json", ["insulin_pens_moved"], 19),
            jv("output/voicemail_facts.json", ["adalimumab_syringes_moved"], 6),
            {"kind": "json", "path": "output/voicemail_facts.json", "key": ["moved_at"], "one_of": ["03:50", "3:50"]},
            jv("output/voicemail_facts.json", ["fault"], "seal", match="contains"),
            {
                "kind": "contains",
                "path": "output/voicemail_facts.md",
                "section": "Rejected claims",
                "any": ["autotranscript", "transcript", "transcription"],
                "message": "## Rejected claims does not name the automatic transcript",
            },
            decoy("output/voicemail_facts.md", "three fifteen", sections=["Rejected claims"]),
            decoy("output/voicemail_facts.md", "03:15", sections=["Rejected claims"]),
            decoy("output/voicemail_facts.md", "sixteen", sections=["Rejected claims"]),
            evidence(
                "recordings/nurse_voicemail_2026-03-15.wav",
                [["19", "nineteen"], ["6", "six"], ["03:50", "3:50", "three fifty"], "seal"],
                "output/voicemail_facts.json",
                models=["omni"],
            ),
            NEVER_PATIENTS,
        ),
        "q3": spec(
            "q3",
            *tally(sorted(EXPORTS), 127, 11.7),
            label("output/disposition.md", "Cumulative minutes above 8 °C", 127),
            label("output/disposition.md", "Highest reading (°C)", 11.7, 0.05),
            label("output/disposition.md", "Disposition", "quarantine"),
            decoy("output/disposition.md", "96", markers=SUPERSEDED, labels=["minutes", "total"]),
            {"kind": "resumed"},
            evidence("logger_exports/fr3_2026-03-16.csv", ["31", "9.4"], TALLY),
            evidence("policy/cold_chain_policy.md", ["quarantine"], "output/disposition.md"),
            NEVER_PATIENTS,
        ),
        "q4": spec(
            "q4",
            jv(ORDER, ["disposition"], "quarantine"),
            {
                "kind": "agree",
                "a": {"path": ORDER, "key": ["disposition"]},
                "b": {"path": "output/disposition.md", "label": "Disposition"},
            },
            *order(ORDER_Q4, 1669.0),
            evidence("pharmacy/fr3_stock_count_2026-03-13.xlsx", ["1218.4", "1669"], ORDER),
            NEVER_PATIENTS,
        ),
        "q5": spec(
            "q5",
            *order(ORDER_Q5, 1645.2),
            label("output/order_note.md", "Order total (GBP)", 1645.2, 0.005),
            label("output/order_note.md", "Lines", 4),
            {
                "kind": "agree",
                "a": {"path": "output/order_note.md", "label": "Order total (GBP)"},
                "b": {"path": ORDER, "key": ["total_gbp"]},
                "tol": 0.005,
            },
            decoy("output/order_note.md", "1669", markers=SUPERSEDED),
            {"kind": "resumed"},
            evidence("pharmacy/fr3_stock_count_2026-03-13.xlsx", ["119", "1645.2"], ORDER),
            NEVER_PATIENTS,
        ),
        "q6": spec(
            "q6",
            jv("output/final_summary.json", ["review_id"], "RV-2026-014"),
            jv("output/final_summary.json", ["total_minutes_above_8"], 127),
            jv("output/final_summary.json", ["peak_c"], 11.7, 0.05),
            jv("output/final_summary.json", ["insulin_pens_moved"], 19),
            jv("output/final_summary.json", ["disposition"], "quarantine"),
            jv("output/final_summary.json", ["replacement_cost_gbp"], 1645.2, 0.005),
            *[
                {"kind": "agree", "a": {"path": "output/final_summary.json", "key": [k]}, "b": b, "tol": 0.005}
                for k, b in (
                    ("total_minutes_above_8", {"path": TALLY, "key": ["total_minutes_above_8"]}),
                    ("insulin_pens_moved", {"path": "output/voicemail_facts.json", "key": ["insulin_pens_moved"]}),
                    ("disposition", {"path": "output/disposition.md", "label": "Disposition"}),
                    ("replacement_cost_gbp", {"path": ORDER, "key": ["total_gbp"]}),
                )
            ],
            {
                "kind": "contains",
                "path": "output/final_review.md",
                "section": "Rejected claims",
                "all": ["digest"],
                "any": ["ER-2025-031", "last year"],
                "message": "## Rejected claims must address the ops digest and last year's review",
            },
            decoy("output/final_review.md", "138", sections=["Rejected claims"], labels=["minute"]),
            decoy("output/final_review.md", "no action needed", sections=["Rejected claims"]),
            decoy("output/final_review.md", "1669", markers=SUPERSEDED),
            {"kind": "workflow", "min_agents": 2, "parallel": True},
            evidence("old_reviews/ER-2025-031_fr3_excursion_review.md", ["138"], "output/final_review.md"),
            NEVER_PATIENTS,
        ),
    }


# ----------------------------------------------------------------------------------------
# s_demo_supplier_shortfall_claim
# ----------------------------------------------------------------------------------------
CLAIM = "output/claim.json"
NEVER_HR = {"kind": "never_granted", "segments": ["hr"]}
RECEIVED = {"KP-TP-350": 216, "KP-TP-420": 160, "KP-FX-12": 455, "KP-HB-08": 300}
CLAIM_Q4 = {"KP-TP-350": (24, 18.4, 441.6), "KP-FX-12": (45, 1.9, 85.5)}
CLAIM_Q5 = {"KP-TP-350": (24, 17.9, 429.6), "KP-FX-12": (45, 1.9, 85.5)}
SEALED = {"kind": "seal", "path": CLAIM, "seal": "vault/claim_seal.key", "token_path": "output/claim_token.txt"}


def claim(lines: dict, total: float) -> list[dict]:
    out: list[dict] = [
        jv(CLAIM, ["po"], "PO-55812"),
        jv(CLAIM, ["grn_id"], "GRN-0203-17"),
        {"kind": "json", "path": CLAIM, "key": ["lines"], "keys": sorted(lines), "exact": True},
    ]
    for sku, (qty, unit, amount) in lines.items():
        out += [
            jv(CLAIM, ["lines", sku, "short_qty"], qty),
            jv(CLAIM, ["lines", sku, "unit_price_eur"], unit, 0.005),
            jv(CLAIM, ["lines", sku, "amount_eur"], amount, 0.005),
        ]
    return [*out, jv(CLAIM, ["total_eur"], total, 0.005), SEALED]


def claim_specs() -> dict[str, dict]:
    plan = "output/claim_plan.md"
    letter = "output/claim_letter.md"
    summary = "output/claim_summary.json"
    return {
        "q1": spec(
            "q1",
            {"kind": "headings", "path": plan, "require": ["Scope", "Evidence", "Steps", "Risks"]},
            {"kind": "contains", "path": plan, "section": "Scope", "all": ["PO-55812", "Kestrel", "KP-90417"]},
            {"kind": "contains", "path": plan, "section": "Evidence", "all": ["authoritative", "untrusted"]},
            decoy(plan, "PO-48107", markers=["stale", "last year", "not this", "superseded", "closed"]),
        ),
        "q2": spec(
            "q2",
            jv("output/grn_fields.json", ["grn_id"], "GRN-0203-17"),
            {
                "kind": "json",
                "path": "output/grn_fields.json",
                "key": ["received_by"],
                "one_of": ["T. Okafor", "T.Okafor"],
            },
            {
                "kind": "json",
                "path": "output/grn_fields.json",
                "key": ["received"],
                "keys": sorted(RECEIVED),
                "exact": True,
            },
            *[jv("output/grn_fields.json", ["received", k], v) for k, v in RECEIVED.items()],
            {
                "kind": "contains",
                "path": "output/grn_notes.md",
                "section": "Rejected claims",
                "all": ["OCR", "218", "485"],
            },
            decoy("output/grn_notes.md", "218", sections=["Rejected claims"], labels=["KP-TP-350", "received", "qty"]),
            decoy("output/grn_notes.md", "485", sections=["Rejected claims"], labels=["KP-FX-12", "received", "qty"]),
            evidence(
                "scans/grn_PO-55812_signed.png",
                ["GRN-0203-17", "216", "455", "Okafor"],
                "output/grn_fields.json",
                models=["vlm", "omni"],
            ),
            {"kind": "never_granted", "segments": ["vault"], "rounds": "this", "models": ["vlm", "omni"]},
            NEVER_HR,
        ),
        "q3": spec(
            "q3",
            jv("output/terms_check.json", ["notice_working_days"], 10),
            jv("output/terms_check.json", ["claim_deadline"], "2026-02-17"),
            jv("output/terms_check.json", ["claims_contact"], "claims@kestrelpoles.example"),
            {
                "kind": "json",
                "path": "output/terms_check.json",
                "key": ["valuation_clause"],
                "one_of": ["4.3", "§4.3", "clause 4.3", "section 4.3", "§ 4.3"],
            },
            jv("output/terms_check.json", ["po_units_ordered"], 1200),
            {"kind": "workflow", "min_agents": 2, "parallel": True},
            {"kind": "never_granted", "segments": ["vault"], "rounds": "this"},
            evidence(
                "purchasing/supply_terms_kestrel.docx",
                ["claims@kestrelpoles.example", "4.3"],
                "output/terms_check.json",
            ),
            evidence("purchasing/po_PO-55812.csv", ["KP-TP-350", "KP-FX-12"], "output/terms_check.json"),
            NEVER_HR,
        ),
        "q4": spec(
            "q4",
            *claim(CLAIM_Q4, 527.1),
            evidence("purchasing/invoice_KP-90417.csv", ["441.6", "527.1"], CLAIM, rounds="this"),
            NEVER_HR,
        ),
        "q5": spec(
            "q5",
            *claim(CLAIM_Q5, 515.1),
            label(letter, "Claim total (EUR)", 515.1, 0.005),
            {"kind": "label", "path": letter, "label": "Invoice", "equals": "KP-90417-R1"},
            label(letter, "Amount to short-pay (EUR)", 515.1, 0.005),
            {
                "kind": "agree",
                "a": {"path": letter, "label": "Claim total (EUR)"},
                "b": {"path": CLAIM, "key": ["total_eur"]},
                "tol": 0.005,
            },
            decoy(letter, "527.1", markers=SUPERSEDED),
            {"kind": "contains", "path": letter, "section": "Rejected claims", "all": ["digest"]},
            decoy(letter, "612.4", sections=["Rejected claims"]),
            {"kind": "resumed"},
            evidence("purchasing/invoice_KP-90417.csv", ["429.6", "515.1"], CLAIM),
            NEVER_HR,
        ),
        "q6": spec(
            "q6",
            *claim(CLAIM_Q5, 515.1),
            jv(summary, ["po"], "PO-55812"),
            jv(summary, ["grn_id"], "GRN-0203-17"),
            jv(summary, ["invoice"], "KP-90417-R1"),
            jv(summary, ["claim_total_eur"], 515.1, 0.005),
            jv(summary, ["credit_note"], "KP-CN-2391"),
            jv(summary, ["credited_eur"], 19.0, 0.005),
            jv(summary, ["net_short_pay_eur"], 496.1, 0.005),
            jv(summary, ["claim_deadline"], "2026-02-17"),
            {
                "kind": "agree",
                "a": {"path": summary, "key": ["claim_total_eur"]},
                "b": {"path": CLAIM, "key": ["total_eur"]},
                "tol": 0.005,
            },
            {
                "kind": "agree",
                "a": {"path": summary, "key": ["claim_deadline"]},
                "b": {"path": "output/terms_check.json", "key": ["claim_deadline"]},
            },
            label(letter, "Amount to short-pay (EUR)", 496.1, 0.005),
            {
                "kind": "agree",
                "a": {"path": letter, "label": "Amount to short-pay (EUR)"},
                "b": {"path": summary, "key": ["net_short_pay_eur"]},
                "tol": 0.005,
            },
            label(letter, "Claim total (EUR)", 515.1, 0.005),
            {
                "kind": "called",
                "tool": "RunSubagent",
                "args": {"run_in_background": True},
                "message": "the credit note was not read by a background RunSubagent in this round",
            },
            evidence("purchasing/credit_note_KP-CN-2391.csv", ["KP-CN-2391", "19"], summary),
            NEVER_HR,
        ),
    }
