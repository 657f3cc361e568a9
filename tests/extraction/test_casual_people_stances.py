"""Other people named the way chat names them, stances said in set phrases and negations: each class of
phrasing lands in the right subject's slot with the right polarity, and the speaker's own facts stay."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Fact, Message
from tests.extraction.test_slot_changes import current, invalidated


def _facts(rules: RuleExtractor, turns: list[str]) -> list[Fact]:
    """The facts of the last turn, the earlier ones given as the scope's context."""
    msgs = [Message(role="user", content=t) for t in turns]
    return rules.extract(msgs[-1:], msgs[:-1])[0]


@pytest.mark.parametrize("said", [
    "my buddy marcus lives in chicago",
    "my sister ines lives in madrid",
    "my roommate kenji works as a barista",
])
def test_a_lower_case_name_after_a_kin_noun_is_the_person(rules: RuleExtractor, said: str) -> None:
    name = said.split()[2]
    facts = _facts(rules, [said])
    assert any(f.subject_key == name and f.slot and f.slot.startswith(f"{name}|") for f in facts), facts


def test_a_lower_case_name_is_the_same_person_in_a_later_line(shared_memory: Memory, user: str) -> None:
    for said in ["i work at stripe", "my coworker priya works at stripe too",
                 "she left stripe tho, priya's at notion now"]:
        shared_memory.add(said, user_id=user)
    gone = invalidated(shared_memory, user)
    assert any("Priya" in g and "stripe" in g for g in gone), gone
    assert any(c == "User works at stripe" for c in current(shared_memory, user))  # the speaker's stays


def test_a_relative_named_by_is_called_is_who_a_later_she_is(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my sister is called nadia", "she lives in cairo"])
    assert [f.subject_key for f in facts if f.slot and f.slot.endswith("|residence")] == ["nadia"], facts


def test_a_separation_of_two_others_ends_the_right_partner(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my best friend jo is engaged to sam", user_id=user)
    shared_memory.add("jo and sam broke up, wedding's off", user_id=user)
    assert any("engaged to sam" in g for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize(("said", "thing", "polarity", "negated"), [
    ("ok i've come around on cilantro, it's actually good", "cilantro", 1, False),
    ("kinda lost interest in chess tbh", "chess", -1, False),
    ("yeah honestly i'm fed up with running", "running", -1, False),
    ("both i guess. but honestly can't stand jazz anymore", "jazz", -1, False),
    ("getting really into pottery lately", "pottery", 1, False),
    ("eh idk, not a fan of marvel movies anymore, they're all the same", "marvel movies", 1, True),
])
def test_a_stance_phrase_is_a_stance_with_its_polarity(rules: RuleExtractor, said: str, thing: str,
                                                       polarity: int, negated: bool) -> None:
    stances = [f for f in _facts(rules, [said]) if f.slot == f"user|stance|{thing}"]
    assert [(f.polarity, f.negated) for f in stances] == [(polarity, negated)], _facts(rules, [said])


def test_each_coordinated_stance_is_its_own_fact(rules: RuleExtractor) -> None:
    slots = {f.slot for f in _facts(rules, ["i love hiking and i love cooking"])}
    assert {"user|stance|hiking", "user|stance|cooking"} <= slots, slots


@pytest.mark.parametrize("said", ["i might get into pottery", "i used to love jazz", "i'm over the moon"])
def test_no_stance_from_a_hedge_a_past_or_an_idiom(rules: RuleExtractor, said: str) -> None:
    assert not [f for f in _facts(rules, [said]) if f.rule.startswith("rules.stance_phrase")]


@pytest.mark.parametrize(("turns", "old"), [
    (["i drink wine with dinner most nights", "i don't drink anymore, 60 days sober"], "wine"),  # a kind: alcohol
    (["i smoke when i'm stressed", "quit smoking!! 2 weeks now"], "smoke"),  # a habit by its gerund
    (["i work at google", "well no longer at google actually, got laid off"], "google"),  # lead-ins, no verb
    (["my boyfriend is called tom", "tom and i aren't together anymore"], "tom"),  # a separation
    (["my dad works at the post office", "my dad retired last month!!"], "post office"),  # the post ends too
])
def test_a_negation_ends_what_it_implies(shared_memory: Memory, user: str, turns: list[str], old: str) -> None:
    for said in turns:
        shared_memory.add(said, user_id=user)
    assert any(old in g.lower() for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert not any(old in c.lower() for c in current(shared_memory, user)), current(shared_memory, user)


def test_not_drinking_leaves_what_is_no_alcohol(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i drink coffee every morning", user_id=user)
    shared_memory.add("i don't drink anymore", user_id=user)
    assert not invalidated(shared_memory, user)


@pytest.mark.parametrize(("said", "who"), [
    ("my cousin bruno lives in rio", "bruno"),  # a word that is also a first name
    ("my husband works at the post office", "user's husband"),  # "works" is no name
    ("my brothers band plays tonight in leeds", None),  # "brothers band": no one is named Band
])
def test_a_common_word_after_a_kin_noun_is_a_name_only_when_it_is_one(rules: RuleExtractor, said: str,
                                                                      who: str | None) -> None:
    keys = {f.subject_key for f in _facts(rules, [said])}
    assert "band" not in keys and (who is None or who in keys), keys


def test_a_relatives_name_is_who_they_are(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my husband's name is omar"])
    assert [(f.slot, f.object_key) for f in facts] == [("user|partner", "omar")], facts


@pytest.mark.parametrize(("said", "slot", "negated"), [
    ("stopped drinking in january", "user|drinks|alcohol", True),  # a date is no object
    ("these days i can't get enough of olives", "user|stance|olives", False),
])
def test_a_time_phrase_is_no_object(rules: RuleExtractor, said: str, slot: str, negated: bool) -> None:
    facts = _facts(rules, [said])
    assert [f.negated for f in facts if f.slot == slot] == [negated], facts


def test_a_lower_case_school_and_a_pronoun_keep_a_childs_school(rules: RuleExtractor) -> None:
    first = _facts(rules, ["my daughter goes to riverside primary"])
    assert [f.slot for f in first] == ["user's daughter|school"], first
    later = _facts(rules, ["my daughter goes to riverside primary", "she's starting at hillcrest secondary"])
    assert [f.slot for f in later] == ["user's daughter|school"], later  # not an employer


def test_a_kin_contraction_before_called_is_is(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my partner's called jamie"])
    assert [(f.slot, f.object_key) for f in facts] == [("user|partner", "jamie")], facts


def test_a_member_of_a_kind_said_no_to_reverses_it(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my mum doesn't eat meat", user_id=user)
    shared_memory.add("she eats chicken again now", user_id=user)
    assert any("meat" in g for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)


def test_a_habit_names_who_a_later_he_is(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my brother smokes", "he quit smoking last month"])
    assert [(f.slot, f.negated) for f in facts] == [("user's brother|habit|smoke", True)], facts


@pytest.mark.parametrize(("said", "thing", "negated"), [
    ("crossfit's not for me anymore", "crossfit", True),
    ("i'm not really a coffee person", "coffee", True),
    ("ok i'm a tea person now", "tea", False),
])
def test_a_stance_said_as_a_kind_of_person_or_not_for_me(rules: RuleExtractor, said: str, thing: str,
                                                         negated: bool) -> None:
    facts = _facts(rules, [said])
    assert [f.negated for f in facts if f.slot == f"user|stance|{thing}"] == [negated], facts


def test_quitting_a_job_ends_the_employer(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my wife works at ikea", user_id=user)
    shared_memory.add("she quit her job", user_id=user)
    assert any("ikea" in g.lower() for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)
