"""Session 45: misses from four sweeps of twenty change announcements said around a request or a question, written
before any fix. Before this, "i passed my viva!!" and "i finished my MBA last month" ended no study ("viva" and "MBA"
were no studies, and a graduation ended the school but not what was studied there); "jack's joined the army!!" was
a school joined; a bank said by name alone ("moved everything over to Starling", "switched my salary to Nationwide")
was no bank.

The phrasings here are new (not the sweeps', nor the benchmark's); each mechanism is also tried where it must not
fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import active_texts as _active
from tests.extraction.said import facts_of, texts_of
from tests.extraction.said import values_of as _values
from tests.extraction.test_slot_changes import invalidated_after

# -- studies finished --------------------------------------------------------------------------------------------------


def test_a_viva_passed_ends_the_doctorate(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm doing a PhD in marine biology at Plymouth",
                             "passed my viva this morning!! celebrating tonight")
    assert any("marine biology" in g for g in gone), gone


def test_a_finished_mba_ends_the_school(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "i'm studying for an MBA at Cranfield",
                             "finally finished my MBA, what next?")
    assert any("Cranfield" in g for g in gone), gone


def test_an_exam_passed_ends_no_study(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm studying law at Exeter", "passed my driving test today!")
    assert not any("Exeter" in g or "law" in g for g in gone), gone


# -- a job said by the service joined ----------------------------------------------------------------------------------


def test_joining_the_navy_is_a_new_job(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my brother Callum is an electrician",
                             "callum's joined the navy, what can i send him?")
    assert any("electrician" in g for g in gone), gone


@pytest.mark.parametrize("said", ["i joined the army reserves last year", "we joined the police for a charity run"])
def test_other_joins_are_no_job(rules: RuleExtractor, said: str) -> None:
    assert not any(s.endswith("|occupation") for s in _values(rules, said)), _values(rules, said)


# -- banks said by name ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "bank"), [("moved all my savings over to Chase", "chase"),
                                            ("switched to first direct last month", "first direct"),
                                            ("i'm with revolut now, the app is great", "revolut")])
def test_a_bank_said_by_name_is_the_bank(rules: RuleExtractor, said: str, bank: str) -> None:
    assert any(s.endswith("|bank") and bank.split()[0] in v for s, v in _values(rules, said).items()), \
        _values(rules, said)


def test_moving_to_a_town_named_like_a_bank_is_a_move(rules: RuleExtractor) -> None:
    values = _values(rules, "we moved to Halifax in the spring")
    assert not any(s.endswith("|bank") for s in values) and any(s.endswith("|residence") for s in values), values


def test_a_new_bank_said_by_name_replaces_the_old(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I bank with Barclays",
                             "moved my salary over to Monzo, how do i get paid early?")
    assert any("Barclays" in g for g in gone), gone
    assert any("Monzo" in t for t in _active(shared_memory, user))


# -- shifts, teams, phones ---------------------------------------------------------------------------------------------


def test_a_shift_said_with_the_workplace_ends_with_a_new_shift(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my wife works nights in a care home",
                             "she's moved onto days now thank god, how do we sort the school run?")
    assert any("nights" in g for g in gone), gone


def test_work_said_with_a_workplace_ends_no_shift(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I work weekends at the garden centre", "I'm on days now")
    assert not any("garden centre" in g for g in gone), gone


def test_a_club_said_as_its_fans_say_it_is_the_team(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm a big Everton fan", "I'm a United fan these days, sorry dad")
    assert any("Everton" in g for g in gone), gone


def test_a_city_person_is_no_team(rules: RuleExtractor) -> None:
    assert not any(s.endswith("|team") for s in _values(rules, "honestly i'm a city person, i hate the countryside"))


def test_a_phone_said_by_its_model_alone_replaces_the_old(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I have an iPhone 13", "went for the S25 in the end, so fast")
    assert any("iPhone" in g for g in gone), gone


# -- the party one votes for -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "party"), [("I'm a Labour voter, always have been", "labour"),
                                             ("my dad's a lifelong Tory", "tory"),
                                             ("we vote SNP", "snp"),
                                             ("I'm voting for the Green Party this time", "green party")])
def test_the_party_voted_for(rules: RuleExtractor, said: str, party: str) -> None:
    assert party in _values(rules, said).values(), _values(rules, said)


@pytest.mark.parametrize("said", ["my sister's in labour!!", "I voted for the best cake at the fete",
                                  "I'm a bit conservative with money", "we painted the shed green"])
def test_no_party_where_the_words_mean_something_else(rules: RuleExtractor, said: str) -> None:
    values = _values(rules, said)
    assert not any(s.endswith(("|party", "|nationality")) for s in values), values


def test_a_new_party_replaces_the_old(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm a Lib Dem voter",
                             "I'm voting Labour this time, what's their plan for the NHS?")
    assert any("Lib Dem" in g for g in gone), gone


# -- someone moving in with the speaker --------------------------------------------------------------------------------


def test_moving_in_with_the_speaker_ends_the_old_home(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my grandad lives in sheltered housing in Truro",
                             "grandad's moved in with us now, any tips for stairs?")
    assert any("Truro" in g for g in gone), gone


def test_the_speaker_living_with_someone_is_no_home_of_theirs(rules: RuleExtractor) -> None:
    values = _values(rules, "I live with my sister in Leeds", "she stayed with us for a week")
    assert not any(s.endswith("|residence") and v == "with user" for s, v in values.items()), values


# -- a language dropped, jobs of two words, providers said in passing --------------------------------------------------


def test_a_language_dropped_in_lower_case_ends_the_learning(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm learning German for work",
                             "i've dropped german. too hard lol, what else could i learn?")
    assert any("German" in g for g in gone), gone


@pytest.mark.parametrize("said", ["we ditched italian for thai food", "i quit french lessons, the teacher was awful"])
def test_a_cuisine_or_a_class_dropped_is_said_as_it_was(rules: RuleExtractor, said: str) -> None:
    assert not any("stopped learning" in f.text for f in facts_of(rules, said)), texts_of(rules, said)


def test_a_two_word_job_is_the_occupation(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my cousin Bea is a paramedic",
                             "bea's a flight attendant now, she loves it")
    assert any("paramedic" in g for g in gone), gone


def test_three_said_alone_is_the_network_where_the_turn_talks_of_signal(rules: RuleExtractor) -> None:
    assert _values(rules, "we're on Three, how's the 5G in Cornwall?").get("user|mobile") == "three"
    assert "user|mobile" not in _values(rules, "we're on three kids now, the data says we need a bigger car")


def test_a_tariff_names_the_energy_supplier(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "we're on the British Gas fixed tariff for our gas and electric",
                             "switched our energy to EDF, how do i send meter readings?")
    assert any("British" in g for g in gone), gone


def test_a_broadband_provider_said_by_name_where_the_turn_talks_of_the_connection(shared_memory: Memory,
                                                                                    user: str) -> None:
    gone = invalidated_after(shared_memory, user, "we're with TalkTalk for broadband",
                             "we went with Plusnet in the end, how do i set up the router?")
    assert any("TalkTalk" in g for g in gone), gone


def test_going_somewhere_with_someone_is_no_provider(rules: RuleExtractor) -> None:
    assert "user|internet" not in _values(rules, "i went with virgin to the gig, the wifi there was awful")


def test_going_fully_remote_ends_the_commute(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I get the bus to work every day",  # ("get": read as taking it)
                             "my company lets me be fully remote now, best desk chair?")
    assert any("bus" in g for g in gone), gone


def test_a_hybrid_week_keeps_the_commute(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I cycle to work", "I work from home on Fridays now")
    assert not any("cycle" in g for g in gone), gone


def test_a_language_of_code_done_instead_replaces_the_old(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm learning to code in Kotlin",
                             "been doing TypeScript instead lately, is it good for web stuff?")
    assert any("Kotlin" in g for g in gone), gone


@pytest.mark.parametrize("said", ["I do yoga on sundays", "we're doing a big shop tomorrow"])
def test_doing_something_else_is_no_tool(rules: RuleExtractor, said: str) -> None:
    assert not any("|tools|" in s for s in _values(rules, said)), _values(rules, said)


def test_she_after_a_partner_with_a_name_both_sexes_bear_is_the_partner(rules: RuleExtractor) -> None:
    values = _values(rules, "my partner Chris works nights at the hospital, she's a nurse")
    assert values.get("chris|occupation") == "nurse", values


def test_she_after_a_brother_is_not_him(rules: RuleExtractor) -> None:
    assert "chris|occupation" not in _values(rules, "my brother Chris lives in York, she's a nurse")


def test_a_degree_said_by_its_letters_finished_ends_the_study(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "i'm doing an MSc in data science at Bath",
                             "finished my MSc!!! what jobs can i get with it?")
    assert any("data science" in g for g in gone), gone


def test_finishing_something_of_ones_ma_is_no_degree(rules: RuleExtractor) -> None:
    assert "user|school" not in _values(rules, "finished my ma's garden today, she's thrilled")
