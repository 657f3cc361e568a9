"""The user's own mentions of a value that ended: "typing this on my iPhone 12" once "upgraded from my iPhone 12
to the Pixel 8"; "what oil should i use in my Subaru Outback?" once "i drive a Kia EV6 now".

A statement the rules cannot place in a slot is kept verbatim (nothing is lost), so a later change found no fact
of that slot to end and the old value stayed current beside the new one. Two kinds of change end such memories:

- a change that names the value that ended: what it replaces ("from X to Y", "traded in X for Y") or a negation
  said as a change ("sold my X", "left X", "X died") ends the speaker's unplaced memories that say "my X";
- a new value of a single-valued slot whose values are products (a car, a phone) ends the speaker's
  unplaced memories that say "my X" for another product of that slot's lexicon.

Only the speaker's own "my"/"our" mentions (in a fact text: "User's X") count: the speaker's own thing at
the time, never "my friend's iPhone" (another owner), never another person's words, never a fact placed in a
slot (the slot rules decide those). Plans, hedges and past facts end nothing.

A value the change names as ended ("dropped weightlifting", "i'm so sick of metal now", "gave up spin
classes") also ends the speaker's unplaced memories that hold it as one of their own entities and speak in
the first person with nobody else in them: "metal on repeat while i work, always", "i do crossfit like 4x a
week". The value must be a whole entity of the memory ("google" is not an entity of "I use Google Docs"), and
a memory naming another person ("my sister does yoga", "he loves metal") is never the speaker's own. What one
holds of a thing ends the thing ("cancelled my crossfit membership"); the thing's activity ("sea kayaking"), the
head of a longer name ("amazon warehouse") and a firm's fuller name ("virgin media") hold it; a turn about the thing
itself ("PureGym on deansgate is heaving") is the speaker's own; a third person's fact may name them with a title
("User's uncle, Raj" is "uncle raj"). A new home ends the speaker's turns that said another home in passing
("renting a tiny 2 bed in coventry").
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DEFAULT_SLOTS
from mem_graph.extract.chat import opens_without_subject
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS
from mem_graph.extract.places import is_place_name
from mem_graph.extract.target import same_words
from mem_graph.types import Fact, MemoryRecord, normalise_entity

_PRODUCT_SLOTS = ("car", "phone", "computer")  # not a database: "our redis cache" stays beside postgres
_LEXICON = {s.name: frozenset(s.values) for s in DEFAULT_SLOTS if s.name in _PRODUCT_SLOTS}
_CHANGED = ("anymore", "no longer", "quit", "stop", "left", "sold", "gave", "died", "lost", "stolen", "ditch",
            "retire", "got rid", "traded", "upgraded", "replaced", "switched", "moved", "cancel", "dropped")
# what one holds of a thing rather than the thing ("cancelled my crossfit membership" ended crossfit)
_HOLDING = r"(?:membership|subscription|sub|contract|plan|account|pass|classes|class|sessions|lessons|habit)"
_ADJ = r"(?:(?:old|new|trusty|beloved|little|current|first|second)\s+)?"
_MY = r"\b(?:my|our)\s+" + _ADJ


# a stance said against a value as a change ("sick of metal now", "gone off pad thai", "bored of tennis")
_STANCE_ENDED = re.compile(r"\b(?:now|anymore|any more|no longer|these days|nowadays|lately|gone off|went off|"
                           r"done with|over|bored|sick of|tired of|fed up|bores me|doesn't do it)\b", re.I)
# the speaker, or the speaker's team and its things ("the project's database is DynamoDB")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|i'd|me|my|we|we're|our|us|at work|the (?:(?:old|new|main) )?(?:"
                           r"project|team|app|services?|backend|frontend|stack|product|codebase|startup|company))\b",
                           re.I)
# slots of the tools a speaker or their team runs: "switched from MySQL to Postgres" ends MySQL in any of them
_TECH_SLOTS = frozenset({"tools", "database", "role"})
_THING_SLOTS = frozenset(s.name for s in DEFAULT_SLOTS if s.subjects == "thing")
_OTHER_PEOPLE = re.compile(r"\b(?:he|she|his|her|him|hers|they|their|them|" + "|".join(
    sorted(KIN | PARTNER_NOUNS, key=len, reverse=True)) + r")s?\b", re.I)


def _stance_ended(fact: Fact) -> bool:
    """A negative stance said as a change: the value the speaker liked has ended."""
    return _slot_name(fact.slot) == "stance" and (
        fact.polarity < 0 or fact.negated) and bool(_STANCE_ENDED.search(f"{fact.text} {fact.evidence}"))


def ended_values(fact: Fact) -> list[str]:
    """The values the fact says ended: those it replaces, or its own object when a negation or a negative
    stance says it changed."""
    values = list(fact.replaces)
    if fact.object_key and ((fact.negated and "cues:" in fact.evidence and any(
            w in fact.evidence for w in _CHANGED)) or _stance_ended(fact) or _left_job(fact)):
        values.append(fact.object_key)
        if held := re.match(rf"(?P<thing>.+?)\s+{_HOLDING}$", fact.object_key):
            values.append(held.group("thing"))
    return [v for v in values if v]


def mention_lookups(fact: Fact) -> list[dict[str, str | int]]:
    """Entity lookups that find the memories naming an ended value (the whole value and its first word)."""
    out: list[dict[str, str | int]] = []
    for value in ended_values(fact):
        for key in dict.fromkeys((value, value.split()[0])):
            out.append({"entities": key})
    return out


def _speaker(record: MemoryRecord) -> str | None:
    """Who said a verbatim memory (a user turn's speaker; None for the assistant's)."""
    return None if record.metadata.get("role", "user") != "user" else normalise_entity(
        str(record.metadata.get("speaker") or "user"))


def _product(fact: Fact) -> str | None:
    name = _slot_name(fact.slot) if fact.slot and fact.slot.count("|") == 1 else None
    return name if name in _LEXICON and fact.single_valued and not fact.negated and fact.polarity > 0 else None


# the word a firm's name may end with and still be the firm ("virgin media" is Virgin; "google docs" is no Google)
_FIRM = r"(?:media|mobile|group|bank|broadband|energy|airlines?|uk|ltd|inc|plc|telecom|fibre|gyms?)"


def _holds(record: MemoryRecord, value: str) -> bool:
    """The value is one of the memory's own entities (a whole name, or the head a longer one ends with: the
    "amazon warehouse" is a warehouse, "google docs" is no Google), or a word of its text when the memory read
    it as no entity ("the project's database is DynamoDB"); the activity of a thing counts ("sea kayaking")."""
    said = rf"(?<![\w-]){re.escape(value)}{'(?:ing)?' if len(value) > 4 else ''}(?![\w-])"
    return any(e.rstrip("s") == value.rstrip("s") or re.search(rf"\s{said}$|^{said}(?: {_FIRM}){{1,2}}$", e)
               for e in record.entities) or (
        value not in " ".join(record.entities) and re.search(said, record.text, re.I) is not None)


def _slot_name(slot: str | None) -> str:
    return slot.split("|")[1] if slot and slot.count("|") >= 1 else ""


def _placed_tool(record: MemoryRecord, fact: Fact, ended: list[str]) -> bool:
    """A tool the speaker or their team's thing runs, in a tools slot, that the fact replaces by name."""
    name = _slot_name(record.slot)
    return name in _TECH_SLOTS and _slot_name(fact.slot) in _TECH_SLOTS and record.object_key in fact.replaces \
        and record.object_key in ended and (record.subject_key == fact.subject_key or name in _THING_SLOTS) \
        and not _OTHER_PEOPLE.search(record.text)


