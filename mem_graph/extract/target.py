"""What a clause's object stands for, before its slot is recognised.

"We moved the service from MongoDB to Postgres", "I traded in my Honda for a Subaru", "switched from MySQL to
Postgres", "replaced X with Y": the object is the new value and the old one is what it replaces (and "the
service", when something other than the speaker moved, is whose slot it is); "it's a Ford Puma, not a Fiesta"
replaces the Fiesta; "I switched my editor to Neovim" is the speaker's editor; "renamed the hamster to X" and
"we named our puppy Max" name the pet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mem_graph.extract.catalogue import SlotSpec
from mem_graph.extract.child_moves import moved_child
from mem_graph.extract.clauses import Context, Subject, compound_span, resolve_np, span_text
from mem_graph.extract.cues import SWAP_FOR, swap_for
from mem_graph.extract.kin_words import CHILD_NOUNS, KIN, PET_NOUNS, PET_SPECIES
from mem_graph.extract.lexicon import TECH_KINDS, tech_kind
from mem_graph.extract.pet_refs import pet_name
from mem_graph.extract.predicate import Predicate, object_text
from mem_graph.extract.slot_fit import moved_a_thing
from mem_graph.extract.slots import SlotCatalogue, SlotMatch
from mem_graph.types import EntityRef, normalise_entity

_GRADES = frozenset({"year", "grade", "class", "form", "reception"})
# verbs whose clause names an old value and the new one that replaces it
REPLACING = frozenset({"switch", "migrate", "change", "upgrade", "transfer", "convert", "trade", "swap", "exchange",
                       "replace", "ditch", "dump", "drop"})


@dataclass
class Target:
    """The object a fact is about, whose slot it is, the old values it replaces, and a slot already decided."""

    obj: Any
    slot_subject: Subject
    replaces: list[str] = field(default_factory=list)
    forced: SlotMatch | None = None


def clause_target(cat: SlotCatalogue, pred: Predicate, subject: Subject, obj: Any, ctx: Context) -> Target:
    """The clause's object read for a change, a replacement or a naming (``pred`` is updated in place: the
    preposition the new value came with, the old value of "traded in")."""
    replaces: list[str] = []
    slot_subject = subject
    m0: SlotMatch | None = None
    if pred.lemma in ("be", "start", "begin") and obj.lower_ in _GRADES:  # "my son is in year 4 at Oakwood Primary",
        # "started reception at st peter's": the school
        at = next((g for c in [*obj.children, *pred.target.children] if c.dep_ == "prep" and c.lower_ == "at"
                   for g in c.children if g.dep_ == "pobj"), None)
        if at is not None:
            obj, pred.prep = at, "at"
    # "We moved the service from MongoDB to Postgres", "I traded in my Honda for a Subaru",
    # "I switched from MySQL to Postgres", "replaced X with Y": the new value, replacing the old
    new_obj = pred.preps.get("to") if pred.lemma in ("switch", "migrate", "change", "upgrade", "transfer",
                                                     "convert") or (pred.lemma in ("move", "go", "relocate")
                                                                    and "from" in pred.preps) or (
        pred.lemma == "move" and pred.dobj is not None and pred.dobj.lemma_.lower() in CHILD_NOUNS
        and "to" in pred.preps and moved_child(pred, pred.preps["to"], ctx) is not None) else None
    # (the last: "we moved my son to Hillside Academy", a school, see moved_child)
    if pred.lemma in ("trade", "swap", "exchange"):
        new_obj = pred.preps.get("for")
    if pred.lemma in SWAP_FOR:  # "ditched my Android for an iPhone"
        new_obj = swap_for(pred.target)
    if pred.lemma == "replace":
        new_obj = pred.preps.get("with")
    if pred.lemma in ("trade", "swap", "exchange") and new_obj is not None:
        pred.preps.pop("in", None)
        old_in = next((c for c in pred.target.children if c.dep_ == "prep" and c.lower_ == "in"), None)
        if pred.dobj is None and old_in is not None:  # "traded in my Honda for a Subaru"
            pred.dobj = next((g for g in old_in.children if g.dep_ == "pobj"), None)
    if new_obj is None and pred.objects and obj == pred.objects[0]:
        old_value = next((c for c in obj.children if c.dep_ in ("appos", "conj") and any(
            g.dep_ == "neg" for g in obj.children)), None)
        if old_value is not None:  # "it's a Ford Puma, not a Fiesta"
            replaces.append(normalise_entity(span_text(compound_span(old_value))))
    if new_obj is not None:
        moved_thing = pred.dobj is not None and pred.lemma in ("move", "switch", "migrate") and \
            pred.dobj.pos_ in ("NOUN", "PROPN") and pred.dobj.ent_type_ not in ("DATE", "TIME") and not any(
                c.lower_ in ("this", "last", "next") for c in pred.dobj.children)  # not "this sprint"
        old = pred.preps.get("from") or (None if moved_thing else pred.dobj)
        if old is not None and old.pos_ == "PRON" and not pred.preps.get("from"):
            old = None  # "my company transferred me to the Tokyo office": who moved, no old value
        if old is not None and old != new_obj:
            replaces.append(normalise_entity(span_text(compound_span(old))))
        # whose the moved thing is: the speaker's ("my major"), or the clause subject's ("my son switched his course")
        own = ("my", "our") if subject.is_speaker or subject.type != "person" else ("his", "her", "their")
        role = pred.dobj if moved_thing and pred.dobj is not None and any(
            c.lower_ in own for c in pred.dobj.children) and pred.dobj.lemma_.lower() not in \
            KIN | PET_NOUNS else None
        own_attribute = role is not None and (attribute := cat.noun_slot(role.lemma_)) is not None and \
            attribute[0].subjects == "person"
        if role is not None and not own_attribute and "role" in cat.specs and pred.lemma in ("switch", "change") and \
                getattr(cat.value_slot(compound_span(new_obj)), "name", "tools") == "tools":
            # not "our API to Cassandra" (a database is the API's slot); a tool or an unknown name is the role
            # "I switched my editor to Neovim": the speaker's editor
            m0 = SlotMatch(cat.specs["role"], ctx.speaker, object_text(new_obj),
                           f"slot role: '{pred.verb.text} my {role.lemma_} to'", qualifier=role.lemma_.lower())
            moved_thing = False
        elif own_attribute and role is not None and attribute is not None:
            # "switched my major to statistics": the speaker's own attribute, no thing moved
            moved_thing = False
            m0 = m0 if m0 is not None and m0.spec is attribute[0] else SlotMatch(
                attribute[0], ctx.speaker if own[0] == "my" else subject.name, object_text(new_obj),
                f"slot {attribute[0].name}: '{pred.verb.text} "
                f"{next(c.lower_ for c in role.children if c.lower_ in own)} {role.lemma_} to'", qualifier=attribute[1])
        child = moved_child(pred, new_obj, ctx) if "school" in cat.specs else None
        if child is not None:  # "we moved my daughter from Westfield High to Lincoln Academy": her school
            slot_subject, moved_thing = child, False
            m0 = SlotMatch(cat.specs["school"], child.name, object_text(new_obj),
                           f"slot school: '{pred.verb.text} {child.name} to' a school")
        if moved_thing:  # "we moved the service from MongoDB to Postgres": the service's slot
            moved = span_text([t for t in compound_span(pred.dobj) if t.lower_ not in ("our", "my")])
            slot_subject = Subject(moved, type="thing", entities=[EntityRef(moved, "thing")])
        obj = new_obj
        pred.prep = "to" if pred.lemma != "trade" else None
    if pred.lemma == "rename" and pred.dobj is not None and "to" in pred.preps:  # "renamed the hamster to X"
        renamed = resolve_np(pred.dobj, ctx) or Subject(f"{ctx.speaker}'s {pred.dobj.text}", type="animal")
        slot_subject, obj = renamed, pred.preps["to"]
        m0 = SlotMatch(cat.specs["name"], renamed.name, object_text(obj), "slot name: 'renamed ... to'")
    if pred.lemma in ("name", "call") and pred.dobj is not None and obj.dep_ == "oprd" and obj.lower_ not in KIN:
        # ("called her mum": phoned someone's mother)
        named = resolve_np(pred.dobj, ctx)  # "we named our puppy Max", "named him pickles"
        if pred.dobj.lower_ in ("him", "her", "it") and ctx.last_pet and ctx.pet_last and \
                pred.target.tag_ in ("VBD", "VBN") and any(  # (done: not "if I get a dog I'll name him Rex")
                c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in pred.target.children) and any(
                t.lemma_.lower() in PET_NOUNS for t in pred.dobj.doc[:pred.dobj.i]):
            # "I got a puppy! ... I've named him Rudy" (a son spoken of in an earlier turn is not who is named);
            # the pet noun of this sentence when it has one ("we adopted a rescue beagle, named him pepper": the
            # beagle, not Rex who died), else the pet said last, by its kind ("Turbo": the speaker's dog)
            noun = next((t for t in reversed(pred.dobj.doc[pred.dobj.sent.start:pred.dobj.i])
                         if t.lemma_.lower() in PET_NOUNS and t.pos_ == "NOUN"), None)
            kind = ctx.pet_kinds.get(ctx.last_pet.lower())
            pet = pet_name(noun, ctx, fresh=True) if noun is not None else \
                f"{ctx.speaker}'s {PET_SPECIES.get(kind, kind)}" if kind is not None else ctx.last_pet
            named = Subject(pet, type="animal", entities=[EntityRef(pet, "animal")])
        if named is not None:
            slot_subject = named
            if "name" in cat.specs and named.type == "animal":
                m0 = SlotMatch(cat.specs["name"], named.name, object_text(obj),
                               f"slot name: '{pred.verb.text} {pred.dobj.text} {object_text(obj)}'")
    if pred.dobj is not None and pred.dobj.lower_ in ("us", "me", "everyone", "everybody") and pred.lemma in (
            "move", "switch", "migrate", "force", "put") and tech_kind(object_text(obj)) is not None:
        # "the agency moved us all to Figma", "IT forced everyone onto Teams": the speaker's tool now
        slot_subject = Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")])
    if pred.dobj is not None and pred.dobj.lower_ in ("me", "us") and pred.lemma == "get" and pred.prep == "into" \
            and not subject.is_speaker:  # "my pal tam's got me into the lawn bowls": the speaker is into it now
        slot_subject = Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")])
    kind = tech_kind(object_text(obj)) if not (obj.pos_ == "ADJ" and obj.dep_ == "acomp") else None  # ("my hausa
    # is solid now": a quality, not the framework)
    if kind is not None and _said_as_change(pred):
        # "i'm using neovim now", "we're on postgres now": the other tools of that kind end (never another kind's)
        value = normalise_entity(object_text(obj))
        replaces += sorted(n for n in TECH_KINDS[kind] if n not in replaces and not same_words(n, value))
    elif kind is not None and m0 is None and subject.is_speaker and continuing(pred) and "tools" in cat.specs:
        # "coding in Eclipse rn, as always": the tool the speaker uses, said to be no change
        m0 = SlotMatch(cat.specs["tools"], ctx.speaker, object_text(obj),
                       f"slot tools: '{pred.verb.text} {object_text(obj)}' as always")
    return Target(obj, slot_subject, replaces, m0)


# words that make a new value one more, not a change ("i use docker now too")
_ADDING = frozenset({"too", "also", "as", "both", "either", "plus", "additionally"})


def _said_as_change(pred: Predicate) -> bool:
    """The clause says its value replaced another: a verb of switching, or "now"/"these days" with no "too"."""
    if pred.lemma in SWAP_FOR:  # "dropped MySQL" ends MySQL; only "dropped MySQL for X" names a new value
        return swap_for(pred.target) is not None
    if any(c.dep_ == "neg" for c in pred.verb.children):  # "we don't use mysql anymore": mysql ended, none began
        return False
    if pred.lemma in REPLACING | {"move", "force"}:  # ("IT forced everyone onto Teams")
        return True
    words = {t.lower_ for t in pred.target.subtree} | {t.lower_ for t in pred.verb.children}
    return bool(words & {"now", "nowadays", "anymore"} or {"these", "days"} <= words) and not words & _ADDING


def continuing(pred: Predicate) -> bool:
    """The clause says its state goes on as before ("as always", "as usual"): no change, whatever "now" it has."""
    words = {t.lower_ for t in pred.target.subtree}
    return "as" in words and bool(words & {"always", "usual", "ever"})


def same_words(a: str, b: str) -> bool:
    """"vs code" / "vscode", "postgres" / "postgresql": one name, spelled with or without a space or in full."""
    a, b = a.replace(" ", ""), b.replace(" ", "")
    return a.startswith(b) or b.startswith(a)


def speaker_as_object(catalogue: SlotCatalogue, pred: Predicate, subject: Subject, obj: Any,
                      speaker: str) -> SlotMatch | None:
    """Slots stated about the speaker as the object: "Shopify hired me", "Nimbus laid me off"."""
    if obj.lower_ in ("me", "us") and pred.dobj == obj and not subject.is_speaker:
        spec = catalogue.specs.get("employer")
        if spec is None:
            return None
        if pred.lemma in ("hire", "employ", "recruit"):  # "Shopify offered me a job" is an offer, not the job
            return SlotMatch(spec, speaker, subject.name, f"slot employer: '{subject.name} {pred.verb.text} me'")
        if pred.lemma in ("lay", "fire", "let", "sack", "dismiss"):
            return SlotMatch(spec, speaker, subject.name,
                             f"slot employer: '{subject.name} {pred.verb.text} me' (ended)", polarity=0)
    return None


# nouns that say only that someone is a person: "some guy Ben from her gym" names Ben
_SOMEONE_NOUNS = frozenset({"guy", "girl", "man", "woman", "bloke", "dude", "lad", "lass", "chap", "fella", "boy",
                            "lady", "fellow"})


def called_name(noun: Any) -> Any | None:
    """The name in "<noun> called/named <Name>" (the parser hangs it as oprd, attr or even advmod), or in "some guy
    Ben" (a name said in apposition to a noun that only says a person)."""
    acl = next((c for c in noun.children if c.dep_ == "acl" and c.lemma_.lower() in ("call", "name")), None)
    if acl is None:
        if noun.lemma_.lower() in _SOMEONE_NOUNS:
            return next((c for c in noun.children if c.dep_ == "appos" and c.pos_ == "PROPN" and c.i == noun.i + 1),
                        None)
        return None
    return next((g for g in acl.children if g.dep_ in ("oprd", "attr", "advmod", "dobj", "npadvmod", "appos")
                 and g.i > acl.i and g.is_alpha), None)


