"""A pastime said with its verb alone: "I swim twice a week", "been running every morning lately", or inside
another verb: "I go swimming every morning", "I don't do running anymore", "took up running", "dropped
weightlifting".

An activity verb with no object names the activity itself (to swim is to do swimming), so the clause is one
value of the multi-valued hobbies slot, keyed by the activity. Only a habit is a hobby: the clause must say
how often or that it is new ("twice a week", "on weekends", "now"); "I ran for the bus this morning" is no
pastime (one occasion). A pastime given up ("i stopped running", "gave up swimming", "haven't been swimming since
covid") is its negation: the hobby ends.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.catalogue import SPORT_WORDS, SPORTS
from mem_graph.extract.clauses import Subject, compound_span
from mem_graph.extract.cues import CESSATION
from mem_graph.extract.lexicon import ACTIVITY_VERBS, HABIT_WORDS, tech_kind
from mem_graph.extract.predicate import object_text
from mem_graph.extract.render import render
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_CHANGE = frozenset({"now", "nowadays", "lately", "again", "anymore", "currently"})
_TAKING_UP = frozenset({"learn", "start", "begin"})


# the lemmatizer's "bouldere"; a sport said as a verb form ("dropped weightlifting": a VBG to the parser)
_ING_FORMS = {v: v for v in (*ACTIVITY_VERBS.values(), *SPORTS.split()) if v.endswith("ing")}
_OWN_CLAUSE = frozenset({"conj", "parataxis", "ccomp", "cc"})
_NO_PASTIME_PARTICLES = frozenset({"out", "into", "away", "by"})  # ("swim across the bay" is swimming)
_ONE_OCCASION = frozenset({"this", "that", "last", "next", "one", "yesterday", "tomorrow"})


def _took_up(verb: Any) -> bool:
    return verb.lemma_.lower() == "take" and any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children)


def _activity(tok: Any) -> str | None:
    if tok.lower_ in SPORT_WORDS and any(c.dep_ == "aux" and c.lemma_.lower() == "do" for c in tok.children):
        return str(tok.lower_)  # "I do zumba twice a week": the parser reads the sport as a verb after an aux "do"
    return ACTIVITY_VERBS.get(tok.lemma_.lower()) or _ING_FORMS.get(tok.lower_)


def _activity_named(tok: Any) -> str | None:
    """The activity an object names: "dropped weightlifting", "quit golf"; not a noun that is only the verb's stem
    ("dropped fish and dairy": food, not fishing)."""
    value = _activity(tok)
    if value is not None and tok.pos_ in ("NOUN", "PROPN") and value != tok.lower_:
        return None
    return value


_DISTANCE = re.compile(r"\d+(?:\.\d+)?(?:k|km|ks|mi|m)")
_DISTANCES = frozenset({"mile", "kilometre", "kilometer", "km", "k", "marathon", "lap", "length", "half", "10k", "5k"})
_WHEN_NOUNS = frozenset({"morning", "evening", "night", "afternoon", "day", "week", "weekend", "time", "lunchtime"})
# what a pastime makes or uses, said as its object ("I paint watercolours", "I knit socks", "I bake sourdough")
_PASTIME_OBJECTS = frozenset({"watercolour", "watercolor", "oil", "acrylic", "landscape", "portrait", "miniature",
                              "scarf", "sock", "jumper", "sweater", "blanket", "sourdough", "cake", "comic", "manga",
                              "pottery", "mural", "quilt"})


def _activity_of(pred: Any) -> tuple[str, Any] | None:
    """The activity the clause names and its token: the verb's own ("I swim"), or the one "going" goes to
    ("stopped going bouldering")."""
    if (value := _activity(pred.target)) is not None:
        return value, pred.target
    if pred.lemma in ("go", "do") or pred.lemma in CESSATION or _took_up(pred.verb):  # "don't do running", "took up"
        for tok in (pred.dobj, *(c for c in (*pred.target.children, *pred.verb.children) if c.dep_ == "xcomp")):
            if tok is not None and tok.i > pred.target.i and (
                    value := _activity_named(tok) or (tok.lower_ if tok.lower_ in SPORT_WORDS and pred.lemma in (
                        "do", "go") else None)) is not None:  # "don't do zumba anymore"
                return value, tok
    return None


def _present_simple(verb: Any, activity: Any) -> bool:
    """"I swim", "my son boxes", "I go running": a plain present of its own, with no aux, particle, object ("we run
    everything on k8s"), "if"/"when", nor a trip somewhere ("I walk to work" is a commute)."""
    return verb.tag_ in ("VBP", "VBZ") and verb.lemma_.lower() != "be" and not any(
        c.dep_ in ("aux", "auxpass", "prt", "mark") or (c.dep_ == "dobj" and c != activity and c.lemma_.lower()
                                                        not in _PASTIME_OBJECTS) or (
            c.dep_ == "prep" and c.lower_ in ("to", "into", "from")) for c in verb.children)


def _runs_on(pred: Any, cat: SlotCatalogue) -> bool:
    """"prod runs on postgres now", "we run with postgres": software running on software, no pastime; nor is
    running on a drink ("I basically run on flat whites")."""
    return any(c.dep_ == "prep" and c.lower_ in ("on", "in", "with") and any(
        g.dep_ == "pobj" and (tech_kind(g.lower_) is not None or (c.lower_ == "on" and getattr(
            cat.value_slot(compound_span(g)), "name", "") == "drinks")) for g in c.children)
        for c in pred.target.children)


def activity_fact(cat: SlotCatalogue, verb: Any, pred: Any, subject: Subject, subj_tok: Any, cues: Any,
                  speaker: str, message: Message) -> Fact | None:
    """The hobby an object-less activity verb states, or None when the clause is something else."""
    found = _activity_of(pred)
    spec = cat.get("hobbies")
    if found is None or spec is None or subject.type != "person" or cues.tense == "plan" or _runs_on(pred, cat) or (
            pred.dobj is not None and pred.dobj != found[1] and pred.dobj.lemma_.lower() not in _WHEN_NOUNS
            and pred.dobj.lemma_.lower() not in _PASTIME_OBJECTS
            and not pred.dobj.like_num and not _DISTANCE.fullmatch(pred.dobj.lower_) and pred.dobj.lemma_.lower()
            not in _DISTANCES):  # ("I boulder 3x a week": "3" read as the object; "I run 5k every morning")
        return None  # "I swim three mornings a week": the object says how often, it is no object
    if any(c.dep_ in ("prt", "prep") and c.lower_ in _NO_PASTIME_PARTICLES for c in found[1].children):
        return None  # "I run out of time a lot", "we ran into Jo": no running
    value = found[0]
    # the clause's own words, not those of a clause joined to it ("go swimming every morning": "every" is go's)
    tokens = {*pred.target.subtree, *(t for c in pred.verb.children if c.dep_ not in _OWN_CLAUSE for t in c.subtree)}
    words = {t.lower_ for t in tokens}
    # "twice a week", "every morning"; "this morning" or "last week" is one occasion ("I ran for the bus")
    habit = sorted({t.lower_ for t in tokens if t.lower_ in HABIT_WORDS | _CHANGE and not any(
        c.lower_ in _ONE_OCCASION for c in t.children)})
    stopped = cues.negated and "since" in words  # "haven't been swimming since covid": the pastime stopped
    if stopped:
        habit.append("since")
    if _took_up(pred.verb):
        habit.append("take up")  # "took up running in the spring": a new pastime
    if pred.verb.i != pred.target.i and pred.verb.lemma_.lower() in _TAKING_UP:
        habit.append(pred.verb.lemma_.lower())  # "I'm learning to surf", "started to climb": a new pastime
    ceased = (pred.verb.i != pred.target.i or found[1] != pred.target) and \
        pred.verb.lemma_.lower() in CESSATION and (
            pred.verb.lemma_.lower() != "give" or any(c.lower_ == "up" for c in pred.verb.children))
    if ceased and (cues.negated or found[1] != pred.target):
        habit.append(pred.verb.lemma_.lower())  # "i stopped running", "dropped weightlifting": the pastime ends
    if cues.negated and "while" in words:
        habit.append("for a while")  # "I'm not running for a while": the pastime stops, for now
    if cues.instead:
        habit.append("instead")  # "swimming instead": a pastime in another's place
    if not habit and "used to" in cues.words:
        habit.append("used to")  # "I used to swim": a pastime of the past
    if not habit and _present_simple(pred.verb, found[1]):
        habit.append("present simple")  # "I swim", "I go running": what one does, not one occasion
    if not habit:
        return None
    negated = bool(cues.negated) or (ceased and found[1] != pred.target)
    relation = f"not_{spec.relation}" if negated else spec.relation
    said = [*cues.words, *(["since (stopped)"] if stopped else [])]  # a change: it ends the stance on it too
    cue_words = f"; cues: {', '.join(said)}" if said else ""
    return Fact(
        text=render(verb, subject, speaker, subject_token=subj_tok),
        entities=[*(subject.entities or [EntityRef(subject.name, subject.type)]), EntityRef(value, "thing")],
        triples=[*subject.triples, Triple(subject.name, relation, value)],
        slot=f"{subject.key}|{spec.name}|{value}", subject_key=subject.key, object_key=value, negated=negated,
        # "I do water aerobics now instead of bridge": bridge ends
        replaces=[normalise_entity(object_text(cues.instead_of))] if cues.instead_of is not None else [],
        rule=f"rules.clause:{spec.name}.activity{'.neg' if negated else ''}",
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
        metadata=dict(message.metadata), tense=cues.tense,
        evidence=f"slot {spec.name}: '{pred.lemma}' names the activity '{value}' (habit: {', '.join(habit)})"
                 + cue_words)
