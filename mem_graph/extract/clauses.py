"""Clause splitting and subject resolution on a spaCy parse.

Every verb that heads a clause (the root, a conjoined or subordinate verb) is one clause;
a conjoined verb without its own subject inherits its head's ("Leo left the bakery and now
works at a bookshop" -> two clauses about Leo). Subjects are resolved within a ``Context``
that lives for one add(): "I" is the speaker, "my brother Leo" / "Leo" / "my brother" / "he"
(after Leo was named) are one entity, and possessive chains name the right people ("my friend
Anna's brother Marco" -> Anna is the speaker's friend, Marco is Anna's brother).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mem_graph.extract.copula_repair import NAMES_GIVEN_BACK
from mem_graph.extract.grammar_cues import (
    ANIMATE_VERBS,
    disagrees,
    first_word,
    other_gender,
    thing_cannot_act,
)
from mem_graph.extract.kin_tokens import had_kin, met_named, my_kin
from mem_graph.extract.kin_words import (
    FIRST_PERSON,
    KIN,
    PET_NOUNS,
    POSSESSIVES,
    THIRD_PERSON,
)
from mem_graph.extract.lexicon import OCCUPATIONS, is_given_name, names_someone
from mem_graph.extract.pet_refs import pet_name, pet_referent
from mem_graph.extract.role_nouns import is_role_noun
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import EntityRef, Triple, normalise_entity

CLAUSE_DEPS = frozenset({"conj", "ccomp", "advcl", "parataxis", "relcl"})
IMPLIED_SUBJECTS = "mem_graph_implied_subjects"  # Doc.user_data key: offsets of an "I" chat left out
SKIPPED_PRONOUNS = frozenset({"it", "they", "you", "this", "that", "there", "who", "what", "which", "everyone",
                              "someone", "anyone", "one", "everybody", "nobody", "somebody", "these", "those"})
FILLER_NAMES = frozenset([
    "yep", "yeah", "yup", "nope", "lol", "haha", "ok", "okay", "omg", "wow", "ugh", "hey", "hi", "well",
])
# what a relative or pet has, said after them without "'s" ("my wife name is Fatma")
_OWN_ATTRIBUTES = frozenset({"name", "age", "job", "birthday", "email", "number", "school", "nickname"})
# "my favourite kind of music": a noun that says which sort of the noun after "of" is meant
_KIND_NOUNS = frozenset({"kind", "type", "sort", "genre", "style", "brand", "make", "model"})
PAST_FORMS = frozenset([
    "got", "bought", "sold", "went", "took", "made", "had", "left", "quit", "began", "became", "met", "moved",
    "turned", "traded", "switched", "adopted", "started", "joined", "married",
])


@dataclass
class Subject:
    """Who a clause is about: ``name`` as rendered, ``key`` for slots, plus the triples naming it."""

    name: str
    type: str = "person"
    is_speaker: bool = False
    kin: str | None = None  # "brother" in "my brother Leo"
    attribute: str | None = None  # "name" in "my cat's name is Luna" (``owner`` is the cat)
    owner: str | None = None
    triples: list[Triple] = field(default_factory=list)
    entities: list[EntityRef] = field(default_factory=list)
    tokens: set[int] = field(default_factory=set)  # the subject's words (rendering replaces them)
    plural: bool = False  # "we": the speaker only where a slot says so ("we moved to Berlin", "we use Jira")
    implied: bool = False  # no subject written ("Moved to Manchester last week"): the speaker, for slot facts
    evidence: str = ""

    @property
    def key(self) -> str:
        return normalise_entity(self.name)


@dataclass
class Context:
    """What subject resolution remembers within one add(): who was named last, and kin names."""

    speaker: str
    last_person: str | None = None
    last_pet: str | None = None  # "User's kitten": the speaker's pet mentioned last
    pet_last: bool = False  # that pet was mentioned after the last person named (a "she" may be the pet)
    pet_topic: bool = False  # and as its sentence's subject ("our spaniel Poppy is off her food. She's 14": Poppy)
    last_group: str | None = None  # "my parents", "my kids": who a following "they" is
    kin_names: dict[tuple[str, str], str] = field(default_factory=dict)  # (owner key, kin) -> name
    plans: list[Any] = field(default_factory=list)  # clauses of planned changes, in order (plans.py)
    pet_kinds: dict[str, str] = field(default_factory=dict)  # a pet's name -> its kind ("biscuit": "cat")
    employers: set[str] = field(default_factory=set)  # the speaker's employers said so far ("moved from X to Y")
    school_words: set[str] = field(default_factory=set)  # names said as a school's ("Kingsmead" of "Kingsmead academy")

    def remember(self, owner: str, kin: str, name: str) -> None:
        self.kin_names[(normalise_entity(owner), kin)] = name


def the_speakers(kin: str, ctx: Context) -> str:
    """The speaker's ``kin`` ("sister") by the name the turn gave them, else as "User's sister"."""
    return ctx.kin_names.get((normalise_entity(ctx.speaker), kin)) or f"{ctx.speaker}'s {kin}"


