"""A change of a single-valued slot, said the way people say it, supersedes the old value (end to end)."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.stores.vector.base import VectorFilter, scroll_all
from mem_graph.types import Scope


def active(mem: Memory, user: str) -> list[str]:
    return [r["memory"] for r in mem.get_all(user_id=user)["results"] if r["layer"] != "episodic"]


def current(mem: Memory, user: str) -> list[str]:
    """Active positive facts: what the memory believes now ("User sold the Golf" is no belief in the Golf)."""
    records = scroll_all(mem.vectors, VectorFilter(scope=Scope(user_id=user)))
    return [r.text for r in records if r.layer != "episodic" and r.polarity > 0]


def invalidated(mem: Memory, user: str) -> list[str]:
    rows = mem.get_all(user_id=user, include_invalidated=True)["results"]
    return [r["memory"] for r in rows if r["status"] == "invalidated"]


def after_change(mem: Memory, user: str, before: str, said: str) -> tuple[list[str], list[str]]:
    """Say ``before`` then ``said`` (one add() each): what is believed now, and what no longer is."""
    mem.add(before, user_id=user)
    mem.add(said, user_id=user)
    return current(mem, user), invalidated(mem, user)


def invalidated_after(mem: Memory, user: str, *turns: str) -> list[str]:
    """Say ``turns`` in order (one add() each), then what the memory no longer believes."""
    for turn in turns:
        mem.add(turn, user_id=user)
    return invalidated(mem, user)


# (first statement, later statement, word only the old value has, word of the new value)
CHANGES = [
    # residence
    ("I live in Beijing.", "I moved to Shanghai.", "Beijing", "Shanghai"),
    ("I live in Leeds", "Moved to Manchester last week, still unpacking boxes", "Leeds", "Manchester"),
    ("I'm living in Lyon at the moment", "ok so update on my life: I'm in Marseille now", "Lyon", "Marseille"),
    ("I live in Denver.", "so I just moved from Denver to Austin for the new job", "Denver", "Austin"),
    ("I live in Toronto, downtown", "I don't live in Toronto anymore, I'm in Vancouver now", "Toronto", "Vancouver"),
    # employer
    ("I work at Spotify on the payments team", "just started at Klarna first week", "Spotify", "Klarna"),
    ("I work for Deloitte.", "I'm at PwC now", "Deloitte", "PwC"),
    ("I work at Uber.", "I joined Stripe last month.", "Uber", "Stripe"),
    ("I work for Shell.", "I landed a job with Google last month.", "Shell", "Google"),
    # occupation
    ("I work as an accountant.", "These days I teach history at a high school.", "accountant", "history"),
    ("I'm a nurse.", "I'm a teacher now.", "nurse", "teacher"),
    ("I work as a lawyer.", "I became a chef last year.", "lawyer", "chef"),
    # age
    ("I'm 41.", "Had my 42nd birthday on Sunday!", "41", "42"),
    ("I'm 34, if that matters", "turned 35 today!!", "34", "35"),
    ("I am 29.", "I'm 30 now, feeling old", "29", "30"),
    # car
    ("I drive a Honda.", "I traded in my Honda for a Subaru.", "Honda", "Subaru"),
    ("My car is a VW Golf.", "I sold the Golf and got a Tesla Model 3", "Golf", "Tesla"),
    ("I drive a Ford Focus.", "I bought a Toyota Yaris.", "Focus", "Yaris"),
    # phone
    ("My phone is a Samsung Galaxy S21", "got a new phone today, an iPhone 15", "Galaxy", "iPhone"),
    ("I've got a OnePlus 9", "I replaced my OnePlus with a Fairphone 5", "OnePlus", "Fairphone"),
    ("I use an Android phone, a Pixel 6.", "I switched to an iPhone.", "Pixel", "iPhone"),
    # partner
    ("Tom is my boyfriend.", "I'm dating Chris now", "Tom", "Chris"),
    ("I'm married to Elena.", "My partner is Marco now.", "Elena", "Marco"),
    ("My girlfriend is Jess.", "I'm seeing Priya now, we're dating", "Jess", "Priya"),
    # diet
    ("I'm vegetarian.", "I went vegan last month.", "vegetarian", "vegan"),
    ("I'm vegan.", "I'm pescatarian now.", "vegan", "pescatarian"),
    ("I follow a keto diet.", "I'm vegetarian these days.", "keto", "vegetarian"),
    # a named pet's name
    ("My cat is called Misty.", "Actually my cat's name is Luna.", "Misty", "Luna"),
    ("Our hamster is Peanut", "the kids renamed the hamster to Captain Nibbles", "Peanut", "Captain Nibbles"),
    ("My dog's name is Rex.", "My dog is called Bruno now.", "Rex", "Bruno"),
    # school of a child
    ("My daughter is at Westfield High.", "My daughter switched to Eastwood this term.", "Westfield", "Eastwood"),
    ("My son Ben is at St. Mary's", "Ben moved to Hillcrest High this term", "Mary", "Hillcrest"),
    ("My son goes to Lincoln Elementary.", "My son transferred to Oak Academy.", "Lincoln", "Oak"),
    # database of a service
    ("Our service runs on MongoDB.", "We moved the service from MongoDB to Postgres.", "MongoDB", "Postgres"),
    ("The billing service uses MySQL.", "We migrated the billing service to Postgres.", "MySQL", "Postgres"),
    ("Our app runs on SQLite.", "We moved the app from SQLite to DynamoDB.", "SQLite", "DynamoDB"),
    # favourite X (per X)
    ("My favourite colour is green.", "My favourite colour is purple now.", "green", "purple"),
    ("My favorite band is Blur.", "My favourite band is Oasis these days.", "Blur", "Oasis"),
    ("My favourite food is ramen.", "My favorite food is tacos now.", "ramen", "tacos"),
]


@pytest.mark.parametrize(("before", "after", "old", "new"), CHANGES, ids=[c[1][:40] for c in CHANGES])
def test_a_change_supersedes_the_old_value(shared_memory: Memory, user: str, before: str, after: str, old: str,
                                           new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new in t for t in now), now
    assert not any(old in t and new not in t for t in now), now  # the old value is no longer current
    assert any(old in t for t in invalidated(shared_memory, user))  # superseded, never destroyed


def test_the_new_value_answers_the_question_first(memory: Memory) -> None:
    """Not the sister's city, although "Anna lives in Paris" shares the question's verb."""
    memory.add("My sister Anna lives in Paris.", user_id="u")
    memory.add("I live in Beijing.", user_id="u")
    memory.add("I moved to Shanghai last month.", user_id="u")
    hits = memory.search("Where does the user live?", user_id="u")["results"]
    assert "Shanghai" in hits[0]["memory"]
    assert not any("Beijing" in h["memory"] for h in hits)


def test_the_update_reason_names_the_slot_and_its_evidence(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I drive a Honda.", user_id=user)
    out = shared_memory.add("I traded in my Honda for a Subaru.", user_id=user)
    update = next(r for r in out["results"] if r["event"] == "UPDATE")
    assert "slot" in update["reason"] and "car" in update["reason"]
    assert "Honda" in update["previous_memory"]
