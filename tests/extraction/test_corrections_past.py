"""Corrections, past facts and restatements, said the way people type them (end to end, real stores)."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.correction import read_correction
from tests.extraction.test_slot_changes import current, invalidated

# (earlier statement, the correction, the wrong value, the right value)
CORRECTIONS = [
    ("my dog is called rex", "oops, it's max not rex lol", "rex", "max"),
    ("my dentist appointment is on friday", "wait no, i meant thursday", "friday", "thursday"),
    ("i'm 27", "sorry, i said 27 - i'm 28", "27", "28"),
    ("my wife works at lidl", "my bad, she works at aldi not lidl", "lidl", "aldi"),
    ("my daughter goes to hillcrest high", "sorry, oakwood high, not hillcrest", "hillcrest", "oakwood"),
    ("i study biology at uni", "correction: chemistry, not biology", "biology", "chemistry"),
]


@pytest.mark.parametrize(("before", "after", "wrong", "right"), CORRECTIONS,
                         ids=[c[1][:28] for c in CORRECTIONS])
def test_a_correction_invalidates_the_wrong_value(shared_memory: Memory, user: str, before: str, after: str,
                                                 wrong: str, right: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    now = " | ".join(current(shared_memory, user)).casefold()
    assert right in now
    assert not any(wrong in f.casefold() and right not in f.casefold() for f in current(shared_memory, user))
    assert any(wrong in f.casefold() for f in invalidated(shared_memory, user))


def test_the_correction_event_names_its_rule_and_cue(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my spin class is on wednesdays", user_id=user)
    out = shared_memory.add("wait no, i meant saturday", user_id=user)
    updates = [r for r in out["results"] if r["event"] == "UPDATE"]
    assert updates and "saturday" in updates[0]["memory"].casefold()
    history = shared_memory.history(updates[0]["id"], user_id=user)
    assert any("[correction]" in (h.get("reason") or "") and "wednesdays" in (h.get("reason") or "")
               for h in history)


@pytest.mark.parametrize("text", [
    "actually i'm not a big fan of jazz",
    "sorry, i don't eat pork anymore",
    "i live in rome, not milan",  # a plain statement with its contrast: no correction cue
    "actually i love it here",
])
def test_a_statement_is_no_correction(text: str) -> None:
    assert read_correction(text) is None


# (what holds now, or None; the past statement; word of the past value; word of the current value, or None)
PAST = [
    (None, "i was vegetarian for ages", "vegetarian", None),
    (None, "i was a smoker for like 10 yrs", "smoker", None),
    ("i live in leeds", "before leeds i lived in york for a while", "york", "leeds"),
    ("my aunt Rosa lives in Bristol", "ya she used to live in lisbon before that", "lisbon", "bristol"),
    ("i live in bath", "i used to live in lisbon", "lisbon", "bath"),
]


@pytest.mark.parametrize(("now", "past", "old", "current_value"), PAST, ids=[p[1][:28] for p in PAST])
def test_a_past_fact_is_stored_ended_and_keeps_the_current_one(shared_memory: Memory, user: str, now: str | None,
                                                               past: str, old: str,
                                                               current_value: str | None) -> None:
    if now is not None:
        shared_memory.add(now, user_id=user)
    shared_memory.add(past, user_id=user)
    assert not any(old in f.casefold() for f in current(shared_memory, user))
    assert any(old in f.casefold() for f in invalidated(shared_memory, user))
    if current_value is not None:
        assert any(current_value in f.casefold() for f in current(shared_memory, user))
        assert not any(current_value in f.casefold() and old not in f.casefold()
                       for f in invalidated(shared_memory, user))


def test_saying_how_well_is_no_negation(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i play the piano", user_id=user)
    shared_memory.add("yeah i play piano, not very well lol", user_id=user)
    assert not invalidated(shared_memory, user)
    assert sum("piano" in f.casefold() for f in current(shared_memory, user)) == 1


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("my uncle Ben is an accountant", "Ben just quit his job to become a chef", "accountant", "chef"),
    ("i live in phoenix", "ok so i'm in eugene now, moved from phoenix in april", "phoenix", "eugene"),
], ids=["quit-to-become", "in-x-now-moved-from"])
def test_a_change_said_beside_its_cause_supersedes(shared_memory: Memory, user: str, before: str, after: str,
                                                   old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert any(new in f.casefold() for f in current(shared_memory, user))
    assert not any(old in f.casefold() and new not in f.casefold() for f in current(shared_memory, user))
    assert any(old in f.casefold() for f in invalidated(shared_memory, user))


def test_the_same_partner_in_other_words_is_a_restatement(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i'm dating dante", user_id=user)
    out = shared_memory.add("dante is my boyfriend btw", user_id=user)
    assert sum("dante" in f.casefold() for f in current(shared_memory, user)) == 1
    assert not invalidated(shared_memory, user)
    assert all(r["event"] != "ADD" or r.get("layer") == "episodic" for r in out["results"])


def test_a_filler_word_is_no_part_of_a_name(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my brother otto is a plumber", user_id=user)
    shared_memory.add("yep otto is a plumber lol", user_id=user)
    assert sum("plumber" in f.casefold() for f in current(shared_memory, user)) == 1


def test_done_with_an_activity_ends_the_habit(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i go swimming most weekends", user_id=user)
    shared_memory.add("tbh i'm done with swimming. climbing is my thing now", user_id=user)
    assert any("swimming" in f.casefold() for f in invalidated(shared_memory, user))
    assert not any("swimming" in f.casefold() and "done" not in f.casefold() for f in current(shared_memory, user))
    assert any("climbing" in f.casefold() for f in current(shared_memory, user))