def known_name(kin: Subject, ctx: Context) -> str:
    """Who an unnamed relative is when the sentence named them: "my gf is priya, she's at usc" is Priya."""
    if "'s " in kin.name and kin.triples:
        return ctx.kin_names.get((normalise_entity(kin.triples[-1].subject), kin.triples[-1].relation)) or kin.name
    return kin.name


def compound_span(tok: Any) -> list[Any]:
    """A noun with its compounds, modifiers and flat-name parts ("New York", "black coffee")."""
    parts = [tok]
    for child in tok.children:
        if not any(ch.isalnum() for ch in child.text) or child.lower_ in ("much", "many", "too", "more", "less"):
            continue
        if child.pos_ == "INTJ" or child.lower_ in FILLER_NAMES:  # "yeah jen is a nurse": no part of the name
            continue
        if child.dep_ in ("compound", "amod", "nummod", "flat", "nmod", "poss") and child.i < tok.i:
            if child.dep_ == "poss" and (child.lower_ in POSSESSIVES or child.pos_ == "PRON"
                                         or child.lower_ in KIN or child.ent_type_ == "PERSON"):
                continue
            if child.dep_ == "amod" and child.ent_type_ in ("DATE", "ORDINAL"):
                continue
            parts.extend(compound_span(child))
        elif child.i == tok.i - 2 and tok.doc[tok.i - 1].tag_ == "HYPH" and child.dep_ in ("npadvmod", "advmod"):
            parts.extend([child, tok.doc[tok.i - 1]])  # "dairy-free", "plant-based": one word, hyphenated
        elif child.i == tok.i + 1 and tok.pos_ == "PROPN" and child.lower_ in _SCHOOL_AFTER:
            parts.append(child)  # "Greenway secondary", "Hillside primary": a school's name typed in lower case
    return sorted(parts, key=lambda t: t.i)


_SCHOOL_AFTER = frozenset({"secondary", "primary", "elementary", "academy", "grammar", "infants", "juniors"})


def span_text(tokens: list[Any]) -> str:
    toks = sorted(tokens, key=lambda t: t.i)
    return toks[0].doc[toks[0].i: toks[-1].i + 1].text.strip() if toks else ""


_POSTS = frozenset({"job", "position", "post", "role", "internship", "placement", "apprenticeship"})
_OCCUPATIONS = frozenset(OCCUPATIONS)


def _takes_a_post(head: Any) -> bool:
    """A name that takes or holds a post is a person, whatever the tagger says ("Hartley has taken a job at ETH
    Zurich": Hartley read as an organisation)."""
    verb = head.head
    return head.dep_ == "nsubj" and verb.pos_ in ("VERB", "AUX") and any(
        c.dep_ in ("dobj", "attr") and c.lemma_.lower() in _POSTS | _OCCUPATIONS for c in verb.children)


def lower_name(t: Any) -> bool:
    """A name chat wrote lower-case as a clause's subject: a word of no dictionary ("ciarán", "tama")."""
    return t.pos_ in ("NOUN", "PROPN") and t.is_alpha and t.text.islower() and len(t.text) > 2 and \
        not is_english_word(t.lower_) and t.lower_ not in KIN


def _a_job_left(t: Any) -> bool:
    """"jonas quit deliveroo, he's a sous chef now": what one quits, joins or resigns from is a workplace."""
    verb = t.head.head if t.dep_ == "pobj" and t.head.lower_ == "from" else t.head
    return t.dep_ in ("dobj", "pobj") and verb.lemma_.lower() in ("quit", "join", "resign")


