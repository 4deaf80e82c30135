"""What each scenario's archive folder holds besides the stale reference, and the term the
archive reader searches it for.

The manager does not know which file in the archive covers the figures it must check, so in
the document round it grants the reader the whole archive folder with Read and Grep and asks
it to search for a term taken from the round's own question (the name of a figure or of the
document). The archive also holds material on other topics (maintenance logs, letters, other
assays) and, in some scenarios, further superseded versions that mention the same term. The
reader opens only what matches, so its share of the folder it opened differs by scenario.

``extra``: archive-relative file name -> text; ``hits``: how many archive files hold the term
(checked by the build). No extra file repeats a label of the document in force in the form
the value bindings read, so the bound values still come from the document itself.
"""

from __future__ import annotations

from typing import Any

SEARCH: dict[str, dict[str, Any]] = {
    "s_sci_seismic_swarm_catalogue": {
        "term": "injection cap",
        "hits": 1,
        "extra": {
            "station_HRC_maintenance_2024-11.md": (
                "# Station HRC maintenance visit (November 2024)\n\n"
                "- Battery bank replaced; solar controller firmware updated\n"
                "- Vault re-levelled after frost heave; sensor re-centred\n"
                "- GPS timing verified against the reference receiver\n"
            ),
            "regulator_letter_2024-10.md": (
                "# Letter from the regional mining regulator (October 2024)\n\n"
                "Thank you for the quarterly monitoring report for Hollin Ridge. We have no further questions on it "
                "and look forward to the next report in January.\n"
            ),
        },
    },
    "s_sci_transect_cameratrap": {
        "term": "independence interval",
        "hits": 1,
        "extra": {
            "volunteer_briefing_2023.md": (
                "# Volunteer briefing, Glenmarra 2023\n\n"
                "- Meet at the forestry gate at half past seven; bring waterproofs and a head torch\n"
                "- Never move a camera without logging it on the deployment sheet\n"
                "- Report any damaged housing to the field lead the same day\n"
            ),
        },
    },
    "s_sci_notebook_retraction": {
        "term": "replicate CV",
        "hits": 2,
        "extra": {
            "data_policy_2017_note.md": (
                "# Data policy 2017 - circulated note\n\n"
                "The first lab data policy capped the replicate CV at twenty-five percent and asked for raw data to be "
                "kept for three years. Superseded by the 2021 policy.\n"
            ),
            "freezer_inventory_2021.md": (
                "# Freezer inventory, -80 C unit 2 (2021)\n\n"
                "- Rack A: cell pellets, NB-09 to NB-12\n- Rack B: plasmid preps\n- Rack C: empty, defrosted in May\n"
            ),
        },
    },
    "s_sci_startracker_observing_log": {
        "term": "airmass",
        "hits": 2,
        "extra": {
            "run_review_2021.md": (
                "# Run review OBS-2021-009\n\n"
                "That season the rules let observers go down to an airmass of 2.8 and accepted guiding errors up to "
                "one arcsecond. Both limits were tightened the following year.\n"
            ),
            "dome_maintenance_2022.md": (
                "# Dome maintenance, August 2022\n\n"
                "- Shutter drive chain replaced\n- Rain sensor recalibrated\n- Slit seal inspected, no leaks found\n"
            ),
            "visitor_night_notes_2022.md": (
                "# Public visitor night, 14 October 2022\n\n"
                "About forty visitors; the Moon and Saturn through the small refractor. The main telescope stayed "
                "closed to visitors.\n"
            ),
            "filter_wheel_service_2022.md": (
                "# Filter wheel service note (2022)\n\n"
                "The wheel was cleaned and its home sensor realigned; the B and V filters were swapped back into their "
                "documented slots.\n"
            ),
        },
    },
    "s_sci_plate_reader_assay": {
        "term": "BSA standard",
        "hits": 1,
        "extra": {
            "il6_elisa_draft_v2.md": (
                "# IL-6 ELISA analysis draft v2 (WITHDRAWN 2025-11-03)\n\n"
                "- Standard curve: recombinant IL-6, eight points, four-parameter fit\n"
                "- Plates read with a reference-wavelength correction\n"
            ),
            "poster_abstract_draft.md": (
                "# Poster abstract draft (not submitted)\n\n"
                "Protein yield across three expression batches was compared by colorimetric assay; batch 2 gave the "
                "highest yield.\n"
            ),
            "reagent_order_draft.md": (
                "# Reagent order draft (cancelled)\n\n- Coomassie reagent, two bottles\n- 96-well flat-bottom plates, "
                "one case\n"
            ),
        },
    },
    "s_sci_climate_homogenisation": {
        "term": "breakpoint",
        "hits": 3,
        "extra": {
            "homogenisation_2016.md": (
                "# Homogenisation note 2016\n\n"
                "The first pass placed a breakpoint wherever the pairwise test fired and accepted segments of only two "
                "years; adjustments of up to 2.5 degC were applied.\n"
            ),
            "breakpoint_review_minutes_2020.md": (
                "# Minutes: breakpoint review meeting (March 2020)\n\n"
                "The group agreed that the 2019 settings would stay until the network standard was revised. No "
                "figures were changed at this meeting.\n"
            ),
            "station_photo_log_2019.md": (
                "# Station photo log 2019\n\n- BV01: screen repainted, vegetation cut back\n"
                "- BV02: new fence on the east side\n- BV03: no change\n"
            ),
        },
    },
    "s_sci_grant_metrics_report": {
        "term": "narrative",
        "hits": 3,
        "extra": {
            "template_2023_notes.md": (
                "# Notes on the 2023 interim template\n\n"
                "The 2023 template asked for a narrative of no more than 5000 words and fixed the deadline at the end "
                "of March.\n"
            ),
            "reviewer_feedback_2024.md": (
                "# Reviewer feedback on the 2024 interim report\n\n"
                "The reviewers found the narrative clear but asked for the open-access figures by work package.\n"
            ),
            "budget_reforecast_2024.md": (
                "# Budget reforecast 2024\n\n- Travel underspent; moved to consumables\n- Equipment line unchanged\n"
            ),
            "kickoff_agenda_2024.md": (
                "# Kick-off meeting agenda, January 2024\n\n1. Welcome\n2. Work package leads\n3. Data management plan\n"
            ),
        },
    },
    "s_sci_detector_calibration_drift": {
        "term": "HV ripple",
        "hits": 1,
        "extra": {
            "CP-09_revB_extract.md": (
                "# CP-09 revision B (2023) - extract\n\n"
                "Pedestal runs are taken with the beam off, at the start of every shift, a fixed number of triggers each.\n"
            ),
            "crate_inventory_2023.md": (
                "# Crate inventory 2023\n\n- C1, C2, C3 in rack 4\n- Spare crate in the electronics store\n"
            ),
            "shift_handover_2023-06.md": (
                "# Shift handover, June 2023\n\nBeam delivered as planned. Cooling loop alarm acknowledged in the early "
                "morning and cleared by the on-call technician.\n"
            ),
            "cooling_loop_check_2023.md": (
                "# Cooling loop check 2023\n\n- Flow nominal on all branches\n- Filter replaced on branch 2\n"
            ),
        },
    },
    "s_sci_soil_interlab_comparison": {
        "term": "assigned Pb",
        "hits": 2,
        "extra": {
            "round_2023_summary.md": (
                "# Round ILC-SOIL-2023-02 summary\n\n"
                "Last year's assigned Pb was set from the consensus of eleven labs, at eighty-eight milligrams per "
                "kilogram.\n"
            ),
            "courier_invoice_2024.md": (
                "# Courier invoice summary 2024\n\n- Twelve parcels, two re-sent after customs delays\n"
            ),
        },
    },
}
