"""Transitions: one turn that names the value that ended and the value that took its place, without a verb the
slot rules know.

"bye Madrid 👋 hello Barcelona", "MySQL → MariaDB, its official", "over Taylor Swift now, all Kendrick Lamar",
"oolong tea era over, cold brew era begins", "bouldering now, jogging was boring me", "no more Red Bull for
me, black tea since jan", "ramen got dethroned, shawarma is my new fave". Neither value says which attribute
changed; the scope's memories do. ``read_transitions`` finds (old, new) pairs by their cue words only;
``transition_facts`` then looks for the scope's active memory that holds the old value in a slot ("User lives
in Madrid") and states the new value in its place ("User lives in Barcelona", replacing "madrid"), so the
reconciler's ``replacement`` rule ends the old memory. A pair whose old value no memory holds in a slot is left
alone: the words alone are too loose to name an attribute. A plan, a wish or a question changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mem_graph.extract.correction import find_value, swapped, value_words
from mem_graph.extract.reconcile import slot_family
from mem_graph.extract.rules import SPEAKER
from mem_graph.extract.same_value import same_thing, within
from mem_graph.types import EntityRef, Fact, MemoryRecord, Message, normalise_entity

# the old value follows: "bye Madrid", "no more Red Bull", "over Taylor Swift now", "gave up keto"
_OLD_AFTER_CUE = re.compile(
    r"\b(?:bye(?: bye)?|goodbye|so long(?: to)?|farewell(?: to)?|rip|no more|no longer(?: into)?|done with|over|"
    r"gave up(?: on)?|given up(?: on)?|quit|dropped|ditched|sold(?: off)?(?: my| the)?|killed(?: off)?(?: the)?|"
    r"cancell?ed(?: my)?(?: membership(?: at| with)?)?|"
    r"retired(?: the)?|deleted my|not into|left|moved (?:away |out )?from|out of|traded (?:in )?(?:my|the)|"
    r"used to (?:love|like|be|drink|do|play|eat|use|have|listen to|drive))\s+", re.I)
# the old value comes before: "Madrid is history", "my keto phase is over", "ramen got dethroned", "jogging was
# boring me", "Radiohead just doesnt hit"
_OLD_BEFORE_CUE = re.compile(
    r"\s+(?:(?:is|was|'s|are|feels)\s+(?:(?:so|totally|officially|now)\s+)?(?:history|ancient history|over|gone|"
    r"done|dead to me|old news|in the past|behind me)|(?:has|have|has been|have been|got|been)\s+replaced"
    r"|(?:era|phase|days|chapter|life)\s+(?:is\s+|are\s+)?"
    r"(?:over|done|ended|behind me)|(?:got|has been|was|is)\s+dethroned|fell off|(?:just\s+)?(?:doesn'?t|dont|"
    r"does not|no longer)\s+(?:hit|do it for me|cut it)|(?:bores|bored|was boring|is boring)\s+me"
    r"(?:\s+(?:to (?:tears|death|bits)|silly|stiff|senseless))?"
    r"|went to (?:a |its )?new (?:home|owner)|(?:went|goes|is going) to (?:my|our|a) (?:\w+ )?"
    r"(?:cousin|sister|brother|friend|mum|mom|dad|parents|neighbou?r|niece|nephew|aunt|uncle|colleague))\b", re.I)
# the new value follows: "hello Barcelona", "now its black tea", ", all Kendrick Lamar"
_NEW_AFTER_CUE = re.compile(
    r"(?:\b(?:hello|hi|hey|welcome(?: to)?|now (?:it'?s|its|i'?m|im|on|into)|into|rocking (?:the|a|an|my new)|"
    r"everything'?s (?:in|on)|all in on|it'?s all|its all)\s+|(?:^|[,;.!]\s*)"
    r"(?:all|only|just|team)\s+)", re.I)
# the new value comes before: "Barcelona now", "cold brew era begins", "shawarma is my new fave", "bouldering
# every day now", "black tea since jan", "Kendrick on repeat"
_NEW_BEFORE_CUE = re.compile(
    r"\s+(?:(?:every (?:day|morning|night|week)|daily|all day|everything|only)\s+)?(?:now|rn|nowadays|these days|"
    r"from now on|instead)\b|\s+since\s+\w+|\s+on repeat\b|\s+(?:era|phase)\s+(?:begins|has begun|begun|begin|"
    r"starts|started|unlocked)\b|\s+is\s+(?:my|the|our)\s+(?:new\b|one\b|go-?to\b|fave\b|favou?rite\b)"
    r"|\s+is\s+(?:officially\s+|finally\s+|all\s+)?(?:mine|ours)\b", re.I)
# "we're an electric household now": what someone is, not a value that took another's place
_SAID_OF = re.compile(r"\b(?:we|you|they|he|she|it)(?:'re|'s| are| is| was| were)\b|\bwere\b", re.I)
# "sold the micra, i take the bus now": a clause of its own, which the slot rules read (the bus is no car)
_OWN_CLAUSE = re.compile(r"^\s*(?:i|we|i'm|im|we're)\s+(?!(?:am|'m|m)\b)\w+\s+\w", re.I)
_ARROW = re.compile(r"\s*(?:→|->|➡️|➡|=>|>>)\s*")
_DELIM = re.compile(r"[,;:!?()\u2014\u2013.]|\s-\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]")
# a plan, a wish, a hypothetical or a question: nothing changed yet
_NOT_DONE = re.compile(r"\?|\b(?:will|'ll|gonna|going to|wanna|want(?:s|ed)? to|hope|hoping|thinking (?:of|about)|"
                       r"might|maybe|if|would|could|should|plan(?:ning)?|tomorrow|next (?:week|month|year))\b", re.I)
_MAX_WORDS = 4


@dataclass(frozen=True)
class Transition:
    old: str
    new: str
    cue: str


def _stretch_after(text: str, end: int) -> str:
    return _DELIM.split(text[end:])[0]


def _stretch_before(text: str, start: int) -> str:
    return _DELIM.split(text[:start])[-1]


# words that bound a value inside its stretch: "Taylor Swift now", "all Kendrick", "Red Bull for me"
_BOUND = re.compile(r"\b(?:now|rn|anymore|any more|these days|lately|nowadays|since|era|phase|every|daily|for|was|is|"
                    r"are|has|have|had|got|fell|only|all|just|over|into|on repeat|bye|hello|hi|no more|its|it's|"
                    r"lol|haha|lmao|tbh|ngl|fyi|btw|ok|okay|update|officially|finally|then|most|honestly|literally|basically|"
                    r"lowkey|anyway|anyways|"
                    r"(?:doing|using|learning|studying|playing|took up|taken up|take up|taking up|picked up|started|"
                    r"got into|switched to|joined|signed up (?:to|at|for|with))(?=\s+\w))\b",
                    re.I)  # "doing japanese now", "took up golf instead"
# someone else's news: "my sister ditched Leeds, she's in York now" changes none of the speaker's values
_OTHER_PERSON = re.compile(r"\b(?:he|she|they|his|her|their|he's|she's|they're|my (?:sister|brother|mum|mom|dad|"
                           r"friend|roommate|flatmate|cousin|boss|partner|wife|husband|bf|gf|boyfriend|girlfriend|"
                           r"son|daughter|kid|neighbou?r|colleague|coworker))\b", re.I)


# a kind word after a name, no part of it ("the MySQL db", "my Pixel phone")
_KIND_WORD = re.compile(r"\s+(?:db|database|instance|cluster|server|phone|car)$", re.I)
# words no value is made of: "fave" in "risotto is my fave these days", "home" in "Leeds is home now"
_NO_VALUE = frozenset({"fave", "fav", "favourite", "favorite", "one", "home", "job", "thing", "routine", "life",
                       "everything", "me", "time", "new", "day", "week", "month", "year"})


def _value(stretch: str, *, from_end: bool) -> str | None:
    parts = _BOUND.split(stretch)
    value = value_words(parts[-1] if from_end else parts[0], from_end=from_end)
    value = _KIND_WORD.sub("", value) if value else value  # "the MySQL db": MySQL
    if not value or len(value.split()) > _MAX_WORDS:
        return None
    return None if _NO_VALUE & set(value.casefold().split()) else value


# the ends of idioms, never a value that took another's place ("golf bores me to tears now")
_IDIOM_ENDS = frozenset({"tears", "death", "bits", "pieces", "silly", "stiff", "senseless"})


def read_transitions(text: str) -> list[Transition]:
    """The (old, new) pairs the turn states, by cue words alone (which attribute changed is not read here)."""
    if _NOT_DONE.search(text):
        return []
    pairs: list[Transition] = []
    for m in _ARROW.finditer(text):
        old, new = _value(_stretch_before(text, m.start()), from_end=True), _value(
            _stretch_after(text, m.end()), from_end=False)
        if old and new and old.isdigit() == new.isdigit():
            pairs.append(Transition(old, new, m.group().strip()))
    olds = [(v, m.group().strip()) for m in _OLD_AFTER_CUE.finditer(text)
            if (v := _value(_stretch_after(text, m.end()), from_end=False))]
    olds += [(v, m.group().strip()) for m in _OLD_BEFORE_CUE.finditer(text)
             if (v := _value(_stretch_before(text, m.start()), from_end=True))]
    news = [(v, m.group().strip()) for m in _NEW_AFTER_CUE.finditer(text)
            if (v := _value(_stretch_after(text, m.end()), from_end=False))]
    news += [(v, m.group().strip()) for m in _NEW_BEFORE_CUE.finditer(text)
             if not _SAID_OF.search(stretch := _stretch_before(text, m.start())) and not _OWN_CLAUSE.match(stretch)
             and (v := _value(stretch, from_end=True)) and v.lower() not in _IDIOM_ENDS]
    for old, old_cue in olds:
        for new, new_cue in news:
            # a number only for a number ("goodbye 34, hello 35"), never a number for a name ("bye 2023, hi Leeds")
            if not same_thing(normalise_entity(old), normalise_entity(new)) and old.isdigit() == new.isdigit():
                pairs.append(Transition(old, new, f"{old_cue} ... {new_cue}"))
    return list({(p.old.casefold(), p.new.casefold()): p for p in reversed(pairs)}.values())[::-1]


# cues that end what they name with no successor needed ("no more java for me", "ditched notion"); not "over",
# "left" or "out of" ("out of coffee" ends nothing)
_ENDING_CUES = re.compile(r"^(?:no more|no longer|done with|gave up|given up|quit|dropped|ditched|bye|goodbye|"
                          r"farewell|so long|not into)\b", re.I)


_DENIED = re.compile(r"\b(?:never|not|n't|nt|didnt|havent|hasnt|wont|almost|nearly)\s+(?:\w+\s+)?$", re.I)


def ended_values(text: str) -> list[tuple[str, str]]:
    """(value, cue) for each value the turn says the speaker is done with ("no more java for me")."""
    if _NOT_DONE.search(text):
        return []
    return [(v, m.group().strip()) for m in _OLD_AFTER_CUE.finditer(text) if _ENDING_CUES.match(m.group())
            and not _DENIED.search(text[max(0, m.start() - 20):m.start()])
            and (v := _value(_stretch_after(text, m.end()), from_end=False))]


def _holder(old: str, holding: Callable[[str], list[MemoryRecord]]) -> MemoryRecord | None:
    """The newest active memory that holds ``old`` as a slot's value (stated positively, not a turn as said)."""
    key = normalise_entity(old)
    found = [r for r in holding(key) if r.slot and r.polarity > 0 and r.layer != "episodic" and r.object_key
             and (same_thing(r.object_key, key) or within(key, r.object_key))
             and find_value(r.text, old) is not None]
    return max(found, key=lambda r: (r.valid_from, r.created_at), default=None)


