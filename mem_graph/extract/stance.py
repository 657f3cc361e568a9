"""The speaker's stances said in set phrases the parse misreads: "can't stand jazz anymore", "i've come around
on cilantro", "kinda lost interest in chess", "getting really into pottery lately", "piano is my thing now".

Chat states likes and dislikes with idioms (phrasal verbs, "fan of", "over", "done with") that the small parser
splits in odd ways, often with the "I" left out. Each part of a sentence (split at commas and "and"/"but")
is read against a lexicon of stance phrases, each with its polarity; the object is the noun phrase after the
phrase, up to a change word or the part's end. A part is the speaker's only when it says "I" or no subject at
all; a hedge ("might", "if", "would") or a past ("used to") is no current stance. Every fact names the phrase
that placed it (``slot stance: 'fed up with' stance phrase``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from mem_graph.extract.catalogue import DIETS
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

# phrase (regex, speaker's words) -> (polarity, third-person wording); "not"/"no longer" before it negates it
_PHRASES: list[tuple[str, int, str]] = [
    (r"(?:can ?not|can't|cant) (?:stand|bear|stomach)", -1, "can't stand"),
    (r"(?:can't|cant|can ?not) get enough of", 1, "can't get enough of"),
    (r"(?:can't|cant|can ?not) (?:listen to|watch|do)(?=.*\b(?:anymore|any more)\b)", -1, "can't stand"),
    # "I don't listen to pop anymore", "I listen to house constantly": what one listens to, with how often or a change
    (r"listen(?:ing)? to(?=.*\b(?:anymore|any more|now|these days|lately|constantly|nonstop|all the time|a lot"
     r"|every day)\b)", 1, "listens to"),
    (r"(?:am |'m |have |'ve |has )?(?:really |totally |kind of |a bit )?(?:sick|tired|bored) (?:of|with)", -1,
     "is {0}"),
    (r"(?:am |'m )?(?:so |really |totally )?fed up with", -1, "is fed up with"),
    (r"(?:am |'m )?(?:so |totally |completely )?(?:over|done with)", -1, "is {0}"),
    (r"(?:have |'ve )?(?:kind of |kinda |sort of )?(?:lost|losing) (?:all |my )?interest in", -1,
     "has lost interest in"),
    (r"(?:have |'ve )?(?:gone|went|going) (?:right |totally |completely |a bit |kinda |kind of )?off", -1,
     "has gone off"),
    (r"(?:can't|cant|can ?not) (?:even )?(?:look at|face|think about)", -1, "can't stand"),  # after food poisoning
    (r"(?:have |'ve )?(?:fallen|fell|falling) out of love with", -1, "has fallen out of love with"),
    (r"(?:have |'ve )?(?:stopped|quit) (?:bothering with|caring about)|(?:have |'ve )?(?:given|gave) up on", -1,
     "has lost interest in"),
    (r"(?:have |'ve )?(?:kind of |kinda |sort of )?(?:grew|grown|growing) out of|outgrew|(?:have |'ve )?outgrown", -1,
     "has grown out of"),
    (r"(?:have |'ve )?(?:come|came|coming) (?:a)?round (?:on|to)", 1, "has come around on"),
    (r"(?:have |'ve )?(?:warmed|warming|warm) (?:up )?to", 1, "has warmed to"),
    (r"(?:have |'ve )?(?:fallen|fell|falling) (?:in love with|for)", 1, "has fallen for"),
    (r"(?:am |'m )?(?:getting |got )?(?:really |so |very |super |totally |kind of |kinda )?(?:into)", 1, "is into"),
    (r"(?:am |'m )?(?:so |really |totally )?(?:obsessed (?:with|w/?)|hooked on|addicted to|crazy about|mad about|"
     r"nuts about|keen on|fond of)", 1, "is {0}"),
    (r"(?:am |'m )?(?:a |an )?(?:big |huge |massive )?(?:fan|lover) of", 1, "is a fan of"),
    (r"(?:am |'m )?(?:all|really) about", 1, "is into"),  # "these days I'm all about techno"
    (r"(?:am |'m )?feeling(?=.*\b(?:anymore|any more)\b)", 1, "is into"),  # "not feeling jazz anymore"
    # "I actually look forward to the gym now" (a change said; "looking forward to friday" is no stance)
    (r"(?:actually |really |genuinely )?look(?:s|ing)? forward to(?=.*\b(?:now|these days|nowadays)\b)", 1,
     "looks forward to"),
    (r"(?:am |'m )?(?:a |an )?(?:big |huge )?hater of", -1, "is not a fan of"),
    # "i've always hated olives": a stance held till now, said in the perfect
    (r"(?:have |'ve )?always (?:loved|adored|liked|enjoyed)", 1, "has {0}"),
    (r"(?:have |'ve )?always (?:hated|disliked|detested|loathed|despised)", -1, "has {0}"),
    (r"(?:really |actually |totally |kind of |kinda )?(?:love|adore|like|enjoy)", 1, "{0}s"),
    (r"(?:really |actually |totally |kind of |kinda )?(?:hate|dislike|detest|loathe|despise)", -1, "{0}s"),
]
_LEAD = (r"(?:(?:ok|okay|so|well|eh|meh|nah|nope|idk|yeah|ya|yep|honestly|man|dude|but|and|oh|anyway|hmm|ugh|welp|"
         r"lol|haha|actually|"
         r"update|plot twist|tbh|ngl|also|now|lately|these days|nowadays|recently|weirdly|funny enough|i guess|i mean|"
         r"i think|i reckon|i feel like|pretty sure|"
         r"seriously|literally|genuinely|truly|"
         r"kinda|kind of|sort of|really|just|getting)[,.!:]*\s+)*")
_NEG = r"(?P<neg>(?:(?:am|'m|do|are) )?(?:not|no longer|n't|never) (?:really )?|(?:don't|dont|do not) (?:really )?)?"
_SUBJECT = r"(?:i(?:'m|'ve| am| have| do)?\s+(?:been\s+)?)?"  # ("I've been listening to a lot of country")
_STOP = (r"(?=\s*(?:$|[,.;!?]|\b(?:now|anymore|any more|again|lately|recently|these days|nowadays|tbh|honestly|"
         r"though|tho|too|either|so|but|and|because|since|at all|lol|haha|for now|these|this year|already|"
         r"as a|as an|when|back then|growing up|last|yesterday|today|tonight|next|this|constantly|nonstop|"
         r"all the time|a lot|every day|more than|completely|totally|entirely|altogether|for good)\b))")
_OBJECT = r"(?P<obj>(?:the |a |an )?[a-z0-9][\w'-]*(?: [a-z0-9][\w'-]*){0,3}?)"
_PRONOUNS = frozenset({"it", "this", "that", "them", "you", "him", "her", "me", "us", "everything", "nothing",
                       "to", "how", "when", "what", "the", "a", "an", "my", "your", "his", "their", "our", "so",
                       "too", "much", "lot", "lots", "being", "doing", "having", "getting", "going", "myself",
                       "who", "where", "why", "which", "whatever", "i", "we"})  # ("like who even am I": a filler)
_HEDGE = re.compile(r"\b(?:might|may|could|would|'d|should|will|'ll|if|maybe|perhaps|probably|want to|wanna|"
                    r"wish|hope|used to|thinking|plan|going to|gonna|someday|eventually)\b", re.I)
_PART = re.compile(r"[^,;.!?]+")
# no stance: "over the moon", "done with work"; "dumped me. over text": how it was said ("over the phone")
_IDIOMS = re.compile(r"\bover the moon\b|\bdone with (?:work|school|class|it|that|this)\b|\bover (?:the )?(?:text|"
                     r"phone|email|e-mail|zoom|facetime|skype|whatsapp|dm|dms|messenger|snapchat|video|call|teams|"
                     r"slack)\b", re.I)
_THING = re.compile(r"^\s*" + _LEAD + r"(?P<obj>[a-z][\w' -]{1,30}?)(?: is|'s) (?:now |totally |officially )?my "
                    r"(?:new )?(?:thing|jam|obsession|go-to|favourite thing|favorite thing|vibe|guilty pleasure|"
                    r"happy place)\b",
                    re.I)
# "crossfit's not for me anymore", "running is just not for me": a thing the speaker is not into
_NOT_FOR_ME = re.compile(r"^\s*" + _LEAD + r"(?P<obj>[a-z][\w' -]{1,30}?)(?:(?: is|'s|'re| are) "
                         r"(?:just |really |honestly )?(?:not|no longer)| (?:just |really )?(?:isn't|aren't|wasn't)) "
                         r"(?:really |just )?"
                         r"(?:for me|my thing|my jam|my cup of tea)\b", re.I)
# "pop punk bores me now", "metal just doesn't do it for me anymore", "black coffee is dead to me", "IPAs taste
# like soap to me now": the thing as
# subject, the speaker as who it fails; "classical has taken over my life": as who it wins
_DOES_FOR_ME = re.compile(r"^\s*" + _LEAD + r"(?P<obj>[a-z][\w' -]{1,30}?) (?:just |really |honestly |kinda )?"
                          r"(?P<how>bores me|(?:doesn't|does not|doesnt|don't|do not|dont) do it for me|(?:is|'s|are|"
                          r"'re) (?:dead to me|cancell?ed for me|over for me)|(?:has|'s|have) taken over my life"
                          r"|tastes? (?:like|of) (?:soap|cardboard|feet|garbage|rubbish|death|dirt|sick|chemicals|"
                          r"nothing|mud|petrol|ash) to me|annoys? me|irritates? me|gets? on my nerves"
                          r"|(?:doesn't|does not|doesnt|don't|do not|dont) (?:really )?do (?:much|anything) for me"
                          r"|(?:has |have )?lost (?:its|their) (?:appeal|charm|shine|magic)"
                          # "Marvel lost me after Endgame", "love island has gone downhill", "running is a chore now"
                          r"|lost me|(?:has|have|'s) (?:really |totally )?gone downhill|(?:is|'s|are|'re) (?:such )?a "
                          r"chore|(?:has |have )?(?:started )?(?:creeping|freaking) me out|(?:creeps|freaks) me out"
                          r"|(?:(?:has|have) )?(?:actually |really |kind of |kinda |slowly |finally )?grown on me"
                          r"|(?:is|'s|are) (?:literally )?(?:my )?life$)\b", re.I)  # ("tennis is life")
# "olives are actually great now", "podcasts are so boring these days": a thing's worth to the speaker, changed
_EVAL_NOW = re.compile(
    r"^\s*" + _LEAD + r"(?P<obj>(?!(?:the|this|that|these|those|my|our|his|her|their|your|it|everything|life|"
    r"things|weather|today|work)\b)[a-z][\w'-]*(?: [a-z][\w'-]*)?) (?:is|are|'s|'re) "
    r"(?:actually |honestly |so |really |pretty |kinda |kind of |a bit |way |totally |just )*(?P<eval>great|amazing|"
    r"awesome|good|delicious|fun|the best|incredible|overrated|overplayed|played out|cringe|gross|disgusting|boring|"
    r"terrible|awful|annoying|the worst|unbearable)\b"
    r"(?=.*\b(?:now|these days|lately|nowadays|anymore|after all)\b)", re.I)
_BAD = frozenset({"overrated", "overplayed", "played out", "cringe",
                  "gross", "disgusting", "boring", "terrible", "awful", "annoying", "the worst",
                  "unbearable"})
# "i'm a cat person", "not really a coffee person": a liking said as a kind of person
_PERSON_OF = re.compile(r"^\s*" + _LEAD + _SUBJECT + r"(?P<neg>(?:(?:am|'m) )?(?:not|no longer) (?:really )?)?"
                        r"(?:really |totally |more )?(?:a|an) (?:big |huge |total |massive |die-hard |diehard )?"
                        r"(?P<obj>(?!(?:big|huge|massive|total|real|true|die-hard|diehard)\b)[a-z][\w'-]+) "
                        r"(?:person|fan)\b(?! of)",
                        re.I)
_COMPILED = [(re.compile(r"^\s*" + _LEAD + _SUBJECT + _LEAD + _NEG + r"(?P<phrase>" + p + r") " + _OBJECT + _STOP,
                         re.I), pol, wording) for p, pol, wording in _PHRASES]


@dataclass(frozen=True)
class StancePhrase:
    """One stance the speaker states: its object, polarity (+1/-1), whether it is negated, and the phrase."""

    object: str
    polarity: int
    negated: bool
    phrase: str
    wording: str  # third person, without the subject: "is fed up with"
    pronoun: str | None = None  # "now i love it": the word said for the object named before
    changed: bool = False  # "not into lasagna anymore": said as a change, it ends the value in any slot


_CHANGED = re.compile(r"\b(?:anymore|any more|no longer)\b", re.I)
# a thing named as what someone likes, does or did ("used to hate running"): what a later "it" means
# ("tiktok is such a waste of time, im so over it": what "it" is, not "time")
_TOPIC = re.compile(r"^\W*(?:honestly |tbh |ngl |ugh,? )?" + _OBJECT + r"\s+(?:is|was|has been|'s)\s+(?:such |so |just "
                    r"|really )*(?:a |an )?(?:waste|overrated|boring|annoying|terrible|awful|toxic|pointless|dead)\b",
                    re.I)
_ANTECEDENT = re.compile(r"\b(?:love[sd]?|like[sd]?|hate[sd]?|enjoy(?:s|ed)?|dislike[sd]?|into|"
                         r"(?:sick|tired|fond|bored|fan|scared|afraid|obsessed) of|(?:bored|fed up|obsessed|done) with|"
                         r"(?:poisoning|ill|sick) from(?: (?:some|dodgy|bad|the))?|"
                         r"play(?:s|ed)?|"
                         r"do(?:es)?|did|doing|tr(?:y|ies|ied)|ate|eat(?:s)?|watch(?:es|ed)?|listen(?:s|ed)? to|"
                         r"read)\s+" + _OBJECT + _STOP, re.I)
_ANAPHORS = frozenset({"it", "that", "this", "them"})


def _parts(sentence: str) -> list[str]:
    pieces: list[str] = []
    for part in _PART.findall(sentence):
        pieces.extend(p for p in re.split(r"\b(?:and|but|so)\s+(?=(?:now |lately |these days |nowadays |recently )?"
                                          r"(?:i\b|i'|(?:not|no longer|can't|cant)\b))", part,
                                          flags=re.I) if p.strip())
    return pieces


def _speakers_part(part: str) -> bool:
    """No subject but the speaker's: "I ...", or a phrase with its "I" left out."""
    words = re.findall(r"[\w']+", part.lower())
    return bool(words) and not any(w in ("he", "she", "they", "we", "you", "he's", "she's", "they're", "my",
                                         "his", "her", "their", "our", "your") for w in words[:3])


