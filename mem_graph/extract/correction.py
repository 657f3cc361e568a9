"""Corrections: a turn that says an earlier statement was wrong, and what is right instead.

"actually it's luna not misty", "wait no, i meant tuesday", "my bad, she works at ikea not h&m", "correction:
physics, not chemistry", "sorry, greenwood elementary, not greenfield", "sorry, i said 34 — i'm 35", "wait sorry
typo, it's 720-555-0124". ``read_correction`` finds the cue (the turn must open with one: "actually", "wait",
"oops", "sorry", "my bad", "correction:", "i meant"...), the right value and, when said, the wrong one.
``correct_facts`` then finds the memory the turn corrects (the scope's latest memory naming the wrong value, or,
with none named, one naming a value of the same class: a weekday for a weekday, a month for a month, a number for a
number, a phone number for a phone number; with no class either, the value of the memory said just before, a name
for a name: "oops, I meant Amazon" after "I work at Google", ``_just_said``) and turns the turn into that memory
with the value swapped; the reconciler's ``correction`` rule UPDATEs the wrong memory to it. A turn that states the
right value as a fact of its own ("i'm 35") keeps that fact, which then also replaces the wrong value. What the
speaker says about the conversation itself ("I said 34", "I meant Tuesday") is never stored as a fact. A correction
nothing can be matched to leaves the turn's facts as they were.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher

from mem_graph.extract.catalogue import SLOT_VALUES
from mem_graph.extract.places import is_place_name
from mem_graph.types import EntityRef, Fact, MemoryRecord, Message, Triple, normalise_entity

# the turn opens with one (after "oh", "ugh", "no"...): what follows may correct an earlier statement
_CUE = re.compile(
    r"^\W*(?:(?:oh|ugh|hmm|erm|um|ah|ok|okay|no|nope|lol|haha|omg|lmao|lmfao|argh|ahh*|dammit|damn)\W+)*"
    r"(actually|wait|hang on|hold on|oops|whoops|sorry|my bad|correction|typo|scratch that|i meant|i mean|nvm|"
    r"never ?mind|"
    r"did (?:i|we) (?:say|write|type)|(?:stupid |damn )?"
    r"auto-?correct|"
    r"i misspoke|i got (?:that|it) wrong|not \w+(?: \w+)?,? (?:but|it'?s|i meant)|not \w+(?: \w+)?, ?(?=\w))\b", re.I)
# "*Ava lol, not Eva", "Ava*": a word typed again with an asterisk is the right spelling of one just typed
_STAR = re.compile(r"^\W*?\*\s*(?P<a>[\w'-]+(?: [\w'-]+){0,2}?)\s*(?=[,.!?;]|\s+(?:lol|haha|lmao|sorry|oops|not)\b|$)"
                   r"|^\s*(?P<b>[\w'-]+)\*(?=\W|$)", re.I)
_MEANT = re.compile(r"\b(?:i|we) meant\s+(?:to say\s+)?", re.I)
_SAID = re.compile(r"\b(?:i|we) (?:said|wrote|typed|told you)\s+|\bdid (?:i|we) (?:say|write|type)\s+", re.I)
# "wait did i say accenture? capgemini lol": the right value follows the question
_ASKED_SAID = re.compile(r"\bdid (?:i|we) (?:say|write|type)\s+[^?]+\?+\s*", re.I)
# "not the other one", "not that one": the wrong value is the one just said, unnamed
_UNNAMED_AFTER = re.compile(r"(?:the |that )?(?:other|first) (?:one|place|school)\b|that one\b", re.I)
_UNNAMED = frozenset({"other one", "other", "that one", "one", "other place", "other school", "first one"})
_COLON = re.compile(r"\bcorrection\s*[:\-—–]\s*", re.I)
# "it's KPMG, deloitte was wrong": the value taken back, said as wrong
_WAS_WRONG = re.compile(r"(?:^|[,.;:!?]\s*|\band\s+)(?P<old>[\w'&-]+(?: [\w'&-]+)?) (?:was|is) (?:wrong|a typo|a "
                        r"mistake|the wrong (?:one|place|firm|company|name|school))\b", re.I)
_NOT = re.compile(r"\bnot\s+", re.I)
_CLEFT = re.compile(r"\bit'?s\s+(?P<v>[\w'&-]+(?: [\w'&-]+){0,2}?)\s+(?:that\s+|who\s+)?(?:i|we|he|she|they)\s+\w+",
                    re.I)
_DELIM = re.compile(r"[,.;:!?()\u2014\u2013]|\s-\s|\s-$")
# words a value never starts or ends with: they bound the value inside its clause
_FUNCTION = frozenset([
    "a", "an", "the", "my", "our", "his", "her", "their", "its", "it", "it's", "i", "i'm", "im", "i've", "you", "we",
    "he", "she", "they", "me", "him", "them", "us", "is", "are", "was", "were", "be", "been", "am", "'s", "'re",
    "at", "in", "on", "to", "for", "from", "with", "of", "by", "as", "and", "or", "but", "so", "then", "that",
    "this", "these", "those", "just", "really", "actually", "wait", "oops", "whoops", "sorry", "bad", "correction",
    "typo", "meant", "mean", "said", "say", "lol", "haha", "lmao", "tbh", "pls", "please", "oh", "ugh", "no", "yes",
    "yeah", "ya", "yep", "nope", "ok", "okay", "not", "also", "too", "though", "tho", "anyway", "like",
])
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_ABBR = frozenset(m[:3] for m in _MONTHS)
_NUMBER = re.compile(r"^\d+(?:[.,:]\d+)?(?:st|nd|rd|th|am|pm|k)?$")
_PHONE = re.compile(r"^\+?\d{2,}(?:[.-]\d{2,}){2,}$")  # "720-555-0124": a phone number typed in one piece
_ITS = re.compile(r"\bit(?:'s|\u2019s| is|s)\s+", re.I)  # "sorry typo, it's 720-555-0124": the right value


@dataclass(frozen=True)
class Correction:
    """What a correcting turn says: ``new`` is right, ``old`` (when named) was wrong."""

    cue: str
    new: str | None
    old: str | None


def _words(text: str) -> list[str]:
    return re.findall(r"[\w&'+.-]+", text)


def _value(words: list[str], *, from_end: bool) -> str | None:
    """The value words at one end of a stretch of a clause: function words and chat fillers bound it."""
    seq = list(reversed(words)) if from_end else words
    while seq and seq[0].casefold().strip(".") in _FUNCTION:
        seq.pop(0)
    out: list[str] = []
    for w in seq:
        if w.casefold().strip(".") in _FUNCTION or len(out) == 3:
            break
        out.append(w.strip("."))
    if from_end:
        out.reverse()
    return " ".join(out) or None


def read_correction(text: str) -> Correction | None:
    """The correction a turn states, or None: it must open with a correction cue and name a value
    ("X, not Y", "I meant X", "correction: X") or the value it takes back ("I said Y")."""
    cue = _CUE.search(text) or _STAR.search(text)
    if cue is None:
        return None
    star = cue.re is _STAR
    new = old = None
    neg = next((m for m in _NOT.finditer(text) if m.start() >= cue.start()), None)
    if neg is not None:
        before = [b for b in _DELIM.split(text[:neg.start()]) if b.strip()] or [""]
        # "greenwood elementary, not greenfield", "Eindhoven!! not utrecht": the value sits before the comma
        stretch = before[-1]
        cleft = _CLEFT.search(stretch)  # "it's Superdrug i work at, not Boots": the value the cleft names
        new = cleft.group("v") if cleft is not None else _value(_words(stretch), from_end=True)
        old = _value(_words(_DELIM.split(text[neg.end():])[0]), from_end=False)
        if not new and neg.start() == cue.start(1) and len(after := _DELIM.split(text[neg.end():])) > 1:
            new = _value(_words(after[1]), from_end=False)  # "not cello, viola!": the value after the comma
        if old and old.casefold() in _UNNAMED:  # "sorry its st joseph's actually, not the other one"
            old = None
        if not new or (not old and not _UNNAMED_AFTER.match(text[neg.end():])):
            new = old = None  # "actually i'm not a fan of jazz" is a negation, not a correction
    meant = _MEANT.search(text)
    # ("i meant to say tunde's in abuja now, not lagos": the value next to "not", not the clause's first word)
    if meant is not None and (new is None or neg is None):
        new = _value(_words(_DELIM.split(text[meant.end():])[0]), from_end=False) or new
    its = next((m for m in _ITS.finditer(text) if m.start() >= cue.end()), None)
    if its is not None and new is None and old is None:
        new = _value(_words(_DELIM.split(text[its.end():])[0]), from_end=False)
    colon = _COLON.search(text)
    if colon is not None and new is None:
        new = _value(_words(_DELIM.split(text[colon.end():])[0]), from_end=False)
    wrong = _WAS_WRONG.search(text)
    if wrong is not None and old is None and new is not None and wrong.group("old").lower() not in ("that", "it",
                                                                                                   "this", "i"):
        old = wrong.group("old")
    said = _SAID.search(text)
    if said is not None and old is None:
        old = _value(_words(_DELIM.split(text[said.end():])[0]), from_end=False)
    asked = _ASKED_SAID.search(text)
    if asked is not None and new is None:
        new = _value(_words(_DELIM.split(text[asked.end():])[0]), from_end=False)
    if star:
        new = cue.group("a") or cue.group("b")
    elif new is None and old is None:
        # "autocorrect strikes again. aesthetician!!", "oops brain fade, perth!": a word or two said on its own
        new = next((_value(w, from_end=False) for part in _DELIM.split(text[cue.end():])[1:]
                    if 1 <= len(w := _words(part)) <= 2), None)
        if new is not None and "correct" not in cue.group(1).lower() and (value_class(new) != "place" or cue.group(
                1).lower() not in ("oops", "whoops", "sorry", "my bad")):
            new = None  # (after any other cue only a place: "sorry, quick question" corrects nothing)
    if (new is None and old is None) or (new or "").casefold() == (old or "").casefold():
        return None
    return Correction("*" if star else cue.group(1).casefold(), new, old)


def value_class(word: str) -> str | None:
    """A class a value belongs to, so "I meant Tuesday" finds the weekday it replaces."""
    w = word.casefold()
    if w in _WEEKDAYS or w.removesuffix("s") in _WEEKDAYS:
        return "weekday"
    if w in _MONTHS or w.rstrip(".") in _MONTH_ABBR:
        return "month"
    if _NUMBER.match(w):
        return "number"
    if _PHONE.match(w):
        return "phone number"
    if is_place_name(w):
        return "place"
    return None


def value_words(stretch: str, *, from_end: bool) -> str | None:
    """The value at one end of a stretch of a clause (``from_end``: its last words), without function words."""
    return _value(_words(stretch), from_end=from_end)


def find_value(text: str, value: str) -> tuple[int, int] | None:
    """Where ``value`` is said in ``text`` as whole words (any case)."""
    m = re.search(rf"(?<![\w&]){re.escape(value)}(?![\w&])", text, re.I)
    return (m.start(), m.end()) if m else None


def _align(text: str, span: tuple[int, int], new: str) -> tuple[int, int]:
    """Widen the wrong value's span by the words it shares with the right one on either side
    ("greenfield" in "greenfield elementary", corrected by "greenwood elementary")."""
    start, end = span
    new_words = new.split()
    for k in range(len(new_words) - 1, 0, -1):
        tail = " ".join(new_words[-k:])
        m = re.match(rf"\s+{re.escape(tail)}(?![\w&])", text[end:], re.I)
        if m:
            end += m.end()
            break
    for k in range(len(new_words) - 1, 0, -1):
        head = " ".join(new_words[:k])
        m = re.search(rf"(?<![\w&]){re.escape(head)}\s+$", text[:start], re.I)
        if m:
            start = m.start()
            break
    return start, end


def locate(corr: Correction, record: MemoryRecord) -> tuple[int, int] | None:
    """Where in ``record``'s text the wrong value sits: the named one, else a word of the right one's class."""
    if corr.old:
        span = find_value(record.text, corr.old)
        if span is None and corr.old.endswith("s"):
            span = find_value(record.text, corr.old[:-1])
        return _align(record.text, span, corr.new) if span and corr.new else span
    if not corr.new:
        return None
    cls = value_class(corr.new if is_place_name(corr.new) else corr.new.split()[0])
    if cls == "place":  # "oops brain fade, perth!": the place the memory names
        return _place_in(record, corr.new)
    if cls is None:  # a word typed wrong: the one spelled most like the right one ("*Ava" for "Eva"), or a name
        return _misspelt(record.text, corr.new) or _same_lead(record.text, corr.new)  # of its kind ("St Mary's")
    for m in re.finditer(r"[\w&'.-]+", record.text):
        if value_class(m.group()) == cls and m.group().casefold().removesuffix("s") != \
                corr.new.split()[0].casefold().removesuffix("s"):
            return _align(record.text, (m.start(), m.end()), corr.new)
    return None


def _place_in(record: MemoryRecord, new: str) -> tuple[int, int] | None:
    """Where ``record``'s text names its own value as a place other than ``new`` (a slot memory only)."""
    if not record.slot or not record.object_key or record.layer == "episodic" or not is_place_name(record.object_key) \
            or normalise_entity(new) == record.object_key:
        return None
    return find_value(record.text, record.object_key)


