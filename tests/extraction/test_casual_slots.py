"""Casual ways of saying a slot changed, or gained one more value, beyond the phrasings the rules were first
built on: job nouns ("landed a gig as"), promotions, "quit to become", class lexicons (job titles, bike makes,
gym chains, transport, tech names), "instead", a team's tool swap; and additions that must invalidate nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated

# (first statement, later statement, word only the old value has, word of the new value)
CHANGES = [
    # a job noun with "as" names the job; a promotion names the new title; "quit to become" is a change
    ("i'm a receptionist at a dental clinic", "big news, i landed a gig as a barista downtown!!", "receptionist",
     "barista"),
    ("I work as a sales associate", "nah good actually, I got promoted to store manager 🎉", "sales associate",
     "manager"),
    ("I'm a civil engineer", "so I quit to become a carpenter. best decision ever tbh", "civil engineer",
     "carpenter"),
    # job titles beyond the first lexicon
    ("im a paralegal", "haha not anymore, i'm a dog groomer now", "paralegal", "groomer"),
    # a school named without a school word
    ("I study at Leeds Beckett", "I transferred to the University of Manchester this semester", "Leeds Beckett",
     "Manchester"),
    # an organisation the tagger calls a common noun
    ("I'm at Accenture", "I joined Stripe last month.", "Accenture", "Stripe"),
    # a favourite said with the value as the subject
    ("my fav food is pizza", "ok ramen is my favorite food now, sorry pizza", "pizza", "ramen"),
    # bikes, gyms and commutes, recognised by their value words
    ("I ride a Trek road bike to work", "I upgraded to a Specialized, the trek got stolen", "Trek", "Specialized"),
    ("I go to Anytime Fitness", "switched to PureGym this month, it's way cheaper", "Anytime", "PureGym"),
    ("I take the bus to work", "but I cycle to work now, bought an ebike", "bus", "cycle"),
    # "instead" ends the other values of a per-object slot
    ("I drink coffee every morning", "I drink green tea in the mornings now instead", "coffee", "tea"),
    # a comma splice's "couldn't" is not a hedge of the switch before it
    ("I play the trumpet in a brass band", "I switched from trumpet to trombone, my lips couldn't take it",
     "trumpet", "trombone"),
    # the team swapping a library replaces what "our frontend" used
    ("our frontend uses Redux for state", "we swapped redux for zustand last sprint", "Redux", "zustand"),
    # a news lead-in before a statement that drops its "I"
    ("i work for Siemens", "good news tho, got hired by Bosch, they're 10 min from my place", "Siemens", "Bosch"),
    # employers and jobs said without "work at" / "work as"
    ("I work at KPMG", "I'm with Deloitte now", "KPMG", "Deloitte"),
    ("I work for Deliveroo", "I drive for Uber now", "Deliveroo", "Uber"),
    ("I'm a waiter", "I clean houses for a living now", "waiter", "houses"),
    ("I'm a cashier", "I make a living as a tattoo artist these days", "cashier", "tattoo"),
    ("I'm an accountant.", "I earn a living as a plumber these days.", "accountant", "plumber"),
    # "with <a person>" is a partner, never a name
    ("I'm dating Chris", "I'm with Tom now", "Chris", "Tom"),
    # the school named by the object, the place by "at"
    ("I study at Leeds Beckett", "started uni at Bristol this year", "Leeds", "Bristol"),
    # an age in words, "X's my boyfriend", a "new favourite"
    ("I'm 29", "I'm thirty now", "29", "thirty"),
    ("I'm dating Sam", "Ben's my boyfriend now", "Sam", "Ben"),
    ("My favourite film is Alien", "Dune is my new favourite film", "Alien", "Dune"),
    # "ditched / dropped X for Y" is a swap, like "traded X for Y"
    ("I have a Samsung Galaxy", "finally ditched my galaxy for an iphone", "Galaxy", "iphone"),
    ("our frontend is built with Angular", "we dropped Angular for React last year", "Angular", "React"),
    # a move said in the sentence makes "I'm in X" the new home; "my job is at X" names the employer
    ("I live in Denver", "relocated for work, I'm in Singapore", "Denver", "Singapore"),
    ("I work at ITV", "my new job is at the BBC", "ITV", "BBC"),
    ("I live in Portland", "I call Seattle home now", "Portland", "Seattle"),
]


@pytest.mark.parametrize(("before", "after", "old", "new"), CHANGES, ids=[c[1][:40] for c in CHANGES])
def test_a_casual_change_supersedes_the_old_value(shared_memory: Memory, user: str, before: str, after: str,
                                                  old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)

    now = current(shared_memory, user)
    assert any(new.lower() in t.lower() for t in now), now
    assert not any(old.lower() in t.lower() and new.lower() not in t.lower() for t in now), now
    assert any(old.lower() in t.lower() for t in invalidated(shared_memory, user))


# (first statement, one more value, a word of each) -- nothing is invalidated
ADDITIONS = [
    ("I know Python pretty well", "learned Rust over the summer too, it's hard but fun", "Python", "Rust"),
    ("i do pottery on weekends", "also started rock climbing with my coworkers", "pottery", "climbing"),
    ("I swim twice a week", "yeah and I joined a five-a-side football team too!", "swim", "football"),
    ("I use VS Code and Docker every day", "started using Kubernetes at work too", "Docker", "Kubernetes"),
    ("I play chess", "i'm learning to surf this summer", "chess", "surf"),
    ("I speak English", "I also know some Spanish", "English", "Spanish"),
    ("I do yoga", "just signed up for salsa classes", "yoga", "salsa"),
]


@pytest.mark.parametrize(("text", "slot"), [
    ("my hobbies include chess and baking", "user|hobbies|chess"),
    ("i'm learning to surf", "user|hobbies|surfing"),
    ("started to climb on weekends", "user|hobbies|climbing"),
    ("I also know some Spanish", "user|languages|spanish"),
    ("just signed up for salsa classes", "user|hobbies|salsa classes"),
])
def test_one_more_value_lands_in_its_multi_valued_slot(rules: RuleExtractor, text: str, slot: str) -> None:
    facts = rules.extract([Message("user", text)])[0]
    assert slot in [f.slot for f in facts], [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("first", "more", "a", "b"), ADDITIONS, ids=[c[1][:40] for c in ADDITIONS])
def test_one_more_value_invalidates_nothing(shared_memory: Memory, user: str, first: str, more: str, a: str,
                                            b: str) -> None:
    shared_memory.add(first, user_id=user)
    out = shared_memory.add(more, user_id=user)

    assert not [r for r in out["results"] if r["event"] in ("UPDATE", "DELETE")], out["results"]
    now = current(shared_memory, user)
    assert any(b.lower() in t.lower() for t in now), now
    assert not invalidated(shared_memory, user)


def test_a_new_job_says_which_slot_and_why(rules: RuleExtractor) -> None:
    """The audit trail names the slot and the evidence of each new phrasing."""
    facts = rules.extract([Message("user", "I got a job as a nurse")])[0]
    assert [f.slot for f in facts] == ["user|occupation"]
    assert "slot occupation" in facts[0].evidence and "nurse" in facts[0].evidence


@pytest.mark.parametrize("text", ["we have a nanny now", "I started a new building project", "I joined a new team",
                                  "I drive for fun", "I ran for the bus"])
def test_a_value_word_does_not_guess_a_slot_it_does_not_fit(rules: RuleExtractor, text: str) -> None:
    """Someone else's job, a thing begun, a team at work: no occupation or hobby is guessed."""
    facts = rules.extract([Message("user", text)])[0]
    placed = [(f.text, f.slot) for f in facts if f.slot]
    assert not any(slot.split("|")[1] in ("occupation", "hobbies", "employer", "commute") for _, slot in placed), placed