def _named_last(text: str) -> str | None:
    """The last thing ``text`` names as liked, done or tried (what a following "it" means)."""
    topic = _TOPIC.match(text)
    named = topic.group("obj") if topic is not None and topic.group("obj").lower() not in _PRONOUNS else None
    at = -1
    for ante in _ANTECEDENT.finditer(text):
        if not _names_no_thing(ante.group("obj")) and not _SIMILE.search(text[:ante.start()]):
            named, at = re.sub(r"^(?:the|a|an) ", "", re.sub(r" (?:in|at|on|from|last|this) .*$", "",
                                                            ante.group("obj").strip()), flags=re.I), ante.start()
    for like in _TASTES_LIKE.finditer(text):  # "coriander tastes like soap to me, can't stand it": the coriander
        if like.start() > at and like.group("obj").lower() not in _PRONOUNS:
            named, at = like.group("obj"), like.start()
    for refused in _REFUSED.finditer(text):  # "no olives please, i hate them": the olives
        if refused.start() > at and refused.group("obj").lower() not in _PRONOUNS:
            named, at = refused.group("obj"), refused.start()
    if named is None and (became := _BECAME.match(text)) is not None and not _names_no_thing(became.group("obj")):
        named = became.group("obj")  # "love island has got so cringe, i've stopped bothering with it"
    return named


