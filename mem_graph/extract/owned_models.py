"""The speaker's car, laptop or phone named in passing as "my <model>", in a question or an aside.

"what oil should i use in my Subaru Outback?", "is there a way to free up storage on my Galaxy S21",
"just washed my Subaru Outback lol": the line asks or says something else, but "my Subaru Outback" says which car
the speaker has (the ``car`` / ``phone`` slot, as "I drive a Subaru Outback"), so a later "traded it in for a
Tesla" has a value to end. Only a named model ("my car", "my phone" name none), the speaker's own ("my dad's
Subaru" is not), and not one that is going or gone in the same line ("my old iPhone", "sold my Subaru",
"my Galaxy S21 died"). A model said through a part of it ("my thinkpad x1 carbon fan", "my F-150's tires") or
typed lower-case with its make ("my honda jazz") counts; the first word a lexicon knows decides which kind it is
("a ThinkPad X1" is a laptop, though an X1 is also a BMW). And a question about a named car, phone or editor
followed by "that's what i have / use / code in" ("how do i screenshot on the OnePlus 9? that's what i have")
says the speaker's.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context, compound_span, span_text
from mem_graph.extract.kin_words import POSSESSIVES
from mem_graph.extract.lexicon import CAR_VALUES, COMPUTER_VALUES, PHONE_VALUES, TECH_KINDS
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

EDITORS = TECH_KINDS["editor"] | {"intellij idea", "sublime text", "visual studio code", "visual studio"}
# (slot, its values, graph relation, the noun for it); a phone said in a statement is device.py's
_SLOTS = (("car", CAR_VALUES, "drives", "car"), ("computer", COMPUTER_VALUES, "computer", "laptop"),
          ("phone", PHONE_VALUES, "phone", "phone"))
# a model the speaker is parting with, or had: nothing current to say
_GOING = frozenset({"sell", "sold", "scrap", "crash", "total", "lose", "lost", "break", "broke", "die", "died", "steal",
                    "stolen", "trade", "replace", "upgrade", "ditch", "retire", "write", "return", "swap", "old",
                    "previous", "former", "last", "used", "first", "had", "was", "were", "miss", "ex", "wife", "dad",
                    "mum", "mom", "brother", "sister", "husband", "partner", "friend"})


# a part of the thing: "my thinkpad x1 carbon fan", "my F-150's tires" say which laptop or truck the speaker has
_PARTS = frozenset({"fan", "battery", "screen", "keyboard", "trackpad", "charger", "tyre", "tire", "engine", "clutch",
                    "brake", "gearbox", "exhaust", "camera", "bonnet", "windscreen", "windshield", "hinge", "dashboard",
                    "speaker", "port", "headlight", "suspension", "aircon", "transmission"})
# values that name a kind, no make: "my car", "my laptop" name no model
_KINDS = frozenset({"car", "truck", "van", "suv", "motorbike", "motorcycle", "scooter", "moped", "pickup", "phone",
                    "android", "mac"})
# values that name a model after its make ("my honda jazz", "my vw golf") but say no make alone ("my golf swing")
_AFTER_A_MAKE = frozenset({"sedan", "hatchback", "minivan", "coupe", "jeep", "campervan", "motorhome", "mini", "golf",
                           "focus", "polo", "accord", "puma", "outback", "galaxy", "pixel"})
_MAKES = frozenset(w for _, values, _, _ in _SLOTS for w in values if " " not in w) - _KINDS - _AFTER_A_MAKE
_MODELS = _MAKES | _AFTER_A_MAKE


def _fact(speaker: str, name: str, relation: str, noun: str, model: str, why: str, message: Message) -> Fact:
    return Fact(text=f"{speaker}'s {noun} is the {model}", entities=[EntityRef(speaker, "person"),
                                                                     EntityRef(model, "thing")],
                triples=[Triple(speaker, relation, model)], slot=f"{normalise_entity(speaker)}|{name}",
                subject_key=normalise_entity(speaker), object_key=normalise_entity(model), single_valued=True,
                rule=f"rules.owned_model:{name}", message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp, metadata=dict(message.metadata), evidence=f"slot {name}: {why}")


def owned_models(sent: Any, ctx: Context, message: Message, found: list[Fact], question: bool = False) -> list[Fact]:
    """Car facts (and, in a ``question``, phone facts) for "my <model>" in ``sent`` whose slot ``found`` does not
    already fill (a phone in a statement is device.py's)."""
    speaker = ctx.speaker
    if any(t.lemma_.lower() in _GOING or t.lower_ in _GOING for t in sent):
        return []
    out: list[Fact] = []
    for tok in sent:
        owners = [c for c in tok.children if c.dep_ == "poss"]
        if tok.pos_ not in ("PROPN", "NOUN", "NUM") or not owners or not all(c.lower_ in POSSESSIVES for c in owners):
            continue
        while tok.dep_ == "compound" and tok.head.i == tok.i + 1 and tok.head.pos_ == "PROPN":
            tok = tok.head  # "my VW Golf" with "my" on "VW": the model is the whole name
        head = tok.head
        if tok.dep_ == "compound" and head.lemma_.lower() in _PARTS and all(
                t.dep_ == "compound" and t.head == head for t in tok.doc[tok.i: head.i]):
            tok = head  # "my thinkpad x1 carbon fan" with "my" on "thinkpad": the laptop's whole name
        part = tok.lemma_.lower() in _PARTS and any(c.dep_ == "compound" for c in tok.children)
        span = [t for t in compound_span(tok) if t.dep_ != "poss" and t.lower_ not in POSSESSIVES and not (
            part and t == tok)]  # ("my thinkpad x1 carbon fan": the laptop, not its fan)
        nxt = tok.i + 1
        while nxt < len(tok.doc) and tok.doc[nxt].head.i == tok.i and (tok.doc[nxt].like_num or tok.doc[nxt].pos_ ==
                                                                       "PROPN"):
            span.append(tok.doc[nxt])  # "my OnePlus 9", "my iPhone 12 Pro"
            nxt += 1
        while nxt < len(tok.doc) and tok.doc[nxt].lower_ in _MODELS:
            span.append(tok.doc[nxt])  # "my honda civic" (the parser split the lower-case name)
            nxt += 1
        cut = next((n for n, t in enumerate(span) if n and t.lemma_.lower() in _PARTS), len(span))
        span = span[:cut]  # ("my lenovo ideapad screen flickers", misparsed: the laptop, not its screen)
        words = {t.lower_ for t in span} | {t.lemma_.lower() for t in span}
        if not any(t.pos_ in ("PROPN", "NUM") or t.text[:1].isupper() for t in span) and not words & _MAKES:
            continue  # "my car", "my phone": no model named (a make typed lower-case is one: "my thinkpad")
        slots = _SLOTS[: 3 if question else 2]
        # the first word a lexicon knows says which ("thinkpad x1": a laptop, though an X1 is also a BMW)
        said = f" {span_text(span).lower()} "
        kind = next((entry for t in span for entry in slots if t.lower_ in entry[1] or t.lemma_.lower() in entry[1]),
                    None) or next((entry for entry in slots if any(" " in v and f" {v} " in said for v in entry[1])),
                                  None)  # "my Royal Enfield"
        if kind is None:
            continue
        name, _, relation, noun = kind
        if words <= {name, noun} or any(f.slot == f"{normalise_entity(speaker)}|{name}" for f in [*found, *out]):
            continue
        model = span_text(span)
        out.append(_fact(speaker, name, relation, noun, model, f"'my {model}' names the speaker's {noun}", message))
    return out + (confirmed(sent, speaker, message, [*found, *out]) if question else [])


# "how do i screenshot on the OnePlus 9? that's what i have", "... in IntelliJ IDEA? that's what i code in"
_CONFIRM = re.compile(r"^\W*that'?s (?:what|the one|which) (?:i|we) (?:have|use|got|drive|code in|write in|work in|"
                      r"run|own|'ve got|use at work)\b", re.I)


def confirmed(sent: Any, speaker: str, message: Message, found: list[Fact]) -> list[Fact]:
    """The car, phone or editor a question names when the next sentence says it is the speaker's ("that's what
    i have"): the speaker's car or phone, or a tool the speaker uses."""
    if not _CONFIRM.match(sent.doc[sent.end:].text):
        return []
    for tok in sent:
        if tok.pos_ not in ("PROPN", "NOUN") or tok.dep_ == "compound":
            continue
        span = [t for t in compound_span(tok) if t.lower_ not in ("the", "a", "an")]
        span += [t for t in tok.doc[tok.i + 1: tok.i + 3] if t.head.i == tok.i and t.like_num]  # "OnePlus 9"
        model, words = span_text(span), {t.lower_ for t in span} | {t.lemma_.lower() for t in span}
        if not any(t.pos_ == "PROPN" or t.text[:1].isupper() for t in span):
            continue
        for name, values, relation, noun in _SLOTS:
            if words & set(values) and not words <= {name, noun} and not any(
                    f.slot == f"{normalise_entity(speaker)}|{name}" for f in found):
                return [_fact(speaker, name, relation, noun, model, f"'{model}? that's what i have'", message)]
        if words & EDITORS or model.lower() in EDITORS:
            key = normalise_entity(model)
            return [Fact(text=f"{speaker} uses {model}", entities=[EntityRef(speaker, "person"),
                                                                  EntityRef(model, "thing")],
                         triples=[Triple(speaker, "uses", model)], slot=f"{normalise_entity(speaker)}|tools|{key}",
                         subject_key=normalise_entity(speaker), object_key=key, rule="rules.owned_model:tools",
                         message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                         metadata=dict(message.metadata), evidence=f"slot tools: '{model}? that's what i use'")]
    return []
