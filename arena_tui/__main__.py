"""``python -m arena_tui`` runs the command-line interface."""

from arena_tui.cli import main

raise SystemExit(main())
