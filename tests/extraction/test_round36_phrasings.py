"""Session 36: a thing said to be broken beyond use in words the parser reads as a verb ("my laptop is kaput",
"the car is busted"), and the word for its state never kept as something the speaker has ("my phone is toast"
stored "User has a toast"); a tool swapped for a language ("ditched django for go", "dropped python for rust"),
and a switch under way ("we're migrating from django to fastapi" kept nothing, and Django answered); a greeting
before a line that leaves out its "I'm" ("g'day, retired now but i was a mechanic" lost the retirement); a line that
goes on with "also" after the previous one ("I drink way too much coffee" + "also love tea" made "User drinks way");
a swap within a many-valued attribute ("swapped my coffee for tea" stored tea as a *tool*).

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.said import facts_of, slots_of, top_after
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("said", "slot"), [
    ("my laptop is kaput", "user|computer"),
    ("honestly the car is busted, any tips on buying used?", "user|car"),
    ("my phone is bricked after the update", "user|phone"),
])
def test_a_thing_broken_beyond_use_ends_it(rules: RuleExtractor, said: str, slot: str) -> None:
    facts = [f for f in facts_of(rules, said) if f.slot == slot]
    assert facts and all(f.negated for f in facts), [(f.slot, f.text, f.negated) for f in facts_of(rules, said)]


def test_the_word_for_a_broken_thing_is_not_something_one_has(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "my phone is toast lol")
    assert any(f.slot == "user|phone" and f.negated for f in facts), [(f.slot, f.text) for f in facts]
    assert not any(f.object_key == "toast" and not f.negated for f in facts), [(f.slot, f.text) for f in facts]


def test_toast_that_is_food_is_still_liked(rules: RuleExtractor) -> None:
    assert "toast" in slots_of(rules, "I love toast with marmite").get("user|stance|toast", "").lower()


def test_a_phone_busted_by_someone_else_is_not_broken(rules: RuleExtractor) -> None:
    assert not any(f.slot == "user|phone" and f.negated for f in facts_of(rules, "my phone got busted by the teacher"))


@pytest.mark.parametrize(("before", "said", "old", "new"), [
    ("our backend is django", "we ditched django for go, way faster", "Django", "Go"),
    ("at work i write python all day", "dropped python for rust at work", "python", "Rust"),
])
def test_a_tool_swapped_for_a_language_ends_it(memory: Memory, before: str, said: str, old: str, new: str) -> None:
    gone = invalidated_after(memory, f"swap-{new}", before, said)
    assert any(old.lower() in t.lower() for t in gone), gone
    active = [r["memory"] for r in memory.get_all(user_id=f"swap-{new}")["results"]]
    assert any(new in t for t in active), active


def test_a_tool_dropped_for_a_while_is_no_swap(rules: RuleExtractor) -> None:
    assert not any(f.object_key == "while" for f in facts_of(rules, "we dropped react for a while"))


@pytest.mark.parametrize("said", ["we're switching from Django to FastAPI", "we're migrating from django to fastapi",
                                  "ok so we are moving our api from django to fastapi"])
def test_a_switch_under_way_answers_with_the_new_tool(memory: Memory, said: str) -> None:
    top = top_after(memory, f"under-way-{len(said)}", "what backend framework does the user use?",
                    "our backend is django", said)
    assert top and "fastapi" in top[0]["memory"].lower(), top


@pytest.mark.parametrize("said", ["we're migrating from django to fastapi next month",
                                  "we're looking at moving from django to fastapi",
                                  "might switch from django to fastapi"])
def test_a_switch_ahead_or_only_considered_keeps_the_old_tool(memory: Memory, said: str) -> None:
    gone = invalidated_after(memory, f"ahead-{len(said)}", "our backend is django", said)
    assert not any("django" in t.lower() for t in gone), gone


@pytest.mark.parametrize(("said", "slot"), [
    ("g'day, retired now but i was a mechanic for 30 years", "user|occupation"),
    ("hi, vegan since january", "user|diet"),
    ("hi, single again lol", "user|partner"),
])
def test_a_greeting_does_not_hide_a_state_said_without_i_am(rules: RuleExtractor, said: str, slot: str) -> None:
    facts = [f for f in facts_of(rules, said) if f.slot == slot and f.tense != "past"]
    assert facts, [(f.slot, f.text, f.tense) for f in facts_of(rules, said)]


@pytest.mark.parametrize("said", ["hi, how are you", "hey, interesting, go on", "hello! lovely weather today"])
def test_a_greeting_and_small_talk_stay_no_fact(rules: RuleExtractor, said: str) -> None:
    assert not [f for f in facts_of(rules, said) if f.slot], [(f.slot, f.text) for f in facts_of(rules, said)]


def _after(rules: RuleExtractor, previous: str, line: str) -> list[tuple[str | None, str]]:
    said = rules.extract([Message("user", line)], context=[Message("user", previous)])[0]
    return [(f.slot, f.text) for f in said]


@pytest.mark.parametrize(("previous", "line", "slot", "word"), [
    ("I drink way too much coffee", "also love tea", "user|stance|tea", "tea"),
    ("I'm allergic to cats", "also dust", "user|allergies|dust", "dust"),
    ("I play guitar", "also piano now", "user|hobbies|piano", "piano"),
    ("I use Docker", "also Kubernetes in prod", "user|tools|kubernetes", "Kubernetes"),
])
def test_a_line_going_on_with_also_adds_to_the_previous_one(rules: RuleExtractor, previous: str, line: str,
                                                           slot: str, word: str) -> None:
    said = _after(rules, previous, line)
    assert any(s == slot and word in t for s, t in said), said
    assert not any(t.endswith(" way") for _, t in said), said


def test_a_swap_within_a_many_valued_attribute_stays_in_it(memory: Memory) -> None:
    gone = invalidated_after(memory, "swap-tea", "I drink way too much coffee",
                             "swapped my coffee for tea this month, sleeping better")
    assert any("coffee" in t for t in gone), gone
    kept = memory.get_all(user_id="swap-tea")["results"]
    assert any(r.get("slot") == "user|drinks|tea" for r in kept), [(r["memory"], r.get("slot")) for r in kept]
    assert any("tea" in r["memory"] for r in kept), kept
