"""People chat names without capitals: "my sister ines", "my buddy marcus", "my friend anna's brother".

The small parser reads a lower-case name as a common word ("ines" as a verb, "sara" as an apposed noun), so
"my sister ines lives in madrid" loses its subject. A word right after a kin noun ("my sister", "our
roommate") is a name when English does not know it (no noun, verb, adjective or adverb of the lemmatizer's
lexicon, inflections undone) or when it owns something ("my friend anna's brother"). Every such name is
written capitalised wherever the conversation uses it, before the parse, so "priya's at notion now" reads
as "Priya is at notion now".
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import Any

from mem_graph.extract.bare import identity_fact
from mem_graph.extract.chat import CHITCHAT, FILLERS, at_their_place
from mem_graph.extract.clauses import Context, Subject
from mem_graph.extract.conversation_names import recase
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS, PET_NOUNS
from mem_graph.extract.lexicon import GIVEN_NAMES, stop_words
from mem_graph.extract.places import is_place_name, recase_places
from mem_graph.extract.predicate import Predicate, object_text
from mem_graph.extract.recognise import SEPARATION
from mem_graph.extract.shorthand import expand_shorthand
from mem_graph.extract.slots import SlotCatalogue, SlotMatch
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_KIN_ALT = "|".join(sorted((re.escape(k) for k in KIN | PET_NOUNS), key=len, reverse=True))
# "my (best|older|little...)* <kin>s? <word>('s)?", also after "her", "anna's"; or a kin noun opening a sentence
# ("daughter anika is a sophomore")
_KIN_THEN_WORD = re.compile(
    r"(?:(?<![\w'])(?:my|our|his|her|their|[a-z]+'s)\s+(?:[a-z]+\s+){0,2}?|(?:^|[.!?]\s+))(?:" + _KIN_ALT +
    r")(s?)\s+([a-z][a-z-]+)('s\b)?", re.I)
# "my sister is called nadia", "my boyfriend's name is tom": a name however common the word
_KIN_CALLED = re.compile(r"(?<![\w'])(?:my|our|his|her|their|[a-z]+'s)\s+(?:[a-z]+\s+){0,2}?(?:" + _KIN_ALT +
                         r")(?:'s name is| is called| is named|'s called|'s named)\s+([a-z][a-z-]+)\b", re.I)
# "my gf is tolu, shes a doctor": a name said as what the kin noun is, at the clause's end (no word of the lexicon)
_KIN_IS = re.compile(r"(?<![\w'])(?:my|our)\s+(?:[a-z]+\s+){0,2}?(?:" + _KIN_ALT + r")(?:'s| is)\s+([a-z][a-z-]+)"
                     r"(?=\s*(?:[,.!?;]|$|\s+(?:and|but|lol|btw|now)\b))", re.I)
_POS = ("noun", "verb", "adj", "adv")
_lexicon: dict[str, tuple[set[str], dict[str, list[str]], list[list[str]]]] | None = None
_lock = threading.Lock()


def _tables() -> dict[str, tuple[set[str], dict[str, list[str]], list[list[str]]]]:
    """The lemmatizer's lexicon per part of speech: (lemmas, exceptions, suffix rules)."""
    global _lexicon
    with _lock:
        if _lexicon is None:
            from mem_graph.extract.nlp import get_nlp

            lookups = get_nlp().get_pipe("lemmatizer").lookups
            index, exc, rules = (lookups.get_table(t) for t in ("lemma_index", "lemma_exc", "lemma_rules"))
            _lexicon = {p: (set(index.get(p, [])), dict(exc.get(p, {})), list(rules.get(p, []))) for p in _POS}
        return _lexicon


def known_word(word: str) -> bool:
    """``word`` is an English word form the lexicon lists (a noun, verb, adjective or adverb, inflected or not)."""
    w = word.lower()
    if w in stop_words():
        return True
    for lemmas, exceptions, rules in _tables().values():
        if w in lemmas or w in exceptions:
            return True
        if any(w.endswith(old) and w[: len(w) - len(old)] + new in lemmas for old, new in rules if old):
            return True
    return False


