"""A fixed-capacity ring buffer addressed by a monotonic sequence number."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

DEFAULT_STREAM_CAPACITY = 5000
"""Tool-call stream lines the run screen keeps."""

T = TypeVar("T")


class RingBuffer(Generic[T]):
    """Keeps the last ``capacity`` items; item ``n`` (0-based, ever appended) stays addressable until evicted.

    Appends and lookups are O(1), which is what a stream of thousands of lines per second needs.

    Args:
        capacity: How many items are kept.
    """

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._items: list[T | None] = [None] * capacity
        self._next = 0

    @property
    def next_no(self) -> int:
        """The number the next appended item will get (== items ever appended)."""
        return self._next

    @property
    def first_no(self) -> int:
        """The number of the oldest item still held."""
        return max(0, self._next - self.capacity)

    def __len__(self) -> int:
        return self._next - self.first_no

    def append(self, item: T) -> tuple[int, T | None]:
        """Append ``item``.

        Returns:
            The item's number and the item it evicted (``None`` if none).
        """
        no = self._next
        slot = no % self.capacity
        evicted = self._items[slot] if no >= self.capacity else None
        self._items[slot] = item
        self._next += 1
        return no, evicted

    def get(self, no: int) -> T | None:
        """The item numbered ``no``, or ``None`` if it was evicted or never appended."""
        if no < self.first_no or no >= self._next:
            return None
        return self._items[no % self.capacity]

    def __iter__(self) -> Iterator[T]:
        for no in range(self.first_no, self._next):
            item = self._items[no % self.capacity]
            if item is not None:
                yield item
