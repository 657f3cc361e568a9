"""'<label> here' at the start of a user's message is the user's label of themself ("Leeds resident here 👋",
"vegetarian here 🙋 any good snack ideas", "35 years old here", "Atom user here, any good themes?", "diet coke
addict here lol"): a resident lives there, a user uses it, an addict of a drink drinks it, a former one did so
before. "Here" is a place everywhere else ("my sister is here", "the coffee here is amazing")."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def slots(mem: Memory, user: str) -> dict[str, str]:
    rows = mem.get_all(user_id=user)["results"]
    return {r["slot"].split("|")[1]: r["memory"] for r in rows if r.get("slot")}


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("Leeds resident here 👋", "residence", "Leeds"),
    ("hi! proud Bristol resident here", "residence", "Bristol"),
    ("vegetarian here 🙋 any good snack ideas", "diet", "vegetarian"),
    ("35 years old here", "age", "35"),
    ("ok so 40 here, is that too old to start running?", "age", "40"),
    ("nurse here, any tips for night shifts", "occupation", "nurse"),
    ("Tesla owner here", "car", "Tesla"),
    ("as a vegetarian what should i make for dinner", "diet", "vegetarian"),
    ("As a nurse, any tips for night shifts?", "occupation", "nurse"),
])
def test_a_label_with_here_is_the_users_slot_fact(shared_memory: Memory, user: str, said: str, slot: str,
                                                   value: str) -> None:
    shared_memory.add(said, user_id=user)
    assert value in slots(shared_memory, user).get(slot, "")


@pytest.mark.parametrize(("said", "value"), [
    ("Atom user here, any good themes?", "Atom"),
    ("longtime Vim user here", "Vim"),
    ("diet coke addict here lol", "diet coke"),
    ("coffee lover here", "coffee"),
])
def test_a_user_or_an_addict_of_a_thing_uses_or_drinks_it(shared_memory: Memory, user: str, said: str,
                                                           value: str) -> None:
    shared_memory.add(said, user_id=user)
    facts = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert any(value in f and f.startswith("User") and ("uses" in f or "drinks" in f) for f in facts)


def test_the_label_is_replaced_by_a_later_change(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "Leeds resident here 👋", "moved to Manchester last month!") \
        == ["User lives in Leeds"]


@pytest.mark.parametrize("said", ["my sister is here", "the coffee here is amazing", "same here",
                                  "Leeds here", "it's so nice here", "as a kid what did you eat",
                                  "as a result what happens to the rest", "as an example, what is a closure"])
def test_here_is_a_place_otherwise(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add(said, user_id=user)
    assert slots(shared_memory, user) == {}