def transition_facts(message: Message, facts: list[Fact],
                     holding: Callable[[str], list[MemoryRecord]]) -> list[Fact]:
    """``facts`` with what the turn's transitions add: for each pair whose old value a slot memory holds, that
    memory with the new value in its place, replacing the old (or, when the turn's own facts state the new value
    in that slot already, those facts replacing it). ``holding(key)``: the scope's active memories whose object
    or entities are ``key``."""
    out = list(facts)
    for tr in read_transitions(message.content):
        record = _holder(tr.old, holding)
        if record is None or (record.subject_key == normalise_entity(message.name or SPEAKER)
                              and _OTHER_PERSON.search(message.content.replace(tr.cue.split(" ... ")[0], ""))):
            continue
        old_key, new_key = normalise_entity(record.object_key or tr.old), normalise_entity(tr.new)
        # "vegetarian era over, pescatarian since...": a reading of the old value in its own leaving is no statement
        family = slot_family(record.slot or "")
        out = [f for f in out if not (f.slot and slot_family(f.slot) == family and f.polarity > 0 and not f.negated
                                      and same_thing(f.object_key, old_key) and not same_thing(f.object_key, new_key))]
        # the slot rules read the turn already ("..., biryani is my all time fav now", "..., Fontaines DC on
        # repeat"): they say best what it is, and it replaces the old value
        own = [f for f in out if f.slot and slot_family(f.slot) == family and f.polarity > 0 and not f.negated]
        for f in own:
            if same_thing(f.object_key, new_key) and old_key not in f.replaces:
                f.replaces = [*f.replaces, old_key]
        if own:
            continue
        # the turn says the new value in a clause no slot rule placed ("i'm in a relationship these days, the
        # single chapter is over"): that clause, in the old value's slot
        unplaced = [f for f in out if not f.slot and f.layer != "episodic" and f.polarity > 0 and not f.negated
                    and f.subject_key == record.subject_key and same_thing(f.object_key, new_key)]
        for f in unplaced[:1]:  # (a per-object slot's family ends with "|": "user|stance|")
            f.slot = record.slot if family == record.slot else f"{family}{f.object_key}"
            f.single_valued = family == record.slot and family.count("|") == 1
            f.replaces = [*f.replaces, old_key]
            f.evidence = f"{f.evidence}; transition {tr.cue!r}: {tr.old!r} -> {tr.new!r}".lstrip("; ")
        if unplaced:
            continue
        span = find_value(record.text, tr.old)
        assert span is not None  # _holder found it
        fact = swapped(record, span, tr.new, message, rule="transition",
                       evidence=f"transition {tr.cue!r}: {tr.old!r} -> {tr.new!r} in {record.text!r}",
                       keep_tail=False)
        # "over Taylor Swift now, all Kendrick": the turn's own "User is over Taylor Swift" ends the old value
        ended = any(same_thing(f.object_key, old_key) and (f.negated or f.polarity <= 0) for f in out)
        fact.replaces = [] if ended else [old_key]
        fact.single_valued = (record.slot or "").count("|") == 1
        out.append(fact)
    return out + _endings(message, out, holding)


def _endings(message: Message, facts: list[Fact], holding: Callable[[str], list[MemoryRecord]]) -> list[Fact]:
    """"work switched us to kotlin, so no more java for me": a value of a many-valued slot of the speaker's that the
    turn says is done with and no fact of the turn ends or replaces, ended by a negated fact."""
    speaker = message.name or SPEAKER
    out: list[Fact] = []
    for old, cue in ended_values(message.content):
        record = _holder(old, holding)
        if record is None or (record.slot or "").count("|") != 2 or record.subject_key != normalise_entity(speaker) \
                or _OTHER_PERSON.search(message.content):
            continue
        key = record.object_key or normalise_entity(old)
        if any(key in f.replaces or (same_thing(f.object_key, key) and (f.negated or f.polarity <= 0))
               for f in facts):
            continue
        out.append(Fact(text=f"{speaker} is done with {old}", entities=[EntityRef(e) for e in record.entities],
                        slot=record.slot,
                        subject_key=record.subject_key, object_key=key, negated=True, polarity=0, rule="transition",
                        message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                        layer=record.layer, evidence=f"ending {cue!r}: {old!r} of {record.text!r}"))
    return out