def _names_no_thing(obj: str) -> bool:
    """A would-be object that is a pronoun or runs into a verb ("doesnt taste", "island has got")."""
    words = obj.lower().split()
    return not words or words[0] in _PRONOUNS or bool(set(words) & _VERB_WORDS)


# what a request leaves out: "no olives please", "without coriander", "hold the onions", "nothing with mushrooms"
_REFUSED = re.compile(r"\b(?:no|without|hold the|skip the|leave out(?: the)?|nothing with|anything but)\s+"
                      r"(?P<obj>[a-z][\w'-]*)(?=\s*(?:$|[,.;!?)]|\b(?:in|on|please|pls|plz|thanks|for|at all)\b))",
                      re.I)
# the thing a sentence opens with, said to have changed: "coriander has started tasting like soap", "love island
# has got so cringe", "jazz has become a bit much"
_BECAME = re.compile(r"^\W*" + _LEAD + r"(?P<obj>[a-z][\w'-]*(?: [a-z][\w'-]*)?) (?:has|have|'s) (?:now |suddenly "
                     r"|really |just )?(?:started|begun|got|gotten|become|gone|turned)\b", re.I)
_VERB_WORDS = frozenset({"has", "have", "had", "is", "are", "was", "were", "got", "gets", "does", "doesn't", "doesnt",
                         "did", "didn't", "didnt", "do", "don't", "dont", "isn't", "isnt", "been", "be"})