def _same_lead(text: str, new: str) -> tuple[int, int] | None:
    """Where ``text`` says a name opening with the same title word as ``new`` ("St Mary's" for "st joseph's")."""
    words = new.split()
    if len(words) < 2 or len(words[0]) > 4:
        return None
    m = re.search(rf"(?<![\w&]){re.escape(words[0])}\.?\s+[\w'&-]+", text, re.I)
    return (m.start(), m.end()) if m and m.group().casefold() != new.casefold() else None


def _misspelt(text: str, new: str) -> tuple[int, int] | None:
    """Where ``text`` says a word spelled much like ``new`` (a typo or an autocorrect of it), if anywhere."""
    want = new.casefold()
    if " " in want or len(want) < 3:
        return None
    near = [(SequenceMatcher(None, m.group().casefold(), want).ratio(), m) for m in re.finditer(r"[\w'-]{3,}", text)
            if m.group().casefold() != want and m.group().casefold() not in _FUNCTION]
    best = max(near, key=lambda x: x[0], default=None)
    return (best[1].start(), best[1].end()) if best is not None and best[0] >= 0.6 else None


_SAID_TO_YOU = frozenset({"thanks", "thank", "thx", "ty", "cheers", "hi", "hello", "hey", "bye", "please", "sorry",
                          "yes", "no", "ok", "okay", "lol", "haha"})  # "sorry I meant to say Thanks!"