def _left_job(fact: Fact) -> bool:
    """The fact says its subject left a workplace: "quit Deliveroo", "handed my notice in at Superdrug"."""
    return fact.negated and fact.rule.startswith("rules.clause:employer")


def _job_at(record: MemoryRecord, fact: Fact, ended: list[str]) -> bool:
    """"I'm a product designer at Shopify" once "left Shopify": the job held at the place left ended with it;
    so does a memory of the same person at that place that no slot read as a job ("my flatmate Jonas is a bike
    courier for Deliveroo" once "jonas quit deliveroo"; "I run the pharmacy counter at Superdrug")."""
    if not fact.subject_key or not (record.subject_key == fact.subject_key or (
            record.subject_key or "").endswith(f" {fact.subject_key}")):
        return False
    if _slot_name(record.slot) == "occupation" and any(
            t.relation == "works_at" and normalise_entity(t.object) in ended for t in record.triples):
        return True
    return _left_job(fact) and _slot_name(record.slot) not in ("employer", "school", "residence") and any(
        re.search(rf"\b(?:at|for|with|wi)\s+(?:the\s+)?{re.escape(v.replace(chr(39), ''))}\b",
                  record.text.replace("'", ""), re.I) for v in ended)  # ("left mctaggarts": "McTaggart's")


