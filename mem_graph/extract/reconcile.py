"""Reconciliation: each candidate fact becomes ADD, UPDATE(existing), DELETE(existing) or NONE.

Rules run in a fixed order and the first that fires decides; its name and a human-readable reason go to the
history, so every decision is auditable:

1. ``hash``         identical normalised text already stored            -> NONE
   ``correction``   "actually it's Luna, not Misty" (correction.py) -> UPDATE the corrected memory
2. ``hedge``        a plan, hedge, hypothetical ("I might move"), or a negation kept to some days
                    ("I don't teach on mondays", negation.some_times_only) -> ADD, never updates
3. ``past``         "I used to live in Rome": ends the same current fact -> UPDATE, else ADD (stored invalidated)
4. ``negation``     "I don't eat meat anymore" cancels the positive facts
                    about the same subject and object (same slot, or any
                    slot when a change word says the state ended)        -> UPDATE (statement kept)
                    (the same turn states the replacement)               -> DELETE each
                    (nothing to cancel: the negative fact is kept)       -> ADD
5. ``restatement``  same slot, object and polarity -> NONE; 6. ``reversal`` polarity flipped ("sick of jazz") -> UPDATE
7. ``single_value`` a single-valued slot (residence, employer, age…) gets a new value -> UPDATE
8. ``replacement``  "switched from X to Y": the facts about X            -> UPDATE
9. ``cue_change``   a present, positive fact with a change cue ("these days i use obsidian for notes") ends the
                    same subject's earlier fact, same predicate, object of a comparable kind (cue_change.py) -> UPDATE
10. ``near_duplicate`` dense cosine >= threshold with an existing fact -> NONE; 11. ``new`` otherwise -> ADD

Only a single-valued slot, the same object with a flipped stance, or a change said with a change cue is ever
superseded: a multi-valued addition ("I also speak French") never invalidates. Reasons name the slot and the
extractor's evidence. Candidates also see the facts planned earlier in the same add(), so one call that says
"I live in Beijing… I moved to Shanghai" ends with one current fact.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from mem_graph.config import ReconcileConfig
from mem_graph.extract.aliases import same_person_key
from mem_graph.extract.births import ended_pregnancy
from mem_graph.extract.catalogue import DEFAULT_SLOTS, PETS
from mem_graph.extract.couples import stage_moved_on, status_and_partner
from mem_graph.extract.cue_change import change_cue, cue_change, cue_words
from mem_graph.extract.deaths import dead_person_records
from mem_graph.extract.graduation import student_records
from mem_graph.extract.jobs import other_attribute_ended
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS
from mem_graph.extract.lexicon import tech_kind
from mem_graph.extract.losses import died_pet_records
from mem_graph.extract.mention_end import ended_by_mention
from mem_graph.extract.mentions import mention_lookups, stale_mentions
from mem_graph.extract.negation import (
    STANCE_KINDS,
    breaks_diet,
    counted,
    drops_diet,
    ends_too,
    excluded_by_diet,
    kind_of,
    some_times_only,
)
from mem_graph.extract.one_role import replaced_role
from mem_graph.extract.possessions import ended_thing_records, one_more_owned
from mem_graph.extract.same_value import one_slot, relations_of, said_together, same_thing, within
from mem_graph.extract.shifts import shift_worked
from mem_graph.stores.vector.base import VectorFilter, VectorStore
from mem_graph.types import Event, Fact, MemoryRecord, Scope, Status, normalise_entity, text_hash


@dataclass
class Decision:
    event: Event
    fact: Fact
    reason: str
    rule: str
    targets: list[MemoryRecord] = field(default_factory=list)  # UPDATE/DELETE/NONE: the existing memories
    decided_by: str = "rule"
    record: MemoryRecord | None = None  # ADD/UPDATE: the memory to write


@dataclass
class _Known:
    """An existing or already-planned memory, as the rules see it."""

    record: MemoryRecord
    vector: np.ndarray | None = None
    planned: bool = False


def _owned_tool(record: MemoryRecord, owner: str | None, old_values: list[str]) -> bool:
    """A tool or database of something the speaker owns ("our frontend uses Redux"), replaced by the speaker
    ("we swapped Redux for Zustand"): the team's words cover the things it runs."""
    family = (record.slot or "").split("|")
    # "we switched the frontend to svelte" after "we use react on the frontend": the record names the thing
    named = bool(owner) and re.search(rf"\b{re.escape(owner or '')}\b", record.text.lower()) is not None
    kin = family[0].removeprefix(f"{owner}'s ") if owner and family[0].startswith(f"{owner}'s ") else ""
    if kin.rpartition(" ")[2] in KIN:  # "my sister uses notion": her tool, not one the speaker's words cover
        return False
    return bool(owner) and len(family) > 1 and family[1] in ("tools", "database") and record.polarity != 0 and (
        owner in {normalise_entity(e) for e in record.entities} or named) and any(
            same_thing(record.object_key, o) for o in old_values)


