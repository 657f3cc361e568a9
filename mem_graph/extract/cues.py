"""Change, tense, negation and hedge cues of one clause.

``tense`` is "present" (the current value), "past" ("I used to live in Rome", "I lived in Rome":
true only before now) or "plan" (hedges, plans, wishes and hypotheticals: "I might move",
"thinking about quitting", "if I had a car", "I'd love to live in Rome someday"), which never
update anything. ``change`` names the word that marks a change of state ("moved", "now",
"anymore", "switched"...), for the audit trail and for negations that may cancel across slots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from mem_graph.extract.catalogue import SPORT_WORDS
from mem_graph.extract.contrast import contrast_not
from mem_graph.extract.inverted import asked_without_mark
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.lexicon import TECH, tech_kind
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import Fact

Tense = Literal["present", "past", "plan"]

CHANGE_VERBS = frozenset(
    [
        "move", "relocate", "switch", "migrate", "change", "replace", "trade", "sell", "buy", "quit", "leave", "join",
        "become", "turn", "divorce", "marry", "start", "begin", "adopt", "retire", "transfer", "upgrade", "convert",
        "graduate", "hire", "promote", "split", "break", "stop", "get", "qualify",
    ])
CHANGE_ADVERBS = frozenset([
    "now", "anymore", "longer", "again", "nowadays", "currently", "lately", "recently", "finally",
])
# verbs whose simple past describes a state that held before (and may no longer): "I lived in Rome"
STATIVE = frozenset(
    [
        "live", "reside", "work", "be", "have", "own", "drive", "eat", "drink", "like", "love", "enjoy", "hate",
        "play", "speak", "use", "attend", "study", "date", "stay", "teach",
    ])
MODAL_HEDGES = frozenset({"might", "may", "could", "would", "'d", "should", "will", "'ll", "shall", "wo"})
# "i'm trying to learn German": learning is under way as one tries (not "trying to quit", not yet done)
_UNDER_WAY = frozenset({"learn", "practise", "practice", "study", "improve", "train"})
PLAN_HEADS = frozenset(
    [
        "want", "plan", "hope", "think", "consider", "wish", "intend", "dream", "aim", "look", "tempt", "debate",
        "plot", "mull", "try", "decide", "expect", "fantasize", "fantasise", "imagine",
    ])
_TASTES = frozenset({"like", "love", "hate", "enjoy", "prefer", "dislike", "adore", "detest"})
LIKENING = frozenset({"feel", "look", "seem", "sound", "act", "behave", "pretend"})
HEDGE_ADVERBS = frozenset(["maybe", "perhaps", "probably", "possibly", "someday", "eventually", "hopefully"])
PAST_PHRASES = ("back in the day", "back then", "as a kid", "as a child", "when i was", "years ago", "in college",
                "in high school", "previously", "formerly", "at the time", "growing up", "in uni", "at uni",
                "in university", "at university", "in school", "at school", "in grad school", "as a teenager",
                "as a student", "in my twenties", "in my 20s", "in my teens")
_DURATION = re.compile(r" for (?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|many|several|a few"
                       r"|like|almost|nearly|over|about) )*(?:years?|yrs?|months?|decades?|ages|a while|a long time) ")
_PAST_DATE = re.compile(r" (?:back )?in (?:19|20)\d\d ")  # "interned at Microsoft back in 2018"
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
# a time ahead: "I'm turning 30 in march", "I'm moving to York next month" is scheduled, not yet so
_MONTHS_SHORT = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_SEASONS = "spring|summer|autumn|fall|winter|new year"
AHEAD = re.compile(rf" (?:next (?:\w+ )?(?:week|month|year|term|semester|{_SEASONS})|tomorrow|soon"
                   rf"|after (?:christmas|xmas|easter|the holidays|the summer|new year|the new year)|in the new year"
                   rf"|in (?:early |mid |late )?(?:{_MONTHS}|{_MONTHS_SHORT}|{_SEASONS})|in the (?:{_SEASONS})"
                   rf"|this (?:coming )?(?:{_SEASONS})|in (?:a|\d+|a few|two|three|six) (?:weeks?|months?)"
                   rf"|later this (?:week|month|year)) ")
_FROM_THEN = re.compile(r"(?:from|starting|starting from|as of|beginning|effective) ")  # (+ a time ahead)
_FROM_MONTH = re.compile(rf"(?:from|starting|as of|beginning) (?:{_MONTHS}|{_MONTHS_SHORT})\b")
_SCHEDULED = frozenset({"start", "begin", "open", "kick", "commence"})  # "the job starts next month"
_SLOT_EVIDENCE = re.compile(r"slot (\w+):")
TIME_MARKS = frozenset({"since", "when", "before", "until", "till", "while", "as"})
_NOT_YET_MARKS = frozenset({"until", "till", "til", "once"})
LIFE_STAGES = frozenset({"kid", "child", "teenager", "teen", "baby", "toddler", "little", "young", "younger",
                         "boy", "girl", "adult", "grownup"})
SWAP_FOR = frozenset({"ditch", "dump", "drop"})  # "ditched X for Y": like "traded X for Y"
DEPARTING = frozenset({"leave", "quit"})  # their present progressive announces a departure still ahead
_SPANS = frozenset({"year", "month", "week", "day", "decade", "while", "hour", "minute", "time", "bit", "change"})
NEGATORS = frozenset({"not", "n't", "never", "no"})
# "stopped eating", "gave up meat", "cancelled spotify"
CESSATION = frozenset({"stop", "quit", "give", "cease", "ditch", "drop", "cut", "cancel", "uninstall"})
_LEAVING_OFF = frozenset({"move", "migrate", "switch", "transition", "port"})  # "... off <software>": leaving it


def _leaving_off(verb: Any) -> bool:
    """"moved off Heroku", "migrating off mysql": software left (not "switched off the lights")."""
    return verb.lemma_.lower() in _LEAVING_OFF and any(
        c.dep_ in ("prt", "prep") and c.lower_ == "off" for c in verb.children) and any(
        tech_kind(t.lower_) is not None or t.lower_ in TECH for t in verb.subtree if t.dep_ in ("dobj", "pobj"))


RESUMPTION = frozenset({"go", "start", "begin", "return", "resume", "pick"})  # "went back to eating fish"


@dataclass
class Cues:
    negated: bool = False
    tense: Tense = "present"
    change: str | None = None
    hedge: str | None = None
    past_phrase: str | None = None  # "back in the day", "as a kid", "for ten years" (with a simple past)
    dated: str | None = None  # a past time the clause names ("back in 2018", "in college"), whatever its tense
    instead: bool = False  # "I drink tea now instead": this value takes the place of the slot's others
    instead_of: Any = None  # "tea instead of coffee": the value it takes the place of
    words: list[str] = field(default_factory=list)  # evidence, in reading order

    def note(self, word: str) -> None:
        if word not in self.words:
            self.words.append(word)





_ENDED_BY = frozenset({"retire", "quit", "leave", "stop", "resign", "finish"})  # ... what the -ing said one did


def years_doing_before(verb: Any) -> bool:
    """"retired last year after 40 years teaching woodwork": an -ing after a span of years, hung from an ending in
    the past, is what one did until then (not "left Shopify, starting at Figma monday")."""
    return verb.tag_ == "VBG" and verb.i > 0 and verb.doc[verb.i - 1].lower_ in ("years", "decades", "year") and \
        verb.head.lemma_.lower() in _ENDED_BY and verb.head.tag_ in ("VBD", "VBN")


def _someone(tok: Any) -> bool:
    """A person as the object ("dropping my son at school"): no habit or thing that ends (the tagger takes a
    sport it does not know for a name: "quit barre")."""
    return tok.lower_ in ("him", "her", "them", "me", "us") or tok.lemma_.lower() in KIN or (
        tok.ent_type_ == "PERSON" and tok.lower_ not in SPORT_WORDS and tok.lower_ not in _tool_words())


@lru_cache(maxsize=1)
def _tool_words() -> frozenset[str]:
    """Tools the tagger takes for a surname ("ditching Jenkins", "dropped Heroku")."""
    from mem_graph.extract.lexicon import TECH, TECH_KINDS

    return frozenset(TECH).union(*TECH_KINDS.values())


def _the_month(tok: Any) -> bool:
    """"living in Edinburgh since may": May the month, not the modal."""
    return tok.lower_ == "may" and tok.i > 0 and tok.doc[tok.i - 1].lower_ in (
        "since", "in", "until", "till", "from", "last", "this", "next", "early", "late", "mid", "of", "by")


def _children(tok: Any, *deps: str) -> list[Any]:
    return [c for c in tok.children if c.dep_ in deps]


def _after_tail(verb: Any, tok: Any) -> bool:
    """``tok`` sits after a "so"/"but" that ends the clause's statement ("I live in Leeds so probably ...")."""
    return any(t.lower_ in ("so", "but", "because") for t in verb.doc[verb.i + 1: tok.i])