# a family title said with a name: "uncle raj" is Raj
_TITLE = re.compile(r"^(?:uncle|aunt|auntie|aunty|grandma|grandad|granddad|grandpa|granny|nan|nana|nanna|cousin)\s+")


def _same_person(a: str | None, b: str) -> bool:
    return bool(a) and _TITLE.sub("", a or "") == _TITLE.sub("", b)


def _own_words(record: MemoryRecord, speaker: str) -> bool:
    """A memory in the speaker's own first-person words (or a fact about the speaker) naming nobody else; of
    someone else, a fact about that person ("User's uncle, Raj, runs a petrol station" is Raj's)."""
    if record.layer != "episodic" and record.subject_key != _speaker(record) and _same_person(
            record.subject_key, speaker):
        return True  # (a fact about a third person names others to say who they are: "User's uncle")
    if _OTHER_PEOPLE.search(record.text):
        return False
    if record.layer == "episodic":
        return _speaker(record) == speaker and bool(_FIRST_PERSON.search(record.text) or opens_without_subject(
            record.text))
    return record.subject_key == speaker


# a memory that itself says the value ended ("so no more red meat for User"), said in the same turn as the change
_SAYS_ENDED = re.compile(r"\b(?:no (?:more|longer)|anymore|any more|not|never|gone|without)\b|n't\b", re.I)


def _own_thing(record: MemoryRecord, speaker: str, ended: list[str]) -> bool:
    """A fact about a thing of the speaker's whose object or subject is the value ended: "User's whole eng org
    basically lives in Slack" once Slack is left, "User's 2012 ford fiesta failed its MOT" once it is sold."""
    subject = record.subject_key or ""  # ("User's 2012 ford fiesta failed its MOT": the fiesta, by its last word)
    owned = record.object_key in ended or subject in ended or any(f" {v} " in f"{subject} " or re.search(
        rf"(?:^|\s){re.escape(v)}(?:ing)?$", record.object_key or "") or re.match(  # ("all sea kayaking")
        rf"{re.escape(speaker)}'s (?:[\w-]+ ){{0,3}}?{re.escape(v)}\b", record.text, re.I) for v in ended)
    # (the last: the thing is named in the text's own "User's ..." whatever the parse took for its subject:
    # "User's Amazon warehouse shift got moved")
    return record.layer != "episodic" and record.text.lower().startswith(f"{speaker}'s ") and owned and \
        not _OTHER_PEOPLE.search(record.text) and not _SAYS_ENDED.search(record.text)


def _role_of_speaker(record: MemoryRecord, speaker: str, value: str) -> bool:
    """The speaker's own turn naming the value as what one is, with no "I": "being a bartender is exhausting
    some days ngl", "the life of a barista lol, no weekends"."""
    return record.layer == "episodic" and _speaker(record) == speaker and not _OTHER_PEOPLE.search(record.text) \
        and re.search(rf"\b(?:being|as|life of) an? {re.escape(value)}\b", record.text, re.I) is not None