def _np_chain(head: Any) -> list[Any]:
    """The tokens of a subject noun phrase in order, without relative clauses or conjuncts."""
    keep: set[int] = {head.i}
    for child in head.children:
        if child.dep_ in ("relcl", "conj", "cc", "punct", "prep", "acl"):
            continue
        if child.dep_ == "advmod":  # "my dad back in Seattle": the place is where he is, not his name
            keep.add(child.i)
            continue
        keep.update(t.i for t in child.subtree if t.dep_ not in ("relcl", "acl"))
    return [t for t in head.doc[min(keep): max(keep) + 1] if t.i in keep]


def resolve_np(head: Any, ctx: Context) -> Subject | None:
    """A noun phrase as an entity: the speaker, "my (kin)* [Name]('s kin [Name])*", a name, or he/she."""
    low = head.lower_
    if low in FIRST_PERSON:
        return Subject(ctx.speaker, is_speaker=True, tokens={head.i}, entities=[EntityRef(ctx.speaker, "person")],
                       plural=low in ("we", "us"))
    if head.text == "IT" and head.dep_ in ("nsubj", "nsubjpass"):  # "IT forced everyone onto Teams": the department
        return Subject("IT", type="thing", tokens={head.i}, entities=[EntityRef("IT", "organization")])
    if low in THIRD_PERSON | {"it"} and (pet := pet_referent(head, ctx)) is not None:
        return Subject(pet, type="animal", tokens={head.i}, entities=[EntityRef(pet, "animal")],
                       evidence=f"'{head.text}' -> {pet} (mentioned just before)")
    if low in THIRD_PERSON:
        # "Ben moved out, he lives in Edinburgh now": the subject named earlier in the same sentence
        # ("my husband Josh is a chef, he runs ...": the name set beside the subject)
        # ("my sister retrained, she's a paramedic now": the sister, not someone named in an earlier turn)
        before = next((t for t in reversed(head.doc[head.sent.start: head.i]) if (names_someone(t) and not _a_job_left(
            t)) or my_kin(t) or my_kin(t, as_object=True) or met_named(t) or had_kin(t) or (  # ("my daughter Joy,")
            t.dep_ in ("nsubj", "nsubjpass") and (  # ("abena's gone back to uni, she's ...": a passive's subject)
                t.text.capitalize() in ctx.kin_names.values() or lower_name(t)))), None)
        # ("jonas quit, he's ...", "ciarán is doing the cooking and he's useless")
        # ("my nan's finally agreed, she's ...": a kin word the tagger calls a name is still the speaker's nan)
        kin_subject = resolve_np(before, ctx) if before is not None and (before.pos_ == "NOUN" or (
            before.lower_ in KIN and any(c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in before.children))) \
            else None
        if before is not None and had_kin(before):  # "i have a sister, she lives in Cork": the sister
            ctx.last_person = the_speakers(before.lemma_.lower(), ctx)
        elif before is not None:
            ctx.last_person = known_name(kin_subject, ctx) if kin_subject is not None else \
                span_text(compound_span(before))
        # the person keeps the kin they were named by ("my daughter ... she": a child's slots are a child's)
        kin = next((k for (_, k), n in ctx.kin_names.items() if n == ctx.last_person), None) or next(
            (w for w in [(ctx.last_person or "").rpartition("'s ")[2].lower()] if "'s " in (ctx.last_person or "")
             and w in KIN), None)
        if ctx.last_person is None or other_gender(low, kin, ctx.last_person) or (  # (not "my boyfriend Tom" for "she")
                low in ("she", "her") and ctx.last_person.startswith(("Mr ", "Mr. "))) or (
                low in ("he", "him", "his") and ctx.last_person.startswith(("Mrs", "Ms ", "Ms. ", "Miss "))):
            return None
        return Subject(ctx.last_person, tokens={head.i}, entities=[EntityRef(ctx.last_person, "person")], kin=kin,
                       evidence=f"'{head.text}' -> {ctx.last_person} (named just before)")
    if low in ("they", "them") and ctx.last_group is not None:  # "my parents ... they moved to Whitby"
        return Subject(ctx.last_group, tokens={head.i}, entities=[EntityRef(ctx.last_group, "person")],
                       evidence=f"'{head.text}' -> {ctx.last_group} (named just before)")
    if low in SKIPPED_PRONOUNS or head.pos_ == "PRON" or low in FILLER_NAMES:
        return None
    toks = _np_chain(head)
    has_owner = any(t.lower_ in POSSESSIVES or t.tag_ == "POS" for t in toks) or bool(
        toks and toks[0].lower_ in ("her", "his", "its") and pet_referent(toks[0], ctx) is not None)
    if not has_owner:
        if head.pos_ == "NOUN" and head.lemma_.lower() in PET_NOUNS and ctx.last_pet == pet_name(head, ctx):
            # "we ended up calling the cat Ginger": the speaker's cat, mentioned before
            return Subject(ctx.last_pet, type="animal", tokens={t.i for t in toks},
                           entities=[EntityRef(ctx.last_pet, "animal")], evidence=f"'the {head.lower_}' -> "
                                                                                   f"{ctx.last_pet}")
        known = head.text[:1].isupper() and (head.text in ctx.kin_names.values() or head.text == ctx.last_person
                                             or is_given_name(head))  # ("Tomasz" tagged a noun)
        if head.pos_ != "PROPN" and not known:  # a name introduced before is a person however it is tagged
            if head.pos_ == "NOUN" and head.lemma_.lower() not in KIN | PET_NOUNS:
                # "the billing service": kept only if the clause names a thing's slot (its database)
                name = span_text([t for t in compound_span(head) if t.lower_ not in ("the", "a", "an")])
                return Subject(name, type="generic", tokens={t.i for t in toks}, entities=[EntityRef(name, "thing")])
            return None
        name = span_text(compound_span(head))
        # "Noah" after "my son Noah": the same person, still the speaker's son (a child's slots are a child's)
        kin = next((k for (owner, k), n in ctx.kin_names.items() if n == name and owner == normalise_entity(
            ctx.speaker)), None)
        # a name introduced as kin or named just before is a person, whatever the entity tagger says
        person = head.ent_type_ in ("", "PERSON") or kin is not None or known or \
            head.i in head.doc.user_data.get(NAMES_GIVEN_BACK, ()) or (is_given_name(head) and len(toks) == 1) or \
            _takes_a_post(head)
        return Subject(name, type="person" if person else "thing", kin=kin,
                       tokens={t.i for t in toks}, entities=[EntityRef(name, "person")])
    return _possessive_chain(toks, ctx)


