"""Attachments on the wire, and elision (docs/providers.md) by the entry's per-modality caps."""

from __future__ import annotations

from typing import Any

from arena_tui.config import Modalities
from arena_tui.events import ToolCallSpec
from arena_tui.providers.messages import Attachment, Message
from arena_tui.providers.wire import to_wire
from tests.fakes.openai_server import FakeOpenAIServer
from tests.providers.helpers import provider


def img(n: int) -> Attachment:
    return Attachment("image", "image/png", f"IMG{n}", path=f"/w/{n}.png")


AUDIO = Attachment("audio", "audio/x-wav", "WAVDATA", path="/w/a.wav")
VIDEO = Attachment("video", "video/mp4", "MP4DATA")


def parts(msg: dict[str, Any]) -> list[dict[str, Any]]:
    content = msg["content"]
    return content if isinstance(content, list) else []


def test_only_most_recent_images_kept_and_counted() -> None:
    history = [
        Message("user", "look", attachments=(img(1), img(2))),
        Message("assistant", "ok"),
        Message("user", "and", attachments=(img(3), AUDIO)),
    ]
    wire = to_wire(history, Modalities(image=2, audio=0))
    assert wire.elided == {"image": 1, "audio": 1} and wire.n_attachments == 2
    first, last = parts(wire.messages[0]), parts(wire.messages[2])
    assert first[1] == {"type": "text", "text": "[image /w/1.png elided from context]"}
    assert first[2]["image_url"]["url"] == "data:image/png;base64,IMG2"
    assert last[1]["image_url"]["url"] == "data:image/png;base64,IMG3"
    assert "elided" in last[2]["text"]


def test_video_and_audio_parts_and_tool_attachments_follow_tool_run() -> None:
    call = ToolCallSpec(id="c1", name="Read", arguments={"file_path": "/w/a.wav"})
    history = [
        Message("user", "go"),
        Message("assistant", "", tool_calls=(call, call.model_copy(update={"id": "c2"}))),
        Message("tool", "read a.wav", attachments=(AUDIO,), tool_call_id="c1"),
        Message("tool", "read v.mp4", attachments=(VIDEO,), tool_call_id="c2"),
    ]
    wire = to_wire(history, Modalities(audio=2, video=1))
    roles = [m["role"] for m in wire.messages]
    assert roles == ["user", "assistant", "tool", "tool", "user"]
    assert wire.messages[1]["tool_calls"][0]["function"]["arguments"] == '{"file_path": "/w/a.wav"}'
    media = parts(wire.messages[4])[1:]
    assert media[0] == {"type": "input_audio", "input_audio": {"data": "WAVDATA", "format": "wav"}}
    assert media[1] == {"type": "video_url", "video_url": {"url": "data:video/mp4;base64,MP4DATA"}}
    assert wire.elided == {}


async def test_server_receives_capped_attachments(fake_openai: FakeOpenAIServer) -> None:
    history = [Message("user", f"img {i}", attachments=(img(i),)) for i in range(6)]
    prov = provider(fake_openai.base_url, [], modalities={"image": 4})
    reply = await prov.complete(history)
    await prov.aclose()
    assert reply.elided == {"image": 2}
    sent = fake_openai.chat_requests[0].body["messages"]
    urls = [p["image_url"]["url"] for m in sent for p in parts(m) if p["type"] == "image_url"]
    assert urls == [f"data:image/png;base64,IMG{i}" for i in range(2, 6)]
