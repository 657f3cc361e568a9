"""Session 31: changes said the way 130 blind-written conversations said them. A team's tool ripped out or the
whole platform lifted to another ("we ripped out mysql", "everything is microsoft teams now", "we're an aws shop"),
a request with the speaker's own clause after it, corrections typed as "*Ava" or blamed on autocorrect, a
separation that ends the couple's wedding plans, a child moved to another school, a birthday said as the day, "haven't
touched meat since january", British selling ("flogged", "part-exed"), a promotion "up to head chef", a role
landed, preferences said plainly ("a yes now", "more my speed") and a pet gone to live with someone.

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import texts_of as _texts
from tests.extraction.said import top_after as _top
from tests.extraction.test_slot_changes import invalidated_after


def _slots(rules: RuleExtractor, *lines: str) -> dict[str, str]:
    return {f.slot: f.text for f in _facts(rules, *lines) if f.slot and f.polarity > 0 and not f.negated}


# -- a team's tools ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("before", "change", "old", "question", "new"), [
    ("we use jenkins for CI", "we ripped out jenkins last sprint, everything is github actions now", "jenkins",
     "what CI do we use?", "GitHub Actions"),
    ("our infra is all on aws", "big news, the whole stack got migrated over to gcp this quarter", "aws",
     "which cloud are we on?", "GCP"),
    ("we chat on slack at work", "IT binned slack. everything is microsoft teams now, send help", "slack",
     "what chat tool do we use at work?", "Teams"),
])
def test_a_tool_removed_or_everything_moved_ends_the_old_tool(shared_memory: Memory, user: str, before: str,
                                                              change: str, old: str, question: str,
                                                              new: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f.lower() for f in ended), ended
    assert new.lower() in _top(shared_memory, user, question)[0]["memory"].lower()


@pytest.mark.parametrize(("said", "tool"), [
    ("we're a python shop, mostly django", "python"),
    ("honestly every service talks to redis now", "redis"),
])
def test_the_teams_tool_said_as_a_shop_or_what_every_service_talks_to(rules: RuleExtractor, said: str,
                                                                      tool: str) -> None:
    assert any(f"|tools|{tool}" in slot for slot in _slots(rules, said)), _slots(rules, said)


@pytest.mark.parametrize("said", [
    "we might rip out mysql next quarter",
    "ripped out the old kitchen units this weekend",
    "everything is fine now, thanks",
])
def test_a_plan_or_a_non_tool_ends_no_tool(rules: RuleExtractor, said: str) -> None:
    assert not any(f.replaces or (f.negated and f.slot and "|tools" in f.slot) for f in _facts(rules, said))


# -- what a request carries ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "slot", "value"), [
    ("can you suggest a housewarming gift, my brother just moved to Leeds", "user's brother|residence", "Leeds"),
    ("maya's in year 5 at oakfield primary, any ideas for a science fair project?", "maya|school", "Oakfield"),
])
def test_a_statement_beside_a_request_is_kept(rules: RuleExtractor, said: str, slot: str, value: str) -> None:
    slots = _slots(rules, said)
    assert value in slots.get(slot, ""), slots


# -- corrections ---------------------------------------------------------------------------------------------------

def test_a_name_fixed_with_an_asterisk_is_fixed_everywhere_it_was_said(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my dog Bisuit loves the beach", "*Biscuit lol")
    assert ended and all("Bisuit" in f for f in ended), ended
    assert "Biscuit" in _top(shared_memory, user, "what's my dog called?")[0]["memory"]


def test_a_job_mangled_by_autocorrect_is_fixed(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i'm a therapist, any tips for staying calm with clients",
                              "ugh autocorrect. pharmacist!! not the talking kind")
    assert any("therapist" in f for f in ended), ended
    assert "pharmacist" in _top(shared_memory, user, "what's my job?")[0]["memory"]


def test_a_city_corrected_beside_a_passing_remark_leaves_no_old_city(shared_memory: Memory, user: str) -> None:
    invalidated_after(shared_memory, user, "i live in Lisbon", "oops my bad, Porto!! not lisbon, i was just "
                                                               "looking at lisbon flights")
    active = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]
              if not r.get("invalid_at") and r.get("layer") != "episodic"]
    assert any("Porto" in t for t in active) and not any("Lisbon" in t for t in active), active


# -- partners, children, pets --------------------------------------------------------------------------------------

def test_a_separation_ends_the_couples_wedding_plans(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "me and my fiancée Lena are booking a wedding venue in Porto",
                              "Lena and I called it off last month")
    assert any("wedding" in f for f in ended), ended


@pytest.mark.parametrize(("before", "change", "question", "new"), [
    ("Noah is in year 2 at St Peter's Primary", "we pulled noah out of st peter's. his first week at riverside "
                                                 "went great", "which school does Noah go to?", "Riverside"),
    ("my daughter goes to Hillcrest Primary", "we moved my daughter to Oakfield Academy this term, the commute "
                                              "is so much better", "which school does my daughter go to?", "Oakfield"),
])
def test_a_child_moved_to_another_school(shared_memory: Memory, user: str, before: str, change: str, question: str,
                                         new: str) -> None:
    assert invalidated_after(shared_memory, user, before, change)
    assert new in _top(shared_memory, user, question)[0]["memory"]


@pytest.mark.parametrize("said", [
    "moved my desk to the spare room, the school run is easier from there",
    "thinking of moving my son to Oakfield next term",
])
def test_no_school_moves_without_a_child_moved(rules: RuleExtractor, said: str) -> None:
    assert not any(slot.endswith("|school") for slot in _slots(rules, said)), _slots(rules, said)


def test_a_pet_gone_to_live_with_family_is_rehomed(rules: RuleExtractor) -> None:
    texts = _texts(rules, "our rabbit Clover is the boss of the house",
                   "Clover went to live with my cousin, the baby's allergic")
    assert any("Clover was rehomed" in t for t in texts), texts


# -- age, diet, selling, jobs, stances -----------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "age"), [
    ("40 today!! 🎉 feeling ancient", "40"),
    ("my 25th birthday was yesterday, still hungover", "25"),
    ("it's my birthday, the big four-oh 🎂", "40"),
])
def test_a_birthday_said_as_the_day_is_the_age(rules: RuleExtractor, said: str, age: str) -> None:
    assert age in _slots(rules, said).get("user|age", ""), _slots(rules, said)


@pytest.mark.parametrize("said", ["the big 4-0 next month, eek", "we won 12 today", "planning the big 50 party"])
def test_no_age_from_a_birthday_ahead_or_a_score(rules: RuleExtractor, said: str) -> None:
    assert "user|age" not in _slots(rules, said), _slots(rules, said)


def test_not_touched_since_gives_up_the_food(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I eat meat most days", "haven't touched meat since easter tbh")
    assert any("meat" in f for f in ended), ended


@pytest.mark.parametrize(("before", "change", "old"), [
    ("I drive a Vauxhall Corsa", "flogged the Corsa and bought a Kia Niro", "Corsa"),
    ("I drive a Ford Fiesta", "part-exed the Fiesta for a Skoda Octavia", "Fiesta"),
])
def test_british_selling_and_trading_ends_the_car(shared_memory: Memory, user: str, before: str, change: str,
                                                  old: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f for f in ended), ended


@pytest.mark.parametrize(("said", "role"), [
    ("they bumped me up to team lead last week", "team lead"),
    ("finally landed a junior developer role!!", "junior developer"),
])
def test_a_promotion_or_a_role_landed_is_the_occupation(rules: RuleExtractor, said: str, role: str) -> None:
    text = _slots(rules, said).get("user|occupation", "")
    assert role in text.lower() and "now last" not in text, _slots(rules, said)


@pytest.mark.parametrize("said", ["got a new job!!", "landed a great job",
                                  "they bumped me up to the front of the queue"])
def test_no_occupation_from_a_job_without_a_role(rules: RuleExtractor, said: str) -> None:
    assert "user|occupation" not in _slots(rules, said), _slots(rules, said)


@pytest.mark.parametrize(("said", "thing", "polarity"), [
    ("jazz is a no from me these days", "jazz", -1),
    ("mushrooms are a yes now", "mushrooms", 1),
    ("honestly bouldering is way more my speed", "bouldering", 1),
])
def test_a_preference_said_plainly_is_a_stance(rules: RuleExtractor, said: str, thing: str, polarity: int) -> None:
    stances = {f.object_key: f.polarity for f in _facts(rules, said) if f.slot and "|stance|" in f.slot}
    assert stances.get(thing) == polarity, stances


def test_weekday_abbreviations_stay_weekdays(rules: RuleExtractor) -> None:
    texts = _texts(rules, "i swim at the leisure centre mon wed fri")
    assert texts and not any("User'd" in t or "Userd" in t for t in texts), texts


def test_wed_the_verb_stays_a_verb() -> None:
    from mem_graph.extract.chat import normalise_chat

    assert "Wednesday" not in normalise_chat("we met in 2019 and wed in june")
    assert "Wednesday" in normalise_chat("i swim mon and wed")


def test_a_tool_bolted_on_is_one_more_tool(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "all our data lives in postgres",
                              "we bolted redis on as a cache last sprint")
    assert not ended, ended
    active = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"] if not r.get("invalid_at")]
    assert any("Redis" in t for t in active) and any("postgres" in t.lower() for t in active), active


def test_an_instrument_one_was_on_is_a_past_one(rules: RuleExtractor) -> None:
    played = [f for f in _facts(rules, "fun fact, i was on clarinet in the school orchestra")
              if f.slot and "clarinet" in f.slot]
    assert played and all(f.tense == "past" for f in played), played
