"""Bad input gets a typed MemGraphError and leaves nothing written."""

from __future__ import annotations

from typing import Any

import pytest

from mem_graph import InvalidIdError, MemGraphError, Memory, MessageTooLargeError, ValidationError
from mem_graph.config import LimitsConfig

BAD_MESSAGES: list[tuple[Any, type[MemGraphError], str]] = [
    ("", ValidationError, "empty"),
    ("   \n\t", ValidationError, "empty"),
    ([], ValidationError, "empty"),
    ([{"role": "user", "content": 42}], ValidationError, "must be a string"),
    ([{"role": "user", "content": None}], ValidationError, "must be a string"),
    ([{"role": "wizard", "content": "hi there"}], ValidationError, "role must be one of"),
    ([{"role": "user", "content": "ok"}, "not a dict"], ValidationError, "must be an object"),
    ([{"role": "user", "content": "x", "colour": "red"}], ValidationError, "unknown keys"),
    (12345, ValidationError, "must be a string or a list"),
    ("nul\x00byte", ValidationError, "NUL"),
    ("x" * (LimitsConfig().max_message_chars + 1), MessageTooLargeError, "limit is"),
]


@pytest.mark.parametrize(("messages", "error", "says"), BAD_MESSAGES)
def test_bad_messages_are_refused_and_nothing_is_written(memory: Memory, messages: Any,
                                                         error: type[MemGraphError], says: str) -> None:
    with pytest.raises(error, match=says):
        memory.add(messages, user_id="u")
    assert memory.messages(user_id="u") == []
    assert memory.get_all(user_id="u")["results"] == []
    assert memory.graph_store.counts()["memories"] == 0


@pytest.mark.parametrize("bad_id", ["", "123", "not-a-uuid", "../../etc/passwd", "' OR 1=1 --", 42, None])
def test_malformed_ids_get_a_typed_error(memory: Memory, bad_id: Any) -> None:
    for call in (memory.get, memory.delete, memory.history):
        with pytest.raises(InvalidIdError):
            call(bad_id, user_id="u")


@pytest.mark.parametrize("scope", [{"user_id": ""}, {"user_id": 7}, {"user_id": "a\nb"}, {"agent_id": ["x"]},
                                   {"user_id": "u", "namespace": "no spaces"}])
def test_malformed_scopes_are_refused(memory: Memory, scope: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        memory.add("I like tea", **scope)


@pytest.mark.parametrize("metadata", ["str", [1, 2], {"k": object()}, {"k": float("nan")},
                                      {"big": "x" * 20_000}])
def test_bad_metadata_is_refused(memory: Memory, metadata: Any) -> None:
    with pytest.raises(ValidationError):
        memory.add("I like tea", user_id="u", metadata=metadata)
    assert memory.messages(user_id="u") == []


@pytest.mark.parametrize("kwargs", [{"limit": 0}, {"limit": "5"}, {"limit": True}, {"filters": "x"},
                                    {"filters": {"k": 1.5}}])
def test_bad_search_arguments_are_refused(memory: Memory, kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        memory.search("tea", user_id="u", **kwargs)


def test_every_error_is_a_mem_graph_error() -> None:
    assert issubclass(InvalidIdError, MemGraphError) and issubclass(MessageTooLargeError, ValidationError)