def _possessive_chain(toks: list[Any], ctx: Context) -> Subject | None:
    """Walk "my friend Anna 's brother Marco" left to right: each kin noun hangs off the previous owner."""
    segments: list[list[Any]] = [[]]
    starts_mine = False
    for t in toks:
        if t.lower_ in POSSESSIVES and not segments[0] and len(segments) == 1:
            starts_mine = True
        elif t.tag_ == "POS":
            segments.append([])
        elif t.pos_ in ("PROPN", "NOUN", "ADJ", "NUM") or t.dep_ == "compound":
            segments[-1].append(t)
    segments = [s for s in segments if s]
    if not segments:
        return None
    owner: str | None = ctx.speaker if starts_mine else None
    entities = [EntityRef(ctx.speaker, "person")] if starts_mine else []
    if owner is None and toks and toks[0].lower_ in ("her", "his", "its") and (
            pet := pet_referent(toks[0], ctx)) is not None:
        owner, entities = pet, [EntityRef(pet, "animal")]  # "we got a kitten, her name is Biscuit"
    triples: list[Triple] = []
    current, kin, ctype = None, None, "person"
    attribute: str | None = None
    for n, seg in enumerate(segments):
        names = [t for t in seg if t.pos_ == "PROPN" and t.lower_ not in KIN and not any(
            ch.isdigit() for ch in t.text)]  # ("my a1c": a thing)
        nouns = [t for t in seg if t not in names]
        if owner is not None and names and all(t.text.islower() for t in names) and not {
                t.lemma_.lower() for t in seg} & (KIN | PET_NOUNS):
            nouns, names = seg, []  # "my bp meds": lower-case words the tagger called names are a thing's words
        if owner is None:  # "Anna's brother": the chain starts at a name
            if not names:
                return None
            current = span_text(names)
            entities.append(EntityRef(current, "person"))
            owner = current
            continue
        if not nouns:  # "my Leo"
            current = span_text(names)
            entities.append(EntityRef(current, "person"))
            owner = current
            continue
        head = nouns[-1]
        kin = head.lemma_.lower() if head.pos_ == "NOUN" else head.lower_
        if kin not in KIN and kin not in PET_NOUNS:
            if n == len(segments) - 1 and not names:  # "my cat's name", "our service"
                attribute = span_text(nouns).lower()
                first = nouns[0].lemma_.lower()
                if len(nouns) == 2 and (first in KIN or first in PET_NOUNS) and head.lower_ in _OWN_ATTRIBUTES:
                    # "my wife name is Fatma", "my son age is 7": the wife's, the son's (not "my brothers band")
                    owner = ctx.kin_names.get((normalise_entity(owner), first)) or f"{owner}'s {nouns[0].lower_}"
                    attribute = span_text(nouns[1:]).lower()
                of = next((g for p in head.children if p.dep_ == "prep" and p.lower_ == "of" for g in p.children
                           if g.dep_ == "pobj" and g.pos_ == "NOUN"), None) if head.lower_ in _KIND_NOUNS else None
                if of is not None:  # "my favourite kind of music": the music is the attribute, not the kind
                    attribute = " ".join(t.lower_ for t in [*nouns[:-1], *compound_span(of)])
                break
            kin_text = span_text(nouns).lower()
        else:
            kin_text = kin
        ctype = "person" if kin in KIN else ("animal" if kin in PET_NOUNS else "thing")
        if names:
            current = span_text(names)
            triples.append(Triple(owner, kin_text, current))
            ctx.remember(owner, kin_text, current)
        else:
            # "my partner" is whoever was named so before, unless the clause names them anew ("my partner is Sam now")
            current = (None if _names_anew(head) else ctx.kin_names.get((normalise_entity(owner), kin_text))) or \
                f"{owner}'s {span_text(nouns)}"
            if "'s " in current:
                triples.append(Triple(owner, kin_text, current))
        entities.append(EntityRef(current, ctype))
        owner = current
    tokens = {t.i for t in toks}
    if attribute is not None:
        # "our service" is the service; "my cat's name" is an attribute of the cat
        return Subject(attribute, type="thing", attribute=attribute, owner=owner, triples=triples,
                       entities=dedupe_entities(entities), tokens=tokens)
    if current is None:
        return None
    return Subject(current, type=ctype, kin=kin, triples=triples, entities=dedupe_entities(entities), tokens=tokens,
                   evidence="possessive chain" if len(triples) > 1 else "")


