"""Provider tests get the fake OpenAI-compatible server fixtures."""

from __future__ import annotations

from tests.fakes.fixtures import fake_openai, fake_openai_factory

__all__ = ["fake_openai", "fake_openai_factory"]
