"""A turn that names the value that ended and the one that took its place ("bye X, hello Y", "X → Y", "X era
over, Y era begins", "no more X, Y since june") changes the attribute an earlier memory holds X in, whatever the
attribute; with no memory holding X, or in someone else's news, a plan or a question, it changes nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.transition import read_transitions
from tests.extraction.test_slot_changes import current, invalidated


@pytest.mark.parametrize("state, change, old, new", [
    ("I live in Lyon", "so long Lyon, hello Marseille! the move is done", "Lyon", "Marseille"),
    ("our team uses CouchDB", "CouchDB -> Postgres, finally", "CouchDB", "Postgres"),
    ("i drink green tea every morning", "green tea era is over, matcha era begins", "green tea", "matcha"),
    ("i love Coldplay", "Coldplay just doesn't hit anymore, Fontaines DC on repeat", "Coldplay", "Fontaines DC"),
    ("I drive a Nissan Leaf", "no more Nissan Leaf for me, Kia EV6 since june", "Nissan Leaf", "Kia EV6"),
    ("I'm living in Oakland with my gf", "ok big news, we finally left Oakland. Portland now!!", "Oakland", "Portland"),
    ("i'm vegetarian", "vegetarian era over tbh, pescatarian since the summer", "vegetarian", "pescatarian"),
    ("i'm single", "i'm in a relationship these days, the single chapter is over", "single", "relationship"),
    ("i'm 52", "farewell 52, hello 53!! cake time", "52", "53"),
])
def test_a_value_that_ended_beside_its_successor_changes_the_attribute(shared_memory: Memory, user: str,
                                                                         state: str, change: str, old: str,
                                                                         new: str) -> None:
    shared_memory.add(state, user_id=user)
    shared_memory.add(change, user_id=user)
    assert any(old in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    believed = current(shared_memory, user)
    assert any(new in t for t in believed) and not any(old in t and new not in t for t in believed), believed


@pytest.mark.parametrize("state, said", [
    ("I live in Lyon", "my brother said bye to Lyon, he's in Nice now"),  # someone else's news
    ("I live in Lyon", "thinking of moving: bye Lyon, hello Nice?"),  # a plan, a question
    ("I live in Lyon", "bye Paris, hello Nice"),  # no memory holds Paris
])
def test_someone_elses_move_a_plan_or_an_unknown_old_value_changes_nothing(shared_memory: Memory, user: str,
                                                                          state: str, said: str) -> None:
    shared_memory.add(state, user_id=user)
    shared_memory.add(said, user_id=user)
    assert invalidated(shared_memory, user) == []
    assert any("Lyon" in t for t in current(shared_memory, user))


@pytest.mark.parametrize("text, pair", [
    ("bye Madrid 👋 hello Barcelona", ("Madrid", "Barcelona")),
    ("MySQL → MariaDB, its official", ("MySQL", "MariaDB")),
    ("ramen got dethroned, shawarma is my new fave", ("ramen", "shawarma")),
    ("used to love ramen most, now its carbonara", ("ramen", "carbonara")),
    ("will i ever say bye to Leeds, hello York?", None),
])
def test_the_old_and_new_values_are_read_by_their_cue_words(text: str, pair: tuple[str, str] | None) -> None:
    found = [(t.old, t.new) for t in read_transitions(text)]
    assert (found[:1] == [pair]) if pair else found == [], found


def test_a_car_given_away_beside_the_one_now_owned_is_replaced(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I drive a Kia Rio", user_id=user)
    shared_memory.add("the Mazda 3 is finally mine, the Kia Rio went to my niece", user_id=user)
    assert any("Kia Rio" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert any("Mazda 3" in t for t in current(shared_memory, user)), current(shared_memory, user)


def test_a_number_never_takes_a_names_place(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i'm 52", user_id=user)
    shared_memory.add("bye 2025, hello Lisbon", user_id=user)
    assert invalidated(shared_memory, user) == []


@pytest.mark.parametrize("state, change, old, new", [
    ("our team runs on MySQL", "finally killed the MySQL db, everything's in Postgres", "MySQL", "Postgres"),
    ("i have a Pixel 7", "traded the Pixel 7 in, rocking the iPhone 15 since saturday", "Pixel 7", "iPhone 15"),
])
def test_a_value_killed_or_traded_beside_its_successor_changes_it(shared_memory: Memory, user: str, state: str,
                                                                  change: str, old: str, new: str) -> None:
    shared_memory.add(state, user_id=user)
    shared_memory.add(change, user_id=user)
    believed = current(shared_memory, user)
    assert any(new in t for t in believed) and not any(old in t and new not in t for t in believed), believed