# another person, where "they" may be the thing itself ("virgin dropped out again, im on their 350mb package")
_ANOTHER = re.compile(r"\b(?:he|she|his|her|him|hers|" + "|".join(sorted(KIN | PARTNER_NOUNS, key=len, reverse=True))
                      + r")s?\b", re.I)


def _opens_with(record: MemoryRecord, speaker: str, value: str) -> bool:
    """The speaker's own turn about the value itself, naming nobody else: "PureGym on deansgate is heaving every
    evening, any tips for a push day", "virgin media broadband dropped out 4 times today"."""
    return record.layer == "episodic" and _speaker(record) == speaker and not _ANOTHER.search(record.text) \
        and re.match(rf"(?:the\s+)?{re.escape(value)}\b", record.text, re.I) is not None


def _named_ended(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's unplaced first-person memories holding a value the fact names as ended."""
    ended = ended_values(fact)
    speaker = fact.subject_key or ""
    return [r for r in records if r.polarity > 0 and r.status.value == "active" and (
        (not r.slot and any(_holds(r, v) for v in ended) and (_own_words(r, speaker) or _own_thing(
            r, speaker, ended) or any(_opens_with(r, speaker, v) for v in ended)))
        or (not r.slot and any(_role_of_speaker(r, speaker, v) for v in ended))
        or _placed_tool(r, fact, ended) or _job_at(r, fact, ended))]


# a school's name: capitalised words ending in a school word ("Westfield High", "St Mary's Primary")
_SCHOOL_NAME = re.compile(r"\b(?:[A-Z][\w'.]*\s+){1,3}(?:School|High|Primary|Academy|Elementary|Grammar|Prep|"
                          r"College|Montessori)\b")


def _other_schools(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """A child's new school ends the memories of that child naming another school outside the school slot:
    "User's daughter loves her teachers at Westfield High", "User is dropping their daughter off at
    Westfield High" (the speaker's own words about that child: "my daughter" once the child is "User's
    daughter")."""
    if _slot_name(fact.slot) != "school" or fact.negated or fact.polarity <= 0 or not fact.subject_key:
        return []
    child = fact.subject_key.partition("'s ")[2]  # "user's daughter" -> "daughter"
    new = fact.object_key or ""
    out = []
    for r in records:
        if r.polarity <= 0 or r.status.value != "active" or _slot_name(r.slot) == "school":
            continue
        about = r.subject_key == fact.subject_key or (
            child and r.subject_key in (None, fact.subject_key.partition("'s ")[0])
            and re.search(rf"\b(?:my|their|our)\s+{re.escape(child)}\b", r.text, re.I) is not None)
        if about and any(not same_words(normalise_entity(n), new) for n in _SCHOOL_NAME.findall(r.text)):
            out.append(r)
    return out


# the speaker's home said in passing: "renting a tiny 2 bed in coventry", "our flat in leith is freezing"
_HOME_IN = re.compile(r"(?:(?:^|\b(?:i|we)(?:'m|'re| am| are)? )(?:living|renting|based|live|rent)"
                      r"|\b(?:my|our) (?:flat|house|apartment|place|home|landlord|street|neighbou?rs?))"
                      r"\b[^.?!]{0,40}?\b(?:in|at) "
                      r"(?P<place>[A-Za-z][\w'-]+(?-i: [A-Z][\w'-]+)?)", re.I)


def _other_homes(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """A new home ends the speaker's unplaced memories that say, in passing, they live in another place:
    "renting a tiny 2 bed in coventry with my partner" once "our own place in leamington"."""
    if _slot_name(fact.slot) != "residence" or fact.negated or fact.polarity <= 0 or not fact.subject_key:
        return []
    new = fact.object_key or ""
    out = []
    for r in records:
        if r.slot or r.polarity <= 0 or r.status.value != "active" or r.layer != "episodic" or \
                _speaker(r) != fact.subject_key:
            continue
        places = [m.group("place") for m in _HOME_IN.finditer(r.text)]
        if any(is_place_name(p) and not same_words(normalise_entity(p), new) and not re.search(
                rf"\b{re.escape(p)}\b", fact.text, re.I) for p in places):  # ("in Kilimani, Nairobi": Nairobi too)
            out.append(r)
    return out


_REWRITTEN = re.compile(r"^(?P<who>.+?)'s (?P<thing>.+?) is now written in (?P<new>.+)$")


def _thing_rewritten(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """"we rewrote the ios app in Swift" (from_to.py: "User's ios app is now written in Swift") ends what the
    speaker said that thing was written or built in before ("User's ios app is written in objective-c")."""
    m = _REWRITTEN.match(fact.text)
    if m is None or fact.negated:
        return []
    said = re.compile(rf"^{re.escape(m.group('who'))}'s {re.escape(m.group('thing'))} (?:is|are) (?:all |mostly "
                      r"|entirely )?(?:written|built|coded|made) (?:in|with|on) ", re.I)
    return [r for r in records if r.status.value == "active" and r.polarity > 0 and (was := said.match(r.text))
            and not same_words(normalise_entity(r.text[was.end():]), fact.object_key or "")]


_PARTNERS = "|".join(sorted(PARTNER_NOUNS, key=len, reverse=True))
_COUPLE_THINGS = re.compile(r"\b(?:wedding|engaged|engagement|married|marry|honeymoon|anniversary|together|dating|"
                            r"moving in|move in|living together|proposal)\b", re.I)


def _partner_named(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """A separation ("Dan and I called it quits") ends the subject's memories that name the one left as their
    partner outside the partner slot and say what only the couple is or does: "User and their fiancé Dan are
    planning a wedding in Tuscany" (not "User's partner Sam and User have a dog called Biscuit": the dog stays)."""
    if _slot_name(fact.slot) not in ("partner", "relationship") or not (fact.negated or fact.polarity == 0) or \
            not fact.object_key or " " in fact.object_key:
        return []
    said = re.compile(rf"\b(?:{re.escape(fact.subject_key or '')}'s|their|my|our|his|her)\s+(?:{_PARTNERS})s?,?\s+"
                      rf"{re.escape(fact.object_key)}\b", re.I)
    return [r for r in records if r.status.value == "active" and r.polarity > 0 and r.layer != "episodic"
            and _slot_name(r.slot) not in ("partner", "relationship") and r.subject_key == fact.subject_key
            and said.search(r.text) and _COUPLE_THINGS.search(r.text)]


def stale_mentions(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's unplaced memories that the fact makes stale (see the module doc)."""
    if fact.tense != "present" or not fact.subject_key:
        return []
    named = _named_ended(fact, records) + _other_schools(fact, records) + _thing_rewritten(fact, records) + \
        _partner_named(fact, records) + _other_homes(fact, records)
    values = [re.escape(v) for v in ended_values(fact)]
    product = _product(fact)
    if product is not None:
        new_words = set((fact.object_key or "").split())
        values += [re.escape(w) for w in sorted(_LEXICON[product] - new_words)]
    if not values:
        return named
    said = "(?:" + "|".join(values) + r")\b"
    own = re.compile(_MY + said, re.I)  # the speaker's words, kept verbatim
    owner = re.compile(rf"\b{re.escape(fact.subject_key)}'s\s+{_ADJ}" + said, re.I)  # a fact text: "User's X"
    mine = [r for r in records if not r.slot and r.polarity > 0 and r.status.value == "active" and (
        (r.layer == "episodic" and _speaker(r) == fact.subject_key and own.search(r.text))
        or (r.layer != "episodic" and owner.search(r.text)))]
    return mine + [r for r in named if r not in mine]
