"""Classes of casual phrasing for the speaker's own slots (casual_j): each test names a grammatical pattern
or a lexicon class, not one sentence, and holds several wordings of it."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated


def _facts(rules: RuleExtractor, *turns: str) -> list[tuple[str, str | None]]:
    out = rules.extract([Message("user", t) for t in turns])
    return [(f.text, f.slot) for facts in out for f in facts]


# --- pet names: "called/named the <animal> X", "named them X and Y", "<n> cats, X and Y" ---------------

@pytest.mark.parametrize(("turns", "slot", "name"), [
    (("we got a kitten on saturday!!", "we called the kitten mochi 🐱"), "user's kitten|name", "Mochi"),
    (("and we adopted a puppy, named the puppy bruno after my grandpa",), "user's puppy|name", "Bruno"),
    (("also got a dog last week named rex 🐶",), "user's dog|name", "Rex"),
    (("got two kittens, named them salt and pepper lol",), "user|pets|salt", "Salt"),
    (("got two kittens, named them salt and pepper lol",), "user|pets|pepper", "Pepper"),
    (("we rescued two rabbits. we called them bun and flop",), "user|pets|flop", "Flop"),
    (("our dog is named max", "we renamed the dog buddy"), "user's dog|name", "Buddy"),
])
def test_the_name_given_to_the_speakers_pet_is_stored(rules: RuleExtractor, turns: tuple[str, ...], slot: str,
                                                      name: str) -> None:
    facts = _facts(rules, *turns)
    assert any(s == slot and name in t for t, s in facts), facts


@pytest.mark.parametrize("text", ["my sister named her cat luna", "we might call the kitten mochi",
                                  "we didn't name the puppy rex in the end"])
def test_a_pet_name_that_is_not_the_speakers_or_not_given_is_not_stored(rules: RuleExtractor, text: str) -> None:
    facts = _facts(rules, text)
    assert not any(s and s.startswith("user") and (s.endswith("|name") or "|pets|" in s)
                   and any(w in t.lower() for w in ("luna", "mochi", "rex")) for t, s in facts), facts


def test_one_more_pet_named_does_not_rename_the_first(shared_memory: Memory, user: str) -> None:
    """"we adopted another dog, she's called olive": a second dog, not Pepper renamed (a wrongful UPDATE)."""
    shared_memory.add("my dog is called pepper", user_id=user)
    out = shared_memory.add("we adopted another dog, she's called olive", user_id=user)

    assert not [r for r in out["results"] if r["event"] in ("UPDATE", "DELETE")], out["results"]
    now = " ".join(current(shared_memory, user)).lower()
    assert "pepper" in now and "olive" in now, now
    assert not invalidated(shared_memory, user)


# --- an attribute noun said without "my", in a sentence that says it changed ("home is glasgow now") -------

@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("i live in edinburgh", "it was lovely. home is glasgow now though", "edinburgh", "glasgow"),
    ("my gym is the ymca downtown", "meh. gym is the leisure centre now, half the price", "ymca", "leisure"),
    ("my favourite band is radiohead", "fave band these days is the national tbh", "radiohead", "national"),
    ("my phone is a galaxy s21", "ok phone's a pixel 8 now", "galaxy", "pixel"),
])
def test_a_bare_attribute_noun_with_a_new_value_supersedes_the_old(shared_memory: Memory, user: str, before: str,
                                                                    after: str, old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new in t.lower() for t in now), now
    assert not any(old in t.lower() for t in now), now
    assert any(old in t.lower() for t in invalidated(shared_memory, user))


@pytest.mark.parametrize("text", ["home is a mess now lol", "my home is a mess now", "job is killing me these days"])
def test_a_bare_attribute_noun_with_a_mood_places_nothing(rules: RuleExtractor, text: str) -> None:
    facts = _facts(rules, "I live in Leeds and work as a nurse", text)
    assert [s for _, s in facts if s in ("user|residence", "user|occupation")] == ["user|residence",
                                                                                   "user|occupation"], facts


# --- "joined <company>" written lower-case ("joined stripe in 2024"); not an app or a group --------------

@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("i work at square on the payments team", "joined stripe in 2024, best move i ever made tbh", "square", "stripe"),
    ("i work for barclays", "joined monzo as a backend dev 2 months ago actually", "barclays", "monzo"),
])
def test_a_lower_case_company_joined_is_the_new_employer(shared_memory: Memory, user: str, before: str, after: str,
                                                          old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new in t.lower() for t in now), now
    assert not any(old in t.lower() for t in now), now


@pytest.mark.parametrize("text", ["joined a gym near the office finally 💪", "i joined twitter last week",
                                  "joined choir this term", "we joined forces on it"])
def test_joining_an_app_a_gym_or_a_group_is_no_employer(rules: RuleExtractor, text: str) -> None:
    assert not any(s == "user|employer" for _, s in _facts(rules, text)), _facts(rules, text)


# --- a move said with a direction word or "for good" ("moved back home to cork", "headed off to lisbon for good") --

@pytest.mark.parametrize(("text", "place"), [
    ("moved back home to cork in june, london was way too expensive", "cork"),
    ("i moved up to leeds in may", "leeds"),
    ("we moved down to brighton", "brighton"),
    ("soooo i finally headed off to lisbon for good last month ☀️", "lisbon"),
    ("we're heading to porto for good", "porto"),
    ("emigrated to canada permanently after uni", "canada"),
])
def test_a_move_with_a_direction_word_or_for_good_names_the_new_home(rules: RuleExtractor, text: str,
                                                                     place: str) -> None:
    rows = rules.extract([Message("user", text)])[0]
    assert any(f.slot == "user|residence" and f.object_key == place for f in rows), [
        (f.text, f.slot, f.object_key) for f in rows]


@pytest.mark.parametrize("text", ["headed to lyon this weekend to see my parents", "moved back home to help mum",
                                  "we might move to porto for good"])
def test_a_trip_an_errand_or_a_plan_is_no_new_home(rules: RuleExtractor, text: str) -> None:
    rows = rules.extract([Message("user", text)])[0]
    assert not any(f.slot == "user|residence" and f.tense == "present" for f in rows), [
        (f.text, f.slot, f.tense) for f in rows]


# --- a course of study at a place names the school ("doing a phd at cambridge", "started my masters at leeds") --

@pytest.mark.parametrize(("text", "school"), [
    ("finished that! doing a phd at cambridge now 😬", "cambridge"),
    ("i'm doing my masters at leeds", "leeds"),
    ("started an mba at insead this fall", "insead"),
])
def test_a_degree_at_a_place_names_the_school(rules: RuleExtractor, text: str, school: str) -> None:
    rows = rules.extract([Message("user", text)])[0]
    assert any(f.slot == "user|school" and f.object_key == school for f in rows), [
        (f.text, f.slot, f.object_key) for f in rows]


def test_a_degree_got_in_the_past_is_no_current_school(rules: RuleExtractor) -> None:
    rows = rules.extract([Message("user", "got my degree at leeds years ago"),
                          Message("user", "i study at home mostly")])
    assert not any(f.slot == "user|school" for facts in rows for f in facts), rows


# --- a family role said full-time is the occupation ("i'm a full-time dad now", "a stay-at-home mum") ----------

@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("i'm an accountant", "quit last month tbh, i'm a full-time dad now 👶", "accountant", "dad"),
    ("I work as a nurse", "I'm a stay-at-home mum these days", "nurse", "mum"),
    ("im a paralegal", "i'm a homemaker now", "paralegal", "homemaker"),
])
def test_caring_full_time_is_the_new_occupation(shared_memory: Memory, user: str, before: str, after: str, old: str,
                                                new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new in t.lower() for t in now), now
    assert not any(old in t.lower() for t in now), now
    assert any(old in t.lower() for t in invalidated(shared_memory, user))


def test_being_a_parent_is_no_occupation(rules: RuleExtractor) -> None:
    rows = rules.extract([Message("user", "i'm a dad of two"), Message("user", "my wife is a full-time teacher")])
    assert not any(f.slot == "user|occupation" for facts in rows for f in facts), rows


# --- a tool of one kind said as a change ends the others of that kind ("i'm using neovim now") ----------------

@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("i use vscode for basically everything", "ok update, i'm using neovim now", "vscode", "neovim"),
    ("our backend runs on mysql, has for like 6 years", "lol not anymore, we're on postgres now 🎉", "mysql",
     "postgres"),
    ("we use react on the frontend at work", "we switched the frontend to svelte last sprint tho", "react", "svelte"),
])
def test_a_new_tool_of_the_same_kind_ends_the_old_one(shared_memory: Memory, user: str, before: str, after: str,
                                                      old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new in t.lower() for t in now), now
    assert not any(old in t.lower() and new not in t.lower() for t in now), now
    assert any(old in t.lower() for t in invalidated(shared_memory, user))


@pytest.mark.parametrize(("before", "after"), [
    ("i use vscode for basically everything", "i use docker now too"),  # another kind
    ("i use vscode at work", "i'm using neovim at home too"),  # one more of the kind, said as one
    ("we use postgres at work", "we're on vacation now lol, back next week"),  # not a tool
])
def test_a_tool_of_another_kind_or_one_more_ends_nothing(shared_memory: Memory, user: str, before: str,
                                                         after: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert not invalidated(shared_memory, user)
