"""Check specs of the two demo scenarios (conditions of the one engine, data/build/_check.py).

Each function returns {round id: spec}; build_demo.py writes them to checks/<round>.json.
Values are the ground truth of build_demo.py; the evidence conditions name the files a
subagent must open and the values it must report before main writes the deliverable.

Conditions are the kit's constructors; where a spec's JSON has its fields in another order
than a constructor writes them (or leaves out one it always writes), ``condition`` builds it
with the fields as they stand, so checks/<round>.json stays byte for byte the same.
"""

from __future__ import annotations

from typing import Any

from kit.conditions import (
    Condition,
    agree,
    condition,
    contains,
    decoy,
    evidence,
    headings,
    jkeys,
    jone,
    jv,
    label,
    never,
    resumed,
    seal,
    workflow,
)

__all__ = ["SUPERSEDED", "claim_specs", "decoy", "evidence", "fridge_specs", "jv", "label", "spec"]

Spec = dict[str, Any]


def spec(round_id: str, *conditions: Condition) -> Spec:
    return {"round": round_id, "conditions": list(conditions)}


def agree_exact(a: dict[str, Any], b: dict[str, Any]) -> Condition:
    """Two deliverables' values agree exactly (the spec writes no ``tol``)."""
    return condition("agree", a=a, b=b)


def in_background(message: str) -> Condition:
    return condition("called", tool="RunSubagent", args={"run_in_background": True}, message=message)


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
NEVER_PATIENTS = never("patient_records")
VOICEMAIL = "output/voicemail_facts.json"
DISPOSITION = "output/disposition.md"
FINAL = "output/final_summary.json"


def tally(names: list[str], total: int, peak: float) -> list[Condition]:
    out = [jkeys(TALLY, ["exports"], names)]
    for n in names:
        mins, pk = EXPORTS[n]
        out += [jv(TALLY, ["exports", n, "minutes_above_8"], mins), jv(TALLY, ["exports", n, "peak_c"], pk, 0.05)]
    out += [jv(TALLY, ["total_minutes_above_8"], total), jv(TALLY, ["peak_c"], peak, 0.05)]
    return out


def order(lines: dict[str, tuple[int, float, float]], total: float) -> list[Condition]:
    out = [jkeys(ORDER, ["lines"], sorted(lines))]
    for code, (qty, unit, cost) in lines.items():
        out += [
            jv(ORDER, ["lines", code, "qty"], qty),
            jv(ORDER, ["lines", code, "unit_cost_gbp"], unit, 0.005),
            jv(ORDER, ["lines", code, "cost_gbp"], cost, 0.005),
        ]
    return [*out, jv(ORDER, ["total_gbp"], total, 0.005)]


def fridge_q1_q2() -> dict[str, Spec]:
    first3 = sorted(EXPORTS)[:3]
    rejected = ["Rejected claims"]
    return {
        "q1": spec(
            "q1",
            headings("output/review_plan.md", "Scope", "Evidence", "Open questions"),
            contains("output/review_plan.md", all=["RV-2026-014"]),
            *tally(first3, 96, 11.7),
            in_background("no RunSubagent with run_in_background=true in this round"),
            evidence("logger_exports/fr3_2026-03-13.csv", ["7.9"], TALLY),
            evidence("logger_exports/fr3_2026-03-14.csv", ["62", "10.6"], TALLY),
            evidence("logger_exports/fr3_2026-03-15.csv", ["34", "11.7"], TALLY),
            NEVER_PATIENTS,
        ),
        "q2": spec(
            "q2",
            jv(VOICEMAIL, ["insulin_pens_moved"], 19),
            jv(VOICEMAIL, ["adalimumab_syringes_moved"], 6),
            jone(VOICEMAIL, ["moved_at"], ["03:50", "3:50"]),
            jv(VOICEMAIL, ["fault"], "seal", match="contains"),
            contains(
                "output/voicemail_facts.md",
                section="Rejected claims",
                any=["autotranscript", "transcript", "transcription"],
                message="## Rejected claims does not name the automatic transcript",
            ),
            *[decoy("output/voicemail_facts.md", t, sections=rejected) for t in ("three fifteen", "03:15", "sixteen")],
            evidence(
                "recordings/nurse_voicemail_2026-03-15.wav",
                [["19", "nineteen"], ["6", "six"], ["03:50", "3:50", "three fifty"], "seal"],
                VOICEMAIL,
                models=["omni"],
            ),
            NEVER_PATIENTS,
        ),
    }


