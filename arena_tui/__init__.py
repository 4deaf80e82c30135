"""ClawArena-Team arena: a benchmark and terminal UI for language models that manage other models."""

__version__ = "0.3.1"
