"""The law scenarios, in run order (each module defines one scenario dict S)."""

import scen_construction
import scen_deadline
import scen_dsar
import scen_lease
import scen_renewal
import scen_subrogation
import scen_trademark
import scen_tribunal

ALL = [
    scen_lease.S,
    scen_dsar.S,
    scen_renewal.S,
    scen_tribunal.S,
    scen_trademark.S,
    scen_deadline.S,
    scen_construction.S,
    scen_subrogation.S,
]
