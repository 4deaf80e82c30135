"""Scoring: the pure fold over events that every score in the product comes from."""

from arena_tui.scoring.fold import RunScores, ScoreFold, score_events
from arena_tui.scoring.metrics import ScenarioScore, SubagentScore, sms

__all__ = ["RunScores", "ScenarioScore", "ScoreFold", "SubagentScore", "score_events", "sms"]