def fact_polarity(fact: Fact) -> int:
    return 0 if fact.negated else fact.polarity


# cue words that say a negation is a change (it ends the value in any slot: "dropped crossfit" ends being into it)
_ENDING_CUES = ("anymore", "no longer", "quit", "stop", "left", "sold", "gave", "split", "broke", "divorc", "longer",
                "drop")
_MOVE_CUES = ("moved", "moving", "relocated", "relocating")
# a same-turn value that says it was left ("moved out of my parents' place, got a flat in Finnieston")
_NO_WORK_NOW = re.compile(r"\b(?:unemployed|jobless|out of work|between jobs|retired)\b", re.I)  # a state, no event
_DEPARTED = re.compile(r"\b(?:moved out|out of|left|leaving|quit|sold|traded|got rid)\b", re.I)
# "adopted another cat", "a second dog": one more value of a multi-valued slot, never the same one again
_ONE_MORE = re.compile(r"\b(?:another|a second|a third|one more)\b", re.I)
_PER_OBJECT = frozenset(s.name for s in DEFAULT_SLOTS if s.key_by == "object")


def slot_family(slot: str) -> str:
    """A per-object slot without its object ("user|stance|black coffee" -> "user|stance|"): "I can't stand
    coffee" is about the black coffee too (``within`` decides), a single slot is its own family."""
    parts = slot.split("|")
    return f"{parts[0]}|{parts[1]}|" if len(parts) == 3 and parts[1] in _PER_OBJECT else slot


# relations that state a slot beside the slot's own (a kin triple "User -boyfriend-> Tom" states the partner)
_SLOT_RELATIONS: dict[str, set[str]] = {
    "partner": {"partner", "boyfriend", "girlfriend", "wife", "husband", "fiance", "fiancee", "spouse", "dates"},
}


# stances that say an activity is over for the speaker, not only disliked ("done with running")
_ENDED_STANCES = ("done with", "over ", "sick of", "tired of", "fed up", "bored of", "bored with", "lost interest",
                  "lose interest", "burnt out", "burned out", "go off", "gone off", "went off", "dead to me")


_PET_NOUNS = frozenset(PETS.split())


def _another_pets_name(fact: Fact) -> bool:
    """A pet's name said in passing or as one more, with no word of a change: a pet's name rarely changes, a
    household gains another pet more often; a rename says so ("renamed", "now", "actually")."""
    if not fact.slot or not fact.slot.endswith("|name") or not fact.subject_key:
        return False
    pet = bool(set(fact.subject_key.replace("'s", " ").split()) & _PET_NOUNS) or ("speaker's" in fact.evidence and any(
        f"speaker's {p}" in fact.evidence for p in _PET_NOUNS)) or "(one more pet)" in fact.evidence
    # a name said in passing ("my dog Pepper is ..."), or with "another"/"second", is one more pet's; a name said as
    # a naming ("Milo is now Otis", "we renamed him") is the pet's new name
    said = f"{fact.evidence} {fact.text}"
    one_more = "in passing" in fact.evidence or "(one more pet)" in fact.evidence or _ONE_MORE.search(fact.text)
    return pet and change_cue(fact) is None and bool(one_more) and not re.search(
        r"renam|actually|goes by|answers to|changed", said, re.I)