def _chain(verb: Any) -> list[Any]:
    """The verb and the verbs it hangs under through xcomp/pcomp/prep ("want to move", "thinking about quitting")."""
    out = [verb]
    t = verb
    while t.dep_ in ("xcomp", "pcomp", "prep", "ccomp", "acomp", "pobj") and t.head != t:
        if _spliced(t) or (t.dep_ == "ccomp" and t.i < t.head.i and asked_without_mark(t.head)):
            break  # ("i drive a corsa, should i switch to electric": the question's "should" is not the car's)
        t = t.head
        if t.pos_ in ("VERB", "AUX") or t.dep_ == "ROOT":
            out.append(t)
        if t.dep_ == "ROOT" or t.dep_ in ("conj",):
            break
    return out


def swap_for(verb: Any) -> Any | None:
    """The new value of "ditched X for Y" / "dropped Angular for React": a named thing or "a/an <noun>" after
    "for" (not "dropped sugar for a month", not "for health reasons"); a word no dictionary knows is a name."""
    if verb.lemma_.lower() not in SWAP_FOR or not any(c.dep_ == "dobj" for c in verb.children):
        return None
    dobj = next(c for c in verb.children if c.dep_ == "dobj")  # "for" hung on the object: "jenkins for github"
    prep = next((c for c in [*verb.children, *dobj.children] if c.dep_ == "prep" and c.lower_ == "for"), None)
    pobj = next((g for g in prep.children if g.dep_ == "pobj"), None) if prep is not None else None
    if pobj is None or pobj.lemma_.lower() in _SPANS or dobj.lemma_.lower() in KIN or dobj.lower_ in KIN:
        return None  # ("dropped the kids at school for a sleepover": people dropped off, nothing swapped)
    named = pobj.pos_ == "PROPN" or pobj.text[:1].isupper() or any(  # "for github actions": chat's lower-case name
        t.is_alpha and not is_english_word(t.text) for t in pobj.subtree if t.dep_ in ("compound", "amod") or t == pobj)
    return pobj if named or any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in pobj.children) else None


