"""Scripted-provider tests of the agent runtime (main agent, subagents, background work)."""
