"""Session 32: changes said the way 80 more blind-written conversations said them (longer, messier chats: a fact
dropped beside a request, the change told as its consequence, a correction typed as "oops brain fade, perth!").

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.correction import read_correction
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import top_after as _top
from tests.extraction.test_slot_changes import invalidated_after


def _active(mem: Memory, user: str) -> list[str]:
    return [r["memory"] for r in mem.get_all(user_id=user)["results"]
            if not r.get("invalid_at") and r.get("layer") != "episodic"]


# -- wishes and lifelong facts ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "one day i'm buying a camper van, saving every penny for it",
    "some day we're moving to the coast, but not for ages",
])
def test_one_day_is_a_wish_not_a_change(rules: RuleExtractor, said: str) -> None:
    assert all(f.tense == "plan" or not f.slot for f in _facts(rules, said)), [(f.text, f.tense)
                                                                              for f in _facts(rules, said)]


def test_a_day_gone_by_is_no_wish(rules: RuleExtractor) -> None:
    assert any(f.slot == "user|car" and f.tense != "plan" for f in _facts(rules, "one day last week i bought a Kia"))


def test_lived_somewhere_all_ones_life_is_where_one_lives(rules: RuleExtractor) -> None:
    facts = _facts(rules, "lived in cardiff my whole life and still can't pronounce half the welsh signs")
    assert any(f.slot == "user|residence" and f.tense == "present" for f in facts), [(f.text, f.tense) for f in facts]
    earlier = _facts(rules, "i lived in cardiff for 3 years")
    assert any(f.slot == "user|residence" and f.tense == "past" for f in earlier)


# -- corrections in the next turn ------------------------------------------------------------------------------------

def test_a_place_blurted_after_oops_corrects_the_city(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i live in Leeds, what's a good allotment veg for clay soil",
                              "whoops my bad, york! does that change the frost dates")
    assert any("Leeds" in f for f in ended), ended
    assert "York" in _top(shared_memory, user, "where do I live?")[0]["memory"]


def test_did_i_say_names_the_wrong_value(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i'm an analyst at Deloitte, how do i make a waterfall chart",
                              "hang on, did i say deloitte? EY lol, i need sleep")
    assert any("Deloitte" in f for f in ended), ended


def test_not_the_other_one_corrects_the_name_just_said(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my daughter just started at St Anne's Primary",
                              "sorry it's st bede's actually, not the other one")
    assert any("Anne" in f for f in ended), ended


@pytest.mark.parametrize("said", [
    "sorry, quick question about rice",
    "wait, london. what time is it there",
    "oops, spilled my tea everywhere",
])
def test_no_correction_without_a_value_said_as_one(said: str) -> None:
    corr = read_correction(said)
    assert corr is None or corr.new is None, corr
