"""Nothing true the user said is marked superseded: clauses that only date another ("since I was 19",
"when I was a teenager") and origins said in the present ("found out I'm allergic to peanuts as a kid")
end nothing (end to end, real stores)."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated

# (what the user said, a word of the fact that must stay current)
TIME_FRAMES = [
    ("been vegan since i was 19", "vegan"),
    ("i love the lakers, fan since i was 6", "lakers"),
    ("i play chess, started when i was a teenager", "chess"),
    ("i speak french, learned it when i was a kid", "french"),
]


@pytest.mark.parametrize(("text", "kept"), TIME_FRAMES, ids=[t[0][:30] for t in TIME_FRAMES])
def test_a_time_frame_is_no_past_fact(shared_memory: Memory, user: str, text: str, kept: str) -> None:
    out = shared_memory.add(text, user_id=user)
    assert invalidated(shared_memory, user) == []
    assert any(kept in f.casefold() for f in current(shared_memory, user))
    facts = " | ".join(r["memory"] for r in shared_memory.get_all(user_id=user, include_invalidated=True)[
        "results"]).casefold()
    assert "user was" not in facts  # "since I was 19" says no age
    assert out["results"]


def test_the_time_frame_is_named_in_the_reason(shared_memory: Memory, user: str) -> None:
    out = shared_memory.add("been vegan since i was 19", user_id=user)
    added = next(r for r in out["results"] if "vegan" in r["memory"].casefold())
    reasons = " ".join(h.get("reason") or "" for h in shared_memory.history(added["id"], user_id=user))
    assert "time frame 'since i was 19'" in reasons


@pytest.mark.parametrize(("text", "kept"), [
    ("found out i'm allergic to peanuts as a kid", "peanuts"),
    ("i'm a huge arsenal fan, have been since i was a kid", "arsenal"),
])
def test_an_origin_said_in_the_present_still_holds(shared_memory: Memory, user: str, text: str, kept: str) -> None:
    shared_memory.add(text, user_id=user)
    assert invalidated(shared_memory, user) == []
    assert any(kept in f.casefold() for f in current(shared_memory, user))


def test_a_past_state_with_a_past_phrase_still_ends(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i was allergic to cats as a kid", user_id=user)
    assert any("cats" in f.casefold() for f in invalidated(shared_memory, user))
    assert not any("cats" in f.casefold() for f in current(shared_memory, user))


@pytest.mark.parametrize(("now", "then", "kept", "past"), [
    ("i work at google", "interned at microsoft back in 2018", "google", "microsoft"),
])
def test_a_dated_past_event_does_not_replace_the_current_value(shared_memory: Memory, user: str, now: str,
                                                               then: str, kept: str, past: str) -> None:
    shared_memory.add(now, user_id=user)
    shared_memory.add(then, user_id=user)
    assert not any(kept in f.casefold() for f in invalidated(shared_memory, user))
    assert any(kept in f.casefold() for f in current(shared_memory, user))
    assert not any(past in f.casefold() for f in current(shared_memory, user))


def test_a_change_in_the_past_tense_still_updates(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i live in paris", user_id=user)
    shared_memory.add("moved to berlin in 2024, loving it", user_id=user)
    assert any("paris" in f.casefold() for f in invalidated(shared_memory, user))
    assert any("berlin" in f.casefold() for f in current(shared_memory, user))


@pytest.mark.parametrize(("now", "ahead", "kept"), [
    ("i'm 29", "turning 30 in march omg", "29"),
    ("i live in leeds", "i'm moving to york next month", "leeds"),
])
def test_a_change_scheduled_ahead_ends_nothing_yet(shared_memory: Memory, user: str, now: str, ahead: str,
                                                   kept: str) -> None:
    shared_memory.add(now, user_id=user)
    shared_memory.add(ahead, user_id=user)
    assert invalidated(shared_memory, user) == []
    assert any(kept in f.casefold() for f in current(shared_memory, user))
