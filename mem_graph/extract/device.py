"""The speaker's phone named in passing with "my": "typing this on my iPhone 12", "sent from my Pixel 8",
"charging my Galaxy S23 rn". "My <phone model>" in a present statement says which phone the user has (the
phone slot) when the clause's own facts place none. Not an old or a former one ("my old iPhone"), not one
given, sold or replaced ("selling my iPhone 12"), not a negated, past, planned or hedged clause, and never
someone else's ("my dad's iPhone": "my" owns the dad)."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context, compound_span
from mem_graph.extract.cues import read_cues
from mem_graph.extract.predicate import content_verb, object_text
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_NOT_CURRENT = frozenset({"old", "previous", "former", "last", "ex", "first", "spare", "broken", "dead", "work"})
# verbs that hand the phone on or end it: no sign it is the one the user has now
_PARTING = frozenset({"sell", "give", "lend", "trade", "swap", "replace", "lose", "return", "donate", "upgrade",
                      "ditch", "drop", "dump", "retire", "recycle", "miss", "switch", "change", "exchange"})


def device_facts(sent: Any, ctx: Context, catalogue: SlotCatalogue, message: Message, found: list[Fact]) -> list[Fact]:
    """The phone ``sent`` names as the speaker's, when the facts ``found`` in it place no phone."""
    if "phone" not in catalogue.specs or any(f.slot and f.slot.endswith("|phone") for f in found):
        return []
    for tok in sent:
        if tok.lower_ != "my" or tok.dep_ != "poss" or tok.head.pos_ not in ("NOUN", "PROPN"):
            continue
        phone = tok.head
        words = [t for t in compound_span(phone) if t.lower_ != "my"]
        spec = catalogue.value_slot(words)
        if spec is None or spec.name != "phone" or any(t.lower_ in _NOT_CURRENT for t in phone.children):
            continue
        verb = next((a for a in phone.ancestors if a.pos_ in ("VERB", "AUX")), None)
        if verb is None or verb.lemma_.lower() in _PARTING:
            continue
        cues = read_cues(verb, content_verb(verb))
        if cues.negated or cues.hedge or cues.tense != "present":
            continue
        value = object_text(phone).removeprefix("my ").strip()  # "iPhone 12", its number too
        speaker = ctx.speaker
        return [Fact(text=f"{speaker} uses {value}", entities=[EntityRef(speaker, "person"), EntityRef(value, "thing")],
                     triples=[Triple(speaker, "phone", value)], slot=f"{normalise_entity(speaker)}|phone",
                     subject_key=normalise_entity(speaker), object_key=normalise_entity(value), single_valued=True,
                     rule="rules.device:phone", message_ids=[message.id] if message.id else [],
                     timestamp=message.timestamp, metadata=dict(message.metadata), tense=cues.tense,
                     evidence=f"slot phone: 'my {value}' value lexicon, '{verb.text}' said of it now")]
    return []