JUST_SAID = 3600.0  # seconds: "oops, I meant Amazon" corrects a value said this recently, and no other


def _just_said(new: str, memories: list[MemoryRecord], message: Message) -> tuple[MemoryRecord, tuple[int, int]] | None:
    """The newest of ``memories`` (newest first) when it was said just before ``message`` and holds a value of
    which ``new`` may be the right one: a name for a name, each written with a capital ("oops, I meant Amazon"
    after "I work at Google"), or two values the slot's lexicon knows ("I'm a nurse", "oops i meant midwife").
    A correction that names no wrong value and no class of value; never a question."""
    if not memories or value_class(new) is not None or len(new.split()) > 3 or "?" in message.content or \
            new.split()[0].casefold().strip("!.,") in _SAID_TO_YOU:
        return None
    latest = memories[0]
    said = message.timestamp if message.timestamp is not None else time.time()
    if not latest.slot or not latest.object_key or latest.layer == "episodic" or latest.polarity <= 0 or \
            not 0 <= said - latest.valid_from <= JUST_SAID or normalise_entity(new) == latest.object_key:
        return None
    span = find_value(latest.text, latest.object_key)
    attribute = latest.slot.split("|")[1] if "|" in latest.slot else ""
    values = SLOT_VALUES.get(attribute, frozenset())  # ("I'm a nurse" + "oops I meant midwife": both posts)
    # a name for a name, each written as one ("I meant Amazon"; not "i meant to say thanks", "the other thing")
    named = span is not None and latest.text[span[0]:span[0] + 1].isupper() and new[:1].isupper()
    return (latest, span) if span is not None and (named or (
        latest.object_key in values and normalise_entity(new) in values)) else None