def _names_anew(head: Any) -> bool:
    """"my partner is Sam now", "our new boss is a woman called Hannah": a kin noun that is the subject of "be"
    with a name as its complement, or said new (not the one named before)."""
    return head.dep_ == "nsubj" and head.head.lemma_ == "be" and (any(
        c.dep_ == "attr" and c.pos_ == "PROPN" for c in head.head.children) or any(
        c.dep_ == "amod" and c.lower_ == "new" for c in head.children))


def dedupe_entities(entities: list[EntityRef]) -> list[EntityRef]:
    """Entities once each, by normalised name (first spelling wins)."""
    return list({e.key: e for e in entities if e.key}.values())


def _misread_name(verb: Any) -> Any | None:
    """A capitalised unknown word right before the verb (its auxiliaries between) read as an adverb: the
    subject ("Raj is engaged to Nina", "Raj is with Sofia now"); not "Honestly", "Now", "Today". A person's name
    hung on the verb as its modifier is the subject too ("Dale works at Tyson")."""
    aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass", "neg") and c.i < verb.i]
    at = min([verb.i, *(a.i for a in aux)]) - 1
    tok = verb.doc[at] if at >= 0 else None
    if tok is not None and tok.dep_ in ("amod", "compound") and tok.pos_ == "PROPN" and tok.head.i == verb.i and \
            tok.ent_type_ == "PERSON":
        return tok  # "Dale works at Tyson": a name the parser hung on the verb as a modifier
    if tok is None or tok.head.i != verb.i or tok.dep_ not in ("advmod", "npadvmod") or not tok.text[:1].isupper() \
            or not tok.text[1:].islower() or tok.is_stop or tok.lower_.endswith("ly") or tok.ent_type_ in (
                "DATE", "TIME", "GPE", "ORG"):
        return None
    return tok