def _spliced(clause: Any) -> bool:
    """A clause the parser hung under the next one of a comma splice ("I switched to trombone, my lips couldn't
    take it"): it comes first and the next clause has a subject of its own, so that clause's modal is not its."""
    if clause.dep_ != "ccomp" or clause.i > clause.head.i:
        return False
    own = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    other = next((c for c in clause.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return own is not None and other is not None and other.lower_ not in ("i", "we")


def manner_tail(neg: Any) -> bool:
    """A "not" after a comma that grades how, not whether: "I play the guitar, not very well", ", not that
    often" (", not anymore" and ", not really" still negate)."""
    doc = neg.doc
    after = doc[neg.i + 1] if neg.i + 1 < len(doc) else None
    grading = after is not None and (after.pos_ in ("ADV", "ADJ") or after.lower_ in ("that", "so", "too"))
    return neg.i > 0 and doc[neg.i - 1].text == "," and grading and after is not None and \
        after.lower_ not in ("anymore", "really", "ever", "even", "since", "any", "longer", "yet", "now")


_NOW_WORDS = {("these", "days"): "these days", ("nowadays",): "nowadays", ("lately",): "lately"}


def _time_split_off(target: Any) -> str | None:
    """"our db is MariaDB these days": the parser made "these days" a sentence of its own, after the clause, or
    hung it on the next clause ("i'm on chrome these days, firefox kept eating my battery")."""
    doc, last = target.doc, max(t.i for t in target.subtree)
    after = tuple(t.lower_ for t in doc[last + 1: last + 4])
    found = next((w for n in (2, 1) if (w := _NOW_WORDS.get(after[:n])) and after[n:n + 1] in ((",",), ())), None)
    end = target.sent.end
    if found or end >= len(doc):
        return found
    words = tuple(t.lower_ for t in doc[end: doc[end].sent.end] if not t.is_punct)
    return _NOW_WORDS.get(words)


def time_ahead(tokens: Any) -> bool:
    """The words name a time ahead ("next week", "tomorrow", "in march", "in a few weeks")."""
    return AHEAD.search(" " + " ".join(t.lower_ for t in tokens) + " ") is not None


def _present_progressive(target: Any) -> bool:
    """"we're moving", and "moving" in "we're leaving bristol, moving up to leeds" (its aux is its head's)."""
    if target.tag_ != "VBG":
        return False
    if any(a.lemma_.lower() == "be" and a.tag_ in ("VBP", "VBZ") for a in _children(target, "aux")):
        return True
    head = target.head
    return target.dep_ in ("advcl", "conj") and head != target and head.tag_ == "VBG" and not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in target.children) and _present_progressive(head)


_LIFELONG = re.compile(r" (?:my|our) (?:whole|entire) (?:life|lives) | all (?:my|our) li(?:fe|ves) ")


def _day_past(day: Any) -> bool:
    """"one day last week", "one day ago": a day gone by, not a someday."""
    after = day.doc[day.i + 1:day.i + 3]
    return any(t.lower_ in ("ago", "last", "later", "after", "before", "when", "in") for t in after)


def _in_a_clause_below(tok: Any, target: Any) -> bool:
    """``tok`` is in a clause with its own subject under ``target`` ("i played rugby, second row, now its just the
    odd 5k run": the "now" is the run's)."""
    t = tok
    while t.i != target.i and t.head.i != t.i:
        if t.dep_ in ("relcl", "ccomp", "advcl", "conj", "parataxis") and any(
                c.dep_ in ("nsubj", "nsubjpass") for c in t.children):
            return True
        t = t.head
    return False


_STILL_NOW = frozenset({"now", "nowadays", "currently", "today", "still"})


def read_cues(verb: Any, target: Any) -> Cues:
    """Cues of the clause headed by ``verb`` whose content verb is ``target`` (they differ in
    "I used to live", "I stopped eating", "I'd love to live")."""
    cues = Cues()
    chain = _chain(target)  # "wish I was 30 again": the clause hangs under a wish
    if verb not in chain:
        chain.append(verb)
    if target.dep_ == "conj" and target.head is not target and not any(
            c.dep_ in ("nsubj", "nsubjpass", "aux") for c in target.children):
        # a conjunct with no subject or auxiliary of its own shares its head's: "i might sell the almera and get
        # a scooter", "thinking of selling the car and getting a bike" (a plan, both halves)
        chain += [v for v in _chain(target.head) if v not in chain]
    # a change word of a clause above with its own subject is that clause's ("I lived in Dubai, now I'm in X")
    words = {t.lower_ for v in chain if v in (target, verb) or not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in v.children) for t in v.children}
    # hedges and plans: a modal, a plan verb above the content verb, "if", hedge adverbs
    denied = False
    for v in chain:
        for c in v.children:
            if c.tag_ == "MD" and c.lower_ in MODAL_HEDGES and not _the_month(c):
                cues.hedge = c.lower_
            if c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether"):
                cues.hedge = c.lower_
            if c.lower_ in HEDGE_ADVERBS and not _after_tail(v, c):
                cues.hedge = c.lower_
        if v != target and v.lemma_.lower() in ("think", "reckon") and any(c.dep_ == "neg" for c in v.children):
            denied = True  # "don't think risotto is my favourite anymore": a denial, no hedge
            continue
        if v != target and v.lemma_.lower() in PLAN_HEADS and not any(c.dep_ == "dobj" for c in v.children) and \
                not (v.lemma_.lower() == "try" and v.tag_ == "VBG" and target.lemma_.lower() in _UNDER_WAY) and \
                not (v.lemma_.lower() == "think" and target.lemma_.lower() in _TASTES):
            # ("think I like mushrooms now??": one's own taste, said as it is felt, is the stance)
            # not "they moved to Whitby, they wanted the sea": a want with its own object is no plan of this clause
            cues.hedge = v.lemma_.lower()
        if v.lemma_.lower() == "go" and v.tag_ == "VBG" and v != target and any(
                c.dep_ == "xcomp" for c in v.children):  # "going to move"
            cues.hedge = "going to"
    if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in verb.children):
        cues.hedge = "if"
    if verb.dep_ in ("advcl", "ccomp") and any(c.dep_ == "mark" and (c.lower_ == "like" or (  # ("even though i
            c.lower_ == "though" and not (c.i > 0 and c.nbor(-1).lower_ == "even")) or (  # live in X": a fact)
            c.lower_ == "as" and verb.head.lemma_.lower() in LIKENING)) for c in verb.children):
        # ("explain it like i'm 5", "talk to me like I'm a child": a manner, not a fact about the speaker)
        cues.hedge = "feel like"  # "I feel like I'm 80", "it looks as if I'm the boss": a likeness, not a fact
    if any(t.lower_ == "someday" or (t.lower_ == "day" and t.i > 0 and t.nbor(-1).lower_ in ("one", "some")
                                     and t.nbor(-1).i in {x.i for x in target.subtree} and not _day_past(t))
           for t in target.subtree):
        cues.hedge = cues.hedge or "someday"  # "one day i'm getting a Tesla": a wish, not the car now
    # (not in a clause of its own said before it: "I'm split from Liam in march, now I'm dating Noah")
    before = {t.i for c in target.children if c.i < target.i and c.dep_ in ("ccomp", "advcl", "conj", "parataxis")
              and any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children) for t in c.subtree}
    ahead = AHEAD.search(" " + " ".join(t.lower_ for t in target.subtree if t.i not in before) + " ")
    bare_participle = target.tag_ == "VBG" and target.dep_ in ("advcl", "conj") and not any(  # "decided to
        c.dep_ in ("aux", "auxpass", "nsubj") for c in target.children)  # downsize, moving to Whitby in the spring"
    if ahead and (_present_progressive(target) or bare_participle or (target.lemma_.lower() in _SCHEDULED and
                                                                       target.tag_ in ("VBZ", "VBP", "NNS", "VBG"))):
        # ("starts" is often tagged a plural noun; "starting at X in may")
        # a progressive with a time ahead, or a start scheduled ("my new job at Unilever starts next month"): a plan
        cues.hedge = cues.hedge or ahead.group(0).strip()
    lead = " ".join(t.lower_ for t in target.subtree if t.i < target.i)
    later = AHEAD.search(f" {lead} ") or (_FROM_MONTH.match(lead) if target.tag_ in ("VBP", "VBZ") else None)
    if _FROM_THEN.match(lead) and later:  # "From next month I am freelancer", "from April I work in Shinagawa"
        cues.hedge = cues.hedge or later.group(0).strip()
    if _present_progressive(target) and target.lemma_.lower() in ("get", "buy", "lease", "purchase") and any(
            c.dep_ == "dobj" and c.lemma_.lower() not in ("divorce", "married", "job", "degree") and any(
                g.lower_ in ("a", "an") for g in c.children) for c in target.children):
        cues.hedge = cues.hedge or "getting"  # "i'm getting a tesla": an arrangement, not the car yet
    leaving_off = _leaving_off(target)
    if (target.lemma_.lower() in DEPARTING or leaving_off) and _present_progressive(target) and not any(
            t.lower_ in ("now", "today", "tonight", "officially") for t in target.subtree):
        cues.hedge = cues.hedge or "leaving"  # "we're finally leaving bristol": announced, not yet so
    if cues.hedge:
        cues.tense = "plan"
        cues.note(cues.hedge)
    # negation: "don't", "never", "no longer", "not anymore", "no <noun>" -- not a lead-in "Not really, I..."
    # nor a tail "I'm 27 so not that old"
    subj = next((c for c in target.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    tail = next((c.i for c in target.children if c.lower_ in ("so", "but") and c.i > target.i), None)

    def counts(tok: Any) -> bool:
        return (subj is None or tok.i > subj.i) and (tail is None or tok.i < tail) and not contrast_not(tok)

    cues.negated = denied
    for c in target.children:
        if (c.dep_ == "neg" or c.lower_ == "never") and counts(c) and not manner_tail(c):
            cues.negated = True
        if c.lower_ in ("longer",) and any(g.lower_ == "no" for g in c.children):
            cues.negated, cues.change = True, "no longer"

    first = next((c for c in target.children if c.dep_ in ("dobj", "attr", "acomp")), None)
    if first is not None and any(g.lower_ == "no" and g.dep_ == "det" for g in first.children):
        cues.negated = True  # "I have no car"
    for a in _children(target, "aux", "auxpass"):
        if any(g.dep_ == "neg" for g in a.children):
            cues.negated = True
    if verb != target:
        vsubj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if any(c.dep_ == "neg" and (vsubj is None or c.i > vsubj.i) for c in verb.children):
            cues.negated = True
        vl = verb.lemma_.lower()
        purpose = target.tag_ == "VB" and any(c.tag_ == "TO" for c in target.children)
        if vl in CESSATION and purpose:  # "I quit to become a carpenter": the new state, not a cessation
            cues.change = verb.lower_
            cues.note(cues.change)
        elif vl in CESSATION and any(c.dep_ == "neg" or c.lower_ == "never" for c in verb.children):
            cues.negated = False  # "i never quit smoking", "didn't stop running": it goes on
        elif vl in CESSATION:
            cues.negated, cues.change = True, verb.lower_
        elif vl in RESUMPTION and vl != "start":
            cues.change = f"{verb.lower_} back" if "back" in words else verb.lower_
            cues.note(cues.change)
    if verb == target and swap_for(target) is not None:  # "ditched my Android for an iPhone": a change
        cues.change = target.lower_
    elif verb == target and target.lemma_.lower() in ("give", "cut", "quit", "stop", "ditch", "drop", "kick",
                                                       "cancel") and (
            target.lemma_.lower() not in ("give", "cut", "kick") or any(
                c.dep_ == "prt" and c.lower_ in ("up", "out") for c in target.children)) and not any(
            c.dep_ == "prt" and c.lower_ in ("off", "by", "in") for c in target.children) and any(
            (c.dep_ == "dobj" and not _someone(c)) or (c.dep_ == "prep" and c.lower_ == "on")
            for c in target.children):
        # "gave up sugar", "quit the gym", "cut out meat"; "never gave up chess", "didn't quit the gym": it goes on;
        # "dropping my daughter off at school", "dropping my son at Hilltop" end nothing
        ended = not cues.negated
        cues.negated, cues.change = ended, target.lower_ if ended else cues.change
    if leaving_off and not cues.negated:
        cues.negated, cues.change = True, f"{target.lower_} off"  # "we moved off Heroku"
    if ("no" in words and "longer" in words) or (first is not None and any(
            c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children) for c in first.children)):
        cues.negated, cues.change = True, "no longer"  # ("I'm no longer vegetarian": "longer" hangs on the adjective)
    said = {t.lower_ for t in target.subtree}
    for w in ("anymore", "again", "now", "nowadays", "currently", "lately"):
        if w in words and not ("as" in said and said & {"always", "usual"}):  # "rn, as always": it goes on
            cues.change = cues.change or w
    instead = next((t for t in target.subtree if t.lower_ == "instead"), None)
    if instead is not None and not cues.negated:
        cues.instead = True
        of = instead.nbor(1) if instead.i + 1 < len(instead.doc) and instead.nbor(1).lower_ == "of" else None
        cues.instead_of = next((g for g in of.children if g.dep_ in ("pobj", "pcomp")), None) if of else None
        if of is not None and cues.instead_of is None and of.dep_ == "cc":  # "water instead of coke" (a conjunct)
            cues.instead_of = next((c for c in of.head.children if c.dep_ == "conj" and c.i > of.i), None)
        if of is not None and cues.instead_of is None:  # "use svelte instead of react" (react hung anywhere)
            cues.instead_of = next((t for t in of.doc[of.i + 1: of.i + 4] if t.pos_ in ("NOUN", "PROPN")), None)
        cues.note("instead")
    if any(t.lower_ == "these" and t.head.lower_ == "days" for t in target.subtree) or any(
            t.lower_ == "days" and t.head == verb and any(g.lower_ == "these" for g in t.children)
            for t in verb.children):
        cues.change = cues.change or "these days"
    if cues.change is None:
        cues.change = _time_split_off(target)
    text = " " + " ".join(t.lower_ for t in target.subtree) + " "
    past_phrase = next((p for p in PAST_PHRASES if f" {p} " in text), None)
    if past_phrase is None and target.tag_ == "VBD" and _DURATION.search(text):
        past_phrase = "for years"  # "I was a smoker for ten years": a state that ended
    dated = _PAST_DATE.search(text)
    cues.dated = past_phrase or (dated.group(0).strip() if dated else None)
    # tense: "used to" is past; a stative verb in the simple past describes a former state
    if verb.lemma_.lower() == "use" and verb != target and (verb.tag_ == "VBD" or (  # ("used to be a chef": no "I",
            verb.tag_ == "VBN" and verb.lower_ == "used" and any(c.tag_ == "TO" for c in target.children))):  # VBN)
        cues.tense, cues.change = "past", "used to"
    elif cues.tense != "plan" and target.dep_ == "conj" and any(
            v.lower_ == "used" and v.tag_ == "VBD" and v is not target for v in chain) and not any(
            c.lower_ in _STILL_NOW for c in target.children):  # "i used to live in rome and work at fiat" (not
        cues.tense, cues.change = "past", "used to"  # "... and now work at fiat")
    elif cues.tense != "plan" and target.tag_ == "VBD" and target.lemma_.lower() in STATIVE and not any(
            a.lemma_.lower() == "have" for a in _children(target, "aux")) and cues.change is None \
            and not _LIFELONG.search(text):  # "lived in glasgow my whole life": and lives there still
        cues.tense = "past"
    elif cues.tense != "plan" and target.tag_ == "VBG" and target.dep_ in ("advcl", "pcomp", "xcomp") and not \
            _children(target, "aux") and years_doing_before(target):
        cues.tense = "past"  # "retired last year after 40 years teaching woodwork": the teaching ended
    if past_phrase and cues.tense == "past":
        cues.past_phrase = past_phrase
    # an origin said with a verb in the present ("found out I'm allergic to peanuts as a kid") still holds
    if past_phrase and cues.tense == "present" and cues.change in (None, "used to") and \
            target.tag_ not in ("VBP", "VBZ") and target.lemma_.lower() in STATIVE and not any(
            t.lower_ in ("now", "anymore", "longer") and not _in_a_clause_below(t, target) for t in target.subtree):
        cues.tense, cues.past_phrase = "past", past_phrase
        cues.note(past_phrase)
    if target.lemma_.lower() in CHANGE_VERBS and cues.change is None and cues.tense == "present":
        cues.change = target.lower_
    if cues.negated and cues.change is None and "anymore" in {t.lower_ for t in target.subtree}:
        cues.change = "anymore"
    if cues.change:
        cues.note(cues.change)
    frame = next((f for c in (*verb.children, *target.children) if c.dep_ == "advcl" and (f := time_frame(c))), None)
    if frame:  # the clause it dates states no fact: say why it left none
        cues.note(f"time frame '{frame}'")
    if cues.negated:
        cues.note("negated")
    return cues


def time_frame(verb: Any) -> str | None:
    """The words of a clause that only dates another ("since I was 19", "when I was a teenager", "as a kid I
    ..."): a past "be" under "since", or under "when"/"before"/"until"... with an age or a stage of life. It
    states no fact of its own (nothing it says is current or ended); "back when I was a teacher" is one. So does
    a clause of what has not happened yet, under "until" / "once", bounding what holds for now or what will be
    ("still driving my brother's fiesta until I can afford something", "staying at my mum's till I find a flat",
    "I'll keep my job till the baby comes"); not a past one ("until I moved to Leeds"), nor a habit's ("can't
    function until I've had my coffee": the coffee is a fact)."""
    if verb.dep_ == "advcl" and verb.tag_ != "VBD" and _for_now(verb.head) and any(
            c.dep_ == "mark" and c.lower_ in _NOT_YET_MARKS for c in verb.children):
        return " ".join(t.lower_ for t in verb.subtree)
    if verb.dep_ != "advcl" or verb.lemma_.lower() != "be" or verb.tag_ != "VBD":
        return None
    marks = {c.lower_ for c in verb.children if c.dep_ in ("mark", "advmod")} & TIME_MARKS
    if not marks:
        return None
    value = next((c for c in verb.children if c.dep_ in ("attr", "acomp")), None)
    stage = value is not None and (value.like_num or value.lemma_.lower() in LIFE_STAGES)
    if "since" not in marks and not stage:
        return None
    return " ".join(t.lower_ for t in verb.subtree)


def _for_now(verb: Any) -> bool:
    """A clause that holds for now or will be: progressive ("still driving"), with "will" or "still"."""
    return verb.tag_ == "VBG" or any(c.lower_ in ("will", "'ll", "wo", "still") for c in verb.children
                                     if c.dep_ in ("aux", "advmod"))


def link_replacements(facts: list[Fact]) -> None:
    """A negation whose replacement the same turn states ("I don't use MySQL anymore, I switched to
    PostgreSQL"): the replacement carries the change, so the negation only cancels."""
    changes = [f for f in facts if not f.negated and f.tense == "present" and (
        f.replaces or any(w in f.evidence for w in ("switch", "move", "migrat", "now", "replace", "trade")))]
    for f in facts:
        # a change of another slot replaces nothing: "dad retired, he just fishes all day now"
        if f.negated and f.tense == "present" and any(_slot_of(f) is None or _slot_of(c) in (None, _slot_of(f))
                                                      for c in changes):
            f.replaced_in_turn = True


def _slot_of(fact: Fact) -> str | None:
    """The slot name a fact's evidence gives ("slot occupation: ..."), None when it names none."""
    found = _SLOT_EVIDENCE.match(fact.evidence)
    return found.group(1) if found else None