def noun_only(word: str) -> bool:
    """``word`` is known only as a noun ("bruno", "leo"), never as a verb, adjective or adverb ("works")."""
    w = word.lower()
    if w in stop_words():
        return False
    for pos, (lemmas, exceptions, rules) in _tables().items():
        if pos != "noun" and (w in lemmas or w in exceptions or any(
                w.endswith(old) and w[: len(w) - len(old)] + new in lemmas for old, new in rules if old)):
            return False
    return True


# "our baby girl Naledi", "my little boy": the word after the kin noun says which kin, not who
_SEX_NOUNS = frozenset(["girl", "boy", "girls", "boys", "lady", "guy", "man", "woman", "dude", "gal", "lad", "lass"])


def kin_names(texts: Iterable[str]) -> dict[str, str]:
    """Lower-case names introduced after a kin noun ("my sister ines" -> {"ines": "Ines"})."""
    names: dict[str, str] = {}
    maybe: set[str] = set()
    for text in map(expand_shorthand, texts):  # "my bf arjun"
        at = 0
        while (m := _KIN_THEN_WORD.search(text, at)) is not None:
            at = m.start(2)  # "my friend anna's brother marco": the name may own the next kin noun
            word = m.group(2)
            low = word.lower()
            if word != low or low in KIN or low in PET_NOUNS or low in CHITCHAT or low in FILLERS or low in _SEX_NOUNS:
                continue  # written capitalised already: the parser reads it as a name
            if m.group(3) or not known_word(low):  # "anna's brother": a word that owns someone is a name
                names.setdefault(low, low[:1].upper() + low[1:])
            elif not m.group(1) and noun_only(low):  # "my cousin bruno" (a word too), not "my brothers band"
                maybe.add(low)
        for m in _KIN_CALLED.finditer(text):
            low = m.group(1)
            if low == low.lower() and low not in CHITCHAT and low not in stop_words():
                names.setdefault(low, low[:1].upper() + low[1:])
        for m in _KIN_IS.finditer(text):
            low = m.group(1)
            if low == low.lower() and low not in CHITCHAT and (low in GIVEN_NAMES or not known_word(low) or (
                    noun_only(low) and _person_name(low))):  # ("tolu" is also a word: a balsam)
                names.setdefault(low, low[:1].upper() + low[1:])
    for low in sorted(maybe - set(names)):
        if low in GIVEN_NAMES or _person_name(low):
            names[low] = low[:1].upper() + low[1:]
    return names


_probed: dict[str, bool] = {}


def _person_name(word: str) -> bool:
    """A word that is also a first name ("bruno", "leo", "max"): the entity tagger calls it a person in a
    neutral sentence ("I met Bruno yesterday."), a common noun ("I met School yesterday.") it does not."""
    if word not in _probed:
        from mem_graph.extract.nlp import get_nlp

        doc = get_nlp()(f"I met {word[:1].upper()}{word[1:]} yesterday.")
        _probed[word] = any(e.label_ == "PERSON" and e.text.lower() == word for e in doc.ents)
    return _probed[word]


def mention_people(facts: list[Fact], speaker: str) -> None:
    """Mark each fact about another person with the person's name (``_person``: who a following "he"/"she"
    is), whichever rule made it (a habit, a separation, a state: not only an object's slot)."""
    me = normalise_entity(speaker)
    for f in facts:
        if "_person" in f.metadata or not f.subject_key or f.subject_key == me:
            continue
        ent = next((e for e in f.entities if e.key == f.subject_key and e.type == "person"), None)
        # (an acronym or a known place is nobody a "he" means: "PSI recognised my qualification. he ...")
        if ent is not None and not (ent.name.isupper() and len(ent.name) > 1) and not is_place_name(ent.name):
            f.metadata["_person"] = ent.name


# feelings and harms a body part or a thing is said to have for its owner ("my knees hate me")
_FIGURATIVE = frozenset({"hate", "love", "like", "kill", "murder", "destroy", "ruin", "punish", "torture", "thank",
                         "forgive", "betray", "hurt", "haunt", "despise", "curse", "judge", "wreck", "finish"})


