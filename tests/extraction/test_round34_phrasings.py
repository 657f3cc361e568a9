"""Session 34: stances whose object is said once and then pointed at ("no olives please, i hate them",
"coriander has started tasting like soap, can't stand it now", "love island has got so cringe, i've stopped
bothering with it"), and stance phrases that must not read a verb as their object ("love island has got ...").

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.test_slot_changes import invalidated_after


def _stance(rules: RuleExtractor, said: str) -> dict[str, int]:
    """Stance slot -> polarity (negated counts as the other way) for what the user said."""
    return {f.slot: -f.polarity if f.negated else f.polarity for f in _facts(rules, said)
            if f.slot and "|stance|" in f.slot}


@pytest.mark.parametrize(("said", "thing", "polarity"), [
    ("no mushrooms in the risotto please, i hate them", "mushrooms", -1),  # what a request leaves out
    ("can you do it without coriander? i can't stand it", "coriander", -1),
    ("hold the onions, i really dislike them", "onions", -1),
    ("cumin has started tasting like soap to me, can't stand it now", "cumin", -1),  # the thing that changed
    ("honestly opera has become a bit much for me, i'm over it", "opera", -1),
    ("weird, peppers don't taste like soap anymore?? i actually crave them now", "peppers", 1),
    ("i've always hated anchovies, leave them off the pizza", "anchovies", -1),  # a stance held till now
    ("i've always loved sudoku", "sudoku", 1),
    ("bake off is my guilty pleasure", "bake off", 1),
    ("funny one, after the trip to spain olives are a yes now", "olives", 1),  # not "spain olives"
    ("love island is a no from me these days", "love island", -1),  # not "island"
    ("strictly has got so cheesy this year, i've stopped bothering with it", "strictly", -1),
])
def test_a_stance_on_a_thing_pointed_at_names_the_thing(rules: RuleExtractor, said: str, thing: str,
                                                         polarity: int) -> None:
    assert _stance(rules, said).get(f"user|stance|{thing}") == polarity, _stance(rules, said)


@pytest.mark.parametrize("said", [
    "love island has got so cringe this series",  # a show's name, not "loves island has got"
    "weird, basil doesnt taste like anything anymore",
    "no worries, i love it here",  # "no worries" leaves nothing out
    "the weather has turned, i hate it",  # no thing of one's own liking
])
def test_no_stance_on_a_verb_or_a_filler(rules: RuleExtractor, said: str) -> None:
    assert not any(k.split("|")[-1] in {"island has got", "doesnt", "doesn't", "worries", "it", "weather"}
                   for k in _stance(rules, said)), _stance(rules, said)


def test_a_dislike_said_inside_a_request_is_ended_by_a_liking_later(memory: Memory) -> None:
    gone = invalidated_after(memory, "u1", "pls no olives in anything you suggest, i genuinely hate them",
                             "ok plot twist, a week in greece and olives are a yes now")
    assert any("olives" in t for t in gone), gone


def test_a_liking_turned_sour_by_a_pronoun_ends_the_liking(memory: Memory) -> None:
    gone = invalidated_after(memory, "u2", "bake off is my guilty pleasure, never miss an episode",
                             "bake off has got so samey, i've stopped bothering with it tbh")
    assert any("bake off" in t.lower() for t in gone), gone


# -- the parse's word boundaries: hyphenated diets, "no longer" on the adjective, a portion of a drink ---------------

def _slot_values(rules: RuleExtractor, said: str) -> dict[str, tuple[str, bool]]:
    """Slot (or, for a negation, the slot its rule names) -> (object, whether ended)."""
    out: dict[str, tuple[str, bool]] = {}
    for f in _facts(rules, said):
        slot = f.slot or (f"user|{f.rule.split(':')[1].split('.')[0]}" if f.rule.startswith("rules.clause:") and
                          f.negated else None)
        if slot:
            out[slot] = (f.object_key or "", bool(f.negated or f.polarity <= 0))
    return out


@pytest.mark.parametrize(("said", "diet"), [
    ("i'm gluten-free these days", "gluten-free"),
    ("been dairy free since the summer", "dairy-free"),
    ("fully plant based since march", "plant-based"),
    ("i'm low carb at the moment", "low-carb"),
])
def test_a_two_word_diet_is_a_diet(rules: RuleExtractor, said: str, diet: str) -> None:
    got = _slot_values(rules, said).get("user|diet")
    assert got is not None and got[0] == diet and not got[1], _slot_values(rules, said)


@pytest.mark.parametrize(("said", "slot"), [
    ("i'm no longer vegetarian", "user|diet"),  # "longer" hangs on the adjective: it was read as a diet
    ("i'm no longer pescatarian, fish is off the menu", "user|diet"),
    ("i wouldn't call myself religious anymore", "user|religion"),
    ("i'm not religious these days", "user|religion"),
])
def test_no_longer_what_one_was_ends_the_value(rules: RuleExtractor, said: str, slot: str) -> None:
    got = _slot_values(rules, said).get(slot)
    assert got is not None and got[1], _slot_values(rules, said)


def test_what_one_calls_oneself_is_what_one_is(rules: RuleExtractor) -> None:
    assert _slot_values(rules, "these days i'd describe myself as agnostic").get("user|religion") == ("agnostic",
                                                                                                     False)


@pytest.mark.parametrize(("said", "drink"), [
    ("i'm having 3 cups of green tea a day", "green tea"),
    ("i have two mugs of coffee every morning", "coffee"),
])
def test_cups_of_a_drink_are_the_drink_not_cups_owned(rules: RuleExtractor, said: str, drink: str) -> None:
    values = _slot_values(rules, said)
    assert "user|owns" not in {k.rsplit("|", 1)[0] for k in values}, values
    assert any(k.startswith("user|drinks") and v[0] == drink for k, v in values.items()), values


def test_dropping_fish_from_a_diet_is_no_hobby_given_up(rules: RuleExtractor) -> None:
    assert not any("fishing" in k for k in _slot_values(rules, "we've dropped fish and eggs too, fully vegan now"))
    assert "user|hobbies|fishing" in _slot_values(rules, "i quit fishing when we moved")


def test_a_favourite_said_hands_down_is_the_favourite(rules: RuleExtractor) -> None:
    assert "user|favourite|band" in _slot_values(rules, "radiohead is hands down my favourite band")


def test_overplayed_now_is_a_stance_soured(rules: RuleExtractor) -> None:
    assert _stance(rules, "ngl drake is kinda overplayed for me now") == {"user|stance|drake": -1}
    assert _stance(rules, "drake is kinda overplayed") == {}  # no change said


# -- someone else's partner, named beside them; a couple's ending said by an idiom ---------------------------------

@pytest.mark.parametrize(("said", "slot", "partner"), [
    ("my cousin omar and his fiancee leila are flying in on friday", "omar|partner", "leila"),
    ("my flatmate priya and her bf josh are always hogging the telly", "priya|partner", "josh"),
    ("Tom's wife is Ana", "tom|partner", "ana"),
])
def test_someone_elses_partner_named_beside_them(rules: RuleExtractor, said: str, slot: str, partner: str) -> None:
    assert any(f.slot == slot and f.object_key == partner for f in _facts(rules, said)), [
        (f.text, f.slot) for f in _facts(rules, said)]


@pytest.mark.parametrize("said", [
    "my sister and her husband live in leeds",  # no name: nothing to place
    "sam and his dog rex went to the park",  # a dog is no partner
    "me and my partner love hiking",  # the speaker's own (partner_mentions says it)
])
def test_no_partner_of_someone_else_without_two_names(rules: RuleExtractor, said: str) -> None:
    assert not any((f.slot or "").endswith("|partner") and not f.slot.startswith("user") for f in _facts(rules, said))


@pytest.mark.parametrize(("said", "slot"), [
    ("omar and leila are done, which is sad", "omar|partner"),
    ("her and josh called it quits last week", "josh|partner"),
    ("leila dumped him in march", "leila|partner"),
    ("omar and leila went their separate ways", "omar|partner"),
])
def test_a_couple_ending_said_by_an_idiom_ends_the_partner(rules: RuleExtractor, said: str, slot: str) -> None:
    assert any(f.slot == slot and f.negated for f in _facts(rules, said)), [(f.text, f.slot) for f in
                                                                           _facts(rules, said)]


@pytest.mark.parametrize("said", [
    "the match and the party are done",
    "Tom left Google last year",
    "we dumped the old sofa at the tip",
])
def test_no_couple_ending_where_no_couple_is_named(rules: RuleExtractor, said: str) -> None:
    assert not any((f.slot or "").endswith("|partner") for f in _facts(rules, said))


def test_a_brothers_girlfriend_is_replaced_when_he_moves_on(memory: Memory) -> None:
    gone = invalidated_after(memory, "u3", "my brother omar and his girlfriend leila are visiting next week",
                             "omar and leila are done. he's been seeing nadia from work for a month")
    assert any("Leila" in t for t in gone), gone


# -- who a pronoun means after a question; someone's first week; one more pet ----------------------------------------

@pytest.mark.parametrize(("said", "slot"), [
    ("what's a good birthday present for my wife? she's a midwife at the Royal Free", "user's wife|occupation"),
    ("any ideas for my dad, he's a retired plumber", "user's dad|occupation"),
    ("can you help my son with long division? he's 8", "user's son|age"),
])
def test_a_pronoun_after_a_question_about_kin_is_the_kin(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in {f.slot for f in _facts(rules, said)}, [(f.text, f.slot) for f in _facts(rules, said)]


def test_a_pronoun_after_a_question_about_two_people_is_nobody(rules: RuleExtractor) -> None:
    assert not any((f.slot or "").endswith("|diet") for f in _facts(
        rules, "what should i cook for my sister and Tom? she is vegan"))


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("my husband finished his first week at Ocado, he's shattered", "user's husband|employer", "ocado"),
    ("priya survived her first week at Deloitte lol", "priya|employer", "deloitte"),
])
def test_someones_first_week_somewhere_is_their_workplace(rules: RuleExtractor, said: str, slot: str,
                                                          value: str) -> None:
    assert any(f.slot == slot and value in (f.object_key or "") for f in _facts(rules, said)), [
        (f.text, f.slot) for f in _facts(rules, said)]


def test_settled_in_at_a_saints_school(rules: RuleExtractor) -> None:
    assert "leo|school" in {f.slot for f in _facts(rules, "leo's settled in at st joseph's after the move")}


@pytest.mark.parametrize("said", [
    "can you explain mortgages like i'm 5",  # a manner of explaining, no age
    "talk to me like i'm a child",
])
def test_like_im_is_no_fact_about_the_speaker(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot for f in _facts(rules, said))


def test_running_with_a_club_is_no_tool(rules: RuleExtractor) -> None:
    assert not any("tools" in (f.slot or "") for f in _facts(rules, "i run with my club in hackney on sundays"))
    assert any(f.slot == "user|tools|postgres" for f in _facts(rules, "we run with postgres in prod"))


def test_a_second_pet_named_keeps_the_first_pets_name(memory: Memory) -> None:
    gone = invalidated_after(memory, "u4", "our spaniel Biscuit keeps stealing socks",
                             "brought home another rescue yesterday, the kids named her Pickle. how do i introduce "
                             "her to Biscuit?")
    assert not any("Biscuit" in t for t in gone), gone
