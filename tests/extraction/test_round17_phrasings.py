"""Classes of phrasing from session 17's fresh phone-typed grid: a value given as a label ("new diet: keto", "team db
is Redis", "age 34 btw", "home = Leeds", "34yo here"), a drink or a sport said with how often but no verb ("oolong
tea every morning, non negotiable", "hot yoga 3 times a week"), music one keeps playing ("Kendrick Lamar on repeat",
"my wrapped was all Radiohead", "cant work without synthwave playing"), and a phrase fronted before the verb ("for
context i live in Leeds"), and the people and places of one's home ("my landlord in Dublin")."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts


@pytest.mark.parametrize("said, slot", [
    ("new diet: pescatarian. two weeks in", "user|diet"),
    ("diet? strictly vegan lol", "user|diet"),
    ("team db is Cassandra", "user|database"),
    ("age 41 btw", "user|age"),
    ("as a 41 yr old i should know this but", "user|age"),
    ("home = Leeds", "user|residence"),
    ("fave food? dumplings, easy", "user|favourite|food"),
    ("ok so for context i live in Leeds", "user|residence"),
    ("my landlord in Dublin STILL hasnt fixed the heating", "user|residence"),
    ("my neighbourhood in Osaka has like 3 new coffee shops rn", "user|residence"),
    ("hiya, Priya here, i'm a nurse in Leeds, 29", "user|residence"),
    ("green tea every morning, non negotiable", "user|drinks|green tea"),
    ("pilates 3 times a week, thats my routine", "user|hobbies|pilates"),
    ("I drink coffee every morning", "user|drinks|coffee"),
    ("Fleetwood Mac on repeat all day", "user|stance|fleetwood mac"),
    ("my wrapped was all Radiohead lol", "user|stance|radiohead"),
    ("cant work without drum and bass playing", "user|stance|drum and bass"),
])
def test_a_value_said_as_a_label_a_habit_or_a_playlist_is_read(rules: RuleExtractor, said: str, slot: str) -> None:
    assert any(s == slot for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", [
    "my job is boring", "my car is a mess lol", "age? none of your business", "my diet: whatever is in the fridge",
    "my sister has kombucha every day", "home = wherever my cat is", "my old landlord in Leeds was awful",
    "my sister's landlord in Leeds is awful",
])
def test_a_label_with_no_value_or_someone_elses_habit_is_no_slot(rules: RuleExtractor, said: str) -> None:
    placed = [s for _, s in _facts(rules, said) if s]
    assert not any(s.startswith(("user|occupation", "user|car", "user|age", "user|diet", "user|drinks",
                                 "user|residence")) for s in placed), placed


@pytest.mark.parametrize("said", ["my sister is a nurse in Leeds", "i'm a nurse in A&E", "I was a nurse in Leeds"])
def test_a_post_in_no_town_or_someone_elses_or_a_past_one_is_no_home(rules: RuleExtractor, said: str) -> None:
    assert "user|residence" not in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_a_plain_drinking_habit_is_read_once_with_its_drink(rules: RuleExtractor) -> None:
    """The habit reader must leave "I drink coffee every morning" to the slot rules (it once read the whole clause
    as the drink and added "User drinks", which the slot rules read as alcohol)."""
    assert [s for _, s in _facts(rules, "I drink coffee every morning")] == ["user|drinks|coffee"]


def test_a_label_then_a_transition_changes_the_value(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "new diet: keto. stuck w it 3 weeks now", "lol",
                              "my keto phase is over, pescatarian phase begun")
    assert any("keto" in t for t in ended), ended
