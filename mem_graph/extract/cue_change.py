"""``cue_change``: a change said with a change cue replaces the same kind of statement.

The slot catalogue knows which attributes hold one value at a time (residence, employer...), and a new value
there ends the old one (``single_value``). Most of what people say about their habits and tools falls in no
single-valued slot, yet a change word says the new statement takes the old one's place:

    "i use notion for notes"  ...  "these days i use obsidian for notes"   -> the Notion fact ends
    "i drink about 4 coffees a day"  ...  "switched to tea"               -> the coffee fact ends

The rule fires when all of these hold, and only then:

- the new fact is positive, present-tense (no hedge, plan, past or negation) and carries a change cue the
  clause reader (``cues.py``) put in its evidence: now, nowadays, these days, currently, instead, or a
  switching verb (switched, swapped, replaced);
- it is not said as one more value ("also", "too", "as well", "another", "second", "more", "both"...);
- an active fact of the same subject, from an earlier turn, states the same predicate (the relation of its
  triple, or the same slot family) with a different object; a switching verb names no predicate of its own
  ("switched to tea"), so for it the objects' kind stands in for the predicate;
- the two objects are of a comparable kind: when the class lexicons know both, the same kind (guitar and
  tennis are an instrument and a sport: "now I play tennis" adds a sport, ends no instrument), and a purpose
  both name must be the same ("for notes"); a switch, or a slot of many unlike things (hobbies, tools), needs
  one of these shown, the same known kind or the same purpose;
- the predicate is not one of collecting (has, owns, pets, languages, conditions, allergies, skills, likes):
  "I have a dog now" is one more thing, never a replaced one.

``cue_change(fact, records)`` returns the replaced records and the reason naming the rule, the cue and the
shared predicate, e.g. ``ends 'User uses notion for notes': same predicate 'uses', change cue 'these days'``.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import EXERCISES, INSTRUMENTS, LANGUAGES, PETS, PLAYED_SPORTS
from mem_graph.extract.couples import status_and_partner
from mem_graph.extract.lexicon import (
    ACTIVITY_VERBS,
    CAR_VALUES,
    COMPUTER_VALUES,
    DISHES,
    MUSIC_GENRES,
    OCCUPATIONS,
    PHONE_VALUES,
    TECH,
    TRANSPORT,
    tech_kind,
)
from mem_graph.extract.negation import KINDS, counted
from mem_graph.extract.role_nouns import DRINKS
from mem_graph.types import Fact, MemoryRecord, normalise_entity

# the cue words read_cues notes that say a state changed (not "again": a return adds the old state back)
CHANGE_WORDS = frozenset({"now", "nowadays", "these days", "currently", "instead", "lately"})
_RECENT = frozenset({"lately"})  # "lately i've been playing drums": often one more pastime, so not for those
SWITCHING = ("switch", "swap", "replac")  # a verb whose object takes another's place: any predicate
# "mostly switched to", "moved on to", "transferred to"
_SWITCHED_TO = re.compile(r"\b(?:switch|swapp?|migrat|mov|transferr?)\w* (?:over |on |back )?to\b", re.I)
# one more value, not another in its place ("I also play piano now", "we got a second cat"; "no more coffee" ends one)
_ADDITIVE = re.compile(r"\b(?:also|too|as well|another|second|third|(?<!no )(?<!any )more|both|additionally|plus"
                       r"|in addition|on top of|extra|as much)\b", re.I)
# predicates of things one collects: a new one is one more
_COLLECTING_SLOTS = frozenset({"pets", "languages", "health_condition", "allergies", "skills", "owns", "children",
                               "kids", "siblings", "friends"})
_COLLECTING_RELATIONS = frozenset({"has", "have", "owns", "has_pet", "speaks", "can", "allergic_to",
                                   "has_condition", "dislikes", "hates", "knows", "is", "gets", "got", "buys",
                                   "adopts", "visits", "meets", "sees"})
# slots of unlike things (an instrument, a sport, pottery; what one likes): both objects must be shown alike
_KIND_SLOTS = frozenset({"hobbies", "tools", "role", "stance", "likes", "loves", "enjoys", "hobby"})
_PURPOSE = re.compile(r"\bfor (?:my |our |the |a |an )?([a-z][\w-]*(?: [a-z][\w-]*)?)")

_HOT_DRINKS = frozenset({"coffee", "tea", "espresso", "latte", "cappuccino", "chai", "matcha", "cocoa", "decaf",
                         "americano", "mocha", "macchiato", "kombucha", "mate", "rooibos", "caffeine", "cortado"})
HOT_DRINK_NAMES = frozenset({"flat white", "cold brew", "hot chocolate", "long black"})  # (not "white": wine)
_ALCOHOL = frozenset({"beer", "wine", "cider", "whisky", "whiskey", "gin", "vodka", "rum", "lager", "ale", "prosecco"})
_SOFT_DRINKS = DRINKS - _HOT_DRINKS - _ALCOHOL - {"drink", "milk"}
_LEXICON_KINDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("instrument", frozenset(INSTRUMENTS.split())), ("sport", frozenset(PLAYED_SPORTS.split())),
    ("exercise", frozenset(EXERCISES.split())),
    ("activity", frozenset(ACTIVITY_VERBS.values())), ("pet", frozenset(PETS.split())),
    ("language", frozenset(LANGUAGES)), ("car", frozenset(CAR_VALUES)), ("phone", frozenset(PHONE_VALUES)),
    ("computer", frozenset(COMPUTER_VALUES)),
    ("transport", frozenset(TRANSPORT)), ("occupation", frozenset(OCCUPATIONS)),
    ("hot drink", _HOT_DRINKS), ("soft drink", _SOFT_DRINKS), ("alcohol", _ALCOHOL),
    ("school", frozenset({"school", "university", "uni", "college", "academy", "kindergarten", "nursery"})),
    *((k, v) for k, v in KINDS.items()),
)


def cue_words(fact: Fact) -> list[str]:
    """The cues the clause reader noted in the fact's evidence ("now", "moved", "negated")."""
    _, found, tail = fact.evidence.rpartition("cues: ")
    return [w.strip() for w in tail.split(";")[0].split(",")] if found else []