def _swap(value: str, old: str, new: str) -> str:
    span = find_value(value, old)
    return value if span is None else value[:span[0]] + new + value[span[1]:]


def corrected(corr: Correction, record: MemoryRecord, span: tuple[int, int], message: Message) -> Fact:
    """``record`` with its wrong value replaced by the right one, as said in ``message``."""
    old = record.text[span[0]:span[1]]
    right = corr.new or ""
    if old[:1].isupper() and right.islower():  # "Adelaide" corrected by "perth!": a name stays a name
        right = " ".join(w[:1].upper() + w[1:] for w in right.split())
    fact = swapped(record, span, right, message, rule="correction",
                   evidence=f"correction {corr.cue!r}: {old!r} -> {right!r} in {record.text!r}")
    fact.metadata["corrects"] = record.id
    return fact


def swapped(record: MemoryRecord, span: tuple[int, int], new: str, message: Message, *, rule: str,
            evidence: str, keep_tail: bool = True) -> Fact:
    """``record`` as a fact of ``message`` with the value at ``span`` of its text replaced by ``new`` (in its
    entities, triples, object key and, for a per-object slot, its slot too). ``keep_tail`` False: the words after
    the old value go too (they described the old value: "works at a Pret near campus" -> "works at a pub"), unless
    the value opens the text ("Ramen is User's favourite food")."""
    old = record.text[span[0]:span[1]]
    text = record.text[:span[0]] + new + (record.text[span[1]:] if keep_tail or span[0] == 0 else "")
    entities = [EntityRef(_swap(e, old, new)) for e in record.entities]
    triples = [Triple(_swap(t.subject, old, new), t.relation, _swap(t.object, old, new)) for t in record.triples]
    obj = normalise_entity(_swap(record.object_key, old, new)) if record.object_key else None
    slot = record.slot
    if slot and slot.count("|") == 2 and obj:  # "user|stance|taylor swift": the slot names its object
        slot = slot.rsplit("|", 1)[0] + "|" + obj
    return Fact(text=text, entities=entities, triples=triples, slot=slot, subject_key=record.subject_key,
                object_key=obj, polarity=record.polarity, rule=rule, layer=record.layer,
                message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata={},
                evidence=evidence)