_SIMILE = re.compile(r"\b(?:tastes?|smells?|looks?|sounds?|feels?|tasting|smelling|looking|sounding|feeling)\s+$",
                     re.I)  # "tastes like soap": no liking
_TASTES_LIKE = re.compile(r"(?P<obj>[a-z][\w'-]*) (?:now |suddenly |literally |just |(?:doesn't|doesnt|does not) "
                          r"|(?:don't|dont|do not) |(?:has |have )?(?:started|begun|begins|starts) (?:to )?)?"
                          r"(?:tastes?|tasting|smells?"
                          r"|smelling) (?:like|of)\b", re.I)


# words before a thing a rewording reads ("ok so", "a week in crete and")
_LEAD_IN = r"(?P<lead>\W*(?:[\w']+,?\s+){0,8}?)"
# the thing such a rewording reads: a name of up to three words with no joining word or preposition inside, so it
# is never run into the words before it ("a week in greece and olives are a yes": olives; "after the trip to
# italy mushrooms are a yes": mushrooms) nor cut from its name ("love island is a no from me")
_JOINING = r"(?!(?:and|or|in|to|from|after|before|at|on|with|of|for|since|when|the|a|my)\b)"
# (nor the object of a preposition: "after the trip to italy mushrooms are a yes": not "italy mushrooms")
_NOT_AFTER_PREP = r"(?<!\bto )(?<!\bin )(?<!\bfrom )(?<!\bat )(?<!\bof )(?<!\bon )(?<!\bwith )"
_X_TIGHT = rf"{_NOT_AFTER_PREP}(?P<obj>(?:the |a )?{_JOINING}[a-z][\w'-]*(?: {_JOINING}[a-z][\w'-]*){{0,2}}?)"
_X = r"(?P<obj>(?:the |a )?[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}?)"
_FOUND_AS = {True: "can't stand", False: "love"}
_YES_NO = {True: "love", False: "can't stand"}
_BAD_TO_FIND = "unbearable|boring|annoying|awful|terrible|tedious|overrated|insufferable|exhausting|depressing"
# "I find country music unbearable", "WFH is driving me up the wall", "mushrooms are the devil's food": a stance
# said with the thing first or inside; written as the plain stance the phrases read
_HONESTLY = re.compile(r"\s*\b(?:if i'?m (?:being )?honest|if i'?m being real|to be (?:fair|honest))\b", re.I)
_REWORDINGS = [
    (re.compile(rf"^(?P<lead>.*?\bi )find {_X} (?:so |really |kind of |kinda |pretty |totally |just )?"
                rf"(?P<adj>{_BAD_TO_FIND}|amazing|relaxing|fascinating|addictive|hilarious|soothing)\b", re.I),
     lambda m: f"{m.group('lead')}{_FOUND_AS[bool(re.fullmatch(_BAD_TO_FIND, m.group('adj'), re.I))]} "
               f"{m.group('obj')}"),
    (re.compile(rf"^{_LEAD_IN}{_X} (?:is|are|'s) (?:really |literally )?"
                r"(?:driving|making) me (?:up the wall|crazy|mad|nuts|insane|miserable)\b", re.I),
     lambda m: f"I'm sick of {m.group('obj')}{_after(m.group('lead'))}"),
    (re.compile(rf"^\W*{_X} (?:is|are) (?:literally )?(?:the devil's (?:food|work)|disgusting|vile|gross)\b", re.I),
     lambda m: f"I hate {m.group('obj')}"),
    # "ukulele is way more my speed", "olives are a yes now", "coriander is a no from me": a preference said plainly
    (re.compile(rf"^{_LEAD_IN}{_X_TIGHT} (?:is|are|'s|'re) (?:way |much |a lot |so |definitely )?"
                r"more my (?:speed|style|thing|vibe|jam)\b", re.I),
     lambda m: f"I love {_bare(m.group('obj'))}{_after(m.group('lead'))}"),
    (re.compile(rf"^{_LEAD_IN}{_X_TIGHT} (?:is|are|'s|'re) (?:now |officially |definitely )?an? "
                r"(?P<yes>yes|no|hard no|big no|nope)(?: from me)?(?= now\b| these days\b| for me\b|\s*(?:[,.!;]|$))",
                re.I),
     lambda m: f"I {_YES_NO[m.group('yes').lower() == 'yes']} {_bare(m.group('obj'))}{_after(m.group('lead'))}"),
    (re.compile(r"\b(i (?:actually |now |literally |genuinely |kinda |lowkey )*)crave\b", re.I),
     lambda m: f"{m.group(1)}love"),
    (re.compile(rf"^\W*(?:honestly |tbh |ngl )?{_X} (?:is|has been) (?:literally |honestly )?the best thing "
                r"(?:that's |that has |that )?(?:ever )?happened to me\b", re.I),
     lambda m: f"I love {m.group('obj')}"),
]


