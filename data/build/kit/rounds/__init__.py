"""Round kinds: the reference manager's turns and the checks of one kind of round, defined once.

Every domain's rounds are made of the same kinds: a plan, a tally of large exports by runners
(fanned out in the background, resumed when an update lands), a media reading by a subagent that
perceives the file, a search of an archive by content, a workflow of parallel readers, and a final
record sealed by the only subagent that may open the key. A kind here takes the scenario's values
and words and returns the turns of solution/trajectory.json and the conditions of the round's check
spec; the domains keep only their own words and figures.

- ``kit.rounds.round``: a ``Round`` (its words, turns and conditions) and the one assembly of a scenario's
  rounds into questions, check specs and the reference trajectory;
- ``kit.rounds.plan``: the plan a manager writes and amends;
- ``kit.rounds.tally``: tool runners, background fan-out, resuming a runner after an update;
- ``kit.rounds.media``: media readers and what they are asked, perceived values and their decoys;
- ``kit.rounds.workflow``: parallel readers in one Workflow script, and the note they lead to;
- ``kit.rounds.search``: a reader searching an archive by content, and the build-time test of its term;
- ``kit.rounds.final``: the final record, its seal and token, and the report.
"""