def old_value_slot(cat: SlotCatalogue, replaces: list[str]) -> SlotSpec | None:
    """The slot the replaced value is a value of, when it is no tool's ("switched from nursing to paramedicine": a
    subject of study, whatever the new one's name is)."""
    spec = cat.values.get(replaces[0]) if len(replaces) == 1 else None
    # (a course, a line of work, a car, a phone or a computer, when the new one is of no kind the lexicon knows:
    # "swapped the Polo for a Juke"; one it knows says its own kind, "the iphone for a bike")
    return spec if spec is not None and spec.name in ("field_of_study", "occupation", "car", "phone",
                                                      "computer") else None


_NO_TOOL_MOVED = frozenset({"number", "phone number", "password", "pin", "masters", "master's", "degree", "course",
                            "phd", "studies", "mba", "msc", "bsc", "undergrad"})
_CHANGED_PLURALS = frozenset({"teams", "jobs", "departments", "roles", "desks", "offices", "shifts", "sides",
                              "seats", "careers", "squads", "projects"})


def replacement_match(cat: SlotCatalogue, pred: Predicate, subject: Subject, slot_subject: Subject, obj: Any,
                      replaces: list[str], negated: bool) -> SlotMatch | None:
    """The slot of a replacement no rule placed: "we moved from denver to austin" (a person moves home),
    "switched from vim to emacs" (a tool), "upgraded from the Corolla to a Civic" (a car), never a home for a thing
    moved ("moved the whole new project to Godot"), never one of a kind one changes ("moved teams", "switched
    desks": a new team, not Microsoft Teams)."""
    if obj.dep_ == "dobj" and obj.tag_ == "NNS" and obj.lower_ in _CHANGED_PLURALS:
        return None
    if obj.like_num or obj.text[:1].isdigit() or replaces[0] in _NO_TOOL_MOVED:
        return None  # "changed my number to 07700 900123", "transferred my masters to Glasgow": no tool
    value = cat.value_slot(compound_span(obj)) or old_value_slot(cat, replaces)
    moved = ((pred.lemma in ("move", "relocate") and obj.dep_ == "pobj" and not moved_a_thing(pred)) or replaces[
        0] == "address") and subject.type == "person" and (value is None or value.name == "residence")
    known = value is not None and value.cardinality == "single" and not moved and (  # a car, our database
        value.subjects != "thing" or (value.name == "database" and not negated))
    # a value of a person's many-valued attribute ("swapped my coffee for tea": drinks) stays in that attribute
    kind = value is not None and not moved and value.cardinality == "multi" and value.subjects == "person"
    spec = value if known or kind else cat.specs.get("residence" if moved else "tools")
    said = f"'{pred.verb.text} from {replaces[0]} to {object_text(obj)}'" if len(replaces) == 1 else \
        f"'{pred.verb.text} to {object_text(obj)}', the others of its kind ending"  # ("moved ... to Godot": engines)
    return SlotMatch(spec, slot_subject.name, object_text(obj), f"replacement: {said}",
                     replaces=replaces) if spec is not None else None


def switched_to_replaces(pred: Predicate, m: SlotMatch | None) -> bool:
    """"the doc switched me to amlodipine", "switched to iced matcha lattes": a medicine or a drink switched to, none
    named as left, takes the others' place."""
    return m is not None and m.spec.name in ("medication", "drinks") and pred.lemma == "switch" and not m.replaces


def course_not_tool(cat: SlotCatalogue, replaces: list[str], obj: Any) -> bool:
    """A switch from a course or a line of work to a name no lexicon knows: a tool only by its verb ("switched
    from nursing to paramedicine" is a course)."""
    return bool(replaces) and old_value_slot(cat, replaces) is not None and cat.value_slot(compound_span(obj)) is None
