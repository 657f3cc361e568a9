"""Facts a clause states without an object to place: a separation or a retirement ("Tom and I split up",
"she retired"), a habit verb ("I no longer smoke"), a kin introduction ("my girlfriend Sara is visiting")
and an identity ("my friend Anna's brother is Marco")."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context, Subject, companion, dedupe_entities
from mem_graph.extract.kin_words import PARTNER_NOUNS
from mem_graph.extract.predicate import Predicate, object_text
from mem_graph.extract.recognise import SEPARATION
from mem_graph.extract.render import render
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

HABIT_VERBS = frozenset({"smoke", "vape"})


def left_a_job(verb: Any, by_speaker: bool) -> bool:
    """"my manager quit", "she resigned": someone's job left; the speaker's bare "I quit!" only beside work words
    ("quit my job" has an object; "ugh this puzzle, I quit" leaves no job)."""
    from mem_graph.extract.lexicon import WORK_WORDS

    return not by_speaker or bool(WORK_WORDS & {t.lower_ for t in verb.sent} - {"quit", "resigned", "left"})


def kin_fact(verb: Any, subject: Subject, subj_tok: Any, cues: Any, ctx: Context,
              message: Message) -> Fact:
    """"My girlfriend Sara is visiting this weekend": no object, but it says who Sara is."""
    kin = subject.triples[-1]
    partner = kin.relation in PARTNER_NOUNS and kin.subject == ctx.speaker and "'s " not in kin.object
    return Fact(text=render(verb, subject, ctx.speaker, subject_token=subj_tok),
                entities=dedupe_entities(subject.entities), triples=dedupe_triples(subject.triples),
                slot=f"{normalise_entity(ctx.speaker)}|partner" if partner else None,
                subject_key=normalise_entity(kin.subject if partner else subject.name),
                object_key=normalise_entity(kin.object) if partner else None,
                single_valued=False, rule=f"rules.clause:kin{'.partner' if partner else ''}",
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata), tense=cues.tense,
                evidence=f"slot partner: 'my {kin.relation} {kin.object}'" if partner else "kin")

def identity_fact(verb: Any, subject: Subject, subj_tok: Any, name: str, ctx: Context,
              message: Message) -> Fact:
    """"My friend Anna's brother is Marco": the unnamed relative gets a name (Anna -brother-> Marco)."""
    triples = [Triple(tr.subject, tr.relation, name if tr.object == subject.name else tr.object)
               for tr in subject.triples]
    owner = next((tr.subject for tr in triples if tr.object == name), None)
    if owner is not None and subject.kin:
        ctx.remember(owner, subject.kin, name)
    ctx.last_person = name
    entities = [e for e in subject.entities if e.name != subject.name] + [EntityRef(name, "person")]
    return Fact(text=render(verb, subject, ctx.speaker, subject_token=subj_tok), entities=dedupe_entities(entities),
                triples=dedupe_triples(triples), subject_key=normalise_entity(name),
                object_key=normalise_entity(owner or ""), rule="rules.clause:identity",
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata), evidence=f"identity: {subject.name} is {name}")

def bare_fact(verb: Any, pred: Predicate, subject: Subject, subj_tok: Any, cues: Any, ctx: Context,
               message: Message) -> Fact:
    """A clause whose verb alone changes a slot: "Tom and I split up", "I retired", "I no longer smoke"."""
    if pred.lemma in HABIT_VERBS:
        return habit_fact(verb, pred, subject, subj_tok, cues, ctx, message)
    spec_name = "partner" if pred.lemma in SEPARATION else "occupation"
    other = companion(subj_tok, of_subject=not subject.is_speaker) or (
        object_text(pred.preps["with"]) if "with" in pred.preps else None)
    if other and normalise_entity(other) == subject.key:
        other = None  # "sam broke up last week": Sam is not his own ex (the parse may hang him twice)
    owner = subject.key
    if not other and pred.dobj is not None and pred.dobj.lower_ in ("me", "us"):
        other = pred.dobj.text  # "Emma divorced me"
    if other and other.lower() in ("me", "us") and not subject.is_speaker:
        owner, other = normalise_entity(ctx.speaker), subject.name  # "emma broke up with me": the speaker's partner
    text = render(verb, subject, ctx.speaker, subject_token=subj_tok)
    triples = list(subject.triples)
    entities = list(subject.entities) or [EntityRef(subject.name, subject.type)]
    if spec_name == "partner":
        if other:
            triples.append(Triple(subject.name, "not_partner", other))
            entities.append(EntityRef(other, "person"))
        return Fact(text=text, entities=dedupe_entities(entities), triples=triples,
                    slot=f"{owner}|partner", subject_key=owner,
                    object_key=normalise_entity(other) if other else None, negated=True, polarity=1,
                    rule="rules.clause:partner.neg", message_ids=[message.id] if message.id else [],
                    timestamp=message.timestamp, metadata=dict(message.metadata), tense=cues.tense,
                    evidence=f"slot partner: '{pred.verb.text}' separation"
                             + (f" from {other}" if other else " (no one named: the current partner)"),
                    clears_slot=other is None)
    # "she retired": the occupation ends (the retirement is kept as stated, not as a new occupation)
    return Fact(text=text, entities=dedupe_entities(entities), triples=triples, slot=f"{subject.key}|occupation",
                subject_key=subject.key, object_key=None, negated=True, clears_slot=True,
                rule="rules.clause:occupation.neg", message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp, metadata=dict(message.metadata), tense=cues.tense,
                evidence=f"slot occupation: '{pred.verb.text}' ends it; cues: {', '.join(cues.words)}")

_WHEN = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
                   "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
                   "december", "week", "month", "year", "weekend", "today", "yesterday", "summer", "spring", "autumn",
                   "winter", "christmas", "easter"})


def left_work(verb: Any, lemma: str, objects: Any, by_speaker: bool) -> bool:
    """"she retired", "I quit!" beside work words, "dad retired on friday": work left, with no object but a when."""
    dated_only = all(getattr(o, "lower_", "") in _WHEN or getattr(o, "ent_type_", "") in ("DATE", "TIME")
                     for o in objects)  # ("retired on friday": the day is no object)
    return dated_only and (lemma == "retire" or (lemma in ("quit", "resign") and left_a_job(verb, by_speaker)))


def habit_fact(verb: Any, pred: Predicate, subject: Subject, subj_tok: Any, cues: Any, ctx: Context,
                message: Message) -> Fact:
    """"I smoke like a pack a day" / "I no longer smoke": the habit is the verb itself."""
    habit = pred.lemma
    triples = [*subject.triples] + ([] if cues.tense == "plan" else [
        Triple(subject.name, "not_habit" if cues.negated else "habit", habit)])
    entities = [*(subject.entities or [EntityRef(subject.name, subject.type)]), EntityRef(habit, "thing")]
    return Fact(text=render(verb, subject, ctx.speaker, subject_token=subj_tok), entities=dedupe_entities(entities),
                triples=triples, slot=None if cues.tense == "plan" else f"{subject.key}|habit|{habit}",
                subject_key=subject.key, object_key=habit, negated=cues.negated,
                rule=f"rules.clause:habit{'.neg' if cues.negated else ''}",
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata), tense=cues.tense,
                evidence=f"slot habit: '{habit}' verb lexicon" + (f"; cues: {', '.join(cues.words)}"
                                                                  if cues.words else ""))


def dedupe_triples(triples: list[Triple]) -> list[Triple]:
    return list(dict.fromkeys(triples))


def partner_intro(subject: Subject, ctx: Context, message: Message) -> Fact | None:
    """"My girlfriend Maya and I are thinking about getting a cat": whatever the clause says (even a plan),
    it says who the speaker's partner is."""
    kin = next((t for t in subject.triples if t.relation in PARTNER_NOUNS and t.subject == ctx.speaker
                and "'s " not in t.object), None)
    if kin is None:
        return None
    return Fact(text=f"{ctx.speaker}'s {kin.relation} is {kin.object}",
                entities=[EntityRef(ctx.speaker, "person"), EntityRef(kin.object, "person")], triples=[kin],
                slot=f"{normalise_entity(ctx.speaker)}|partner", subject_key=normalise_entity(ctx.speaker),
                object_key=normalise_entity(kin.object), single_valued=False, rule="rules.clause:kin.partner",
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata), evidence=f"slot partner: 'my {kin.relation} {kin.object}'")
