"""The commerce scenarios' own spec and trajectory pieces, on top of kit.conditions and kit.trajectory.

The scenarios take conditions, tool calls and turns from the kit; here is what only commerce
repeats: the words of the sealer (``kit.rounds.final`` seals), what a round's builder makes
(``Reference``) and the asset-map rows every commerce workspace shares. The tool
runners, the turn before one is resumed and the table condition are ``kit.rounds.tally``'s.
"""

from __future__ import annotations

from kit.conditions import Condition
from kit.hint import Asset
from kit.hint import bot_asset as bot_asset  # the rows, re-exported to the scenario modules
from kit.hint import deliverables as deliverables
from kit.hint import sensitive as sensitive
from kit.hint import stale as stale
from kit.hint import tool_input as tool_input
from kit.hint import tools_asset as tools_asset
from kit.rounds.final import Seal, SealerWords
from kit.rounds.tally import table as table  # the CSV condition, re-exported to the scenario modules
from kit.trajectory import Turn


# ------------------------------------------------------------------ subagents
def sealing(what: str, key: str, record: str, token: str, prefix: str) -> Seal:
    """A commerce sealing (kit.rounds.final): tools/seal.py with ``key`` over ``record``, its token
    ``PREFIX:<hex>`` in ``token``; the sealer may read its three files, and ``what`` names the record."""
    words = SealerWords(description=f"seal {what}")
    return Seal("tools/seal.py", key, record, token, prefix, words, ("Read", "Bash"))


# ------------------------------------------------------------------ rounds
Reference = tuple[list[Turn], list[Condition]]
"""What a round's builder (``_qN``) makes: the reference turns and the check conditions, spread into
the round's ``kit.rounds.round.Round`` after its words (``Round("q1", question, ..., *_q1())``)."""


# ------------------------------------------------------------------ asset-map rows (shape, key, trust, what)
VAULT: Asset = ("key file", "llm + Bash", "secret", "seal key used by tools/seal.py; never paste its content anywhere")
OUTPUT = deliverables("write deliverables here")
