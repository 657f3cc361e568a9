"""A value ended and its successor named in a bare follow-on clause of the same sentence.

People end one value and name the next in a comma-spliced fragment with no verb or subject of its own:

    "not pescatarian anymore, fully vegetarian now"           -> User is vegetarian now
    "i don't drink tea anymore, it's coffee every morning now" -> User drinks coffee now
    "i'm so sick of jazz now, all techno these days"          -> User is into techno now
    "metal just doesn't do it for me anymore, lo-fi on repeat" -> User is into lo-fi now
    "i got bored of tennis, so it's padel for me these days"  -> User does padel now
    "gave up energy drinks, green tea is my thing now"        -> User drinks green tea now
    "ditched mysql, postgres ftw"                             -> User uses postgres now

The ending clause is read as usual (a negation, a cessation, a stance turned sour); the fragment after it states
nothing the clause reader can place. When, once its lead-in ("it's", "all", "fully", "so") and its time words
("now", "these days", "for me") are set aside, the fragment is a bare name of one to three words, said with a
change word, it is read as the ended fact's slot stated anew: "I drink <new> now", "I'm <new> now".

Only when all of these hold: the ended fact is the speaker's, present, negated or of negative polarity, in a slot
with a way of saying it (diet, drinks, hobbies, stance, tools), or a stance the stance phrases read as soured
("pop punk bores me now"); the fragment comes after the ended value and says "now", "these days", "nowadays",
"lately", "instead", "since", "nonstop", "on repeat", "all the time" or "ftw"; the new name is not the old one, holds
no pronoun or function word ("my kids are", "too jittery" fails the change word), and is of the old value's
kind when the lexicons know both (a diet for a diet: "not vegan anymore, eating fish now" names no diet).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.extract.catalogue import DEFAULT_SLOTS, DIETS, INSTRUMENTS, PLAYED_SPORTS, REL_STATUS
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.lexicon import DISHES, MUSIC_GENRES
from mem_graph.extract.stance import read_stances
from mem_graph.types import Fact, normalise_entity

# how a slot's value is stated afresh ("{}" is the new value)
_SAID_AS = {"diet": "I'm {}", "drinks": "I drink {}", "hobbies": "I do {}", "stance": "I'm into {}",
            "tools": "I use {}", "partner": "I'm {}"}  # (partner: a relationship status for a status)
_PASTIMES = frozenset({"sport", "activity", "exercise"})
_DRINK_KINDS = frozenset({"hot drink", "soft drink", "alcohol", None})
_PLAYABLE = frozenset((INSTRUMENTS + " " + PLAYED_SPORTS).split())  # "piano is my thing now" -> "I play piano now"
_PLAYED = "I play {}"
_EVIDENCE_SLOT = re.compile(r"slot (\w+):")
_MINE_NOW = re.compile(r"(?:is|'s) (?:more |now |totally )?my (?:new )?(?:thing|jam|vibe|go-to)\b")
_OUTRIGHT = re.compile(r"\b(?:anymore|any more)\b")
_CHANGE = re.compile(r"\b(?:now|nowadays|these days|lately|instead|since|as of|nonstop|on repeat|all the time|24/7"
                     r"|all the way|where it'?s at|from now on|ftw|for the win)\b")
_SPLIT = re.compile(r"\s*(?:[,;:]|\.\s|\s-+\s|\bbut\b)\s*")
_LEAD = re.compile(r"^(?:(?:so|and|it's|it is|its|all|about(?: the)?|fully|totally|strictly|mostly|just|only"
                   r"|pretty much|doing"
                   r"|drinking|having|been|on|into|deep|big|really|super|listening to|using|playing|basically|100%"
                   r"|team|everything(?:'s| is| runs)?(?: (?:in|on))?)\s+)+")
_TAIL = re.compile(r"(?:\s+(?:now|these days|nowadays|lately|instead|doctor'?s orders|sadly|thankfully|boo|yay"
                   r"|every (?:morning|day|night|week)|for me"
                   r"|all day|nonstop|24/7|on repeat|all the time|for (?:days|weeks|months|ages)|lol|lmao|tbh|ngl|haha"
                   r"|since .*|as of .*"
                   r"|(?:is|'s) (?:more |now )?my (?:new )?(?:thing|jam|go-to|vibe)|all the way"
                   r"|(?:is|'s) where it'?s at|from now on|ftw|for the win"
                   r"|on (?:rds|aws|gcp|azure|heroku|k8s|kubernetes|the cloud|prem)))+$")  # "postgres on rds now"
_FUNCTION = frozenset({"i", "me", "my", "we", "our", "you", "he", "she", "they", "it", "is", "are", "was", "am",
                       "the", "a", "an", "not", "no", "don't", "too", "very", "so", "that", "this", "of", "to",
                       "with", "and", "or", "but", "what", "who", "anymore", "more", "less", "thing", "stuff", "into",
                       "on"})


# the slot a slotless cessation's object belongs to, by its kind ("cut out coffee", "quit tennis")
_SLOT_OF_KIND = {"hot drink": "drinks", "soft drink": "drinks", "alcohol": "drinks", "sport": "hobbies",
                 "exercise": "hobbies", "activity": "hobbies"}

# or by the slot whose values name it ("quit energy drinks")
_VALUE_SLOT = {normalise_entity(v): s.name for s in DEFAULT_SLOTS if s.name in _SAID_AS for v in s.values}


def _slot_name(fact: Fact) -> str:
    """The slot's name ("user|drinks|tea" -> "drinks"); a negation of a one-value slot names it in its evidence,
    a cessation of no slot ("cut out coffee") by the kind of what it ends."""
    parts = (fact.slot or "").split("|")
    if len(parts) > 1:
        return parts[1]
    if found := _EVIDENCE_SLOT.match(fact.evidence):
        return found.group(1)
    if fact.negated and fact.object_key in DIETS:
        return "diet"
    if not fact.negated:
        return ""
    return _SLOT_OF_KIND.get(object_kind(fact.object_key) or "", "") or _VALUE_SLOT.get(fact.object_key or "", "")


def _ended(fact: Fact, speaker: str) -> bool:
    return bool(fact.object_key) and fact.tense == "present" and (fact.negated or fact.polarity < 0) and \
        _slot_name(fact) in _SAID_AS and fact.subject_key == normalise_entity(speaker)


def _name(fragment: str, need_change: bool = True) -> str | None:
    """The bare name a follow-on fragment states ("it's all climbing these days" -> "climbing"), if it is one."""
    if need_change and not _CHANGE.search(fragment):
        return None
    name = _TAIL.sub("", _LEAD.sub("", fragment.strip(" .!"))).strip()
    words = name.split()
    if name in MUSIC_GENRES or name in DISHES:  # "drum and bass", "fish and chips"
        return name
    if not 1 <= len(words) <= 3 or any(w in _FUNCTION or not re.fullmatch(r"[a-z][a-z'-]*", w) for w in words):
        return None
    return name


def _same_kind(slot: str, old: str, new: str) -> bool:
    if slot == "partner" or old in REL_STATUS:  # "not single anymore, engaged now"
        return new in REL_STATUS
    if slot == "diet" or old in DIETS:
        return new in DIETS
    old_kind, new_kind = object_kind(old), object_kind(new)
    if slot == "drinks" and {old_kind, new_kind} <= _DRINK_KINDS:  # "no more coke, tea now": a drink for a drink
        return True
    return old_kind is None or new_kind is None or old_kind == new_kind or {old_kind, new_kind} <= _PASTIMES


def _known_same_kind(old: str, new: str) -> bool:
    if old in REL_STATUS or new in REL_STATUS:
        return old in REL_STATUS and new in REL_STATUS
    if old in DIETS or new in DIETS:
        return old in DIETS and new in DIETS
    kind, old_kind = object_kind(new), object_kind(old)
    return kind is not None and (kind == old_kind or {kind, old_kind} <= _PASTIMES or (
        old_kind is not None and {kind, old_kind} <= _DRINK_KINDS))


def _as_written(name: str, sentence: str) -> str:
    """``name`` (read from the case-folded sentence) as the sentence writes it: "VS Code", not "vs code"."""
    at = sentence.lower().find(name)
    return sentence[at:at + len(name)] if at >= 0 and len(sentence.lower()) == len(sentence) else name


def successor_facts(sentence: str, found: list[Fact], speaker: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """The facts of the successor a fragment names after a value the sentence ends (none when no rule fires)."""
    ended = next((f for f in found if _ended(f, speaker)), None)
    soured = next((st for st in read_stances(sentence) if st.polarity < 0 or st.negated), None)
    if ended is not None and ended.object_key is not None:
        slot, old = _slot_name(ended), ended.object_key
    elif soured is not None:  # "pop punk bores me now, ...": a stance the stance reader finds later
        slot, old = "stance", normalise_entity(soured.object)
    else:
        return []
    text = sentence.casefold()
    at = text.find(old.split()[-1])
    if at < 0:
        return []
    # "not keto anymore, fully paleo": after an ending said outright, a name of the old value's known kind needs
    # no change word of its own
    outright = bool(_OUTRIGHT.search(_SPLIT.split(text[at:])[0]))  # not "quit coffee, tea"
    for fragment in _SPLIT.split(text[at:])[1:]:
        name = _name(fragment, need_change=False) if outright else None
        if name is not None and not (_known_same_kind(old, name) or (slot == "stance" and (fragment.strip().startswith(
                ("just ", "only ")) or _MINE_NOW.search(fragment)))):  # (but "don't listen to pop anymore, just
            name = None  # classical", "techno is more my vibe": the one thing now)
        name = name or _name(fragment)
        if name is None or name == old or old in name or not _same_kind(slot, old, name):
            continue
        if any(not f.negated and f.polarity > 0 and _slot_name(f) == slot and f.object_key == name for f in found):
            return []  # said in a clause of its own ("gave up running, doing cycling now")
        if slot == "stance" and object_kind(old) in _PASTIMES:  # "bored of tennis, it's padel now": a sport done
            slot = "hobbies"
        said = (_PLAYED if slot == "hobbies" and name.lower() in _PLAYABLE else _SAID_AS[slot]).format(
            _as_written(name, sentence))
        for text in (f"{said} now", f"now {said}"):  # the parser misreads some names ("I'm keto now": a verb)
            if new := [f for f in read(text) if _slot_name(f) == slot and not f.negated]:
                return new
        return []
    return []


# how an ended value of a slot is said ("{}" is the old value), for "i'm into techno now, not jazz"
_ENDED_AS = {"diet": "I'm not {} anymore", "drinks": "I don't drink {} anymore", "hobbies": "I don't do {} anymore",
             "stance": "I'm not into {} anymore", "tools": "I don't use {} anymore"}
_NOT_OLD = re.compile(r"^(?:but |and )?(?:(?:not|no more|no longer) (?:really )?(?P<old>[a-z][\w' -]{0,30}?)"
                      r"|(?P<old2>[a-z][\w' -]{0,30}?) not so much)(?: anymore| any more| lol| tbh| haha)*$")


def not_the_old(sentence: str, found: list[Fact], speaker: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """The old value a bare "not X" fragment ends after a new one said with a change word: "i'm into indie rock
    now, not hip hop", "only tea for me these days, no more coffee" (none when no rule fires)."""
    new = next((f for f in found if not f.negated and f.polarity > 0 and f.object_key and f.tense == "present"
                and f.subject_key == normalise_entity(speaker) and _slot_name(f) in _ENDED_AS
                and (_CHANGE.search(f.text.casefold()) or "cues: switch" in f.evidence)), None)
    if new is None or new.object_key is None:
        return []
    text = sentence.casefold()
    at = text.find(new.object_key.split()[-1])
    for fragment in _SPLIT.split(text[at:])[1:] if at >= 0 else []:
        m = _NOT_OLD.match(fragment.strip(" .!"))
        old = (m.group("old") or m.group("old2")) if m is not None else None
        if old is None or old in _FUNCTION or old == new.object_key:
            continue
        slot = _slot_name(new)
        if not _same_kind(slot, old, new.object_key):
            return []
        return [f for f in read(_ENDED_AS[slot].format(old)) if f.negated]
    return []