def _after(lead: str) -> str:
    """The words said before a reworded stance, put after it: a hedge among them still counts ("if olives are a
    yes now"), and they no longer stand between the "I" and the phrase ("a week in crete and ...")."""
    return f", {lead.strip()}" if lead.strip() else ""


def _bare(obj: str) -> str:
    """The thing without the chat words said before it ("honestly bouldering": bouldering)."""
    return re.sub(r"^(?:(?:honestly|tbh|ngl|actually|now|so|and|but|ok|okay|well|lol|yeah|also|plus)\s+)+", "", obj,
                  flags=re.I)


def _reworded(part: str) -> str:
    part = _HONESTLY.sub("", part)  # ("I've kinda outgrown Taylor Swift if I'm honest": no hedge)
    for pattern, said in _REWORDINGS:
        part = pattern.sub(said, part, count=1)
    return part


@lru_cache(maxsize=4096)  # pure, and read by the stance and the successor readers alike
def read_stances(sentence: str, before: str = "") -> tuple[StancePhrase, ...]:
    """The speaker's stances a sentence states in set phrases (empty for a hedge, a plan or a past); ``before``:
    the turn's earlier sentences, for what "it" means ("I used to hate running. Now I love it")."""
    out: list[StancePhrase] = []
    named = _named_last(before)  # the last thing a part named, for "it" in a later part
    for part in map(_reworded, _parts(sentence)):
        earlier, named = named, _named_last(part) or named
        if _HEDGE.search(part) or _IDIOMS.search(part):
            continue
        thing = _THING.match(part)
        if thing is not None and thing.group("obj").split()[0].lower() not in _PRONOUNS:
            out.append(StancePhrase(thing.group("obj").strip(), 1, False, "is my thing", "is into"))
            continue
        not_for_me = _NOT_FOR_ME.match(part)
        if not_for_me is not None and not_for_me.group("obj").split()[0].lower() not in _PRONOUNS and \
                not_for_me.group("obj").strip().lower() not in DIETS:  # "vegan wasn't for me": chat_restate's
            out.append(StancePhrase(not_for_me.group("obj").strip(), 1, True, "is not for me", "is into",
                                    changed=_CHANGED.search(part) is not None))  # ("... anymore": it ended)
            continue
        does = _DOES_FOR_ME.match(part)
        # ("the Premier League has gone downhill": a name said with "the")
        does_obj = re.sub(r"^(?i:the) (?=[A-Z])", "", does.group("obj").strip()) if does is not None else ""
        if does is not None and re.sub(r"'s$", "", does_obj.split()[0].lower()) not in _PRONOUNS | {
                "he", "she", "they", "i", "we", "work", "life"}:
            how = does.group("how").lower()
            won = "taken over" in how or how.endswith("life") or how.endswith("grown on me")
            out.append(StancePhrase(re.sub(r"'s$", "", does_obj), 1 if won else -1, False,
                                    does.group("how").lower(),
                                    "is into" if won else "is not into"))
            continue
        judged = _EVAL_NOW.match(part)
        if judged is not None and judged.group("obj").split()[0].lower() not in _PRONOUNS:
            bad = judged.group("eval").lower() in _BAD
            out.append(StancePhrase(judged.group("obj").strip(), -1 if bad else 1, False,
                                    f"is {judged.group('eval').lower()} now", "is not into" if bad else "is into"))
            continue
        if not _speakers_part(part):
            continue
        person_of = _PERSON_OF.match(part)
        if person_of is not None and person_of.group("obj").lower() not in _PRONOUNS | {"people", "morning",
                                                                                            "night", "good", "bad"}:
            out.append(StancePhrase(person_of.group("obj"), 1, bool(person_of.group("neg")), "a X person",
                                    "is into"))
            continue
        for rx, pol, wording in _COMPILED:
            m = rx.match(part)
            if m is None:
                continue
            obj = re.sub(r"^(?:a lot of |lots of |loads of |a bunch of |a ton of )?(?:the |a |an )?", "",
                         m.group("obj").strip(), flags=re.I)  # ("listening to a lot of country")
            pronoun = obj.lower() if obj.lower() in _ANAPHORS and earlier is not None else None
            if pronoun is not None:  # "i used to hate running but now i love it": it is running
                obj = earlier or obj
            elif not obj or _names_no_thing(obj):  # ("love island has got so cringe": no stance on "island")
                break
            phrase = re.sub(r"^(?:am|'m|have|'ve|has) ", "", m.group("phrase").lower()).strip()
            core = re.sub(r"^(?:really|actually|totally|kind of|kinda|so|getting|got|very|super|completely) ", "",
                          phrase)
            out.append(StancePhrase(obj, pol, bool(m.group("neg")), phrase, wording.format(core), pronoun,
                                    changed=_CHANGED.search(part) is not None))
            break
    return tuple(out)