_META = re.compile(r"^\S+ (?:meant|said|wrote|typed|misspoke|got (?:that|it) wrong)\b", re.I)


_PRONOUN_SAID = re.compile(r"^(?:It|He|She|They)(?:'s|'re| is| are| was)\b")


def correct_facts(message: Message, facts: list[Fact],
                  recent_memories: Callable[[str], list[MemoryRecord]]) -> list[Fact]:
    """The facts ``message`` contributes once read as a correction (the facts unchanged when it is none or
    nothing it could correct is found). ``recent_memories(query)``: the scope's active memories near a text,
    newest first."""
    corr = read_correction(message.content)
    if corr is None:
        return facts
    kept = [f for f in facts if not _META.match(f.text)]  # "User said 34", "User meant round rock, not austin"
    query = corr.old or corr.new or message.content
    target = next(((r, s) for r in recent_memories(query) if (s := locate(corr, r)) is not None), None)
    if target is None and corr.old and corr.new and (corr.cue == "*" or "correct" in corr.cue or corr.cue == "typo"):
        # "autocorrect. pharmacist!! not the talking kind": the "not" says what the right word is not
        corr = Correction(corr.cue, corr.new, None)
        target = next(((r, s) for r in recent_memories(corr.new or query) if (s := locate(corr, r)) is not None),
                      None)
    if target is None and corr.new and not corr.old:  # "I work at Google" + "oops, I meant Amazon"
        target = _just_said(corr.new, recent_memories(query), message)
    if target is None:
        return kept if len(kept) < len(facts) and kept else facts
    record, span = target
    wrong = normalise_entity(record.text[span[0]:span[1]])
    # the turn states the right value itself ("sorry, i said 34 - i'm 35"): that fact replaces the wrong one
    # (not one said of "it" or "she": "correction again, it's Bonnie" reads better as the memory it corrects)
    kept = [f for f in kept if not (_PRONOUN_SAID.match(f.text) and (f.slot == record.slot or (
        corr.new and normalise_entity(corr.new) in normalise_entity(f.text))))]
    own = [f for f in kept if f.slot and f.slot == record.slot and f.polarity > 0 and not f.negated]
    if own:
        own[0].metadata["corrects"] = record.id
        for f in own:
            f.replaces = [*f.replaces, wrong] if wrong not in f.replaces else f.replaces
            f.evidence = f"{f.evidence}; correction {corr.cue!r} of {record.text!r}".lstrip("; ")
        return kept
    if not corr.new:
        return kept or facts
    fixed = corrected(corr, record, span, message)
    said = record.text[span[0]:span[1]]
    # a name typed wrong is wrong in every memory of the turn that said it ("my gf Eva loves hiking")
    same_turn = [corrected(corr, r, at, message) for r in recent_memories(query) if r.id != record.id and said[:1]
                 .isupper() and r.valid_from == record.valid_from and r.layer != "episodic" and r.polarity > 0
                 and (at := find_value(r.text, said)) is not None]
    new_key = normalise_entity(corr.new)
    # the turn's own facts that only repeat the values ("actually it's luna not misty") add nothing
    rest = [f for f in kept if not (new_key and new_key in normalise_entity(f.text)
                                              and wrong in normalise_entity(f.text))]
    return [fixed, *same_turn, *rest]