def change_cue(fact: Fact) -> str | None:
    """The change cue the clause reader noted in the fact's evidence ("these days", "switched"), if any."""
    return next((w for w in cue_words(fact) if w in CHANGE_WORDS or w.startswith(SWITCHING)), None)


def object_kind(key: str | None) -> str | None:
    """The class an object key names ("the cello" -> "instrument", "4 coffees" -> "hot drink"), by the class
    lexicons; a tool of no one job is a kind of its own ("docker")."""
    if not key:
        return None
    if (kind := tech_kind(key)) is not None:
        return f"tech {kind}"
    if key in MUSIC_GENRES:  # the whole name only ("drum and bass" is no instrument; "my house" no genre)
        return "music"
    if key in DISHES:
        return "dish"
    if key in HOT_DRINK_NAMES:
        return "hot drink"
    # each word as said and singular ("tennis", "4 coffees" -> "coffee"), the head (last word) first
    for word in reversed(key.replace(",", " ").split()):
        single = counted(word)
        if word in TECH:
            return f"tech {word}"
        for kind, words in _LEXICON_KINDS:
            if word in words or single in words:
                return kind
    return None


def _slot_name(slot: str | None) -> str | None:
    parts = (slot or "").split("|")
    return parts[1] if len(parts) > 1 else None


def _relation(triples: list[tuple[str, str, str]], subject: str, obj: str | None) -> str | None:
    """The relation of the triple that states ``subject``'s value ``obj`` (the last of the subject's, if none
    names it)."""
    own = [(r, o) for s, r, o in triples if normalise_entity(s) == subject]
    return next((r for r, o in own if normalise_entity(o) == obj), own[-1][0] if own else None)


