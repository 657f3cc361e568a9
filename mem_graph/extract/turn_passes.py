"""What one turn's facts say together, settled after each clause is read: "there" is the place named before
(there.py), a replacement links the value it ends (cues.py), a couple's status names the partner (couples.py),
and a value said beside "still <old value>" refines it ("still in berlin, moved to a bigger flat in
kreuzberg": Kreuzberg is where in Berlin, not a move away); a car, phone or computer got in a turn that says the
speaker has several ("... how do I insure two cars") is one more (possessions.py)."""

from __future__ import annotations

import re

from mem_graph.extract.couples import name_the_couple
from mem_graph.extract.cues import link_replacements
from mem_graph.extract.possessions import note_several_owned
from mem_graph.extract.there import resolve_there
from mem_graph.types import Fact, Triple


def _refined_beside_still(facts: list[Fact]) -> None:
    """A single-valued fact beside one that keeps the slot's value ("still in berlin") takes no slot: it says
    more about the value kept, it does not replace it."""
    kept = {f.slot for f in facts if f.slot and f.single_valued and " still " in f" {f.text.lower()} "}
    for f in facts:
        if f.slot in kept and " still " not in f" {f.text.lower()} " and not f.negated:
            f.slot, f.single_valued = None, False
            f.evidence += "; said beside 'still': a detail of the value kept"


# the old value remarked on in the past, beside the change: "moved back home to cork, london was way too
# expensive", "i'm using neovim now. vscode got way too sluggish"
_REMARK_VERBS = r"\s+(?:was|were|got|had got|had gotten|became|had become)\b"
_CHANGE_CUES = ("moved", "switched", "now", "migrated", "relocated", "replaces", "changed", "swapped")
_PLACE_SLOTS = frozenset({"residence", "employer", "school"})
_TOOL_SLOTS = frozenset({"tools", "database", "role"})


def _a_person(subject: str) -> bool:
    """The speaker, someone of theirs ("user's mam") or a person named or called by kin ("mam", "Sarah")."""
    from mem_graph.extract.kin_words import KIN
    from mem_graph.extract.lexicon import GIVEN_NAMES

    return subject == "user" or "'s" in subject or subject in KIN or subject in GIVEN_NAMES


def _of_the_kind(subject: str, text: str, slot: str) -> bool:
    """The subject could be an old value of the changed slot: a tool's name for a tool, a name said
    capitalised for a place, an employer or a school."""
    from mem_graph.extract.tool_phrasing import tool_names

    name = slot.split("|")[1] if slot.count("|") else ""
    if name in _TOOL_SLOTS:
        return subject in tool_names()
    return name in _PLACE_SLOTS and text[:1].isupper() and " " not in subject


def _remarks_on_the_old(facts: list[Fact]) -> None:
    """A fact whose subject is a place or tool the turn moved away from, said in the past tense, is a remark on
    the old value: true of it until now, not a current fact ("London was way too expensive" beside the move to
    Cork). Only a subject that could be an old value of the changed slot (a tool's name beside a tool switched
    to, a capitalised name beside a move), never a person, nor the new value."""
    changes = [f for f in facts if f.slot and f.tense == "present" and not f.negated and f.object_key and (
        f.replaces or any(c in f.evidence.split("cues:")[-1] for c in _CHANGE_CUES if "cues:" in f.evidence))]
    if not changes:
        return
    new = {f.object_key or "" for f in changes}
    for g in facts:
        subject = g.subject_key or ""
        if g.slot or g.negated or g.tense != "present" or not subject or subject in new or _a_person(subject) or any(
                subject in n or n in subject for n in new):
            continue
        said = re.match(rf"(?i){re.escape(subject)}{_REMARK_VERBS}", g.text)
        if said is not None and any(_of_the_kind(subject, g.text, f.slot or "") for f in changes):
            g.tense = "past"
            g.evidence += ("; " if g.evidence else "") + "a remark on the value the turn moved away from"


# "left the hotel, I'm at a little bistro now": after a workplace left, being at a kind of workplace is the next job
_AT_A_PLACE = re.compile(r"\b(?:is|are|am) (?:now )?at (?:a|an|the) (?:[\w'-]+ ){0,2}(?P<kind>[\w'-]+)$", re.I)


def _workplace_after_leaving(facts: list[Fact]) -> None:
    """An unplaced "is at a bistro" of someone the turn says left a workplace: their employer now (not alone:
    "I'm at a cafe" is where one sits)."""
    from mem_graph.extract.lexicon import WORKPLACES

    left = {f.subject_key for f in facts if f.negated and f.evidence.startswith("slot employer:")}
    for f in facts:
        unplaced = f.subject_key in left and not f.slot and not f.negated
        m = _AT_A_PLACE.search(f.text.removesuffix(" now")) if unplaced else None
        if m is not None and m.group("kind").lower() in WORKPLACES and f.tense == "present" and f.triples:
            f.slot, f.single_valued = f"{f.subject_key}|employer", True
            f.triples[-1] = Triple(f.triples[-1].subject, "works_at", f.triples[-1].object)
            f.evidence = f"slot employer: 'at a {m.group('kind')}' beside a workplace left" + (
                f"; {f.evidence}" if f.evidence else "")


def across_the_turn(facts: list[Fact], partners: dict[str, str] | None = None, text: str = "") -> None:
    """Settle the turn's facts together (in place; see the module doc). ``partners``: subject key -> the partner
    earlier turns named."""
    resolve_there(facts)
    link_replacements(facts)
    name_the_couple(facts, partners, text)  # "my boyfriend dan proposed!! we're engaged": engaged to Dan
    _refined_beside_still(facts)
    _remarks_on_the_old(facts)
    _workplace_after_leaving(facts)
    note_several_owned(facts, text)  # "picked up a fiat ... insure two cars": one more car