def owned_thing_on_speaker(lemma: str, subj_tok: Any, objects: list[Any]) -> bool:
    """"my knees hate me", "my back is killing me", "my wallet hates me": a thing of the speaker's (no person,
    no pet) said to feel for or harm the speaker is a figure of speech, not a relation between two people."""
    if lemma not in _FIGURATIVE or subj_tok is None or subj_tok.pos_ != "NOUN" or \
            subj_tok.lemma_.lower() in KIN | PET_NOUNS:
        return False
    if not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in subj_tok.children):
        return False
    return any(o.lower_ in ("me", "us", "myself") for o in objects)


# "seeing someone new, her name is ines", "i'm dating a guy from work, his name's omar": the partner, named after
_SOMEONE_NAMED = re.compile(
    r"\b(?:seeing|dating|going out with|in a relationship with|together with)\s+(?:someone|somebody|a (?:girl|guy|"
    r"woman|man|boy|lady|dude))\b(?:[^?]{0,40}?\b(?:her|his|their) name(?:'s| is) ([A-Za-z][a-z'-]+)\b"
    r"|(?: new| else)?(?: now)?,? (?:called |named )?(?-i:([A-Z][a-z-]+))\b(?!'| (?:and|said|is|was|has)\b))", re.I)
# (or the name said right after it, capitalised: "seeing someone new, Alex")
# "met someone!! his name is Luca": met with nothing after (not "met someone at work, his name is Tom"), named at once
_MET_SOMEONE = re.compile(r"\b(?:i've|i have|i|we've|finally|just)\s+(?:just\s+|finally\s+)?met\s+(?:someone|somebody)"
                          r"(?:\s+(?:new|special|amazing|lovely|great|wonderful))?\s*[!.,:;\s]+\s*(?:and\s+)?"
                          r"(?:her|his|their) name(?:'s| is) ([A-Za-z][a-z'-]+)\b", re.I)


def _a_given_name(word: str) -> bool:
    """A name said bare after "someone new," is one only if it is a given name or no English word ("Honestly")."""
    from mem_graph.extract.lexicon import GIVEN_NAMES
    from mem_graph.extract.wordlist import is_english_word

    return word.lower() in GIVEN_NAMES or not is_english_word(word.lower())


def someone_named(text: str, within: int, speaker: str, message: Message) -> Fact | None:
    """"I'm seeing someone new, her name is Ines": the speaker's partner is Ines (slot partner), or None.
    ``text`` runs from a sentence's start to the turn's end, the partner said within its first ``within``
    characters (the name may come in the next sentence)."""
    m = _SOMEONE_NAMED.search(text) or _MET_SOMEONE.search(text)
    if m is None or m.start() >= within:
        return None
    said = m.group(1) or m.group(2)
    if said.lower() in _NOT_A_NAME or (not m.group(1) and not _a_given_name(said)):
        return None
    name = said[:1].upper() + said[1:]
    return Fact(text=f"{speaker} is dating {name}", entities=[EntityRef(speaker, "person"), EntityRef(name, "person")],
                triples=[Triple(speaker, "partner", name)], slot=f"{normalise_entity(speaker)}|partner",
                subject_key=normalise_entity(speaker), object_key=normalise_entity(name), single_valued=True,
                rule="rules.someone_named:partner.single", message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp, metadata=dict(message.metadata),
                evidence=f"slot partner: '{m.group(0)}' (someone the speaker sees, named after)")


_NOT_A_NAME = frozenset({"and", "but", "so", "now", "lol", "haha", "it", "she", "he", "they", "we", "who", "from",
                         "at", "in", "for", "since", "though", "tbh", "which", "new", "else", "really", "today"})
_NAME_AFTER = re.compile(r"\b(?:her|his|their) name(?:'s| is) ([A-Za-z][a-z'-]+)\b", re.I)
_SOMEONE = frozenset({"someone", "somebody", "guy", "girl", "woman", "man", "boy", "lady", "dude"})
# a partner said before the name is: the fact the named partner replaces ("seeing someone", "got a girlfriend")
UNNAMED_PARTNER = frozenset({"someone", "somebody", "guy", "girl", *PARTNER_NOUNS})
# the relations a parse gives "X is seeing someone", "X got a boyfriend", "X has a new girlfriend"
_PARTNER_ANCHORS = frozenset({"sees", "dates", "gets", "has", "owns", "finds", "partner"})