def test_a_value_given_up_in_the_same_line_is_not_listed_as_current(rules: RuleExtractor) -> None:
    """"I play bass now, gave up guitar": the guitar belongs to the clause that gives it up."""
    facts = rules.extract([Message("user", "I play bass now, gave up guitar")])[0]
    assert any(f.slot == "user|hobbies|bass" for f in facts), [(f.text, f.slot) for f in facts]
    assert not any("guitar" in (f.object_key or "") and not f.negated for f in facts), \
        [(f.text, f.slot, f.negated) for f in facts]


@pytest.mark.parametrize("text", ["I dropped sugar for a month", "dropped meat for health reasons"])
def test_dropping_something_for_a_while_or_a_reason_is_still_giving_it_up(rules: RuleExtractor, text: str) -> None:
    facts = rules.extract([Message("user", text)])[0]
    assert facts and all(f.negated for f in facts), [(f.text, f.negated) for f in facts]


def test_a_prototype_slot_must_take_the_object(shared_memory: Memory, user: str) -> None:
    """"relocated for work": the nearest prototype is a move, but "work" is no city."""
    out = shared_memory.add("relocated for work last month", user_id=user)
    assert not any((r.get("slot") or "").endswith("residence") for r in out["results"]), out["results"]
    facts = shared_memory.get_all(user_id=user)["results"]
    assert not any(f.get("slot") == "user|residence" for f in facts), [(f["memory"], f.get("slot")) for f in facts]


def test_moving_from_one_city_to_another_changes_the_home_not_a_tool(shared_memory: Memory, user: str) -> None:
    """"we moved from denver to austin": no place word the tagger knows, so only the move says it is a home
    (it was stored as 'User now uses austin', a tool)."""
    shared_memory.add("i live in denver", user_id=user)
    shared_memory.add("we moved from denver to austin last month", user_id=user)

    austin = [m for m in shared_memory.get_all(user_id=user)["results"] if "austin" in m["memory"].lower()]
    assert austin and all(m.get("slot") == "user|residence" and "lives in" in m["memory"] for m in austin), austin
    assert any("denver" in t.lower() for t in invalidated(shared_memory, user))