def _as_written(obj: str, sentence: str) -> str:
    """An object that opens the sentence was capitalised only for the parse ("Football's not my thing anymore")."""
    if obj[:1].isupper() and obj[1:2].islower() and sentence.lstrip().startswith(obj):
        return obj[:1].lower() + obj[1:]
    return obj


def stance_fact(found: StancePhrase, speaker: str, message: Message) -> Fact:
    """The fact for one stance phrase (the speaker's; slot ``<speaker>|stance|<object>``)."""
    relation = "likes" if found.polarity > 0 else "dislikes"
    edge = f"not_{relation}" if found.negated else relation
    verb = found.wording
    if found.negated:
        verb = re.sub(r"^(is|has) ", r"\1 not ", verb) if re.match(r"^(is|has) ", verb) else \
            f"doesn't {verb.removesuffix('s')}" if verb.endswith("s") else f"no longer {verb}"  # "doesn't like"
    return Fact(
        text=f"{speaker} {verb} {found.object}", entities=[EntityRef(speaker, "person"),
                                                           EntityRef(found.object, "thing")],
        triples=[Triple(speaker, edge, found.object)],
        slot=f"{normalise_entity(speaker)}|stance|{normalise_entity(found.object)}",
        subject_key=normalise_entity(speaker), object_key=normalise_entity(found.object), negated=found.negated,
        polarity=found.polarity, rule=f"rules.stance_phrase{'.neg' if found.negated else ''}",
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"slot stance: '{found.phrase}' stance phrase" + ("; cues: negated" if found.negated else "")
        + (", anymore" if found.negated and found.changed else ""))