def partner_named_after(found: list[Fact], text: str, within: int, message: Message) -> Fact | None:
    """"priya's got a boyfriend now, his name is raj": the person a fact gave a new partner or "someone" (Priya)
    has that partner, named after (slot ``<person>|partner``). ``text``/``within`` as in ``someone_named``."""
    name_m = _NAME_AFTER.search(text)
    if name_m is None:
        return None
    for f in found:
        rel = f.triples[-1].relation if f.triples else ""
        noun = (f.object_key or "").split()[-1:]  # "new girlfriend"
        if f.negated or f.tense != "present" or not f.subject_key or not noun or \
                noun[0] not in PARTNER_NOUNS | _SOMEONE or rel not in _PARTNER_ANCHORS or name_m.start() > within + 60:
            continue
        who = next((e.name for e in f.entities if e.key == f.subject_key), None)
        if who is None:
            return None
        name = name_m.group(1)[:1].upper() + name_m.group(1)[1:]
        return Fact(text=f"{who}'s partner is {name}", entities=[EntityRef(who, "person"), EntityRef(name, "person")],
                    triples=[Triple(who, "partner", name)], slot=f"{f.subject_key}|partner",
                    subject_key=f.subject_key, object_key=normalise_entity(name), single_valued=True,
                    rule="rules.partner_named_after:partner.single", message_ids=[message.id] if message.id else [],
                    timestamp=message.timestamp, metadata=dict(message.metadata),
                    evidence=f"slot partner: '{f.text}' then '{name_m.group(0)}'")
    return None


# "my friend jess got a puppy, she named him waffles", "my sister has a dog, his name is rex": the name after
_PET_NAMED = re.compile(r"\b(?:named|called|calls|call|name) (?:him|her|it) ([A-Za-z][a-z'-]+)\b|"
                        r"\b(?:his|her|its) name(?:'s| is) ([A-Za-z][a-z'-]+)\b", re.I)


def others_pet_named_after(found: list[Fact], text: str, speaker: str, message: Message) -> Fact | None:
    """The name of a pet someone else just got or has ("Jess's puppy is named Waffles": slot ``jess's puppy|name``),
    never the speaker's (pet_names.py names those). ``text`` runs from the sentence's start to the turn's end."""
    me = normalise_entity(speaker)
    pet = next((f for f in found if f.slot and f.slot.count("|") == 2 and f.slot.split("|")[1] == "pets"
                and f.subject_key and f.subject_key != me and not f.negated and f.tense == "present"), None)
    named = _PET_NAMED.search(text) if pet is not None else None
    if pet is None or named is None or not pet.subject_key or not pet.object_key:
        return None
    owner = next((e.name for e in pet.entities if e.key == pet.subject_key), pet.subject_key)
    word = named.group(1) or named.group(2)
    name = word[:1].upper() + word[1:]
    animal = f"{owner}'s {pet.object_key}"
    return Fact(text=f"{animal} is named {name}", entities=[EntityRef(owner, "person"), EntityRef(name, "animal")],
                triples=[Triple(owner, "has_pet", animal), Triple(animal, "name", name)],
                slot=f"{normalise_entity(animal)}|name", subject_key=normalise_entity(animal),
                object_key=normalise_entity(name), single_valued=True, rule="rules.others_pet_name",
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                metadata=dict(message.metadata), evidence=f"slot name: '{pet.text}' then '{named.group(0)}'")


def couple_subject(verb: Any, subj_tok: Any, ctx: Context) -> Subject | None:
    """"my brother sam is dating nina ... they broke up": "they" splitting up is the person just named and their
    partner; the clause is about that person (whose partner slot ends)."""
    if subj_tok is None or subj_tok.lower_ != "they" or ctx.last_person is None:
        return None
    lemma = verb.lemma_.lower()
    if lemma not in SEPARATION or (lemma == "break" and not any(c.lower_ == "up" for c in verb.children)):
        return None
    name = ctx.last_person
    return Subject(name, tokens={subj_tok.i}, entities=[EntityRef(name, "person")],
                   evidence=f"'they' -> {name} and their partner (named just before)")


