"""The speaker's partner named in passing: the name is the partner's, though the clause is about something else.

"Alex (my partner) wants a dog", "my other half, Alex, hates horror movies", "living with my boyfriend Alex is
mostly great", "my wife Jamie is a nurse": a partner noun of the speaker's with a name beside it; and a couple
said as one subject: "me and Alex have been together 3 years", "Alex and i just celebrated our anniversary".
Each says who the speaker's partner is (User -partner-> Alex, the relation a new partner's fact ends, as it
ends "my boyfriend Tom is ..."), so a later "Drew is my boyfriend now" or "Alex and I broke up" has a value to
end. The fact is kept out of the slot itself: what the clause says ("Kate and I got engaged") stays the answer
to "am I engaged?", not a bare "User's girlfriend is Kate". Not someone else's partner ("my
sister's husband Tom"), not a friend ("me and Alex went hiking"), not a plan or a negation.

Someone else's partner named beside them ("my brother ryan and his gf chloe are visiting", "Tom's wife is Ana")
is that person's partner slot (``others_partner_facts``), so their later news ("ryan and chloe are done", "he's
been seeing aisha") has a value to end.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.cues import read_cues
from mem_graph.extract.kin_words import FIRST_PERSON, KIN, PARTNER_NOUNS, PET_NOUNS, POSSESSIVES
from mem_graph.extract.lexicon import GIVEN_NAMES, is_given_name
from mem_graph.extract.predicate import content_verb
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

# what only a couple does together: "have been together", "celebrated our anniversary", "got engaged"
_COUPLE_WORDS = frozenset({"together", "anniversary", "engaged", "married", "dating", "wedding", "honeymoon"})


def _partner_noun(tok: Any) -> str | None:
    """"boyfriend", "wife", or "other half"; the word as the fact says it."""
    if tok.pos_ != "NOUN":
        return None
    if tok.lemma_.lower() in PARTNER_NOUNS or tok.lower_ in PARTNER_NOUNS:
        return str(tok.lower_)
    if tok.lower_ == "half" and any(c.lower_ == "other" for c in tok.children):
        return "partner"  # "my other half"
    return None


def _name_like(tok: Any, *, beside_noun: bool = False) -> bool:
    """A person's name; right after "my girlfriend" any capitalised name is one, whatever entity type the tagger
    guessed ("my girlfriend Nadia" was read as a place)."""
    kinds = ("DATE", "TIME") if beside_noun else ("DATE", "TIME", "ORG", "GPE", "LOC", "NORP")
    return tok.is_alpha and tok.pos_ == "PROPN" and tok.text[:1].isupper() and tok.lower_ not in KIN | PET_NOUNS \
        and (tok.ent_type_ not in kinds or is_given_name(tok))


def _named(noun: Any) -> Any | None:
    """The name beside a partner noun: "my wife Jamie", "my other half, Alex,", "Alex (my partner)"."""
    nxt = noun.nbor(1) if noun.i + 1 < len(noun.doc) else None
    if nxt is not None and nxt.text == "," and noun.i + 2 < len(noun.doc):
        nxt = noun.nbor(2) if noun.nbor(2).dep_ == "appos" and noun.nbor(2).head.i == noun.i else None
    # (not "my partner Sam and Alex": two names; "my wife Mei and our son" names one)
    if nxt is not None and _name_like(nxt, beside_noun=True) and not any(
            c.dep_ == "conj" and c.pos_ == "PROPN" for c in nxt.children):
        return nxt
    head = noun.head
    if noun.dep_ == "appos" and _name_like(head) and head.i < noun.i:
        return head  # "Alex (my partner) wants a dog"
    return None


def _couple(tok: Any) -> Any | None:
    """The companion of "me and Alex" / "Alex and i" when the clause says they are a couple."""
    if tok.lower_ in FIRST_PERSON and tok.dep_ == "conj" and tok.head.dep_ in ("npadvmod", "nsubj", "nsubjpass"):
        tok = tok.head  # "Dan and I got engaged", Dan read as a modifier of the verb and "I" as his conjunct
    if tok.dep_ not in ("nsubj", "nsubjpass", "npadvmod"):
        return None
    verb = tok.head
    people = [tok, *(c for c in tok.children if c.dep_ == "conj")]
    if tok.lower_ in FIRST_PERSON and tok.i >= 2 and tok.doc[tok.i - 1].lower_ in ("and", "&") and (
            tok.doc[tok.i - 2].head.i == verb.i or (verb.dep_ == "conj" and verb.head.i == tok.i - 2)):
        # "Kate and I got engaged" (Kate read as a modifier of the verb, or as the root the verb is conjoined to)
        people.append(tok.doc[tok.i - 2])
    if not any(p.lower_ in FIRST_PERSON for p in people):
        return None
    others = [p for p in people if p.lower_ not in FIRST_PERSON]
    if len(others) != 1 or not _name_like(others[0]):
        return None
    said = {t.lower_ for t in verb.subtree if t.i >= verb.i or t.dep_ in ("advmod", "acomp")}
    return others[0] if said & _COUPLE_WORDS else None


# a plan said only by its time ("next month", "going to"), the partner along for it: the partner now (not "if",
# "might", "wish": "if my girlfriend Emma ..." names no one who is; nor a wedding ahead: "marrying my fiance Tom")
_AHEAD_ONLY = re.compile(r"(?:next|this|tomorrow|tonight|in |on |soon|later|going to|leaving|getting|at the )", re.I)


def partner_mention_facts(sent: Any, ctx: Context, message: Message, found: list[Fact],
                          asked: bool = False) -> list[Fact]:
    """The speaker's partner named in passing in ``sent``, unless ``found`` already places a partner (``asked``: a
    request, whose verbs say what to do, not whether the partner is: "help me plan a proposal for my babe Adaeze")."""
    speaker = ctx.speaker
    slot = f"{normalise_entity(speaker)}|partner"
    if any(f.slot == slot for f in found):
        return []
    for tok in sent:
        state = None
        noun = _partner_noun(tok)
        owner = tok.head if tok.dep_ == "compound" else tok  # ("my boyfriend Kyle": "my" may hang on the name)
        name = _named(tok) if noun is not None and any(
            c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in (*tok.children, *owner.children)) else None
        why = f"'my {'other half' if tok.lower_ == 'half' else tok.text} {name.text if name is not None else ''}'"
        if name is None and (name := _couple(tok)) is not None:
            noun, why = "partner", f"'{sent.text.strip()[:60]}' (a couple)"
            said = {t.lower_ for t in tok.head.subtree}
            state = next((w for w in ("engaged", "married") if w in said), None)
        if name is None or noun is None:
            continue
        verb = next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), None)
        if verb is not None:
            cues = read_cues(verb, content_verb(verb))
            along = tok.dep_ == "pobj" and tok.head.lower_ == "with" and _AHEAD_ONLY.match(cues.hedge or "")
            if (cues.tense == "plan" and not asked and not along) or cues.negated:
                continue  # ("heading to New York next month with my girlfriend Hana": Hana is the partner now)
        partner = name.text
        ctx.remember(speaker, noun, partner)
        # a couple's new status is the slot's value, as "we got married" is ("Mark and I got married": married,
        # to Mark); a partner only named is a mention beside the slot
        return [Fact(text=f"{speaker} is {state} to {partner}" if state else f"{speaker}'s {noun} is {partner}",
                     entities=[EntityRef(speaker, "person"), EntityRef(partner, "person")],
                     triples=[Triple(speaker, noun, partner), *([Triple(speaker, f"{state}_to", partner)] if state
                                                                else [])],
                     slot=slot if state else None, subject_key=normalise_entity(speaker),
                     object_key=state or normalise_entity(partner), single_valued=bool(state),
                     rule="rules.partner_mention",
                     message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                     metadata=dict(message.metadata), evidence=f"slot partner: {why} names the speaker's partner")]
    return []


_THIRD_POSSESSIVES = frozenset({"his", "her", "their"})


def _person_word(tok: Any) -> bool:
    """A name as chat types it: capitalised or a known given name in lower case ("my brother ryan")."""
    return tok.is_alpha and tok.lower_ not in KIN | PET_NOUNS | FIRST_PERSON | POSSESSIVES | _THIRD_POSSESSIVES and (
        tok.lower_ in GIVEN_NAMES or (tok.pos_ == "PROPN" and tok.ent_type_ not in ("DATE", "TIME", "GPE", "ORG")))


def _owner_and_name(noun: Any) -> tuple[Any, Any] | None:
    """(whose partner, the partner's name) for "ryan and his girlfriend chloe" / "Ryan's girlfriend (is) Chloe"."""
    doc, i = noun.doc, noun.i
    name = doc[i + 1] if i + 1 < len(doc) and _person_word(doc[i + 1]) else None
    if name is None and noun.dep_ == "nsubj" and noun.head.lemma_ == "be":  # "Ryan's girlfriend is Chloe"
        name = next((c for c in noun.head.children if c.dep_ == "attr" and _person_word(c)), None)
    if name is None:
        return None
    if i >= 3 and doc[i - 1].lower_ in _THIRD_POSSESSIVES and doc[i - 2].lower_ in ("and", "&") and \
            _person_word(doc[i - 3]):
        return doc[i - 3], name  # "my brother ryan and his gf sana"
    owner = next((c for c in noun.children if c.dep_ == "poss" and _person_word(c)), None)
    return (owner, name) if owner is not None else None


def others_partner_facts(sent: Any, message: Message, found: list[Fact]) -> list[Fact]:
    """Someone else's partner named beside them: "my brother ryan and his girlfriend chloe are visiting", "my
    flatmate chloe and her bf marcus", "Ryan's girlfriend is Chloe": the partner slot of that person (so "he's
    been seeing aisha" or "they split" later has a value to end)."""
    facts: list[Fact] = []
    for tok in sent:
        noun = _partner_noun(tok)
        pair = _owner_and_name(tok) if noun is not None and tok.lower_ != "half" else None
        if pair is None:
            continue
        owner, name = (t.text[:1].upper() + t.text[1:] for t in pair)
        slot = f"{normalise_entity(owner)}|partner"
        if normalise_entity(owner) == normalise_entity(name) or any(f.slot == slot for f in [*found, *facts]):
            continue
        facts.append(Fact(text=f"{owner}'s {tok.lower_} is {name}", entities=[EntityRef(owner, "person"),
                                                                               EntityRef(name, "person")],
                          triples=[Triple(owner, "partner", name)], slot=slot, subject_key=normalise_entity(owner),
                          object_key=normalise_entity(name), single_valued=True, rule="rules.others_partner",
                          message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                          metadata=dict(message.metadata),
                          evidence=f"slot partner: '{pair[0].text} ... {tok.text} {pair[1].text}' names {owner}'s "
                                   "partner"))
    return facts


def kin_in_request(sent: Any, ctx: Context, message: Message) -> list[Fact]:
    """Who the speaker's kin are, named in a request or a question: "can you help me draft a message to my sister
    Hannah?" says nothing else as a fact, but who Hannah is ("User's sister is Hannah": a later "she lives in
    Edinburgh" and "what does my sister do" need it). A partner is said as ``partner_mention_facts`` says it."""
    from mem_graph.extract.pet_mentions import pet_mention_facts  # (it reads this module's kin words)

    return partner_mention_facts(sent, ctx, message, [], asked=True) + kin_named(sent, ctx, message, []) + \
        others_partner_facts(sent, message, []) + pet_mention_facts(sent, ctx, message, [], asked=True)
    # ("write a poem for my cat Mittens": the pet's name)


def kin_named(sent: Any, ctx: Context, message: Message, found: list[Fact]) -> list[Fact]:
    """The speaker's (non-partner) kin named in passing, unless ``found`` already links them: "I can bring my
    daughter Joy from Cebu" -> "User's daughter is Joy"."""
    linked = {(t.relation.lower(), normalise_entity(t.object)) for f in found for t in f.triples}
    facts: list[Fact] = []
    for tok in sent:
        if tok.pos_ != "NOUN" or _partner_noun(tok) is not None or tok.lemma_.lower() not in KIN or not any(
                c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in tok.children):
            continue
        if (name := _named(tok)) is None:
            continue
        speaker, kin = ctx.speaker, tok.lower_
        ctx.remember(speaker, kin, name.text)
        if (kin, normalise_entity(name.text)) in linked:
            continue
        facts.append(Fact(text=f"{speaker}'s {kin} is {name.text}",
                          entities=[EntityRef(speaker, "person"), EntityRef(name.text, "person")],
                          triples=[Triple(speaker, kin, name.text)], slot=None,
                          subject_key=normalise_entity(name.text), object_key=normalise_entity(speaker),
                          single_valued=False, rule="rules.kin_named",
                          message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                          metadata=dict(message.metadata),
                          evidence=f"'my {tok.text} {name.text}' names the speaker's {kin}"))
    return facts


def partner_facts(sent: Any, ctx: Context, message: Message, found: list[Fact]) -> list[Fact]:
    """The speaker's partner named in passing, and other people's partners named beside them."""
    mine = partner_mention_facts(sent, ctx, message, found)
    return mine + others_partner_facts(sent, message, [*found, *mine])
