"""A value ended and the next one named in a bare follow-on fragment: "not pescatarian anymore, fully vegetarian
now" says the user is vegetarian (the second clause was lost), "i don't drink tea anymore, it's coffee every
morning now" that the user drinks coffee; and a pastime given up with its verb alone ("i gave up running",
"i stopped running") ends it. A fragment that names no value of the kind, or none said as new, adds nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import active, after_change, current, invalidated


@pytest.mark.parametrize(("before", "said", "new", "old"), [
    ("i'm pescatarian", "not pescatarian anymore, fully vegetarian now", "vegetarian", "pescatarian"),
    ("i'm vegan", "i'm not vegan anymore, strictly keto these days", "keto", "vegan"),
    ("I drink tea every morning", "i don't drink tea anymore, it's coffee every morning now", "coffee", "tea"),
    ("I drink coffee every day", "i don't drink coffee anymore lol, only matcha now", "matcha", "coffee"),
    ("I do yoga like 4x a week", "i don't do yoga anymore, it's all climbing these days", "climbing", "yoga"),
    ("I play tennis every weekend", "i got bored of tennis, so it's padel for me these days", "padel", "tennis"),
    ("I love jazz", "i'm so sick of jazz now, all techno these days", "techno", "loves jazz"),
    ("I love pop punk", "honestly pop punk bores me now, been listening to house nonstop for weeks", "house",
     "loves pop punk"),
    ("I love metal", "metal just doesn't do it for me anymore, lo-fi on repeat", "lo-fi", "loves metal"),
])
def test_a_fragment_after_an_ended_value_names_the_new_one(shared_memory: Memory, user: str, before: str,
                                                            said: str, new: str, old: str) -> None:
    now, ended = after_change(shared_memory, user, before, said)
    assert any(new in c for c in now), now
    assert any(old in t for t in ended), ended


@pytest.mark.parametrize(("said", "stray"), [
    ("i don't drink coffee anymore, too jittery", "jittery"),
    ("i'm not vegan anymore, eating fish now", "is fish"),
    ("i'm not into jazz anymore, my kids are now", "kids"),
])
def test_a_fragment_that_names_no_new_value_adds_none(shared_memory: Memory, user: str, said: str,
                                                      stray: str) -> None:
    shared_memory.add(said, user_id=user)
    assert not any(stray in c and ("drinks" in c or "is into" in c or "User is" in c)
                   for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("said", ["i gave up running", "i stopped running a while ago",
                                  "gave up running, doing cycling now"])
def test_a_pastime_given_up_ends_it(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add("I go running like 4x a week", user_id=user)
    shared_memory.add(said, user_id=user)
    assert any("running" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert not any("running" in c and "gave up" not in c and "stopped" not in c
                   for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize(("said", "stance"), [
    ("pop punk bores me now", "not into pop punk"),
    ("metal just doesn't do it for me anymore", "not into metal"),
    ("black coffee is dead to me", "doesn't drink black coffee anymore"),  # (said as its kind's ending: over_idioms)
    ("classical has taken over my life", "into classical"),
])
def test_a_thing_said_to_bore_or_win_the_speaker_is_a_stance(shared_memory: Memory, user: str, said: str,
                                                             stance: str) -> None:
    shared_memory.add(said, user_id=user)
    assert any(stance in c for c in active(shared_memory, user)), active(shared_memory, user)


def test_an_instrument_that_is_my_thing_now_is_played(shared_memory: Memory, user: str) -> None:
    """The successor of a pastime given up, named as "my thing", is current and said as played."""
    shared_memory.add("actually i stopped playing guitar, piano is my thing now", user_id=user)
    facts = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert "User plays piano now" in facts, facts