def kin_identity(cat: SlotCatalogue, verb: Any, pred: Predicate, subject: Subject, subj_tok: Any, obj: Any,
                 m: SlotMatch | None, ctx: Context, message: Message) -> tuple[SlotMatch | None, Fact | None]:
    """Who an unnamed relative is: "my boyfriend is Tom" (the partner), "my hamster is Peanut" (the pet's name),
    "my friend Anna's brother is Marco" (an identity: Anna -brother-> Marco). "is called / is named" says the
    same of a person ("my sister is called Nadia"); of a pet it stays the pet's name."""
    name = object_text(obj)
    last = subject.triples[-1] if subject.triples else None
    if m is not None and m.spec.name == "name" and subject.attribute == "name" and last is not None and \
            last.relation in KIN and subject.owner == last.object and "'s " in last.object:
        # "my husband's name is Omar": who the husband is, as "my husband is Omar"
        subject = Subject(last.object, kin=last.relation, triples=list(subject.triples),
                          entities=list(subject.entities), tokens=subject.tokens)
        m = None
    unnamed = bool(subject.kin) and "'s " in subject.name
    called = pred.lemma in ("call", "name") and obj.pos_ == "PROPN" and subject.kin in KIN and any(
        c.dep_ == "auxpass" for c in pred.target.children)
    said_is = pred.lemma == "be" and obj.pos_ == "PROPN" and m is None and pred.prep is None  # not "is in Bergen"
    if not unnamed or not (said_is or called):
        return m, None
    # (the speaker's own partner: not "my brother's wife is called Ana", the brother's)
    if subject.kin in PARTNER_NOUNS and subject.triples and subject.triples[-1].subject == ctx.speaker:
        ctx.remember(ctx.speaker, subject.kin or "", name)
        ctx.last_person = name
        return SlotMatch(cat.specs["partner"], ctx.speaker, name, f"slot partner: 'my {subject.kin} "
                                                                  f"{pred.verb.text} {name}'"), None
    if subject.kin in PET_NOUNS:  # "my hamster is Peanut": the pet's name
        return SlotMatch(cat.specs["name"], subject.name, name, f"slot name: '{subject.kin} is {name}' (pet)"), None
    return m, identity_fact(verb, subject, subj_tok, name, ctx, message)


_SCHOOL_WORDS = "primary|secondary|elementary|middle school|high school|high|academy|college|university|school|prep"
# "goes to riverside primary", "he's at greenfield academy now": a school's name chat wrote in lower case (its
# words are no prepositions: "used to hate maths at school" names no school)
_INSTITUTION = re.compile(r"\b(to|at|from|into|attends|attend|attending)\s+((?:(?!(?:the|a|an|my|his|her|their|our|"
                          r"this|that|local|new|old|same|another|high|middle|at|in|on|of|for|with|"
                          r"by|and|or|from|to)\b)[a-z][a-z'-]+\s+){1,3}?)"
                          r"(" + _SCHOOL_WORDS + r")\b")
_KIN_CONTRACTION = re.compile(r"\b(" + _KIN_ALT + r")'s (?=(?:called|named)\b)", re.I)
# "my phone's the Galaxy S21", "our flat's in Leeds": after "my <noun>", an 's before a determiner or a
# preposition is "is" (no possessive is followed by one)
_NOUN_IS = re.compile(r"\b((?:my|our) (?:[a-z-]+ ){0,2}?[a-z-]+)'s (?=(?:the|a|an|in|on|at|from|just|still|now|"
                      r"currently|basically|literally|actually)\b)", re.I)


# "works at paystack", "a flat in partick": a word no dictionary knows after a preposition of place is a name chat
# wrote lower-case (the parser reads "paystack" as an adverb); not after "joined" ("joined Monzo" reads as a person)
_AFTER_WHERE = re.compile(r"\b(at|to|from|in|near)\s+([a-z][a-z]{3,})\b(?!['-])")


