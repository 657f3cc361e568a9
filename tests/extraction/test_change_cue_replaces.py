"""A change said with a change cue ("these days", "now", "nowadays", "switched to") replaces the earlier
statement of the same kind, even where no single-valued slot covers it; an addition ("also", "too"),
something of another kind, someone else's fact, a past, a hedge or a question replaces nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated


def _say(mem: Memory, user: str, *turns: str) -> None:
    for said in turns:
        mem.add(said, user_id=user)


@pytest.mark.parametrize(("before", "said", "old", "new"), [
    ("i use notion for notes", "these days i use obsidian for notes", "notion", "obsidian"),
    ("i read a lot of fantasy", "nowadays i read mostly sci-fi", "fantasy", "sci-fi"),
    ("we use trello for planning", "these days we use linear for planning", "trello", "linear"),
    ("i drink coffee every morning", "i drink green tea in the mornings now", "coffee", "green tea"),
    ("i play squash on tuesdays", "these days i play tennis", "squash", "tennis"),
    ("i'm really into skateboarding", "these days i'm mostly into bouldering", "skateboarding", "bouldering"),
    ("i shop at tesco", "lately i've been shopping at aldi", "tesco", "aldi"),
    ("i drink about 4 coffees a day", "switched to tea, coffee was wrecking my sleep", "coffee", "tea"),
    ("my main instrument is the violin", "i've mostly switched to the cello now", "violin", "cello"),
])
def test_a_cued_change_leaves_only_the_new_value_current(shared_memory: Memory, user: str, before: str,
                                                         said: str, old: str, new: str) -> None:
    _say(shared_memory, user, before, said)
    now = current(shared_memory, user)
    assert any(new in c.lower() for c in now), now
    assert not any(old in c.lower() for c in now), now
    assert any(old in g.lower() for g in invalidated(shared_memory, user))


def test_the_change_is_explained_by_its_cue_and_shared_predicate(shared_memory: Memory, user: str) -> None:
    # (a change no tool kind covers: notion and obsidian are both note apps, replaced by their kind, lexicon.py)
    _say(shared_memory, user, "i shop at tesco", "these days i shop at aldi")
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    old = next(r for r in rows if r["status"] == "invalidated" and "tesco" in r["memory"].lower())
    update = next(e for e in shared_memory.history(old["id"], user_id=user) if e["event"] == "UPDATE")
    assert update["reason"] is not None
    assert "cue_change" in update["reason"] and "these days" in update["reason"], update
    assert "tesco" in update["reason"].lower(), update


@pytest.mark.parametrize(("before", "said", "kept"), [
    ("i play guitar", "now i play tennis on weekends", "guitar"),  # an instrument, then a sport
    ("i play guitar", "i also play piano now", "guitar"),  # one more
    ("i play guitar", "lately i've been playing the drums", "guitar"),  # a pastime picked up lately
    ("i drink coffee in the mornings", "i drink wine with dinner now", "coffee"),  # another kind of drink
    ("i play guitar. these days i play the drums", "i love it", "guitar"),  # both said in one turn
    ("i have a cat", "i have a dog now", "cat"),  # pets are collected
    ("i speak french", "i speak spanish now", "french"),  # so are languages
    ("i use notion for notes", "these days i use figma for design", "notion"),  # another purpose
    ("my sister uses notion for notes", "these days i use obsidian for notes", "notion"),  # someone else's
    ("i use notion for notes", "i used obsidian for notes back in college", "notion"),  # a past
    ("i use notion for notes", "i might use obsidian for notes these days", "notion"),  # a hedge
    ("i use notion for notes", "do you use obsidian for notes these days?", "notion"),  # a question
    ("i use notion for notes", "i use obsidian for notes", "notion"),  # no change cue
])
def test_no_cued_change_ends_nothing(shared_memory: Memory, user: str, before: str, said: str, kept: str) -> None:
    _say(shared_memory, user, before, said)
    assert any(kept in c.lower() for c in current(shared_memory, user)), current(shared_memory, user)
    assert not any(kept in g.lower() for g in invalidated(shared_memory, user))
