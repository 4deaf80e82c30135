"""The dataset: schema of the compatible on-disk format, loading, updates and validation."""

from arena_tui.dataset.loader import LoadResult, load_dataset, validate_dataset
from arena_tui.dataset.model import Dataset, Scenario

__all__ = ["Dataset", "LoadResult", "Scenario", "load_dataset", "validate_dataset"]
