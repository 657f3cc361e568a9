"""How people type in a chat: "im", "dont", no subject ("went keto in january"), "lol"/"btw", emoji between
clauses, names written lower-case after being introduced, small talk. The same facts must come out as from
the tidy sentence, and nothing must be guessed into a slot."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import normalise_chat, not_memorable
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated

# (first statement, later statement, word only the old value has, word of the new value)
CHANGES = [
    ("im in Boston rn", "honestly im in Providence now", "Boston", "Providence"),
    ("im 26 btw", "its my birthday today, im 27 🥳", "26", "27"),
    ("I'm pescatarian", "went keto in january, down 6kg already", "pescatarian", "keto"),
    ("im a junior developer", "got promoted to senior developer last week 🎉", "junior", "senior"),
    ("I have an iPhone 11", "dropped it in the lake 😭 got a Samsung Galaxy A54 now", "iPhone", "Samsung"),
    ("my husband Luis works at Sonae", "luis started a new job at Farfetch", "Sonae", "Farfetch"),
    ("my fav show is The Office", "2 obviously. ok but new favourite show: Severance", "Office", "Severance"),
    # structures rather than words: a post at an organisation, moving out of a place, a child named earlier,
    # a project's database, "a startup called X", a bare corrected value
    ("im a backend dev at Stripe", "i work at Figma now", "Stripe", "Figma"),
    ("I live in Boston", "we finally moved out of boston, living in Providence now", "Boston", "Providence"),
    ("my son Noah is at Brookside Primary", "noah started at Kingswood Secondary this september", "Brookside",
     "Kingswood"),
    ("we use mongo for our main service rn", "we finally migrated the main service off mongo onto postgres", "mongo",
     "postgres"),
    ("i work at Stripe", "i left stripe, joined a tiny startup called fernly", "Stripe", "fernly"),
    ("I'm 45", "actually 46, forgot my own birthday lmao", "45", "46"),
    ("i'm vegetarian", "i started eating meat again lol, not vegetarian anymore", "vegetarian", "meat"),
    ("im vegetarian", "went fully vegan over lockdown and never looked back", "vegetarian", "vegan"),
    ("our cat is called Pumpkin", "we ended up calling the cat Ginger instead", "Pumpkin", "Ginger"),
    ("my brother Ravi lives in Delhi", "ravi relocated to Bangalore for work", "Delhi", "Bangalore"),
]


@pytest.mark.parametrize(("before", "after", "old", "new"), CHANGES, ids=[c[1][:40] for c in CHANGES])
def test_a_change_typed_casually_supersedes_the_old_value(shared_memory: Memory, user: str, before: str,
                                                          after: str, old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    now = [t.lower() for t in current(shared_memory, user)]  # ("mongo" may come back as "Mongo")
    old, new = old.lower(), new.lower()
    assert any(new in t for t in now), now
    assert not any(old in t and new not in t for t in now), now
    assert any(old in t.lower() for t in invalidated(shared_memory, user))


def test_a_break_up_after_a_dropped_interjection_ends_the_partner(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my girlfriend Sara is visiting", user_id=user)
    shared_memory.add("ugh. Sara and I broke up 💔", user_id=user)
    assert any("Sara" in t for t in invalidated(shared_memory, user))


def test_a_likeness_is_not_a_fact(shared_memory: Memory, user: str) -> None:
    shared_memory.add("im 33", user_id=user)
    shared_memory.add("after that hike i feel like im 80 lol", user_id=user)
    assert invalidated(shared_memory, user) == []
    assert any("33" in t for t in current(shared_memory, user))


def test_the_dog_named_after_the_speaker_and_a_partner_got_it(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "my partner Sam and I just got a dog, her name is Biscuit")])[0]
    named = [f for f in facts if "Biscuit" in f.text]
    assert named and named[0].slot is not None and named[0].slot.endswith("|name"), [f.text for f in facts]
    assert "sam" not in named[0].slot


def test_chat_noise_is_not_part_of_a_fact(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "btw im allergic to cats lol")])[0]
    assert facts and all("btw" not in f.text and "lol" not in f.text for f in facts), [f.text for f in facts]
    assert any(f.slot == "user|allergies|cats" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["lol the weather is nice today", "haha omg so tired today", "hey! finally friday 🙌"])
def test_small_talk_stays_a_raw_message(line: str) -> None:
    assert not_memorable(line)


def test_a_statement_beside_small_talk_is_memorable() -> None:
    assert not not_memorable("it's so hot today, I live in Seville")


@pytest.mark.parametrize(("typed", "read"), [
    ("dont eat fish anymore", "I don't eat fish anymore"),
    ("been learning portuguese", "I've been learning portuguese"),
    ("so just moved from Denver", "So I just moved from Denver"),
    ("where should i eat tonight?", "Where should I eat tonight?"),
    ("need a new laptop", "Need a new laptop"),
])
def test_the_dropped_subject_is_put_back_only_on_statements(typed: str, read: str) -> None:
    assert normalise_chat(typed) == read


def test_a_put_back_subject_yields_only_slot_facts(rules: RuleExtractor) -> None:
    # narration without a subject stays the verbatim turn; only a slot statement becomes a fact
    facts = rules.extract([Message("user", "went to the store and bought some milk")])[0]
    assert facts == [], [f.text for f in facts]


def test_a_pet_named_by_pronoun_after_getting_it(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "got a cat anyway, named him pickles")])[0]
    assert any(f.slot == "user's cat|name" and f.object_key == "pickles" for f in facts), [
        (f.text, f.slot) for f in facts]


def test_a_stance_object_leaves_out_the_change_word(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "ok plot twist i actually enjoy running now??")])[0]
    assert [f.slot for f in facts] == ["user|stance|running"], [(f.text, f.slot) for f in facts]


def test_lessons_are_a_hobby_and_a_cessation_is_kept(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "started swimming lessons this month")])[0]
    assert any(f.slot and f.slot.startswith("user|hobbies|swimming") for f in facts), [(f.text, f.slot) for f in facts]
    cut = rules.extract([Message("user", "cut out coffee completely")])[0]
    assert cut and cut[0].negated and cut[0].object_key == "coffee", [(f.text, f.negated) for f in cut]


def test_having_no_car_any_more_ends_a_car_named_by_its_make(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i drive a Vauxhall Corsa", user_id=user)
    shared_memory.add("dont have a car anymore, sold the corsa", user_id=user)
    assert any("Corsa" in t for t in invalidated(shared_memory, user))
    assert not any("Corsa" in t for t in current(shared_memory, user))


def test_a_gapped_second_object_is_its_own_fact(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "we use Python for the backend and TypeScript on the frontend")])[0]
    assert {f.slot for f in facts} >= {"user|tools|python", "user|tools|typescript"}, [(f.text, f.slot) for f in facts]
    assert "User uses TypeScript on the frontend" in [f.text for f in facts]


def test_there_names_the_place_said_before(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "so i just started a new job at stripe, im a backend engineer there")])[0]
    assert any(f.text == "User is a backend engineer at stripe" for f in facts), [f.text for f in facts]



def test_leaving_the_place_ends_the_role_held_there(shared_memory: Memory, user: str) -> None:
    shared_memory.add("so i just started a new job at stripe, im a backend engineer there", user_id=user)
    shared_memory.add("i left stripe, joined a tiny startup called fernly as their first engineer", user_id=user)
    gone = invalidated(shared_memory, user)
    assert any("backend engineer" in t for t in gone), gone
    assert not any("stripe" in t and "left" not in t for t in current(shared_memory, user))

def test_a_pronoun_object_is_no_slot(shared_memory: Memory, user: str) -> None:
    # "it" is a different thing each time: "I hate it" must not reverse "I love it"
    shared_memory.add("we got a new sofa and I love it", user_id=user)
    shared_memory.add("the weather this week, I hate it", user_id=user)
    assert invalidated(shared_memory, user) == []


def test_a_partner_named_beside_the_speaker_is_remembered_even_in_a_plan(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my girlfriend maya and i are thinking about getting a cat lol", user_id=user)
    assert any("girlfriend is maya" in t.casefold() for t in current(shared_memory, user)), current(shared_memory, user)
    shared_memory.add("maya and i broke up last week :(", user_id=user)
    assert any("girlfriend is maya" in t.casefold() for t in invalidated(shared_memory, user))


def test_a_stance_on_a_kind_covers_its_varieties(shared_memory: Memory, user: str) -> None:
    # a fronted remark ("weird thing,") is not the subject; "coffee" is about the black coffee too
    shared_memory.add("I adore black coffee", user_id=user)
    shared_memory.add("weird thing, since being pregnant I can't stand coffee", user_id=user)
    assert any("black coffee" in t for t in invalidated(shared_memory, user))


def test_a_stance_on_a_variety_leaves_the_kind_alone(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I love coffee", user_id=user)
    shared_memory.add("I hate decaf coffee", user_id=user)
    assert invalidated(shared_memory, user) == []


def test_narration_in_the_simple_past_is_no_possession(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "had a great time at the concert lol")])[0]
    assert not any(f.slot for f in facts), [(f.text, f.slot) for f in facts]
