"""Running the benchmark: scenarios, rounds, checks, orchestration, resume."""
