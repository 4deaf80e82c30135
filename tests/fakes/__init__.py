"""Test doubles that stand in for the outside world (model servers)."""
