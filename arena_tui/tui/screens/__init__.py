"""Screens: the run screen (live and replay) and its modals."""