def _says_pronoun(fact: Fact, st: StancePhrase) -> bool:
    """``fact`` is the parse's reading of the stance with its pronoun ("User can't get enough of it")."""
    return fact.object_key == st.pronoun or re.search(
        rf"\b{re.escape(st.phrase.split()[-1])}\b.*\b{st.pronoun}\b", fact.text, re.I) is not None


def with_stances(found: list[Fact], sentence: str, speaker: str, message: Message, before: str = "") -> list[Fact]:
    """``found`` (one sentence's facts) with the stances the parse missed: a stance on an object no fact of the
    speaker's places is added; a fact about that object the parse left unplaced ("User is fed up with running",
    no slot) gives way to the stance. ``before``: the turn's earlier sentences ("it" may name a thing there)."""
    me = normalise_entity(speaker)
    out = list(found)
    for st in read_stances(sentence, before):
        key = normalise_entity(st.object)
        same = [f for f in out if f.subject_key == me and f.object_key and (
            f.object_key == key or set(f.object_key.split()) & set(key.split()))]
        if any(f.slot and f.tense != "past" for f in same):
            continue  # the parse placed it (a stance, a hobby, a diet...); "used to hate running" is no current one
        same = [f for f in same if f.tense != "past"]
        fact = stance_fact(replace(st, object=_as_written(st.object, sentence)), speaker, message)
        # the parse's unplaced reading of the same words ("can't get enough of olives" about "enough") gives way
        out = [f for f in out if f not in same and not (f.text == fact.text and not f.slot) and not (
            st.pronoun and (not f.slot or f.object_key == st.pronoun) and (f.subject_key == me or (
                f.object_key == st.pronoun and not f.metadata.get("_person")))
            and _says_pronoun(f, st))]  # "User loves it" (placed or not: "it" is no thing of its own; "cumin ...,
        # can't stand it": "Cumin can't stand it" is the parse's subject for the speaker's words)
        out.append(fact)
    return out
