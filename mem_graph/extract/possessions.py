"""A thing of the speaker's that ended by itself: "my car got stolen", "the Golf finally died", "my phone broke",
"the Octavia got written off in a crash".

The clause's subject is the thing, not the speaker, so no verb lexicon reads it: the speaker's car, bike or phone
(said "my car", or by its model with "the": "the Golf") is the subject of an ending ("die", "break", "get
stolen", "get totalled"). The fact ends that slot's current value (``clears_slot``), as "I sold my car" does;
said by its model ("the focus finally died"), only the value that names it (not the new car the same turn names).
Not someone else's ("my brother's car died"), not a negation or a plan ("my phone didn't break", "the car might
die"), nor a part of the thing ("my car's battery died": the subject is the battery), nor what is soon fixed
("car broke down again", "phone died, need a charger": only "finally died" is gone for good).
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.catalogue import SlotSpec
from mem_graph.extract.clauses import compound_span, span_text
from mem_graph.extract.cues import read_cues
from mem_graph.extract.predicate import content_verb
from mem_graph.extract.render import LEAD_INS
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_ENDINGS = frozenset({"die", "break", "steal", "total", "scrap", "wreck", "nick", "pinch", "repossess"})
_OWNED = ("car", "bike", "phone", "computer")
_CAR_ENDINGS = frozenset({"total", "scrap", "wreck", "repossess"})
GONE_WORDS = frozenset({"dead", "toast", "kaput", "bricked", "knackered", "busted"})  # "my phone is toast"
_FOR_GOOD = frozenset({"finally", "completely", "properly", "officially"})  # a battery that died is no phone gone


def _thing(subj: Any, cat: SlotCatalogue) -> tuple[SlotSpec, str] | None:
    """The slot and the words of the speaker's thing ``subj`` names: "my car", "our van", "the Golf"."""
    owners = [c for c in subj.children if c.dep_ in ("poss", "det")]
    if any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in owners):
        return None  # "my brother's car", "her phone"
    # "bike got nicked outside the hospital": chat leaves out the "my" of a sentence's first word
    mine = any(c.lower_ in ("my", "our") for c in owners) or (not owners and subj.i == subj.sent.start)
    for name in _OWNED:
        spec = cat.get(name)
        if spec is not None and mine and subj.lemma_.lower() in spec.nouns:
            return spec, subj.lemma_.lower()  # "my car", "our phone"
    spec = cat.value_slot(compound_span(subj))
    if spec is None and subj.pos_ == "PROPN" and subj.head.lemma_.lower() in _CAR_ENDINGS:
        spec = cat.get("car")  # "the Octavia got totalled": only a car is totalled
    if spec is not None and spec.name in _OWNED and (mine or any(c.lower_ == "the" for c in owners)):
        return spec, span_text(compound_span(subj))  # "the Golf", "my Octavia"
    return None


def possession_ended(verb: Any, speaker: str, cat: SlotCatalogue, message: Message) -> Fact | None:
    """The speaker's thing the clause of ``verb`` says ended, as a fact that ends its slot; None otherwise."""
    lemma, words = verb.lemma_.lower(), {c.lower_ for c in verb.children}
    aux_be = any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in verb.children)
    if (lemma == "be" and any(c.dep_ in ("acomp", "attr") and c.lower_ in GONE_WORDS for c in verb.children)) or (
            verb.lower_ in GONE_WORDS and aux_be):
        # (the parser takes "my laptop is kaput" for a verb "kaput" after an auxiliary)
        words |= {"finally"}  # "the thinkpad is dead", "my phone is toast": gone for good, as "finally died"
        lemma = "die"
    if lemma not in _ENDINGS or (lemma == "break" and words & {"down", "up"}) or (
            lemma == "die" and not words & _FOR_GOOD):  # "car broke down again", "phone died, need a charger"
        return None
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    found = _thing(subj, cat) if subj is not None else None
    if found is None or subj is None:
        return None
    cues = read_cues(verb, content_verb(verb))
    if cues.negated or cues.tense == "plan":
        return None  # "my phone didn't break", "the car might die"
    spec, thing = found
    generic = thing in spec.nouns  # "my car died" ends whatever car it is; "the focus died" only the Focus
    key = normalise_entity(speaker)
    # (up to a bracket or a comma: "the thinkpad is dead (stairs. don't ask.)" says no more about it)
    end = next((t.i for t in verb.doc[verb.i: verb.sent.end] if t.text in ("(", ",", ";", ":", "-")), verb.sent.end)
    said = [f"{speaker}'s" if t.lower_ in ("my", "our") or (t.lower_ == "the" and t.head.i == subj.i) else t.text
            for t in verb.subtree if (not t.is_punct or t.i < verb.i) and t.i < end and t.i >= subj.left_edge.i
            and not (t.i < subj.i and (t.dep_ == "intj" or t.lower_ in LEAD_INS))]  # (not "Well User's hilux died")
    text = " ".join(said).replace(" 's", "'s")
    return Fact(text=text[:1].upper() + text[1:], entities=[EntityRef(speaker, "person"), EntityRef(thing, "thing")],
                triples=[Triple(speaker, f"not_{spec.relation}", thing)], slot=f"{key}|{spec.name}",
                subject_key=key, object_key=normalise_entity(thing), negated=True, clears_slot=generic,
                single_valued=True, rule=f"rules.clause:{spec.name}.ended", tense=cues.tense,
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata),
                evidence=f"slot {spec.name}: '{subj.text} {verb.text}' (the speaker's {spec.name} ended)")


# "we bought a second car", "work gave me an android too", "carrying two phones now": one more, none replaced
_ONE_MORE_THING = re.compile(r"\b(?:second(?![- ]hand)|another|extra|spare|too|as well|also|both|two)\b", re.I)


# said anywhere in the turn: "cheapest way to insure two cars", "both phones", "the other laptop"
_SEVERAL = re.compile(r"\b(?:two|2|both|the other|our other|my other) (?:cars?|motors?|phones?|mobiles?|laptops?|"
                      r"computers?|bikes?)\b", re.I)
_ONE_MORE_NOTE = " (one more of its kind: the turn says several)"


def _of_a_thing_owned(fact: Fact) -> bool:
    return (fact.slot or "").rsplit("|", 1)[-1] in _OWNED


def note_several_owned(facts: list[Fact], text: str) -> None:
    """Mark the turn's car, bike, phone or computer facts when the turn says the speaker has several ("picked up a
    little fiat 500 ... how do I insure two cars"): one more, not one in the old one's place."""
    if _SEVERAL.search(text):
        for f in facts:
            if _of_a_thing_owned(f) and not f.negated:
                f.evidence += _ONE_MORE_NOTE


def one_more_owned(fact: Fact) -> bool:
    """Whether ``fact`` says the speaker has one more car, bike, phone or computer (beside the one held)."""
    return _of_a_thing_owned(fact) and (_ONE_MORE_NOTE in fact.evidence or bool(_ONE_MORE_THING.search(fact.text)))


def ended_thing_records(fact: Fact, records: list[Any]) -> list[Any]:
    """The speaker's records of the slot that name the thing a model-named ending names ("User drives a Skoda
    Octavia, ..." for "the Octavia got written off"), whatever value the slot was keyed by."""
    if not fact.rule.endswith(".ended") or fact.clears_slot or not fact.object_key:
        return []
    named = re.compile(rf"(?<![\w-]){re.escape(fact.object_key)}(?![\w-])", re.I)
    return [r for r in records if r.slot == fact.slot and r.polarity > 0 and named.search(r.text)]
