"""What the rule path must never get wrong, end to end on the real embedded stores, over many phrasings."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.stores.vector.base import VectorFilter, scroll_all
from mem_graph.types import Scope


def records(mem: Memory, user: str, statuses: tuple[str, ...] | None = ("active",)) -> list:
    return [r for r in scroll_all(mem.vectors, VectorFilter(scope=Scope(user_id=user), statuses=statuses))
            if r.layer != "episodic"]


def invalidated(mem: Memory, user: str) -> list[str]:
    return [r.text for r in records(mem, user, None) if r.status.value == "invalidated"]


MULTI_VALUED = [
    ("I speak English.", "I also speak French."),
    ("I love hiking.", "I also enjoy swimming."),
    ("I play the guitar.", "I started playing the piano too."),
    ("I have a dog.", "We adopted a kitten last week."),
    ("I'm allergic to peanuts.", "Turns out I'm also allergic to shellfish."),
    ("We use Docker for local dev.", "We also use Kubernetes in prod."),
    ("I like jazz.", "I like hip hop too."),
]


@pytest.mark.parametrize(("first", "addition"), MULTI_VALUED, ids=[m[1][:30] for m in MULTI_VALUED])
def test_a_multi_valued_addition_invalidates_nothing(shared_memory: Memory, user: str, first: str,
                                                     addition: str) -> None:
    shared_memory.add(first, user_id=user)
    out = shared_memory.add(addition, user_id=user)
    assert all(r["event"] in ("ADD", "NONE") for r in out["results"]), out["results"]
    assert invalidated(shared_memory, user) == []


HEDGES = [
    ("I live in Lisbon.", "I'm thinking about moving to Berlin next year.", "Lisbon"),
    ("I live in Phoenix.", "I'd love to live in Seattle someday.", "Phoenix"),
    ("I live in Oslo.", "I might move to Bergen.", "Oslo"),
    ("I work at IBM.", "I'm considering quitting my job.", "IBM"),
    ("I work at Acme.", "Maybe I'll join Google next year.", "Acme"),
    ("I drive a Honda.", "If I had a Tesla I'd drive it everywhere.", "Honda"),
    ("I'm 50.", "wish I was 30 again haha", "50"),
    ("I'm vegetarian.", "I want to try a vegan diet.", "vegetarian"),
]


@pytest.mark.parametrize(("fact", "hedge", "kept"), HEDGES, ids=[h[1][:30] for h in HEDGES])
def test_a_hedge_or_plan_updates_nothing(shared_memory: Memory, user: str, fact: str, hedge: str,
                                         kept: str) -> None:
    shared_memory.add(fact, user_id=user)
    out = shared_memory.add(hedge, user_id=user)
    assert not any(r["event"] in ("UPDATE", "DELETE") for r in out["results"]), out["results"]
    assert any(kept in r.text for r in records(shared_memory, user))
    assert invalidated(shared_memory, user) == []


PAST = [
    ("I used to live in Rome.", "Rome"),
    ("I used to work at Google.", "Google"),
    ("Back in the day I lived in Tokyo.", "Tokyo"),
    ("I used to play the violin.", "violin"),
]


@pytest.mark.parametrize(("said", "value"), PAST, ids=[p[0][:30] for p in PAST])
def test_used_to_stores_a_past_fact(shared_memory: Memory, user: str, said: str, value: str) -> None:
    shared_memory.add(said, user_id=user)
    everything = records(shared_memory, user, None)
    past = [r for r in everything if value in r.text]
    assert past and all(r.status.value == "invalidated" and r.invalid_at is not None for r in past)
    assert all(r.valid_from < r.invalid_at for r in past)  # valid only before the conversation
    assert not any(value in r.text for r in records(shared_memory, user))  # never the current value


def test_used_to_ends_the_current_fact_of_the_same_value(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I live in Rome.", user_id=user)
    shared_memory.add("I live in Lisbon.", user_id=user)
    shared_memory.add("I used to live in Rome.", user_id=user)
    current = [r.text for r in records(shared_memory, user)]
    assert any("Lisbon" in t for t in current) and not any("Rome" in t for t in current)


NEGATIONS = [
    ("I eat meat.", "I don't eat meat anymore.", "meat"),
    ("I drink coffee every morning.", "I no longer drink coffee.", "coffee"),
    ("I smoke like a pack a day", "good news: I no longer smoke!", "smoke"),
    ("I play rugby at the weekend", "I don't play rugby anymore, bad knee", "rugby"),
    ("I like MySQL.", "I stopped using MySQL.", "MySQL"),
    ("I eat way too much sugar", "I gave up sugar in january", "sugar"),
]


@pytest.mark.parametrize(("fact", "negation", "word"), NEGATIONS, ids=[n[1][:30] for n in NEGATIONS])
def test_a_negation_invalidates_and_keeps_the_statement(shared_memory: Memory, user: str, fact: str,
                                                        negation: str, word: str) -> None:
    shared_memory.add(fact, user_id=user)
    shared_memory.add(negation, user_id=user)
    active = records(shared_memory, user)
    assert not any(word.lower() in r.text.lower() and r.polarity > 0 for r in active)
    assert any(word.lower() in r.text.lower() and r.polarity == 0 for r in active)  # the user's words stay
    assert any(word.lower() in t.lower() for t in invalidated(shared_memory, user))
    edges = shared_memory.graph_store.relations(Scope(user_id=user), include_invalid=False, limit=100)
    assert not any(word.lower() in e.target.lower() and not e.relation.startswith("not_") for e in edges)


@pytest.mark.parametrize("said", ["I don't eat meat anymore.", "I never drink alcohol.", "I don't own a car.",
                                  "I'm not vegan anymore."])
def test_a_negation_is_stored_as_a_negated_edge(shared_memory: Memory, user: str, said: str) -> None:
    out = shared_memory.add(said, user_id=user)
    added = out["relations"]["added"]
    assert added and all(r["relationship"].startswith("not_") for r in added if r["source"] == "User"), added


STANCE_FLIPS = [
    ("I really enjoy jazz.", "Honestly I'm sick of jazz these days.", "jazz"),
    ("I hate olives.", "ok weirdly I love olives now?? tastes change", "olives"),
    ("I love playing Fortnite.", "I'm so bored of Fortnite now.", "Fortnite"),
    ("I like country music.", "I can't stand country music anymore.", "country music"),
    ("I'm a big fan of opera.", "I'm not a fan of opera anymore.", "opera"),
]


@pytest.mark.parametrize(("before", "after", "thing"), STANCE_FLIPS, ids=[s[1][:30] for s in STANCE_FLIPS])
def test_a_new_stance_replaces_the_old_one_and_is_stored(shared_memory: Memory, user: str, before: str,
                                                         after: str, thing: str) -> None:
    shared_memory.add(before, user_id=user)
    out = shared_memory.add(after, user_id=user)
    assert any(r["event"] == "UPDATE" for r in out["results"]), out["results"]
    active = [r for r in records(shared_memory, user) if thing.lower() in r.text.lower()]
    assert (len(active) == 1 and after.split()[-1].strip("!?.") in " ".join(t.text for t in active)) or active
    assert any(thing.lower() in t.lower() for t in invalidated(shared_memory, user))


@pytest.mark.parametrize("said", ["Where should I eat tonight?", "Can you recommend a good book?",
                                  "Tell me a joke about cats", "what do you think about Rust", "thanks!",
                                  "Please remind me to call mom."])
def test_questions_requests_and_small_talk_are_not_memories(shared_memory: Memory, user: str, said: str) -> None:
    out = shared_memory.add(said, user_id=user)
    assert out["results"] == []
    assert shared_memory.get_all(user_id=user)["results"] == []
    assert [m["content"] for m in shared_memory.messages(user_id=user)] == [said]  # the raw message is kept


def test_a_possessive_chain_names_the_right_people(shared_memory: Memory, user: str) -> None:
    out = shared_memory.add("My friend Anna's brother is Marco.", user_id=user)
    rels = {(r["source"], r["relationship"], r["destination"]) for r in out["relations"]["added"]}
    assert ("Anna", "brother", "Marco") in rels and ("User", "friend", "Anna") in rels
    assert not any(s == "User" and d == "Marco" for s, _, d in rels)


@pytest.mark.parametrize(("said", "parts"), [
    ("I love hiking and I play the violin on weekends.", ["hiking", "violin"]),
    ("I live in Berlin and I work at Siemens.", ["Berlin", "Siemens"]),
    ("My sister lives in Paris and my brother works at a bakery.", ["Paris", "bakery"]),
])
def test_each_coordinated_clause_is_its_own_fact(rules, said: str, parts: list[str]) -> None:
    from mem_graph.types import Message

    facts = rules.extract([Message("user", said)])[0]
    for part in parts:
        assert sum(part in f.text for f in facts) == 1, [f.text for f in facts]
    assert all(f.text.split()[0] in ("User", "User's") for f in facts)  # no fragment without a subject


@pytest.mark.parametrize(("said", "text"), [
    ("I'm vegetarian, so no meat for me.", "User is vegetarian"),
    ("Leo left the bakery and now works at a bookshop.", "Leo works at a bookshop"),
    ("Honestly I'm sick of jazz these days.", "User is sick of jazz these days"),
    ("Had my 42nd birthday on Sunday!", "User had their 42nd birthday on Sunday"),
    ("Actually, I no longer use Windows.", "User no longer uses Windows"),
])
def test_fact_texts_read_as_clean_third_person_sentences(rules, said: str, text: str) -> None:
    from mem_graph.types import Message

    assert text in [f.text for f in rules.extract([Message("user", said)])[0]]


def test_he_and_my_brother_are_the_person_named_before(shared_memory: Memory, user: str) -> None:
    shared_memory.add("My brother Leo works at a bakery.", user_id=user)
    shared_memory.add("He loves jazz.", user_id=user)
    out = shared_memory.add("My brother left the bakery and now works at a bookshop.", user_id=user)
    current = [r.text for r in records(shared_memory, user)]
    assert any("bookshop" in t for t in current)
    assert not any("bakery" in r.text and r.polarity > 0 for r in records(shared_memory, user))
    assert any(r["event"] in ("UPDATE", "DELETE") for r in out["results"])
    leo = [r for r in records(shared_memory, user) if r.subject_key == "leo"]
    assert any("jazz" in r.text for r in leo)  # "he" was Leo


def test_facts_about_another_person_leave_the_users_slots_alone(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I live in Dublin.", user_id=user)
    shared_memory.add("My dad lives in Cork.", user_id=user)
    shared_memory.add("My friend Dana just started at Google.", user_id=user)
    assert invalidated(shared_memory, user) == []


def test_the_user_placeholder_does_not_win_keyword_search(memory: Memory) -> None:
    """'the user' in a query must not reward every fact that merely mentions the user."""
    from mem_graph.indexing import index_text

    assert "User" not in index_text("User's sister Anna lives in Paris", "durable", {}, subject_key="anna")
    assert index_text("User moved to Shanghai", "durable", {}, subject_key="user").startswith("User")


def test_a_custom_slot_from_config_is_single_valued(tmp_path) -> None:
    config = {"extraction": {"slots": [{"name": "gym", "relation": "trains_at", "cardinality": "single",
                                        "verbs": ["train_at"]}]}}
    with Memory(path=tmp_path / "m", config=config) as mem:
        mem.add("I train at FitZone.", user_id="u")
        out = mem.add("I train at IronWorks now.", user_id="u")
        assert [r["event"] for r in out["results"]] == ["UPDATE"]
        assert "slot gym" in out["results"][0]["reason"]


def test_a_fact_no_rule_can_place_is_kept_without_a_slot(rules) -> None:
    from mem_graph.types import Message

    facts = rules.extract([Message("user", "I fixed the fence behind the garage.")])[0]
    assert facts and all(f.slot is None and not f.single_valued for f in facts)


@pytest.mark.parametrize("said", ["I fix cars for a living.", "I fixed the fence behind the garage.",
                                  "My neighbour's dog barks all night."])
def test_a_prototype_never_guesses_a_slot_it_cannot_support(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add("I drive a Honda Civic.", user_id=user)
    shared_memory.add(said, user_id=user)
    assert invalidated(shared_memory, user) == []
