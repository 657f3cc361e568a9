"""Statements the small parser, the role lexicon or the chat cleaner used to miss, end to end (most from the
session-9 trials): "officially vegetarian" (parsed as a passive), a job named only as "being a bartender", a
multi-word job ("real estate agent"), a breed named as the pet, "Luna not Max", "been engaged for years", a new
partner named beside a breakup, a change softened by a trailing "i guess"."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import after_change, invalidated_after


def test_officially_vegetarian_replaces_the_old_diet(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "i'm paleo", "officially vegetarian as of last week lol")
    assert any("vegetarian" in f for f in now) and ended == ["User is paleo"], (now, ended)


def test_someone_else_being_officially_vegan_is_their_diet(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "I'm vegetarian", "my sister is officially vegan now")
    assert ended == [] and any(f.startswith("User's sister") and "vegan" in f for f in now), (now, ended)


def test_quitting_a_job_ends_the_line_that_only_said_being_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "being a bartender is exhausting some days ngl",
                              "my brother is a bartender too", "quit being a bartender, I'm a real estate agent now")
    # the line, and what it says the speaker is (read since session 16); the brother's job stays
    assert sorted(ended) == ["User is a bartender", "being a bartender is exhausting some days ngl"], ended


def test_a_real_estate_agent_is_a_job(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "I'm a teacher", "I'm a real estate agent now")
    assert ended == ["User is a teacher"] and any("real estate agent" in f for f in now), (now, ended)


def test_a_breed_is_a_pet(shared_memory: Memory, user: str) -> None:
    shared_memory.add("we got a labrador called Bramble last year", user_id=user)
    slots = [r.get("slot") for r in shared_memory.get_all(user_id=user)["results"]]
    assert "user|pets|labrador" in slots, slots


def test_a_comparison_with_my_old_car_states_no_car(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I drive a Kia EV6 now", user_id=user)
    shared_memory.add("the Kia EV6 is so much nicer than my old Subaru Outback", user_id=user)
    slots = [r.get("slot") or "" for r in shared_memory.get_all(user_id=user)["results"]]
    car_slots = [s for s in slots if "car" in s]
    assert car_slots == ["user|car"], car_slots


def test_a_name_said_with_the_one_it_is_not_keeps_only_the_right_one(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "my dog Max is so spoiled",
                              "oops i typed that wrong earlier, my dog's name is Luna not Max lol")
    assert any("Luna" in f for f in now) and not any("Max" in f and "Luna" not in f for f in now), now
    assert any("named Max" in f for f in ended), ended


def test_been_engaged_for_years_is_a_status_that_a_wedding_ends(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "been engaged for a few years now",
                              "relationship status changed: married 😅")
    assert any("engaged" in f for f in ended) and any("married" in f for f in now), (now, ended)


def test_the_new_partner_named_beside_a_breakup_is_the_partner(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "my partner Jamie and I are going away this weekend",
                              "i'm with Riley now, things with Jamie ended in january")
    assert any("Riley" in f for f in now) and any("Jamie" in f for f in ended), (now, ended)
    top = shared_memory.search("What is the name of the user's partner?", user_id=user, limit=1)["results"]
    assert "Riley" in top[0]["memory"], top


def test_with_a_firm_now_is_still_a_job(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "I work for KPMG", "I'm with Deloitte now")
    assert any("KPMG" in f for f in ended) and any("Deloitte" in f for f in now), (now, ended)


def test_a_trailing_i_guess_softens_a_change_it_does_not_hedge_it(shared_memory: Memory, user: str) -> None:
    now, ended = after_change(shared_memory, user, "also i've been vegetarian since i was a teenager",
                              "ok so i've started eating fish again, pescatarian now i guess")
    assert ended == ["User has been vegetarian"] and any("fish" in f for f in now), (now, ended)


def test_a_trailing_i_think_still_hedges(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Leeds", "moving to york next year i think")
    assert ended == [], ended
