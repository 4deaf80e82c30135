"""Run-screen widgets, one per module; each has ``sync(state)`` that re-renders only on change."""
