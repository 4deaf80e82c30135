"""Frame pacing: a slow paint holds the next live frame back, a fast one does not (injected clock)."""

from __future__ import annotations

from arena_tui.tui.pacing import FramePacer


def test_a_fast_paint_keeps_the_frame_rate() -> None:
    pacer = FramePacer(share=3.0)
    assert pacer.due(10.0)
    pacer.painted(10.0, 10.005)  # 5 ms: the next frame may come 15 ms after it
    assert pacer.due(10.075)
    assert pacer.held == 0


def test_a_slow_paint_holds_frames_for_share_times_its_cost() -> None:
    pacer = FramePacer(share=3.0)
    pacer.painted(10.0, 10.1)  # 100 ms: the loop gets 300 ms before the next frame
    assert not pacer.due(10.2)
    assert not pacer.due(10.39)
    assert pacer.due(10.4)
    assert pacer.held == 2


def test_the_wait_is_bounded() -> None:
    pacer = FramePacer(share=3.0, longest_wait_s=0.5)
    pacer.painted(10.0, 12.0)  # a two-second stall still lets a frame through half a second later
    assert not pacer.due(12.4)
    assert pacer.due(12.5)
