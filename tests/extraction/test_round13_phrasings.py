"""Classes of phrasing from session 13's own template grid (a state, chit-chat, then a change, each said many
ways): work life at an organisation, a drink switched to, a successor or an old value said in a fragment,
diets said without "I'm", parse slips the small model makes on names, and a statement no fact carries."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts, _top


def _active(mem: Memory, user: str) -> list[str]:
    return [r["memory"] for r in mem.get_all(user_id=user)["results"]]


@pytest.mark.parametrize("state", [
    "my boss at Acme is driving me up the wall", "my colleagues at Acme are lovely tbh",
    "I'm on the data team at Acme", "I run the marketing team at Acme", "I'm an Acme employee, have been for years",
    "Acme is where I work", "Acme hired me as an analyst back in 2021", "I'm a nurse with Acme"])
def test_work_life_at_an_organisation_is_an_employer_a_new_job_ends(shared_memory: Memory, user: str,
                                                                     state: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "I work at Globex now")
    assert any("Acme" in f for f in ended), ended


@pytest.mark.parametrize("line", ["my team at the club won again", "my boss at work is nice"])
def test_a_team_or_boss_at_no_organisation_names_no_employer(rules: RuleExtractor, line: str) -> None:
    assert not any(s == "user|employer" for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize(("state", "change", "new"), [
    ("I drink coffee", "switched to tea, no more coffee", "tea"),
    ("I drink diet coke", "switched to sparkling water, no more diet coke", "sparkling water"),
    ("I drink coffee", "cut out coffee. tea instead", "tea"),
    ("I drink coffee every morning", "i'm on green tea these days", "green tea"),
])
def test_a_drink_switched_to_ends_the_old_one(shared_memory: Memory, user: str, state: str, change: str,
                                              new: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "haha that's fair", change)
    assert ended, _active(shared_memory, user)
    assert new in _top(shared_memory, user, "what do I drink?").lower()


@pytest.mark.parametrize("line", ["went to the store and bought some milk", "I bought a coffee machine",
                                  "switched to VS Code"])
def test_a_drink_word_in_passing_is_no_drink(rules: RuleExtractor, line: str) -> None:
    assert not any(s and "|drinks|" in s for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize(("state", "change", "old", "new"), [
    ("I love hip hop", "i'm into indie rock now, not hip hop", "hip hop", "indie rock"),
    ("I love jazz", "jazz bores me now, techno is where it's at", "jazz", "techno"),
    ("I love jazz", "i don't like jazz anymore, techno all the way", "jazz", "techno"),
    ("I'm keto", "not keto anymore, fully paleo", "keto", "paleo"),
])
def test_the_old_or_the_new_value_said_in_a_fragment_is_read(shared_memory: Memory, user: str, state: str,
                                                             change: str, old: str, new: str) -> None:
    ended = invalidated_after(shared_memory, user, state, change)
    assert any(old in f.lower() for f in ended), ended
    assert any(new in f.lower() for f in _active(shared_memory, user)), _active(shared_memory, user)


def test_a_contrasting_not_negates_nothing(rules: RuleExtractor) -> None:
    said = _facts(rules, "i do padel now, not tennis")
    assert ("User does padel now, not tennis", "user|hobbies|padel") in said, said


@pytest.mark.parametrize(("line", "diet"), [("my diet is keto", "keto"), ("been keto since uni", "keto"),
                                            ("I eat vegetarian", "vegetarian"),
                                            ("as a vegetarian I struggle at barbecues", "vegetarian"),
                                            ("I'm not keto anymore", "keto")])
def test_a_diet_said_without_im_is_the_diet(rules: RuleExtractor, line: str, diet: str) -> None:
    assert any(f.slot == "user|diet" or "slot diet" in f.evidence for f in rules.extract([Message("user", line)])[0]
               if f.object_key == diet), _facts(rules, line)


def test_a_standpoint_is_no_object_of_the_clause(rules: RuleExtractor) -> None:
    said = _facts(rules, "as a teacher I don't get many weekends off")
    assert ("User is a teacher", "user|occupation") in said, said
    assert not any("teacher" in t and "doesn't" in t for t, _ in said), said


@pytest.mark.parametrize(("line", "value"), [
    ("I replaced MySQL with CockroachDB", "CockroachDB"),  # the name read as punctuation
    ("I switched from Eclipse to IntelliJ IDEA", "IntelliJ IDEA"),  # one name read as two objects
    ("i dropped tennis", "tennis"),  # the object read as a time phrase
    ("new favourite food: tacos", "tacos"),  # the complement read as punctuation
    ("i'm sick of jazz, i listen to techno now", "techno"),  # "to techno" read as an infinitive
])
def test_names_the_small_parser_misreads_are_kept(rules: RuleExtractor, line: str, value: str) -> None:
    assert any(value in t for t, _ in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize(("state", "change", "old"), [
    ("I code in Eclipse", "using IntelliJ IDEA now", "Eclipse"),
    ("I use Vim", "I've been on VS Code for a month now", "Vim"),
    ("I have a dog named Rocky", "we renamed the dog Bruno", "Rocky"),
    ("my dog's name is Rocky", "changed the dog's name to Bruno", "Rocky"),
    ("my partner is Tom", "my partner is Sam now", "Tom"),
    ("I'm 41", "just hit 42 lol", "41"),
    ("I'm 35", "celebrated turning 36 at the weekend", "35"),
    ("being 41 is weird", "I'm 42 now", "41"),
    ("my partner is Tom", "me and Sam are official!", "Tom"),
    ("I play tennis", "took up padel and dropped tennis", "tennis"),
    ("I'm 33", "birthday today, 34 now", "33"),
    ("I'm 41", "I'm forty-two", "41"),
    ("I live in Glasgow", "new city: Edinburgh", "Glasgow"),
    ("home is Glasgow", "I live in Edinburgh now", "Glasgow"),
    ("I live in Glasgow", "living in Edinburgh since may", "Glasgow"),  # May the month, no hedge
    ("dropping my son at Hilltop Primary", "my son goes to Brookside Academy now", "Hilltop"),
    ("I use VS Code", "switched editors, Neovim now", "VS Code"),
    ("I use VS Code", "Neovim has replaced VS Code for me", "VS Code"),
    ("we use MySQL", "the app is on Postgres now", "MySQL"),
    ("I love pop", "I don't listen to pop anymore, just classical", "pop"),
    ("I drink coffee", "these days it's green tea for me", "coffee"),
    ("I'm single", "we tied the knot last month", "single"),
    ("I work at Barclays", "first week at the bbc done, it's amazing", "Barclays"),  # a lower-case name after "the"
    ("I'm 52", "i'm 53 today, not celebrating much", "52"),  # "53 today" tagged a time
    ("I'm a PE teacher", "took early retirement from teaching at christmas", "teacher"),
])
def test_everyday_changes_end_the_old_value(shared_memory: Memory, user: str, state: str, change: str,
                                            old: str) -> None:
    ended = invalidated_after(shared_memory, user, state, change)
    assert any(old in f for f in ended), (ended, _active(shared_memory, user))


def test_at_a_time_is_no_age(rules: RuleExtractor) -> None:
    assert not any(s == "user|age" for _, s in _facts(rules, "at 10 we went home")), _facts(rules, "at 10 we went home")


@pytest.mark.parametrize(("state", "change", "question", "now", "not_now"), [
    ("I work at Barclays", "I moved from Barclays to Monzo in the spring", "where do I work?", "Monzo", "lives in"),
    ("I work at Barclays", "left Barclays last month and joined Monzo", "where do I work?", "Monzo",
     "works at Barclays"),
    ("I drink coke", "I drink water instead of coke now", "what do I drink?", "water", "drinks coke"),
])
def test_a_change_said_around_its_old_value_answers_with_the_new(shared_memory: Memory, user: str, state: str,
                                                                  change: str, question: str, now: str,
                                                                  not_now: str) -> None:
    invalidated_after(shared_memory, user, state, change)
    top = _top(shared_memory, user, question)
    assert now in top and not_now not in top, (top, _active(shared_memory, user))
    assert not any(not_now in m for m in _active(shared_memory, user)), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["picked my daughter up from St Mary's", "i need to do laundry at some point",
                                  "I do the shopping on sundays"])
def test_a_child_or_a_chore_is_no_pastime(rules: RuleExtractor, line: str) -> None:
    assert not any(s and "|hobbies|" in s for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize(("turns", "question", "answer"), [
    (["I do tennis like 4x a week", "ngl i got bored of tennis, so it's padel for me these days"],
     "What sport or exercise does the user do regularly?", "padel"),
    (["I drink coffee", "cut out coffee. tea instead"], "what's my usual drink?", "tea"),
    (["big fan of coffee, like 6 cups a day lol", "cut out caffeine. herbal tea now"], "what do I drink?", "herbal"),
    # nothing holds a job now: what the user said ended answers, before a turn that only sounds like the question
    (["I'm a PE teacher", "sold the volvo, we're an electric household now, got a kia niro",
      "took early retirement from teaching at christmas"], "what do I do for work?", "retire"),
    # but a turn kept as said that names a new value may hold it: the sold car is no answer then
    (["I drive an old volvo estate", "sold the volvo, we're an electric household now, got a kia niro"],
     "what car do I drive?", "niro"),
])
def test_what_i_do_now_answers_before_what_i_stopped(shared_memory: Memory, user: str, turns: list[str],
                                                       question: str, answer: str) -> None:
    for turn in turns:
        shared_memory.add(turn, user_id=user)
    assert answer in _top(shared_memory, user, question).lower(), _top(shared_memory, user, question)