# employers whose names are also English words, typed lower-case after "at"/"for"/"from" ("started at amazon last
# week", "accepted the offer from shell"): names there (not "next", "subway": words there too)
_EMPLOYER_WORDS = frozenset({"amazon", "shell", "apple", "google", "boots", "costa", "meta", "tesla", "oracle",
                             "target", "greggs", "argos", "currys", "primark", "nike", "uber", "visa", "virgin"})


def _named_lower_case(m: re.Match[str]) -> str:
    from spacy.lang.en.stop_words import STOP_WORDS

    word = m.group(2)
    if word in _EMPLOYER_WORDS and m.group(1) in ("at", "from"):
        return f"{m.group(1)} {word.title()}"
    if word in STOP_WORDS or word in CHITCHAT or word in FILLERS or is_english_word(word):
        return m.group(0)
    return f"{m.group(1)} {word.title()}"


def recase_institutions(text: str) -> str:
    """``text`` with a lower-case school name capitalised ("riverside primary" -> "Riverside Primary"), a name
    after a place preposition too ("at paystack"), and "my partner's called Jamie" read as "is called" (not a
    possessive)."""
    text = _AFTER_WHERE.sub(_named_lower_case, text)
    text = _NOUN_IS.sub(r"\1 is ", _KIN_CONTRACTION.sub(r"\1 is ", at_their_place(text)))
    return _INSTITUTION.sub(lambda m: f"{m.group(1)} {m.group(2).title()}{m.group(3).title()}", text)


# "mum moved to galway", "update: dad retired": a parent named by the kin word alone is the speaker's
_BARE_KIN = re.compile(r"(^|[.!?,;:]\s*|\b(?:and|but|so|then|lol|haha|also|update|plus|oh|well|btw)\s+)"
                       r"(mum|mom|mam|dad|nan|nana|nanna|grandma|grandpa|grandad|granddad|granny|gran|auntie)(?=(?:'s)?\s+(?:is|was|has|had|just|"
                       r"finally|got|gets|still|now|also|and|\w+ed|works|lives|says|thinks|loves|hates|wants|drives|"
                       r"makes|plays|goes|does|needs|likes|keeps|uses|runs|owns|teaches|sold|bought|left|quit|went|"
                       r"met|took|made|said|told|found|lost|broke|became|gave|kept|drove|won)\b)", re.I)


def speakers_kin(text: str) -> str:
    """``text`` with a parent said by the kin word alone, as a clause's subject, said as the speaker's ("mum
    moved to galway" -> "my mum moved to galway"; not "dad jokes", "my mum", "her dad")."""
    return _BARE_KIN.sub(lambda m: f"{m.group(1)}{'My' if not m.group(1).strip() else 'my'} {m.group(2).lower()}",
                         text)


def recase_people(text: str, names: dict[str, str]) -> str:
    """``text`` with those names capitalised (also before "'s": "priya's at notion"); right after its kin noun
    a name is set off by commas ("my sister, Ines, lives in madrid"), the apposition the parser reads (it
    takes "my sister Ines lives" for a sister who ines)."""
    text = speakers_kin(text)
    if not names:
        return text
    text = re.sub(r"(?<![\w'])[a-z][a-z-]+(?=(?:'s)?(?![\w']))", lambda m: names.get(m.group(0), m.group(0)), text)
    alts = "|".join(re.escape(n) for n in sorted(names.values(), key=len, reverse=True))
    # only where the phrase opens the sentence: inside one ("I'm 34 and my daughter Mia is 4") commas mislead it
    # nor before "and" ("my girlfriend Maya and I ..." parses as is)
    return re.sub(r"((?:^|[.!?]\s+)\s*(?:my|our) (?:[a-z]+ ){0,2}?(?:" + _KIN_ALT + r")s?) (" + alts +
                  r") (?=[a-z])(?!and |or |n )", r"\1, \2, ", text, flags=re.I)


def recased(text: str, names: dict[str, str], people: dict[str, str]) -> str:
    """``text`` with what chat wrote lower-case capitalised: the conversation's ``names``, institutions, kin's
    ``people`` ("my sister ines") and known places ("im in manchester now")."""
    return recase_places(recase_people(recase_institutions(recase(text, names)), people))
