"""A new state said with a verb alone: "I'm freelancing now", "I bike everywhere now".

English has verbs that name the value of an attribute by themselves (denominal verbs: *to freelance* is to
work as a freelancer, *to bike* is to go by bike). Without an object the clause has nothing for the verb
lexicon to place, so these verbs carry their value here. Grouped as synonym sets per (slot, value), the way a
thesaurus lists them; a clause with a direct object ("I bike the kids to school") or a plan stays as said.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Subject
from mem_graph.extract.render import render
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

# (slot, value) -> verb lemmas that state it without an object
STATE_SYNSETS: dict[tuple[str, str], tuple[str, ...]] = {
    ("occupation", "freelancer"): ("freelance",),
    ("occupation", "consultant"): ("consult",),
    ("occupation", "bartender"): ("bartend",),
    ("occupation", "babysitter"): ("babysit",),
    ("occupation", "tutor"): ("tutor",),
    ("occupation", "lecturer"): ("lecture",),
    ("occupation", "farmer"): ("farm",),
    ("partner", "remarried"): ("remarry",),  # "life update: remarried" (the speaker, unsaid)
    ("commute", "bike"): ("bike", "cycle", "pedal"),
    ("commute", "foot"): ("walk",),
    ("commute", "car"): ("drive",),  # "I drive to work every day" (with an object, "drive a Golf" is the car)
    ("commute", "carpool"): ("carpool",),
    ("commute", "remote"): ("telecommute",),
}
STATE_VERBS: dict[str, tuple[str, str]] = {v: k for k, verbs in STATE_SYNSETS.items() for v in verbs}
# a commute verb states the commute only with a word that says so ("I walk to work", "I bike everywhere");
# "I walk a lot" is exercise
_COMMUTE_WORDS = frozenset({"everywhere", "work", "office", "school", "campus", "commute", "daily"})


def state_fact(cat: SlotCatalogue, verb: Any, pred: Any, subject: Subject, subj_tok: Any, cues: Any,
               speaker: str, message: Message) -> Fact | None:
    """The fact of a state verb with no direct object, or None when the clause is something else."""
    found = STATE_VERBS.get(pred.lemma)
    if found is None or pred.dobj is not None or subject.type != "person" or cues.tense == "plan":
        return None
    name, value = found
    spec = cat.get(name)
    if spec is None:
        return None
    if name == "commute" and not _COMMUTE_WORDS & {t.lower_ for t in pred.target.subtree} and not (
            cues.negated and cues.change):  # "i don't drive anymore": the way one got about ended
        return None
    negated = bool(cues.negated)
    single = spec.cardinality == "single"
    triples = [*subject.triples, Triple(subject.name, f"not_{spec.relation}" if negated else spec.relation, value)]
    entities = [*(subject.entities or [EntityRef(subject.name, subject.type)]), EntityRef(value, "thing")]
    text = render(verb, subject, speaker, subject_token=subj_tok)
    goal = next((t for t in pred.target.subtree if t.lower_ in _COMMUTE_WORDS and t.dep_ == "advcl" and any(
        c.tag_ == "TO" for c in t.children)), None) if name == "commute" else None
    if goal is not None and goal.lower_ not in text.lower():  # "i walk to work now": the parse made "to work" a
        text = re.sub(rf"^(.*?\b{re.escape(verb.text)}\b|{re.escape(subject.name)} [\w']+)", rf"\1 to {goal.lower_}",
                      text, count=1)  # clause of its own (after the verb as said: "User walks", "User is cycling")
    return Fact(
        text=text, entities=entities, triples=triples,
        slot=None if negated and single else f"{subject.key}|{name}", subject_key=subject.key,
        object_key=normalise_entity(value), negated=negated, single_valued=single and not negated
        and cues.tense == "present", rule=f"rules.clause:{name}.state{'.neg' if negated else ''}",
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
        metadata=dict(message.metadata), tense=cues.tense,
        evidence=f"slot {name}: '{pred.lemma}' states '{value}'" + (f"; cues: {', '.join(cues.words)}"
                                                                  if cues.words else ""))
