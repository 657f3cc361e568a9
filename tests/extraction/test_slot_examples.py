"""The learned slot fallback (``extraction.slot_prototypes: true``; off by default): a clause in words no lexicon
lists is placed by the example bank's classifier, with its evidence, and small talk, plans and one-off events stay
no slot's (never guessed). Off, a clause no rule places is kept as said and ends nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mem_graph import Memory
from mem_graph.config import EmbedderConfig
from mem_graph.embed import build_embedder
from mem_graph.extract.slot_knn import SlotClassifier, default_bank
from tests.extraction.test_slot_changes import current, invalidated


@pytest.fixture(scope="module")
def shared_memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """A Memory with the learned fallback switched on (this module's subject)."""
    with Memory(path=tmp_path_factory.mktemp("learned") / "mem", config={"extraction": {"slot_prototypes": True}}) as m:
        yield m


@pytest.fixture(scope="module")
def default_memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    with Memory(path=tmp_path_factory.mktemp("default") / "mem") as m:
        yield m


def test_by_default_a_clause_no_rule_places_is_kept_and_ends_nothing(default_memory: Memory, user: str) -> None:
    """LoCoMo: "working hard on my online store" and "teamed up with a local artist" were guessed to be employers,
    each ending the one before."""
    for said in ["I work at a bank.", "Oh and I've been working hard on my online store",
                 "just teamed up with a local artist for some cool designs", "I got mentored by a business guru"]:
        default_memory.add(said, user_id=user)
    assert invalidated(default_memory, user) == []
    assert any("online store" in t for t in current(default_memory, user))


def test_a_job_stated_in_words_no_lexicon_lists_replaces_the_old_job(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I'm an accountant.", user_id=user)
    out = shared_memory.add("I patrol the streets as a police officer these days.", user_id=user)
    update = next(r for r in out["results"] if r["event"] == "UPDATE")
    assert "slot occupation" in update["reason"] and "examples, best '" in update["reason"], update["reason"]
    assert any("accountant" in t for t in invalidated(shared_memory, user))
    assert any("police officer" in t for t in current(shared_memory, user))


def test_a_pastime_in_words_no_lexicon_lists_is_a_hobby_and_ends_nothing(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I play the guitar.", user_id=user)
    out = shared_memory.add("I shoot hoops every weekend.", user_id=user)
    assert any("slot hobbies" in r["reason"] and "examples" in r["reason"] for r in out["results"]), out["results"]
    assert invalidated(shared_memory, user) == []


def test_a_value_word_said_with_a_verb_no_lexicon_lists_lands_in_its_slot(shared_memory: Memory, user: str) -> None:
    """The classifier reads the clause as being about a phone, and the value lexicon knows "Pixel" is one."""
    shared_memory.add("My phone is an iPhone 12.", user_id=user)
    out = shared_memory.add("i'm rocking a pixel these days", user_id=user)
    update = next(r for r in out["results"] if r["event"] == "UPDATE")
    assert "slot phone" in update["reason"] and "examples" in update["reason"], update["reason"]
    assert any("iPhone" in t for t in invalidated(shared_memory, user))


@pytest.mark.parametrize("said", [
    "I applied to Tesco yesterday.",  # a past event at a workplace: no new employer
    "I live in round rock, right by the Dell campus.",  # a place near a company is no employer guess
    # ("I live in round rock and work at Dell" says a new employer, now that "work" is read as the verb it is)
    "I mentor junior devs at my church on sundays.",
])
def test_the_learned_fallback_never_moves_the_employer_on_an_event_or_a_guess(shared_memory: Memory, user: str,
                                                                                said: str) -> None:
    shared_memory.add("I work at Asda.", user_id=user)
    shared_memory.add(said, user_id=user)
    assert not any("Asda" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.fixture(scope="module")
def classifier_and_embedder() -> tuple[SlotClassifier, object]:
    return SlotClassifier(cache=False), build_embedder(EmbedderConfig())


@pytest.mark.parametrize("said", [
    "lol that's so true",
    "anyway how was your weekend",
    "i'm absolutely knackered after today",
    "honestly the weather here has been grim all week",
    "we should grab a coffee sometime",
    "i'm thinking of redecorating the living room",
    "my phone battery is about to die",
    "the meeting dragged on forever",
])
def test_the_classifier_abstains_on_small_talk(classifier_and_embedder: tuple[SlotClassifier, object],
                                               said: str) -> None:
    clf, embedder = classifier_and_embedder
    assert clf.classify(embedder, said) is None, clf.classify(embedder, said)


def test_the_bank_covers_every_catalogue_slot_and_says_none() -> None:
    from mem_graph.extract.catalogue import DEFAULT_SLOTS

    labels = {slot for slot, _ in default_bank()}
    assert {s.name for s in DEFAULT_SLOTS} | {"none"} == labels
