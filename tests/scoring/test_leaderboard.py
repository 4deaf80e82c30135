"""SMS reproduces the published leaderboard's SMS column from its other columns."""

from __future__ import annotations

import pytest

from arena_tui.scoring import sms

# model, TCR, TPP, ROC, WPP, MCA, SMS (percent, rounded as published)
LEADERBOARD = [
    ("claude-fable-5", 74.4, 76.4, 98.8, 49.2, 97.9, 60.0),
    ("gemini-3.5-flash", 69.8, 69.8, 95.9, 45.7, 96.7, 53.8),
    ("gpt-5.5", 63.6, 79.9, 98.7, 47.5, 95.2, 51.0),
    ("glm-5.2", 66.3, 67.4, 95.4, 44.4, 96.7, 50.4),
    ("gpt-5.4", 63.2, 77.3, 98.8, 40.8, 97.6, 49.7),
    ("gemini-3.1-pro", 65.5, 76.4, 97.3, 36.6, 92.9, 49.6),
    ("kimi-k2.6", 64.3, 76.8, 92.0, 41.9, 93.9, 49.0),
    ("claude-sonnet-4-6", 61.6, 77.3, 99.4, 43.2, 95.2, 48.5),
    ("deepseek-v4-pro", 58.9, 73.9, 98.5, 46.3, 96.5, 46.4),
    ("qwen3.6-27b", 60.9, 72.5, 95.7, 40.7, 96.2, 46.4),
    ("gemma-4-31b", 56.6, 79.0, 97.7, 37.9, 95.5, 43.9),
    ("glm-4.7-flash", 34.5, 22.4, 85.8, 11.7, 57.2, 15.3),
]


@pytest.mark.parametrize("row", LEADERBOARD, ids=[r[0] for r in LEADERBOARD])
def test_sms_matches_published_column(row: tuple[str, float, float, float, float, float, float]) -> None:
    _, tcr, tpp, roc, wpp, mca, published = row
    value = 100 * sms(tcr / 100, tpp / 100, roc / 100, wpp / 100, mca / 100)
    assert abs(value - published) <= 0.1


def test_first_row_tcr_is_its_rounds() -> None:
    assert round(100 * 192 / 258, 1) == LEADERBOARD[0][1]
