#!/usr/bin/env python3
"""q6: credit note (update u2_credit_note) read in the background and deducted; claim summary.

Passes when:
  * output/claim.json is still the round-5 claim (total 515.10) and output/claim_token.txt still matches it;
  * output/claim_summary.json: po PO-55812, grn_id GRN-0203-17, invoice KP-90417-R1, claim_total_eur 515.10
    (= claim.json total_eur), credit_note KP-CN-2391 (not last year's KP-CN-2207), credited_eur 19.00,
    net_short_pay_eur 496.10, claim_deadline equal to output/terms_check.json's claim_deadline and 2026-02-17;
  * output/claim_letter.md: 'Amount to short-pay (EUR): 496.10' (the pre-update 515.10 on that line fails),
    equal to net_short_pay_eur, and 'Claim total (EUR)' equal to claim.json's total;
  * in round q6 a RunSubagent with run_in_background == true;
  * (sticky guard) hr/ never granted; fails without a transcript.
"""
import sys

sys.dont_write_bytecode = True  # never leave __pycache__ in the dataset

from _common import Check, close, label_value, number_in
from check_q4 import check_claim

ROUND = "q6"
LINES = {"KP-TP-350": (24, 17.90, 429.60), "KP-FX-12": (45, 1.90, 85.50)}  # the round-5 claim
TOTAL = 515.10
NET, CREDIT = 496.10, 19.00
ck = Check(sys.argv)
claim = check_claim(ck, LINES, TOTAL)
s = ck.json("output/claim_summary.json")
if isinstance(s, dict):
    ck.require(s.get("po") == "PO-55812", "output/claim_summary.json: po is wrong")
    ck.require(str(s.get("grn_id", "")).upper() == "GRN-0203-17", "output/claim_summary.json: grn_id is wrong")
    ck.require(str(s.get("invoice", "")).upper() == "KP-90417-R1", "output/claim_summary.json: invoice is wrong")
    ck.require(close(s.get("claim_total_eur"), TOTAL), "output/claim_summary.json: claim_total_eur is wrong")
    if isinstance(claim, dict):
        ck.require(close(s.get("claim_total_eur"), claim.get("total_eur")),
                   "consistency: claim_summary claim_total_eur differs from claim.json total_eur")
    ck.require(str(s.get("credit_note", "")).upper() == "KP-CN-2391", "output/claim_summary.json: credit_note is wrong")
    ck.require(close(s.get("credited_eur"), CREDIT), "output/claim_summary.json: credited_eur is wrong")
    ck.require(close(s.get("net_short_pay_eur"), NET), "output/claim_summary.json: net_short_pay_eur is wrong")
    ck.require(s.get("claim_deadline") == "2026-02-17", "output/claim_summary.json: claim_deadline is wrong")
    t = ck.json("output/terms_check.json")
    if isinstance(t, dict):
        ck.require(t.get("claim_deadline") == s.get("claim_deadline"),
                   "consistency: claim_summary claim_deadline differs from terms_check.json")
elif s is not None:
    ck.fail("output/claim_summary.json: not an object")

md = ck.text("output/claim_letter.md")
if md is not None:
    pay = number_in(label_value(md, "Amount to short-pay (EUR)"))
    ck.require(pay is not None and close(pay, NET),
               "output/claim_letter.md: 'Amount to short-pay (EUR)' line missing or not revised for the credit note")
    if isinstance(s, dict) and pay is not None:
        ck.require(close(pay, s.get("net_short_pay_eur")), "consistency: letter amount to short-pay differs from claim_summary.json")
    tot = number_in(label_value(md, "Claim total (EUR)"))
    ck.require(tot is not None and close(tot, TOTAL), "output/claim_letter.md: 'Claim total (EUR)' line missing or wrong")

if ck.transcript() is not None:
    bg = [c for _, c in ck.calls("RunSubagent", round_id=ROUND) if c["arguments"].get("run_in_background") is True]
    ck.require(bool(bg), "behaviour: no RunSubagent with run_in_background=true in this round")
ck.guard_sensitive("hr")
ck.finish()
