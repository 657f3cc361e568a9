"""A change said around the plain clause ("my new apartment in Adelaide", "first week at Lidl went fine", "30 as
of yesterday", "Leo and i called it quits") ends the old value of the home, job, age, partner or school."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.stores.vector.base import VectorFilter, scroll_all
from mem_graph.types import Scope


def current(mem: Memory, user: str) -> list[str]:
    records = scroll_all(mem.vectors, VectorFilter(scope=Scope(user_id=user)))
    return [r.text for r in records if r.layer != "episodic" and r.polarity > 0]


def invalidated_after(mem: Memory, user: str, *turns: str) -> list[str]:
    for turn in turns:
        mem.add(turn, user_id=user)
    rows = mem.get_all(user_id=user, include_invalidated=True)["results"]
    return [r["memory"] for r in rows if r["status"] == "invalidated"]


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I live in Perth", "loving my new apartment in Adelaide so far", "Perth", "Adelaide"),
    ("I work at Shell", "my new role at Unilever is intense but fun", "Shell", "Unilever"),
    ("I work at Asda", "first week at Lidl went fine, nice team", "Asda", "Lidl"),
    ("I work at Oracle", "now a Google employee, weird feeling", "Oracle", "Google"),
    ("I'm a chef", "big career change, finally a personal trainer now", "chef", "trainer"),
    ("I'm 29", "30 as of yesterday, feeling old", "29", "30"),
    ("I'm single", "as of this week i'm officially engaged", "single", "engaged"),
    ("I'm divorced", "I remarried in june", "divorced", "remarried"),
    ("my son goes to Hill Primary", "my son's new school is Oak Park School", "Hill Primary", "Oak Park School"),
    ("my boyfriend is Leo", "Ben and i made it official last week", "Leo", "Ben"),
])
def test_a_change_said_around_the_clause_supersedes_the_old_value(shared_memory: Memory, user: str, before: str,
                                                                   after: str, old: str, new: str) -> None:
    ended = invalidated_after(shared_memory, user, before, after)
    now = current(shared_memory, user)
    assert any(old in t for t in ended), (ended, now)
    assert any(new in t for t in now), now


@pytest.mark.parametrize("after", [
    "things with Leo ended last month",
    "Leo and i called it quits",
    "after the split from Leo i took up climbing",
    "Leo is my ex now",
    "ngl moving out of Leo's flat was hard",  # a home left, not a partner: Leo stays the partner
])
def test_a_breakup_said_as_an_idiom_ends_the_partner(shared_memory: Memory, user: str, after: str) -> None:
    ended = invalidated_after(shared_memory, user, "my boyfriend is Leo", after)
    assert any("Leo" in t for t in ended) == ("flat" not in after), ended


@pytest.mark.parametrize(("before", "after"), [
    ("I live in Perth", "my sister's new flat in Adelaide is lovely"),
    ("I live in Perth", "looking at a new flat in Adelaide"),
    ("I work at Shell", "hoping to land a new job at Unilever"),
    ("I work at Shell", "my friend is a Google employee"),
    ("I'm single", "I was engaged once"),
    ("I'm single", "my sister is engaged now"),
    ("I'm 29", "29 as of yesterday, feeling old"),
])
def test_what_is_no_change_of_the_speaker_ends_nothing(shared_memory: Memory, user: str, before: str,
                                                       after: str) -> None:
    assert invalidated_after(shared_memory, user, before, after) == []