def _speakers_database(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """"the app is on Postgres now" after "we use MySQL": a database of the speaker's own thing replaces the
    database the speaker said they use (their tool of the database kind, said for no purpose of its own), when the
    new one is said as a change ("now", "switched"), never as one more ("we also keep sessions in Redis")."""
    moved = any(w.startswith(("moved", "migrat")) for w in cue_words(fact))  # "prod moved to Postgres"
    if not fact.slot or fact.slot.count("|") != 1 or fact.slot.split("|")[1] != "database" or fact.negated or \
            (change_cue(fact) is None and not moved) or _ONE_MORE.search(fact.text):  # a change, not one more
        return []
    return [r for r in records if r.slot and r.slot.count("|") == 2 and r.slot.split("|")[1] == "tools"
            and r.polarity > 0 and r.object_key and tech_kind(r.object_key) == "database"
            and not same_thing(r.object_key, fact.object_key) and " for " not in r.text]  # (not "MySQL for analytics")


def _lessons_of(record: MemoryRecord, fact: Fact) -> bool:
    """"does cello lessons on mondays" is what "ditched the cello" ends: the same thing once the record's object
    drops its "lessons" (only then: "nail salon" is no "salon" a wish to sell ends)."""
    return bool(record.slot and fact.slot and record.object_key and fact.object_key
                and record.object_key.split()[-1] in ("lessons", "classes", "class", "practice", "sessions")
                and slot_family(record.slot) == slot_family(fact.slot)
                and same_thing(counted(record.object_key), counted(fact.object_key)))


def _same_turn(record: MemoryRecord, fact: Fact) -> bool:
    return bool(fact.message_ids) and bool(set(record.source.get("message_ids") or []) & set(fact.message_ids))


def ended_stance(fact: Fact) -> bool:
    """A negative stance whose evidence says the activity is over for the speaker."""
    return fact.slot is not None and "|stance|" in fact.slot and any(
        p in fact.evidence.replace("_", " ") for p in _ENDED_STANCES)


def states_slot(record: MemoryRecord, fact: Fact, *, same: bool = False) -> str | None:
    """The other value ``record`` states for the fact's single-valued slot through one of its triples, if any
    (``same``: the fact's own value, stated in other words: "User is dating Marcus" / "Marcus is my boyfriend")."""
    if not fact.slot or not fact.subject_key:
        return None
    if record.slot and fact.slot.count("|") == 2 and record.slot.rpartition("|")[0] == fact.slot.rpartition("|")[0] \
            and record.slot != fact.slot and fact.slot.split("|")[1] not in _PER_OBJECT:
        return None  # "favourite band" and "favourite colour": a slot keyed by qualifier holds one value each
    if record.slot and record.slot.split("|")[:2] == fact.slot.split("|")[:2] and \
            record.slot.endswith("|motorbike") != fact.slot.endswith("|motorbike"):
        return None  # a motorbike beside the car (slots.py)
    name = fact.slot.split("|")[1] if fact.slot.count("|") >= 1 else ""
    # the relation of the triple holding the value ("Cerys got a job as a physio out in Perth": works_as, not lives_in)
    main = next((t.relation for t in fact.triples if normalise_entity(t.object) == fact.object_key),
                fact.triples[-1].relation if fact.triples else None)
    relations = _SLOT_RELATIONS.get(name, set()) | ({main} if main else set())
    for tr in record.triples:
        if tr.relation in relations and normalise_entity(tr.subject) == fact.subject_key:
            other = normalise_entity(tr.object)
            if other and same_thing(other, fact.object_key) == same:
                return other
    if name == "shift" and not record.slot and record.subject_key == fact.subject_key and (
            shift := shift_worked(record.text)) and (shift == fact.object_key) == same:
        return shift
    return None


def _with_mentions(decision: Decision, records: list[MemoryRecord]) -> Decision:
    """The speaker's unplaced memories that say "my X" of a value the fact ends end with it (mentions.py)."""
    if decision.event == Event.NONE or decision.rule in ("hedge", "past", "hash"):
        return decision
    taken = {t.id for t in decision.targets}
    extra = [r for r in stale_mentions(decision.fact, records) if r.id not in taken]
    if not extra:
        return decision
    said = ", ".join(repr(r.text) for r in extra)
    if decision.event == Event.ADD:
        why = f" [{decision.fact.evidence}]" if decision.fact.evidence else ""
        return Decision(Event.UPDATE, decision.fact, f"ends the speaker's own mention {said} of a value that "
                                                     f"ended{why}", "mentions", extra)
    decision.targets.extend(extra)
    decision.reason += f"; also ends the speaker's own mention {said}"
    return decision


class Reconciler:
    def __init__(self, vectors: VectorStore, cfg: ReconcileConfig):
        self.vectors = vectors
        self.cfg = cfg

    def _related(self, scope: Scope, fact: Fact, vector: np.ndarray,
                 alive_at: float) -> dict[str, tuple[MemoryRecord, float | None]]:
        """Active memories of exactly this scope that a rule could fire on: dense neighbours, same hash,
        same slot, same subject+object. Never a wider or narrower scope's: a write may only change its own."""
        base = VectorFilter(scope=scope, exact_scope=True, alive_at=alive_at)
        found: dict[str, tuple[MemoryRecord, float | None]] = {}
        for hit in self.vectors.search_dense(vector, base, self.cfg.related_limit):
            found[hit.record.id] = (hit.record, hit.score)
        lookups: list[dict[str, str | int]] = [{"hash": text_hash(fact.text)}]
        for slot in [fact.slot, *(ends_too(fact.slot) if fact.clears_slot else [])] if fact.slot else []:
            lookups.append({"slot": slot})
        if fact.subject_key and fact.object_key:
            lookups.append({"subject_key": fact.subject_key, "object_key": fact.object_key})
        for old in fact.replaces if fact.subject_key else []:  # "from MongoDB to Postgres": the old value
            lookups.append({"subject_key": fact.subject_key or "", "object_key": old})
            lookups.append({"entities": old})
        if fact.subject_key:  # the speaker's verbatim "typing this on my iPhone 12" (mentions.py)
            lookups += mention_lookups(fact)
        if fact.negated and fact.object_key:  # "Tom and I split up": facts naming Tom ("my boyfriend Tom ...")
            lookups.append({"entities": fact.object_key})
        if fact.single_valued and fact.subject_key:  # facts stating the slot beside their own ("a pilot at X")
            lookups.append({"subject_key": fact.subject_key})
            lookups.append({"entities": fact.subject_key})
        # the nearest of each lookup's memories, not the first in id order: ids are random, and a capped scroll
        # of a subject with hundreds of memories would read a different sample on every ingest (one engine call)
        requests = [(VectorFilter(scope=scope, exact_scope=True, alive_at=alive_at, equals=equals),
                     self.cfg.related_limit * 4) for equals in lookups]
        ids = [mid for hits in self.vectors.dense_scores_many(vector, requests) for mid, _ in hits if mid not in found]
        by_id = {r.id: r for r in self.vectors.get(list(dict.fromkeys(ids)))}
        for mid in ids:
            if mid in by_id:
                found.setdefault(mid, (by_id[mid], None))
        return found

    def decide(self, scope: Scope, facts: list[Fact], vectors: np.ndarray, alive_at: float,
               planned_record: Callable[[Fact, Decision], MemoryRecord]) -> list[Decision]:
        """Decide every fact in order; ``planned_record`` turns an ADD/UPDATE into the record to be
        written, so later facts of the same call can be reconciled against it."""
        planned: list[_Known] = []
        gone: set[str] = set()  # superseded earlier in this call
        decisions: list[Decision] = []
        for fact, vec in zip(facts, vectors, strict=True):
            related = self._related(scope, fact, vec, alive_at)
            candidates = [_Known(r) for r, _ in related.values() if r.id not in gone] + planned
            sims = {rid: s for rid, (_, s) in related.items() if s is not None and rid not in gone}
            sims.update({p.record.id: float(np.dot(vec, p.vector)) for p in planned if p.vector is not None})
            fact = same_person_key(fact, [c.record for c in candidates])  # "raj ..." after "User's husband Raj"
            decision = _with_mentions(self._decide_one(fact, [c.record for c in candidates], sims),
                                      [c.record for c in candidates])
            decision = self._with_turn_copies(scope, decision, alive_at, gone, vec)
            if fact.clears_slot:  # "we split up", "she retired": ends the slot's value without becoming one
                fact.slot = None
            decisions.append(decision)
            if decision.event in (Event.UPDATE, Event.DELETE):
                gone |= {t.id for t in decision.targets}
                planned = [p for p in planned if p.record.id not in gone]
            if decision.event in (Event.ADD, Event.UPDATE):
                decision.record = planned_record(fact, decision)
                if decision.record.status == Status.ACTIVE:  # a past fact is stored already invalidated
                    planned.append(_Known(decision.record, vec, planned=True))
        return decisions

    def _with_turn_copies(self, scope: Scope, decision: Decision, alive_at: float, gone: set[str],
                          vector: np.ndarray) -> Decision:
        """A fact that ends also ends the verbatim copy of its own turn when that copy holds the ended value
        ("I've been vegan for 3 years but honestly struggling lately" was read in part, so it was also kept as
        said): the copy would go on answering with the value that ended."""
        if decision.event not in (Event.UPDATE, Event.DELETE):
            return decision
        taken = {t.id for t in decision.targets} | gone
        copies: list[MemoryRecord] = []
        for target in [t for t in decision.targets if t.slot and t.object_key and t.layer != "episodic"]:
            turn = set(target.source.get("message_ids") or [])
            flt = VectorFilter(scope=scope, exact_scope=True, alive_at=alive_at, equals={"layer": "episodic"})
            value = re.compile(rf"\b{re.escape(target.object_key or '')}\b")  # ("is 14, is she old enough": no entity)
            copies += [hit.record for hit in self.vectors.search_dense(vector, flt, self.cfg.related_limit)
                       if (r := hit.record).id not in taken and r not in copies and not r.slot and r.layer == "episodic"
                       and r.polarity > 0 and turn & set(r.source.get("message_ids") or [])
                       and (target.object_key in r.entities or value.search(r.text.casefold()))]
        if copies:
            decision.targets.extend(copies)
            decision.reason += "; also ends the verbatim copy of the same turn " + ", ".join(
                repr(r.text) for r in copies)
        return decision

    def _decide_one(self, fact: Fact, records: list[MemoryRecord], sims: dict[str, float]) -> Decision:
        h = text_hash(fact.text)
        pol = fact_polarity(fact)
        why = f" [{fact.evidence}]" if fact.evidence else ""
        same_hash = [r for r in records if r.hash == h]
        if same_hash:
            return Decision(Event.NONE, fact, "identical fact already stored", "hash", same_hash[:1])
        wrong = [r for r in records if r.id == fact.metadata.get("corrects")]
        if wrong:  # "actually it's Luna, not Misty" (correction.py): the corrected memory ends
            return Decision(Event.UPDATE, fact, f"correction of {wrong[0].text!r}{why}", "correction", wrong)
        subject = fact.subject_key
        # the same value, or a less specific one ("Honda" after "Honda Civic"); not "Portland, Maine" after "Portland"
        same_object = [r for r in records if subject and r.subject_key == subject and fact.slot and r.slot and (
            r.slot == fact.slot or slot_family(r.slot) == slot_family(fact.slot))
            and within(fact.object_key, r.object_key)]
        # "I don't eat meat" then "I eat chicken again": a member of a kind the subject said no to
        same_object += [r for r in records if subject and r.subject_key == subject and pol > 0 and r.polarity == 0
                        and fact.slot and r.slot and slot_family(r.slot) == slot_family(fact.slot)
                        and kind_of(fact.object_key, r.object_key) and r not in same_object]
        # "obsessed with iced oat lattes" then "can't stand coffee": a stance against a kind meets its members
        same_object += [r for r in records if subject and r.subject_key == subject and pol < 0 and r.polarity > 0
                        and fact.slot and "|stance|" in fact.slot and r.slot and r not in same_object
                        and slot_family(r.slot) == slot_family(fact.slot)
                        and kind_of(r.object_key, fact.object_key, STANCE_KINDS)]
        # "I don't have a car" (kept slotless) then "bought a car"; "I'm unemployed" then "I'm a care assistant now"
        same_object += [r for r in records if subject and r.subject_key == subject and pol > 0 and r.polarity == 0
                        and not r.slot and fact.slot and r not in same_object and ((r.object_key == fact.object_key and
                        relations_of(r) & relations_of(fact)) or (not r.object_key and _NO_WORK_NOW.search(r.text) and
                        r.source.get("rule") == f"rules.clause:{fact.slot.split('|')[1]}.neg"))]
        if fact.tense == "plan" or some_times_only(fact):  # a hedge, plan, hypothetical, "not on mondays": no change
            said = "hedge/plan" if fact.tense == "plan" else "only some days or hours"
            return self._near_duplicate(fact, records, sims) or Decision(
                Event.ADD, fact, f"{said}: stored as said, updates nothing{why}", "hedge")
        if fact.tense == "past":
            ended = [r for r in records if subject and r.subject_key == subject and r.polarity > 0
                     and same_thing(r.object_key, fact.object_key) and (r.slot == fact.slot or not r.slot)]
            if ended:
                return Decision(Event.UPDATE, fact, f"past fact ({fact.text!r}): {ended[0].text!r} no longer "
                                                    f"holds{why}", "past", ended)
            return Decision(Event.ADD, fact, f"past fact: stored as valid only before now{why}", "past")
        replaced = [r for r in records if fact.replaces and r.polarity != 0 and (
            (subject and r.subject_key == subject and any(same_thing(r.object_key, o) for o in fact.replaces))
            or any(normalise_entity(tr.subject) == subject and any(same_thing(normalise_entity(tr.object), o)
                                                                   for o in fact.replaces) for tr in r.triples)
            or _owned_tool(r, subject, fact.replaces))]
        if fact.replaces_others and fact.slot:  # "I drink green tea now instead": the slot's other values end
            replaced += [r for r in records if r.slot and r.slot != fact.slot and r.polarity > 0 and
                         slot_family(r.slot) == slot_family(fact.slot) and r not in replaced]
        if fact.negated:
            return self._negation(fact, records, same_object, why) or self._near_duplicate(
                fact, records, sims) or Decision(Event.ADD, fact, f"negative fact with nothing to cancel; kept as "
                                                                  f"stated{why}", "new")
        if not fact.single_valued and _ONE_MORE.search(fact.text):
            same_object = [r for r in same_object if r.polarity != pol]
        # "Marcus is my boyfriend" after "I'm dating marcus": an unplaced fact whose relation states the same value
        # (said earlier: "my new boyfriend Chris is lovely" does not restate "dating Chris now" read from it)
        # (or a fact of another slot that carries the value as its second edge: "still at nubank" after "User is a
        # backend dev at Nubank", whose employer is the job's works_at edge)
        same_object += [r for r in records if fact.single_valued and r.slot != fact.slot and r.polarity == pol
                        and states_slot(r, fact, same=True) and not _same_turn(r, fact)]
        for r in same_object:
            if r.polarity == pol:
                return Decision(Event.NONE, fact, f"restates existing fact {r.text!r}{why}", "restatement", [r])
        for r in same_object:
            return Decision(Event.UPDATE, fact, f"reverses {r.text!r} (polarity {r.polarity:+d} -> {pol:+d}){why}",
                            "reversal", [r])
        # (a favourite ends with any stance against it: "sushi is my fav" .. "now I can't even look at it")
        quit_doing = [r for r in records if pol < 0 and fact.slot and "|stance|" in fact.slot and subject
                      and r.subject_key == subject and r.polarity > 0 and r.slot and (
                          (ended_stance(fact) and r.slot.split("|")[1] in ("hobbies", "favourite", "drinks"))
                          or r.slot.split("|")[1] == "favourite") and same_thing(r.object_key, fact.object_key)]
        if quit_doing:  # "i'm done with running" after "i go running most mornings", "gone off pizza": it ended
            return Decision(Event.UPDATE, fact, f"ends {quit_doing[0].text!r} (a stance that says it is over)"
                                                f"{why}", "reversal", quit_doing)
        broken = [r for r in records if pol > 0 and subject and r.subject_key == subject and r.polarity > 0
                  and breaks_diet(fact, r)]
        if broken:  # "i eat meat again" after "i'm vegetarian": the diet that excluded it ended
            return Decision(Event.UPDATE, fact, f"ends {broken[0].text!r} (the diet excludes "
                                                f"{fact.object_key!r}){why}", "reversal", broken)
        if fact.single_valued and fact.slot and not _another_pets_name(fact) and not one_more_owned(fact):
            # a more specific value ("Portland, Maine" after "Portland") refines the old one: both stay, unless the
            # fact says a move ("moved into York proper" after "just outside York")
            moved = "cues:" in fact.evidence and any(w in fact.evidence.split("cues:")[-1] for w in _MOVE_CUES)
            # (two values one turn states side by side are one value said twice, "we live in baner, pune", unless
            # the first says it was left: "moved out of my parents' place, got a flat in Finnieston")
            old = [r for r in records if (r.slot == fact.slot and r.object_key != fact.object_key and (
                moved or not (same_thing(fact.object_key, r.object_key) or said_together(fact, r))) and (
                moved or not _same_turn(r, fact) or _DEPARTED.search(r.text) is not None)
                and not (status_and_partner(fact.slot, fact.object_key, r.object_key)  # married, to Ana
                         and not stage_moved_on(fact.object_key, r.text, r.object_key, fact.text)))
                   or (r.slot != fact.slot and r.polarity != 0 and states_slot(r, fact)
                       and not status_and_partner(fact.slot, fact.object_key, r.object_key))]
            old += [r for r in replaced if r not in old]
            old += [r for r in _speakers_database(fact, records) if r not in old]
            # the clause's second job attribute ("a junior dev job at pennywise"); what a new diet excludes
            other = [r for r in other_attribute_ended(fact, records) + excluded_by_diet(fact, records) if r not in old]
            if old:  # (the old value as stated: a pet's name said in its "has a cat" fact, not "cat")
                was = states_slot(old[0], fact) if old[0].slot != fact.slot else None
                return Decision(Event.UPDATE, fact, f"single-valued slot {fact.slot!r} changed: "
                                                    f"{was or old[0].object_key!r} -> {fact.object_key!r}{why}",
                                "single_value", old + other)
            if other:  # "got a junior dev job at pennywise" after "i'm a nurse": the clause's second attribute
                return Decision(Event.UPDATE, fact, f"single-valued slot {other[0].slot!r} changed: "
                                                    f"{other[0].object_key!r} -> stated beside {fact.slot!r}{why}",
                                "single_value", other)
        if replaced:
            return Decision(Event.UPDATE, fact, f"replaces {', '.join(repr(r.text) for r in replaced)}{why}",
                            "replacement", replaced)
        changed = cue_change(fact, records) or replaced_role(fact, records) or ended_pregnancy(fact, records)
        if changed is not None:  # "these days i use obsidian for notes" after "i use notion for notes"
            return Decision(Event.UPDATE, fact, f"{changed[1]}{why}", "cue_change", changed[0])
        dup = self._near_duplicate(fact, records, sims)
        if dup is not None:
            return dup
        return Decision(Event.ADD, fact, f"new fact{why}", "new")

    @staticmethod
    def _negation(fact: Fact, records: list[MemoryRecord], same_object: list[MemoryRecord],
                  why: str) -> Decision | None:
        """A negation cancels the positive facts about the same subject and object: in the same slot, or in
        any slot when it says the state changed ("anymore", "no longer", "quit", "left"...). With no
        replacement in the same turn it UPDATEs them (the user's statement is kept); with one, it DELETEs."""
        subject = fact.subject_key
        changed = "cues:" in fact.evidence and any(w in fact.evidence for w in _ENDING_CUES)
        cancelled = [r for r in records if subject and r.subject_key == subject and r.polarity != 0 and ((
            (same_thing(r.object_key, fact.object_key) or kind_of(r.object_key, fact.object_key)
             or same_thing(counted(r.object_key), counted(fact.object_key)))  # "4 coffees" / "coffee"
            and (changed or not fact.slot or not r.slot or one_slot(r.slot, fact.slot))  # ("peanuts" / "peanut")
        ) or _lessons_of(r, fact))]
        # "Tom and I split up" ends "my boyfriend Tom is making pasta", not "my partner Sam and I have a cat ..."
        main = fact.triples[-1].relation.removeprefix("not_") if fact.triples else None
        relations = _SLOT_RELATIONS.get(main or "", set()) | ({main} if main else set())
        cancelled += [r for r in records if r.polarity != 0 and r not in cancelled and r.slot in (None, fact.slot)
                      and any(
            tr.relation in relations and normalise_entity(tr.subject) == subject
            and same_thing(normalise_entity(tr.object), fact.object_key) for tr in r.triples)]
        cancelled += [r for ended in (died_pet_records, ended_thing_records, dead_person_records, student_records)
                      for r in ended(fact, records) if r not in cancelled]  # "we lost Olivia", "finished uni"
        cancelled += [r for r in records if r.subject_key == subject and r.polarity > 0 and r not in cancelled
                      and drops_diet(fact, r)]  # "stopped eating meat" ends "I'm a total carnivore"
        # "she retired": the occupation ends, and the post with it; "my wife left me": whoever the wife is
        unnamed = fact.slot is not None and fact.slot.endswith("|partner") and (fact.object_key or "").rpartition(
            " ")[2] in PARTNER_NOUNS
        if (fact.clears_slot or unnamed) and fact.slot:
            ended = {fact.slot, *ends_too(fact.slot)}
            cancelled += [r for r in records if r.slot in ended and r.polarity != 0 and r not in cancelled]
            # "jake and i broke up" after "my boyfriend jake is a chef": an unplaced fact whose triple states the
            # slot ("User's boyfriend is Jake"; not "Jake is a chef", which is Jake's own slot)
            stated = _SLOT_RELATIONS.get(fact.slot.split("|")[-1], set())
            cancelled += [r for r in records if r.polarity != 0 and not r.slot and r not in cancelled and any(
                tr.relation in stated and normalise_entity(tr.subject) == subject for tr in r.triples)]
        if not cancelled:  # "dropped out of the mba" after "User is doing an MBA at Warwick"
            cancelled = [r for r in ended_by_mention(fact, records) if not _same_turn(r, fact)]
        if cancelled:
            if fact.replaced_in_turn:
                return Decision(Event.DELETE, fact, f"explicit negation ({fact.text!r}) of {len(cancelled)} existing "
                                                    f"fact(s); the same turn states the replacement{why}",
                                "negation", cancelled)
            return Decision(Event.UPDATE, fact, f"explicit negation of {cancelled[0].text!r}: kept as the new "
                                                f"statement{why}", "negation", cancelled)
        for r in same_object:
            if r.polarity == 0:
                return Decision(Event.NONE, fact, f"restates existing negative fact {r.text!r}{why}",
                                "restatement", [r])
        return None

    def _near_duplicate(self, fact: Fact, records: list[MemoryRecord], sims: dict[str, float]) -> Decision | None:
        best_id, best = max(sims.items(), key=lambda kv: kv[1], default=(None, -1.0))
        # A verbatim turn records what was said at a moment: only its exact words (the hash rule above)
        # make it a duplicate. Sentence-pooled turns of one speaker sit close together in vector space.
        if fact.layer != "episodic" and best_id is not None and best >= self.cfg.near_duplicate_threshold:
            target = next(r for r in records if r.id == best_id)
            if fact.slot and target.slot == fact.slot and target.object_key != fact.object_key:
                return None  # "Portland, Maine" after "Portland": a different value is news, however close
            if target.polarity != fact_polarity(fact) and target.subject_key == fact.subject_key:
                return None  # "likes jazz" / "doesn't like jazz" are close in vector space, not duplicates
            return Decision(Event.NONE, fact, f"near-duplicate of {target.text!r} (cosine {best:.2f})",
                            "near_duplicate", [target])
        return None