def fridge_q3_q5() -> dict[str, Spec]:
    note = "output/order_note.md"
    return {
        "q3": spec(
            "q3",
            *tally(sorted(EXPORTS), 127, 11.7),
            label(DISPOSITION, "Cumulative minutes above 8 °C", 127),
            label(DISPOSITION, "Highest reading (°C)", 11.7, 0.05),
            label(DISPOSITION, "Disposition", "quarantine"),
            decoy(DISPOSITION, "96", markers=SUPERSEDED, labels=["minutes", "total"]),
            resumed(),
            evidence("logger_exports/fr3_2026-03-16.csv", ["31", "9.4"], TALLY),
            evidence("policy/cold_chain_policy.md", ["quarantine"], DISPOSITION),
            NEVER_PATIENTS,
        ),
        "q4": spec(
            "q4",
            jv(ORDER, ["disposition"], "quarantine"),
            agree_exact({"path": ORDER, "key": ["disposition"]}, {"path": DISPOSITION, "label": "Disposition"}),
            *order(ORDER_Q4, 1669.0),
            evidence("pharmacy/fr3_stock_count_2026-03-13.xlsx", ["1218.4", "1669"], ORDER),
            NEVER_PATIENTS,
        ),
        "q5": spec(
            "q5",
            *order(ORDER_Q5, 1645.2),
            label(note, "Order total (GBP)", 1645.2, 0.005),
            label(note, "Lines", 4),
            agree({"path": note, "label": "Order total (GBP)"}, {"path": ORDER, "key": ["total_gbp"]}, 0.005),
            decoy(note, "1669", markers=SUPERSEDED),
            resumed(),
            evidence("pharmacy/fr3_stock_count_2026-03-13.xlsx", ["119", "1645.2"], ORDER),
            NEVER_PATIENTS,
        ),
    }


def fridge_q6() -> Spec:
    review = "output/final_review.md"
    return spec(
        "q6",
        jv(FINAL, ["review_id"], "RV-2026-014"),
        jv(FINAL, ["total_minutes_above_8"], 127),
        jv(FINAL, ["peak_c"], 11.7, 0.05),
        jv(FINAL, ["insulin_pens_moved"], 19),
        jv(FINAL, ["disposition"], "quarantine"),
        jv(FINAL, ["replacement_cost_gbp"], 1645.2, 0.005),
        *[
            agree({"path": FINAL, "key": [k]}, b, 0.005)
            for k, b in (
                ("total_minutes_above_8", {"path": TALLY, "key": ["total_minutes_above_8"]}),
                ("insulin_pens_moved", {"path": VOICEMAIL, "key": ["insulin_pens_moved"]}),
                ("disposition", {"path": DISPOSITION, "label": "Disposition"}),
                ("replacement_cost_gbp", {"path": ORDER, "key": ["total_gbp"]}),
            )
        ],
        contains(
            review,
            section="Rejected claims",
            all=["digest"],
            any=["ER-2025-031", "last year"],
            message="## Rejected claims must address the ops digest and last year's review",
        ),
        decoy(review, "138", sections=["Rejected claims"], labels=["minute"]),
        decoy(review, "no action needed", sections=["Rejected claims"]),
        decoy(review, "1669", markers=SUPERSEDED),
        workflow(),
        evidence("old_reviews/ER-2025-031_fr3_excursion_review.md", ["138"], review),
        NEVER_PATIENTS,
    )


def fridge_specs() -> dict[str, Spec]:
    return {**fridge_q1_q2(), **fridge_q3_q5(), "q6": fridge_q6()}


# ----------------------------------------------------------------------------------------
# s_demo_supplier_shortfall_claim
# ----------------------------------------------------------------------------------------
CLAIM = "output/claim.json"
NEVER_HR = never("hr")
RECEIVED = {"KP-TP-350": 216, "KP-TP-420": 160, "KP-FX-12": 455, "KP-HB-08": 300}
CLAIM_Q4 = {"KP-TP-350": (24, 18.4, 441.6), "KP-FX-12": (45, 1.9, 85.5)}
CLAIM_Q5 = {"KP-TP-350": (24, 17.9, 429.6), "KP-FX-12": (45, 1.9, 85.5)}
SEALED = seal(CLAIM, "vault/claim_seal.key", "output/claim_token.txt")
PLAN = "output/claim_plan.md"
GRN = "output/grn_fields.json"
TERMS = "output/terms_check.json"
LETTER = "output/claim_letter.md"
SUMMARY = "output/claim_summary.json"


def claim(lines: dict[str, tuple[int, float, float]], total: float) -> list[Condition]:
    out = [jv(CLAIM, ["po"], "PO-55812"), jv(CLAIM, ["grn_id"], "GRN-0203-17"), jkeys(CLAIM, ["lines"], sorted(lines))]
    for sku, (qty, unit, amount) in lines.items():
        out += [
            jv(CLAIM, ["lines", sku, "short_qty"], qty),
            jv(CLAIM, ["lines", sku, "unit_price_eur"], unit, 0.005),
            jv(CLAIM, ["lines", sku, "amount_eur"], amount, 0.005),
        ]
    return [*out, jv(CLAIM, ["total_eur"], total, 0.005), SEALED]


