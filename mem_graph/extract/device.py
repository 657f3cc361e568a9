"""The speaker's phone named in passing with "my": "typing this on my iPhone 12", "sent from my Pixel 8",
"charging my Galaxy S23 rn"; or the phone or laptop being typed on ("typing this from a macbook air m3"). Said in
a present statement, it says which phone (or laptop) the user has when the clause's own facts place none. Not an
old or a former one ("my old iPhone"), not one given, sold or replaced ("selling my iPhone 12"), not a negated,
past, planned or hedged clause, and never someone else's ("my dad's iPhone": "my" owns the dad)."""

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


# "typing this from a macbook air m3", "sent from a Pixel 8": what the speaker is writing on now
_WRITING = frozenset({"type", "write", "send", "text", "post", "message", "chat"})


def _device(tok: Any) -> Any | None:
    """The device ``tok`` introduces: the noun after "my", or what "typing this on/from ..." is typed on."""
    if tok.lower_ == "my" and tok.dep_ == "poss" and tok.head.pos_ in ("NOUN", "PROPN"):
        return tok.head
    if tok.dep_ == "pobj" and tok.head.lower_ in ("on", "from") and tok.head.head.lemma_.lower() in _WRITING:
        return tok
    return None


def device_facts(sent: Any, ctx: Context, catalogue: SlotCatalogue, message: Message, found: list[Fact]) -> list[Fact]:
    """The phone (or, typed on, the laptop) ``sent`` names as the speaker's, when the facts ``found`` in it place
    none of that kind."""
    if "phone" not in catalogue.specs:
        return []
    for tok in sent:
        if (device := _device(tok)) is None:
            continue
        words = [t for t in compound_span(device) if t.lower_ not in ("my", "a", "an", "the")]
        spec = catalogue.value_slot(words)
        kinds = ("phone",) if tok.lower_ == "my" else ("phone", "computer")
        if spec is None or spec.name not in kinds or any(t.lower_ in _NOT_CURRENT for t in device.children) or any(
                f.slot and f.slot.endswith(f"|{spec.name}") for f in found):
            continue
        verb = next((a for a in device.ancestors if a.pos_ in ("VERB", "AUX")), None)
        if verb is None or verb.lemma_.lower() in _PARTING:
            continue
        cues = read_cues(verb, content_verb(verb))
        if cues.negated or cues.hedge or cues.tense != "present":
            continue
        value = object_text(device).removeprefix("my ").strip()  # "iPhone 12", its number too
        for article in ("a ", "an ", "the "):
            value = value.removeprefix(article)
        speaker = ctx.speaker
        relation = "phone" if spec.name == "phone" else "computer"
        return [Fact(text=f"{speaker} uses {value}", entities=[EntityRef(speaker, "person"), EntityRef(value, "thing")],
                     triples=[Triple(speaker, relation, value)], slot=f"{normalise_entity(speaker)}|{spec.name}",
                     subject_key=normalise_entity(speaker), object_key=normalise_entity(value), single_valued=True,
                     rule=f"rules.device:{spec.name}", message_ids=[message.id] if message.id else [],
                     timestamp=message.timestamp, metadata=dict(message.metadata), tense=cues.tense,
                     evidence=f"slot {spec.name}: '{value}' value lexicon, '{verb.text}' said of it now")]
    return []