def clause_subject(verb: Any, ctx: Context) -> tuple[Subject | None, Any | None]:
    """The clause's subject (inherited by a conjoined verb without one) and its head token."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < verb.i]
    if len(subjects) > 1 and not any(t.lower_ in ("and", "&") for t in verb.doc[subjects[0].i: subjects[-1].i]):
        subj = subjects[-1]  # "weird thing, since being pregnant I can't stand coffee": the nearest is the subject
    if subj is None:  # "My brother Tom is engaged to Emma": the parser hung the subject on the auxiliary
        subj = next((g for a in verb.children if a.dep_ in ("aux", "auxpass") and a.i < verb.i
                     for g in a.children if g.dep_ in ("nsubj", "nsubjpass")), None)
    before = verb.doc[verb.i - 1] if verb.i > 0 else None
    if subj is None and verb.dep_ == "conj" and before is not None and before.pos_ == "PROPN" and \
            before.dep_ == "conj" and before.head.i < verb.i and verb.tag_ in ("VBD", "VBZ", "VBP"):
        # "we moved to Porto and Luis started a new job": Luis read as a second place, but he is the subject
        return resolve_np(before, ctx), before
    if subj is None and (name := _misread_name(verb)) is not None:
        return resolve_np(name, ctx), name  # "Raj is engaged to Nina": a name the tagger took for an adverb
    probe = verb
    participle = verb.dep_ == "advcl" and verb.tag_ == "VBG" and not any(c.dep_ == "mark" for c in verb.children)
    # "jake quit dentistry to become a pilot": what one left a post for is the post one holds next
    participle = participle or (verb.dep_ == "advcl" and verb.tag_ == "VB" and verb.head.lemma_.lower() in (
        "quit", "leave", "retire", "drop") and any(c.tag_ == "TO" for c in verb.children))
    while subj is None and (probe.dep_ in ("conj", "xcomp", "pcomp", "prep") or participle) and \
            probe.head != probe:
        participle = False  # "we moved out of Boston, living in Providence now": the participle's subject is ours
        probe = probe.head
        subj = next((c for c in probe.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is not None and probe != verb and (disagrees(verb, probe, subj) or thing_cannot_act(verb, probe, subj)):
        # "Biscuit stayed with Jamie, miss her loads": a plain present the named one cannot take is the speaker's
        return Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")], implied=True), None
    if subj is not None and probe != verb and subj.lower_ == "i" and verb.dep_ == "conj" and verb.tag_ == "VBZ":
        return None, None  # "i work like cook in a churrascaria, is very hard work": "it is", never "I is"
    if subj is not None and probe != verb and subj.pos_ == "NOUN" and is_role_noun(subj.lemma_.lower()) and \
            any(c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in subj.children) and verb.lemma_ != "be":
        # "my go-to drink is green tea, can't do coffee": the speaker can't, not the drink
        return Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")], implied=True), None
    if subj is None:
        # "Had my 42nd birthday on Sunday!": a chat line without a subject speaks for the speaker
        # "Moved to Manchester last week", "turned 35 today!!", "got a new phone": past narration too
        past_form = verb.tag_ in ("VBD", "VBN") or verb.lower_ in PAST_FORMS or (
            verb.tag_ == "VB" and verb.lower_.endswith("ed"))
        if verb.dep_ == "ROOT" and (past_form or (verb.tag_ in ("VBP", "VBZ") and any(
                t.lower_ in ("my", "i") for t in verb.subtree))) and not any(
                c.dep_ in ("expl",) for c in verb.children) and verb.i == first_word(verb).i \
                and verb.lemma_.lower() not in ("be", "was", "were"):
            return Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")],
                           implied=True), None
        # "the fiesta died, got a used golf": the speaker got it ("..., sold the camry and bought an i30": both)
        if _comma_narration(verb) or (probe != verb and _comma_narration(probe)):
            return Subject(ctx.speaker, is_speaker=True, entities=[EntityRef(ctx.speaker, "person")],
                           implied=True), None
        return None, None
    if subj.dep_ == "expl":
        return None, None
    # "Tom and I split up": a speaker among conjoined subjects is the subject, the others its companions
    conj_people = [c for c in subj.children if c.dep_ == "conj"]
    # "Sara and I broke up" read as two subjects of one verb
    conj_people += [c for c in verb.children if c.dep_ == subj.dep_ and c.i > subj.i and any(
        t.lower_ in ("and", "&") for t in subj.doc[subj.i + 1: c.i])]
    if subj.lower_ not in FIRST_PERSON and any(c.lower_ in FIRST_PERSON for c in conj_people):
        # "my girlfriend Maya and I ...": the speaker acts; who the companion is stays said (User -girlfriend-> Maya)
        other = resolve_np(subj, ctx) if subj.pos_ in ("NOUN", "PROPN") else None
        sub = Subject(ctx.speaker, is_speaker=True, tokens={t.i for t in subj.subtree},
                      entities=dedupe_entities([EntityRef(ctx.speaker, "person"), *(other.entities if other else [])]),
                      triples=list(other.triples) if other else [])
        return sub, subj
    span = _linear_np(subj, verb)
    if span is not None:  # "My boyfriend Tom is making pasta" parsed as two subjects
        return _possessive_chain(span, ctx), subj
    found = resolve_np(subj, ctx)
    if found is not None and subj.idx in subj.doc.user_data.get(IMPLIED_SUBJECTS, ()):
        found.implied = True  # "went keto in january": the "I" was put back, so slot facts only
    return found, subj


def _linear_np(subj: Any, verb: Any) -> list[Any] | None:
    """"my <kin> <Name>" read off the words when the parse split it (kin and name both hung on the verb)."""
    doc = subj.doc
    start, end = subj.i, subj.i
    while start > 0 and (doc[start - 1].lower_ in ("my", "our") or doc[start - 1].lower_ in KIN or (
            doc[start - 1].dep_ == "amod" and doc[start - 1].head.i == subj.i)) and \
            doc[start - 1].head.i in (subj.i, verb.i, start):  # ("my best friend Amy", "my little sister Jo")
        start -= 1
    while end + 1 < verb.i and doc[end + 1].pos_ == "PROPN" and doc[end + 1].head.i in (verb.i, subj.i):
        end += 1
    toks = list(doc[start: end + 1])
    if (start, end) == (subj.i, subj.i) or not any(t.lower_ in ("my", "our") for t in toks) or (len(
            [t for t in toks if t.dep_ in ("nsubj", "nsubjpass", "npadvmod")]) < 2 and end == subj.i):
        return None
    return toks


def companion(subj_tok: Any | None, of_subject: bool = False) -> str | None:
    """The other person in "Tom and I ..." (or "I and Tom"); ``of_subject``: the subject's own companion in
    "Jo and Sam broke up" (Sam, when the clause is about Jo)."""
    if subj_tok is None:
        return None
    people = [*([] if of_subject else [subj_tok]), *(c for c in subj_tok.children if c.dep_ == "conj"),
              *(c for c in subj_tok.head.children if c.dep_ == subj_tok.dep_ and c != subj_tok)]
    others = [p for p in people if p.lower_ not in FIRST_PERSON and p.pos_ == "PROPN"]
    return span_text(compound_span(others[0])) if others else None


def clause_verbs(sent: Any) -> list[Any]:
    """Verbs heading a clause in a sentence, in order."""
    return [t for t in sent if t.pos_ in ("VERB", "AUX") and (t.dep_ == "ROOT" or t.dep_ in CLAUSE_DEPS or (
        t.dep_ in ("acl", "xcomp", "dep") and any(c.dep_ in ("nsubj", "nsubjpass") for c in t.children)) or (
        t.dep_ == "pcomp" and t.head.lower_ in ("before", "after")) or _comma_narration(t)) and not _for_to(t)]
    # ("... before coming back to Seattle")


def _for_to(verb: Any) -> bool:
    """"a fiat for my wife to get to work": a purpose ("for X to ..."), stated as no fact of X's."""
    return any(c.dep_ == "mark" and c.lower_ == "for" for c in verb.children) and any(
        c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children)


def _comma_narration(verb: Any) -> bool:
    """A past verb hung loose after a comma, no subject: the speaker's narration ("the fiesta died, got a golf")."""
    before = verb.i - 1
    while before > 0 and verb.doc[before].dep_ == "advmod" and verb.doc[before].head == verb:
        before -= 1  # ("went to the advisor, officially changed my major")
    hung = verb.dep_ == "dep" or (verb.dep_ == "ROOT" and any(  # ("the kuga has gone, got an MG4": a clause before)
        c.dep_ in ("ccomp", "advcl") and c.i < before and any(g.dep_ == "nsubj" for g in c.children)
        for c in verb.children))
    return hung and verb.tag_ == "VBD" and before > 0 and verb.doc[before].text == "," and \
        verb.lemma_.lower() in ANIMATE_VERBS and not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
