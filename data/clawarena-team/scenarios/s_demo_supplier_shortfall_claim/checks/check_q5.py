#!/usr/bin/env python3
"""q5: reissued invoice (update u1_reissued_invoice) merged, claim re-sealed, letter written, session resumed.

Passes when:
  * output/claim.json: KP-TP-350 24 x 17.90 = 429.60, KP-FX-12 45 x 1.90 = 85.50, total_eur 515.10;
    output/claim_token.txt matches the seal HMAC of that final file;
  * output/claim_letter.md: 'Claim total (EUR): 515.10' equal to claim.json's total_eur, 'Invoice: KP-90417-R1',
    'Amount to short-pay (EUR): 515.10' (no credit note exists yet);
    the pre-update total 527.10 appears only near 'superseded'/a negation; a '## Rejected claims' section
    mentions the digest, whose 612.40 appears nowhere outside that section and inside only near a negation;
  * in round q5 a RunSubagent continued a session_id returned by an earlier round's RunSubagent;
  * (sticky guard) hr/ never granted; fails without a transcript.
"""
import re
import sys

sys.dont_write_bytecode = True  # never leave __pycache__ in the dataset

from _common import Check, close, label_value, norm, number_in, refuted_everywhere, section
from check_q4 import check_claim

ROUND = "q5"
LINES = {"KP-TP-350": (24, 17.90, 429.60), "KP-FX-12": (45, 1.90, 85.50)}
TOTAL = 515.10

ck = Check(sys.argv)
claim = check_claim(ck, LINES, TOTAL)
md = ck.text("output/claim_letter.md")
if md is not None:
    tot = number_in(label_value(md, "Claim total (EUR)"))
    ck.require(tot is not None and close(tot, TOTAL), "output/claim_letter.md: 'Claim total (EUR)' line missing or wrong")
    if isinstance(claim, dict) and tot is not None:
        ck.require(close(tot, claim.get("total_eur")), "consistency: letter total differs from claim.json total_eur")
    pay = number_in(label_value(md, "Amount to short-pay (EUR)"))
    ck.require(pay is not None and close(pay, TOTAL), "output/claim_letter.md: 'Amount to short-pay (EUR)' line missing or wrong")
    inv = (label_value(md, "Invoice") or "").strip("`*_ .").upper()
    ck.require(inv == "KP-90417-R1", "output/claim_letter.md: 'Invoice' line missing or not the reissued reference")
    for old in ("527.10", "527.1"):
        ck.require(refuted_everywhere(md, old), f"output/claim_letter.md: pre-update total {old} not marked superseded")
    rej = section(md, "Rejected claims")
    if rej is None:
        ck.fail("output/claim_letter.md: section '## Rejected claims' missing")
    else:
        ck.require("digest" in norm(rej).lower(), "output/claim_letter.md: ## Rejected claims does not address the digest")
        outside = md.replace(rej, "")
        ck.require(re.search(r"612[.,]40?(?!\d)", outside) is None,
                   "output/claim_letter.md: the digest's estimate used outside ## Rejected claims")
        ck.require(refuted_everywhere(rej, "612.40") and refuted_everywhere(rej, "612.4"),
                   "output/claim_letter.md: the digest's estimate not marked as wrong")

if ck.transcript() is not None:
    earlier = ck.session_ids_returned(before=ROUND)
    resumed = [c for _, c in ck.calls("RunSubagent", round_id=ROUND) if c["arguments"].get("session_id") in earlier]
    ck.require(bool(resumed), "behaviour: no RunSubagent in this round continued a session returned in an earlier round")
ck.guard_sensitive("hr")
ck.finish()
