"""Command handlers called by the CLI (one module per command family)."""
