"""Other people's views and figures of speech, negations of a habit, stances that flip: each class of
phrasing yields facts a person would agree with (no fragment, no relation that is not one), and never a
fact about the speaker that the speaker did not state."""

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


@pytest.mark.parametrize(("said", "view"), [
    ("honestly fine but my girlfriend maya thinks i should've stayed at the bank", "stayed at the bank"),
    ("my boss thinks i'm lazy lol", "lazy"),
    ("my mum says i should move home", "move home"),
    ("my brother reckons i should sell the car", "sell the car"),
])
def test_another_persons_view_is_not_a_fact_about_the_speaker(rules: RuleExtractor, said: str, view: str) -> None:
    facts = _facts(rules, [said])
    # the view is theirs: never "User should've stayed at the bank" / "User is lazy" on its own
    assert not any(f.text.startswith("User ") and view in f.text for f in facts), [f.text for f in facts]
    # and a fact that names the view says whose it is, whole ("Maya thinks User should've ..."), not "Maya thinks"
    for f in facts:
        assert not f.text.rstrip().endswith(("thinks", "says", "reckons")), f.text


def test_a_partner_named_with_a_view_keeps_the_partner_and_the_whole_view(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my girlfriend maya thinks i should've stayed at the bank"])
    partner = [f for f in facts if f.slot == "user|partner"]
    assert partner and "Maya" in partner[0].text and "stayed at the bank" in partner[0].text, \
        [f.text for f in facts]


def test_a_report_of_a_fact_by_someone_else_is_still_read(rules: RuleExtractor) -> None:
    # "says" with no advice or opinion in it reports a fact ("my doctor says i'm anaemic")
    facts = _facts(rules, ["my doctor says i'm anaemic"])
    assert any("anaemic" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize("said", [
    "my knees hate me for it lol",
    "my back is killing me",
    "my wallet hates me after that trip",
])
def test_a_body_part_or_thing_acting_on_the_speaker_is_no_relation(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(t.object.lower() in ("me", "user") or t.relation in ("dislikes", "likes")
                   for f in facts for t in f.triples), [(f.text, f.triples) for f in facts]
    assert not any("hate" in f.text and "User" in f.text.split("hate")[1] for f in facts), [f.text for f in facts]


def test_a_person_or_pet_acting_on_the_speaker_is_still_a_relation(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my cat hates me"])
    assert any(t.relation == "dislikes" for f in facts for t in f.triples), [f.text for f in facts]


@pytest.mark.parametrize(("said", "now"), [
    ("jake quit dentistry to become a pilot", "Jake is a pilot"),
    ("i quit my job to become a nurse", "User is a nurse"),
])
def test_becoming_something_is_said_as_what_they_are(rules: RuleExtractor, said: str, now: str) -> None:
    texts = [f.text for f in _facts(rules, ["my mate jake is a dentist", said])]
    assert now in texts, texts
    assert not any("becomes" in t for t in texts), texts


@pytest.mark.parametrize(("said", "thing"), [
    ("i used to hate running but now i love it", "running"),
    ("i used to hate running. now i love it!!", "running"),
    ("i tried sushi last year and now i can't get enough of it", "sushi"),
    ("i hated jazz as a kid but i enjoy it now", "jazz"),
])
def test_it_in_a_stance_is_the_thing_named_before(rules: RuleExtractor, said: str, thing: str) -> None:
    facts = _facts(rules, [said])
    liked = [f for f in facts if f.slot == f"user|stance|{thing}" and f.polarity > 0 and f.tense == "present"]
    assert liked and any(t.relation == "likes" and t.object == thing for t in liked[0].triples), \
        [(f.text, f.slot, f.tense) for f in facts]
    assert not any(f.text.endswith((" it", " it now")) for f in facts), [f.text for f in facts]


def test_a_stance_after_a_filler_lead_in_is_read(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["meh not really into crossfit anymore, too many injuries"])
    assert any(f.slot == "user|stance|crossfit" and (f.negated or f.polarity < 0) for f in facts), \
        [f.text for f in facts]


@pytest.mark.parametrize(("said", "amount", "thing"), [
    ("i drink like 4 coffees a day", "4 coffees", "alcohol"),
    ("we run like twice a week lol", "twice", None),
])
def test_like_before_an_amount_is_a_filler_not_a_liking(rules: RuleExtractor, said: str, amount: str,
                                                         thing: str | None) -> None:
    facts = _facts(rules, [said])
    assert not any(t.relation == "likes" for f in facts for t in f.triples), [f.text for f in facts]
    if thing is not None:  # "drink" kept its object: not "drink" said alone (which means alcohol)
        assert facts and not any(thing in (f.slot or "") for f in facts), [(f.text, f.slot) for f in facts]


def test_like_a_year_is_no_stance(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my brother sam is dating a girl called nina",
                           "like a year but they broke up last week, sam's a mess"])
    assert not any(f.slot and "|stance|" in f.slot for f in facts), [f.text for f in facts]


def test_a_liking_with_an_amount_is_still_a_liking(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["i like 2 sugars in my tea"])
    assert not any("about" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("said", "old", "new"), [
    ("i don't drink coffee anymore tho, tea only", "coffee", "tea"),
    ("i don't eat meat anymore, just fish", "meat", "fish"),
    ("i don't drink coffee anymore, only tea now", "coffee", "tea"),
])
def test_a_negation_names_its_replacement_after_a_comma(rules: RuleExtractor, said: str, old: str,
                                                         new: str) -> None:
    facts = _facts(rules, [said])
    now = [f for f in facts if not f.negated and f.object_key == new]
    assert now and now[0].slot and now[0].slot.endswith(f"|{new}") and now[0].polarity > 0, \
        [(f.text, f.slot) for f in facts]
    ended = [f for f in facts if f.negated and f.object_key == old]
    assert ended and new not in ended[0].text, [f.text for f in facts]  # "User doesn't drink coffee anymore"


def test_a_negation_without_only_or_just_names_no_replacement(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["i don't drink coffee anymore, the caffeine was too much"])
    assert not any(f.object_key == "caffeine" and not f.negated for f in facts), [f.text for f in facts]


def test_a_counted_habit_ends_with_its_negation(shared_memory: Memory, user: str) -> None:
    for said in ["i drink like 4 coffees a day", "lol yeah. i don't drink coffee anymore tho, tea only"]:
        shared_memory.add(said, user_id=user)
    assert not any("coffee" in c for c in current(shared_memory, user)), current(shared_memory, user)
    assert any("coffee" in g for g in invalidated(shared_memory, user))
    assert any("tea" in c for c in current(shared_memory, user))


@pytest.mark.parametrize(("before", "said", "gone"), [
    ("i drive a vw golf to work", "sold it. no car anymore, i bike everywhere now", "golf"),
    ("i have a dog named rex", "nope, no dog anymore 😢", "dog"),
])
def test_no_thing_anymore_ends_the_thing(shared_memory: Memory, user: str, before: str, said: str,
                                         gone: str) -> None:
    for text in [before, said]:
        shared_memory.add(text, user_id=user)
    assert not any(gone in c.lower() for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("said", ["no worries anymore", "no idea now lol"])
def test_no_worries_is_not_a_negation_of_anything(rules: RuleExtractor, said: str) -> None:
    assert not any(f.negated for f in _facts(rules, [said]))


@pytest.mark.parametrize(("said", "text"), [
    ("i don't really like sushi", "User doesn't like sushi"),
    ("i quit smoking 2 months ago actually!!", "User quit smoking 2 months ago"),
    ("i quit smoking", "User quit smoking"),
    ("i don't have any pets myself, my flat doesn't allow them", "User doesn't have any pets"),
    ("i taught myself spanish", "User taught themself spanish"),
])
def test_fact_texts_read_as_english(rules: RuleExtractor, said: str, text: str) -> None:
    texts = [f.text for f in _facts(rules, [said])]
    assert any(t == text or t.startswith(text + " ") for t in texts), texts
    assert not any(w in t for t in texts for w in ("no longer like ", "quits smoking", " pets User",
                                                    "taught User"))


def test_not_a_single_one_is_no_fact_about_being_single(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["i quit smoking 2 months ago actually!! not a single one since"])
    assert not any("single" in f.text for f in facts), [f.text for f in facts]


def _verbatim(mem: Memory, user: str) -> list[str]:
    return [r["memory"] for r in mem.get_all(user_id=user)["results"] if r.get("layer") == "episodic"]


@pytest.mark.parametrize("said", [
    "i love reality tv, it's my guilty pleasure",
    "i'm obsessed with true crime podcasts, that's my thing lol",
])
def test_what_a_liked_thing_is_to_the_speaker_needs_no_verbatim_copy(shared_memory: Memory, user: str,
                                                                      said: str) -> None:
    # the copy kept its own likes edge, which stayed current after "can't stand reality tv these days"
    shared_memory.add(said, user_id=user)
    assert not _verbatim(shared_memory, user)
    assert current(shared_memory, user)


def test_a_liked_thing_then_disliked_leaves_no_current_liking(shared_memory: Memory, user: str) -> None:
    for said in ["i love reality tv, it's my guilty pleasure", "nothing anymore, can't stand reality tv these days"]:
        shared_memory.add(said, user_id=user)
    assert not any("reality tv" in c.lower() and "love" in c.lower() for c in current(shared_memory, user))
    assert not _verbatim(shared_memory, user)


def test_a_statement_after_a_liking_is_still_kept(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i love reality tv, it's a ford puma i drive now", user_id=user)
    assert current(shared_memory, user)


@pytest.mark.parametrize("split", [
    "like a year but they broke up last week, sam's a mess",
    "sam broke up last week",
    "they split up over the summer 😬",
])
def test_a_couple_splitting_ends_the_persons_partner(shared_memory: Memory, user: str, split: str) -> None:
    for said in ["i'm married to alex", "my brother sam is dating a girl called nina", split]:
        shared_memory.add(said, user_id=user)
    assert not any("dating" in c for c in current(shared_memory, user)), current(shared_memory, user)
    assert any("alex" in c.lower() for c in current(shared_memory, user))  # the speaker's own partner stays


@pytest.mark.parametrize(("said", "thing", "polarity"), [
    ("i think i'm done with running tbh", "running", -1),
    ("i think i'm over sushi", "sushi", -1),
    ("i reckon i like podcasts now", "podcasts", 1),
])
def test_i_think_before_a_stance_is_an_opinion_not_a_hedge(rules: RuleExtractor, said: str, thing: str,
                                                           polarity: int) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot == f"user|stance|{thing}" and f.polarity == polarity and f.tense == "present"
               for f in facts), [(f.text, f.slot, f.tense) for f in facts]


def test_a_real_hedge_after_i_think_stays_a_hedge(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["i think i might like jazz"])
    assert not any(f.slot and "|stance|" in f.slot and f.tense == "present" for f in facts), [f.text for f in facts]


@pytest.mark.parametrize("said", [
    "seeing someone new, her name is ines",
    "i'm seeing someone new. her name is ines!",
    "i'm dating a girl from my climbing gym, her name's ines 🙈",
])
def test_someone_new_named_after_is_the_partner(shared_memory: Memory, user: str, said: str) -> None:
    for text in ["my boyfriend tom and i split up", said]:
        shared_memory.add(text, user_id=user)
    assert any("Ines" in c for c in current(shared_memory, user)), current(shared_memory, user)


def test_a_girl_met_and_named_is_no_partner(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["i met a girl at the party, her name is zoe"])
    assert not any(f.slot == "user|partner" for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("turns", "slot", "name"), [
    (["my friend priya is single", "priya's got a boyfriend now, his name is raj"], "priya|partner", "Raj"),
    (["my brother has a new girlfriend, her name is lena"], "user's brother|partner", "Lena"),
    (["i finally have a girlfriend!! her name is ines"], "user|partner", "Ines"),
])
def test_a_new_partner_named_after_is_that_persons_partner(rules: RuleExtractor, turns: list[str], slot: str,
                                                           name: str) -> None:
    facts = _facts(rules, turns)
    assert any(f.slot == slot and name in f.text for f in facts), [(f.text, f.slot) for f in facts]


def test_a_pet_named_after_is_no_partner(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my sister has a dog, his name is rex"])
    assert not any(f.slot and f.slot.endswith("|partner") for f in facts), [(f.text, f.slot) for f in facts]


def test_getting_rid_of_a_thing_ends_it(shared_memory: Memory, user: str) -> None:
    for text in ["i have a car", "i got rid of the car last month"]:
        shared_memory.add(text, user_id=user)
    assert not any("has a car" in c for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize(("before", "said", "gone"), [
    ("i work at amazon", "i'm unemployed now", "amazon"),
    ("i smoke like a pack a day", "i've been smoke free since march", "pack a day"),
    ("i drink a lot of beer", "been sober for 6 months now", "beer"),
    ("my brother smokes", "he's smoke free now!", "brother smokes"),
])
def test_a_state_without_the_habit_or_thing_ends_it(shared_memory: Memory, user: str, before: str, said: str,
                                                    gone: str) -> None:
    for text in [before, said]:
        shared_memory.add(text, user_id=user)
    assert not any(gone in c for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("said", ["the cafe is smoke free", "i'm happy now", "i'm not unemployed anymore"])
def test_a_state_of_something_else_ends_nothing(rules: RuleExtractor, said: str) -> None:
    assert not any(f.negated and f.slot for f in _facts(rules, ["i smoke", said]))


@pytest.mark.parametrize(("said", "thing", "likes"), [
    ("i'm a huge marvel fan", "marvel", True),
    ("i'm not a marvel fan anymore", "marvel", False),
    ("football's not really my thing anymore", "football", False),
    ("yoga isn't for me anymore", "yoga", False),
    ("olives are actually great now!", "olives", True),
    ("podcasts are so boring these days", "podcasts", False),
    ("now i'm obsessed w jazz", "jazz", True),
])
def test_more_ways_of_saying_a_stance(rules: RuleExtractor, said: str, thing: str, likes: bool) -> None:
    facts = [f for f in _facts(rules, [said]) if f.slot == f"user|stance|{thing}"]
    assert facts, [f.text for f in _facts(rules, [said])]
    assert (facts[0].polarity > 0 and not facts[0].negated) is likes, facts[0]
    assert thing in facts[0].text, facts[0].text  # lower-case, as the user wrote it


@pytest.mark.parametrize("said", ["i'm a big fan of jazz", "the weather is great now", "cats are overrated tbh"])
def test_no_stance_beside_the_said_one(rules: RuleExtractor, said: str) -> None:
    slots = [f.slot for f in _facts(rules, [said]) if f.slot and "|stance|" in f.slot]
    assert slots in ([], ["user|stance|jazz"]), slots


@pytest.mark.parametrize(("said", "slot", "name"), [
    ("my friend jess just got a puppy, she named him waffles 🐶", "jess's puppy|name", "Waffles"),
    ("my sister has a dog, his name is rex", "user's sister's dog|name", "Rex"),
    ("my roommate has a cat. her name is miso", "user's roommate's cat|name", "Miso"),
])
def test_another_persons_pet_is_named_as_theirs(rules: RuleExtractor, said: str, slot: str, name: str) -> None:
    facts = _facts(rules, ["i have a cat named pickle", said])
    assert any(f.slot == slot and name in f.text for f in facts), [(f.text, f.slot) for f in facts]
    assert not any(f.subject_key == "user" and name.lower() in (f.object_key or "") for f in facts)


def test_another_persons_pet_leaves_the_speakers_pet(shared_memory: Memory, user: str) -> None:
    for said in ["i have a cat named pickle", "my friend jess just got a puppy, she named him waffles 🐶"]:
        shared_memory.add(said, user_id=user)
    now = current(shared_memory, user)
    assert any("pickle" in c for c in now) and any("Waffles" in c for c in now), now
    assert not invalidated(shared_memory, user)


@pytest.mark.parametrize(("before", "said", "gone", "now"), [
    ("my mum lives in cork", "mum moved to galway last year", "cork", "Galway"),
    ("my dad drives a volvo", "dad sold the volvo, he has a bmw now", "volvo", "bmw"),
])
def test_a_parent_said_by_the_kin_word_alone_is_the_speakers(shared_memory: Memory, user: str, before: str,
                                                              said: str, gone: str, now: str) -> None:
    for text in ["i live in leeds and drive a kia", before, said]:
        shared_memory.add(text, user_id=user)
    facts = current(shared_memory, user)
    assert not any(gone in c for c in facts) and any(now in c and "User's" in c for c in facts), facts
    assert any("leeds" in c.lower() for c in facts) and any("kia" in c for c in facts), facts


@pytest.mark.parametrize("said", ["dad jokes are the best", "her dad works at ibm", "i love my mum and dad"])
def test_a_kin_word_that_is_not_a_subject_stays(said: str) -> None:
    from mem_graph.extract.people import speakers_kin
    assert speakers_kin(said) == said


@pytest.mark.parametrize(("diet", "said", "gone"), [
    ("i'm vegetarian", "i eat meat again, couldn't do it", "vegetarian"),
    ("i'm vegan", "started eating fish again", "vegan"),
    ("my sister is vegan", "she eats cheese again lol", "vegan"),
])
def test_eating_what_a_diet_excludes_again_ends_the_diet(shared_memory: Memory, user: str, diet: str, said: str,
                                                         gone: str) -> None:
    for text in [diet, said]:
        shared_memory.add(text, user_id=user)
    assert not any(gone in c for c in current(shared_memory, user)), current(shared_memory, user)
    assert any(gone in g for g in invalidated(shared_memory, user))


@pytest.mark.parametrize(("diet", "said"), [
    ("i'm vegetarian", "i eat fish sometimes"),  # no word of change: a loose diet, not its end
    ("i'm pescatarian", "i eat salmon now"),  # fish is what a pescatarian eats
])
def test_eating_what_a_diet_allows_ends_nothing(shared_memory: Memory, user: str, diet: str, said: str) -> None:
    for text in [diet, said]:
        shared_memory.add(text, user_id=user)
    assert not invalidated(shared_memory, user)


def test_a_negation_with_an_inherited_subject_keeps_its_not(rules: RuleExtractor) -> None:
    texts = [f.text for f in _facts(rules, ["i eat meat again, couldn't do the vegan thing"])]
    assert "User couldn't do the vegan thing" in texts and "User could do the vegan thing" not in texts, texts


def test_a_fact_about_an_unresolved_it_is_not_kept_as_a_fact(rules: RuleExtractor) -> None:
    """"User does it most days" says nothing alone: the turn is kept verbatim instead."""
    assert _facts(rules, ["ugh so sore again, i do it like every other day"]) == []


def test_an_it_the_turn_names_just_before_is_that_thing(rules: RuleExtractor) -> None:
    """(extract/antecedent.py) "spin classes" is what "it" points at, so the habit is about spin classes."""
    facts = _facts(rules, ["sore from spin classes again, i do it like every other day"])
    assert [f.slot for f in facts] == ["user|hobbies|spin classes"], [f.text for f in facts]


@pytest.mark.parametrize(("ate", "diet", "gone"), [
    ("i eat meat", "i'm pescatarian now", "meat"),
    ("i eat a lot of chicken", "went vegetarian in january", "chicken"),
    ("i eat chicken", "i'm vegan now", "chicken"),
])
def test_a_diet_taken_up_ends_eating_what_it_excludes(shared_memory: Memory, user: str, ate: str, diet: str,
                                                      gone: str) -> None:
    for text in [ate, diet]:
        shared_memory.add(text, user_id=user)
    assert any(gone in g for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize(("ate", "diet"), [
    ("i eat fish", "i'm pescatarian"),  # fish is what a pescatarian eats
    ("i eat meat", "my sister is vegan now"),  # someone else's diet
])
def test_a_diet_that_allows_it_or_is_someone_elses_ends_no_eating(shared_memory: Memory, user: str, ate: str,
                                                                   diet: str) -> None:
    for text in [ate, diet]:
        shared_memory.add(text, user_id=user)
    assert not invalidated(shared_memory, user)