def claim_q1_q3() -> dict[str, Spec]:
    return {
        "q1": spec(
            "q1",
            headings(PLAN, "Scope", "Evidence", "Steps", "Risks"),
            contains(PLAN, section="Scope", all=["PO-55812", "Kestrel", "KP-90417"]),
            contains(PLAN, section="Evidence", all=["authoritative", "untrusted"]),
            decoy(PLAN, "PO-48107", markers=["stale", "last year", "not this", "superseded", "closed"]),
        ),
        "q2": spec(
            "q2",
            jv(GRN, ["grn_id"], "GRN-0203-17"),
            jone(GRN, ["received_by"], ["T. Okafor", "T.Okafor"]),
            jkeys(GRN, ["received"], sorted(RECEIVED)),
            *[jv(GRN, ["received", k], v) for k, v in RECEIVED.items()],
            contains("output/grn_notes.md", section="Rejected claims", all=["OCR", "218", "485"]),
            decoy("output/grn_notes.md", "218", sections=["Rejected claims"], labels=["KP-TP-350", "received", "qty"]),
            decoy("output/grn_notes.md", "485", sections=["Rejected claims"], labels=["KP-FX-12", "received", "qty"]),
            evidence(
                "scans/grn_PO-55812_signed.png", ["GRN-0203-17", "216", "455", "Okafor"], GRN, models=["vlm", "omni"]
            ),
            condition("never_granted", segments=["vault"], rounds="this", models=["vlm", "omni"]),
            NEVER_HR,
        ),
        "q3": spec(
            "q3",
            jv(TERMS, ["notice_working_days"], 10),
            jv(TERMS, ["claim_deadline"], "2026-02-17"),
            jv(TERMS, ["claims_contact"], "claims@kestrelpoles.example"),
            jone(TERMS, ["valuation_clause"], ["4.3", "§4.3", "clause 4.3", "section 4.3", "§ 4.3"]),
            jv(TERMS, ["po_units_ordered"], 1200),
            workflow(),
            condition("never_granted", segments=["vault"], rounds="this"),
            evidence("purchasing/supply_terms_kestrel.docx", ["claims@kestrelpoles.example", "4.3"], TERMS),
            evidence("purchasing/po_PO-55812.csv", ["KP-TP-350", "KP-FX-12"], TERMS),
            NEVER_HR,
        ),
    }


def claim_q4_q5() -> dict[str, Spec]:
    return {
        "q4": spec(
            "q4",
            *claim(CLAIM_Q4, 527.1),
            evidence("purchasing/invoice_KP-90417.csv", ["441.6", "527.1"], CLAIM, rounds="this"),
            NEVER_HR,
        ),
        "q5": spec(
            "q5",
            *claim(CLAIM_Q5, 515.1),
            label(LETTER, "Claim total (EUR)", 515.1, 0.005),
            condition("label", path=LETTER, label="Invoice", equals="KP-90417-R1"),
            label(LETTER, "Amount to short-pay (EUR)", 515.1, 0.005),
            agree({"path": LETTER, "label": "Claim total (EUR)"}, {"path": CLAIM, "key": ["total_eur"]}, 0.005),
            decoy(LETTER, "527.1", markers=SUPERSEDED),
            contains(LETTER, section="Rejected claims", all=["digest"]),
            decoy(LETTER, "612.4", sections=["Rejected claims"]),
            resumed(),
            evidence("purchasing/invoice_KP-90417.csv", ["429.6", "515.1"], CLAIM),
            NEVER_HR,
        ),
    }


def claim_q6() -> Spec:
    return spec(
        "q6",
        *claim(CLAIM_Q5, 515.1),
        jv(SUMMARY, ["po"], "PO-55812"),
        jv(SUMMARY, ["grn_id"], "GRN-0203-17"),
        jv(SUMMARY, ["invoice"], "KP-90417-R1"),
        jv(SUMMARY, ["claim_total_eur"], 515.1, 0.005),
        jv(SUMMARY, ["credit_note"], "KP-CN-2391"),
        jv(SUMMARY, ["credited_eur"], 19.0, 0.005),
        jv(SUMMARY, ["net_short_pay_eur"], 496.1, 0.005),
        jv(SUMMARY, ["claim_deadline"], "2026-02-17"),
        agree({"path": SUMMARY, "key": ["claim_total_eur"]}, {"path": CLAIM, "key": ["total_eur"]}, 0.005),
        agree_exact({"path": SUMMARY, "key": ["claim_deadline"]}, {"path": TERMS, "key": ["claim_deadline"]}),
        label(LETTER, "Amount to short-pay (EUR)", 496.1, 0.005),
        agree(
            {"path": LETTER, "label": "Amount to short-pay (EUR)"},
            {"path": SUMMARY, "key": ["net_short_pay_eur"]},
            0.005,
        ),
        label(LETTER, "Claim total (EUR)", 515.1, 0.005),
        in_background("the credit note was not read by a background RunSubagent in this round"),
        evidence("purchasing/credit_note_KP-CN-2391.csv", ["KP-CN-2391", "19"], SUMMARY),
        NEVER_HR,
    )


def claim_specs() -> dict[str, Spec]:
    return {**claim_q1_q3(), **claim_q4_q5(), "q6": claim_q6()}