def _purpose(text: str, obj: str | None) -> str | None:
    """What the fact says the object is for ("uses notion for notes" -> "notes"), not the object's own words."""
    found = _PURPOSE.search(text.lower())
    if found is None or (obj and found.group(1) in obj):
        return None
    return found.group(1)


_PASTIME_KINDS = frozenset({"sport", "exercise", "activity"})


def _comparable(fact: Fact, record: MemoryRecord, *, need_kind: bool, switching: bool = False) -> bool:
    """The two objects are shown to be of one kind: the same class lexicon kind, or the same stated purpose
    ("for notes"); for a switch or a slot of unlike things one of these is needed, elsewhere two things no
    lexicon knows are taken as alike unless their purposes differ."""
    new_kind, old_kind = object_kind(fact.object_key), object_kind(record.object_key)
    new_for, old_for = _purpose(fact.text, fact.object_key), _purpose(record.text, record.object_key)
    if new_for is not None and old_for is not None and new_for != old_for:
        return False  # "uses notion for notes" / "uses figma for design"
    if switching and new_kind in _PASTIME_KINDS and old_kind in _PASTIME_KINDS:
        return True  # "switched to swimming" after football: a pastime for a pastime
    if new_kind is not None or old_kind is not None:
        return new_kind == old_kind  # one of a known class and one of none is not shown to be alike
    return (new_for is not None and new_for == old_for) or not need_kind


def cue_change(fact: Fact, records: list[MemoryRecord]) -> tuple[list[MemoryRecord], str] | None:
    """The active facts a cued change replaces, with the reason; None when the rule does not fire."""
    subject, obj = fact.subject_key, fact.object_key
    cue = change_cue(fact)
    if (cue is None or not subject or not obj or fact.negated or fact.polarity <= 0 or fact.tense != "present"
            or fact.layer == "episodic" or _ADDITIVE.search(fact.text)):
        return None
    switching = cue.startswith(SWITCHING) or _SWITCHED_TO.search(fact.text) is not None
    slot = _slot_name(fact.slot)
    relation = _relation([(t.subject, t.relation, t.object) for t in fact.triples], subject, obj)
    said_in = set(fact.message_ids)
    ended: list[MemoryRecord] = []
    shared = ""
    for r in records:
        if (r.subject_key != subject or r.polarity <= 0 or r.layer == "episodic" or not r.object_key
                or r.object_key == obj or set(r.source.get("message_ids") or []) & said_in):
            continue  # another subject, a negative or verbatim memory, the same value, or the same turn's
        if status_and_partner(fact.slot, obj, r.object_key):
            continue  # "in a relationship, 3 years now" and "my boyfriend is called Tom": both hold
        old_slot = _slot_name(r.slot)
        old_relation = _relation([(t.subject, t.relation, t.object) for t in r.triples], subject, r.object_key)
        if switching:
            predicate = "switch"
        elif slot is not None and old_slot == slot:
            predicate = slot
        elif relation is not None and old_relation == relation:
            predicate = relation
        else:
            continue
        if {slot, old_slot} & _COLLECTING_SLOTS or {relation, old_relation} & _COLLECTING_RELATIONS:
            continue
        pastime = bool({slot, old_slot, relation, old_relation} & _KIND_SLOTS)
        if pastime and not switching and (cue in _RECENT or object_kind(obj) == "exercise"):
            continue  # "doing pilates now": often one more way to keep fit (yoga stays)
        need_kind = switching or pastime
        if _comparable(fact, r, need_kind=need_kind, switching=switching):
            ended.append(r)
            shared = shared or (f"a switch within the kind {object_kind(obj)!r}" if switching
                                else f"same predicate {predicate!r}")
    if not ended:
        return None
    texts = ", ".join(repr(r.text) for r in ended)
    return ended, f"ends {texts}: {shared}, change cue {cue!r}"
