"""Life news told the way chat tells it, said back as the plain clause it means (restate.py asks for them).

A new job by whom one joined or started with and as what ("this week i joined Shelter, the housing charity, as a
fundraising lead", "first day at tidewater today as their head of finance"), or by who took one on ("tyler got
poached by amazon"); a qualification that is a new trade ("my other sister noor just qualified as a pilot with
easyjet"); a new partner by how long one has been seeing them ("been seeing this guy Tomás for a couple months",
"been with tash about 6 weeks") and a wedding called off; a diet by how far into it one is ("3 weeks into being
fully vegan"); a car or phone by who handed it over ("hubby surprised me with a tesla model Y", "IT handed me a
ThinkPad X1") and the old one gone ("the picanto's gone", "corsa went for scrap"); a thing given up, told by an
idiom ("that bbq was the last time i had meat", "went dairy free", "zoe's jacked in the pret job"). Homes, schools,
stacks and titles are life_moves.py's. Each reader skips a hedged or asked line; the caller keeps only what a slot
rule places, so a word of no known kind is never guessed into a slot.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DIETS
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.demonyms import demonym_homes
from mem_graph.extract.hedges import Hedge
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.lexicon import GIVEN_NAMES
from mem_graph.extract.life_moves import moves, title_words
from mem_graph.extract.negation import KINDS
from mem_graph.extract.wordlist import is_common_word, is_english_word

_HEDGE = Hedge("apply", "applying", "interview", "offer", "offered")
_LEAD = r"(?:^|[,.!;:(]\s*|\b(?:i|i've|ive|so|and|but|now|well|lol|finally|just|officially|today|anyway)\s+)"
# a workplace: a name of up to four words, capitalised or not ("Shelter", "tidewater", "the Royal Free")
_PLACE = r"(?:the )?(?P<x>[A-Za-z][\w&'.-]*(?: (?!as\b|today\b|this\b|last\b|on\b|in\b)[A-Za-z][\w&'.-]*){0,3}?)"
_ROLE = r"(?:an?|their|the|our|a new|the new) (?P<role>[a-z][\w-]*(?: (?:of )?[a-z][\w-]*){0,3}?)"
_ROLE_END = r"(?=\s*(?:$|[,.!;:?()]|\s(?:and|so|lol|haha|at|for|with|in|today|this|on|from|now|!)\b))"
# "joined Shelter, the housing charity, as a fundraising lead", "first day at tidewater today as their head of ..."
_JOINED_AS = re.compile(rf"{_LEAD}(?:just |finally |officially )?(?:joined|started at|started with|first day at|"
                        rf"first week at|signed with) {_PLACE}(?:, [^,.!?]{{1,40}},)?(?: (?:today|this week|on \w+day|"
                        rf"last week|yesterday))? as {_ROLE}{_ROLE_END}", re.I)
# "rahul finished his first week at zoho", "she survived her first month at Deloitte": someone's new workplace
_FIRST_WEEK = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|lol|omg|well)\s+)(?:(?:my|our) (?:[a-z-]+ )?)?"
                         r"(?P<who>[A-Za-z]+),? (?:just |finally )?(?:finished|did|survived|smashed|completed|"
                         r"got through|is done with|'s done with) (?:his|her|their) first (?:day|week|month|shift|"
                         rf"fortnight) at {_PLACE}(?=\s*(?:$|[,.!;:?()]|\s(?:and|so|lol|haha|today|yesterday|now)\b))",
                         re.I)
# "tyler got poached by amazon", "i got headhunted by Stripe"
_POACHED = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|lol|omg|well)\s+)(?:(?:my|our) (?:[a-z-]+ )?)?"
                      r"(?P<who>[A-Za-z]+),?(?: just| finally)? "
                      r"(?:got|was|has been|'s been|just got) (?:poached|headhunted|snapped up) by (?:the )?"
                      r"(?P<x>[A-Za-z][\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,2})", re.I)
# "noor just qualified as a pilot with easyjet", "i finally qualified as a nurse!!"
_QUALIFIED = re.compile(r"(?:(?:^|[,.!;:]\s*)(?:i |i've |ive )?(?:re)?trained and"
                        r"|(?:^|\b)(?P<who>[A-Za-z]+),?(?:'s| has| have|'ve)?)(?: just| finally| officially)? "
                        r"qualified as an? (?P<role>[a-z][\w-]*(?: (?!(?:with|at|for|in|and|last|this|on|yesterday|"
                        r"today|so|but|after)\b)[a-z][\w-]*)?)"
                        r"(?: (?:with|at|for) (?:the )?(?P<x>[A-Za-z][\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,2}))?",
                        re.I)
# "got promoted to supervisor at the restaurant!!", "my wife's been promoted to head of sales": the new post
_PROMOTED = re.compile(r"(?:\b(?P<who>[A-Za-z]+)(?:'s| has| have|'ve| was| is)?\s+)?(?:just |finally |officially )?"
                       r"(?:been |got |gotten |get )?promoted to (?:be )?(?:a |an |the )?(?P<role>[a-z][\w-]*"
                       r"(?: (?!with\b|at\b|for\b|in\b|and\b|on\b|today\b|last\b|this\b|yesterday\b)[a-z][\w-]*)?)",
                       re.I)
# "been seeing this guy Tomás for a couple months", "been with tash about 6 weeks", "started seeing someone called Jo"
_INTRODUCED = r"(?:this (?:guy|girl|lad|bloke|man|woman|dude) |someone called |a (?:guy|girl|lad) called )"
_DURATION = (r"(?= (?:for |about |nearly |almost |like |over )?(?:\d+|a|an|a few|a couple(?: of)?|couple(?: of)?|two|"
             r"three|four|five|six|seven|eight|nine|ten) (?:weeks?|months?|wks?|mths?|mos?|years?|yrs?)\b)")
_SEEING = re.compile(rf"(?:^|[,.!;:]\s*|\b(?:i'?ve|ive|i'?m|im|i|and|anyway|so|but|also|lol|now)\s+)"
                     rf"(?:been seeing|been with|been dating|started seeing|started dating|seeing) (?P<intro>"
                     rf"{_INTRODUCED})?(?P<n>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+)(?P<dur>{_DURATION})?", re.I)
# "3 weeks into being fully vegan", "two months into going veggie"
_DIET = "|".join(sorted((re.escape(d) for d in DIETS), key=len, reverse=True))
_INTO = re.compile(r"\b(?:\d+|a|one|two|three|four|five|six|a few|a couple of) (?:days?|weeks?|months?|years?|yrs?) "
                   rf"into (?:being |going |eating )?(?:fully |properly |strictly |totally )?(?P<x>{_DIET})\b", re.I)
# "hubby surprised me with a tesla model Y", "IT finally handed me a ThinkPad X1"
_GIVEN = re.compile(r"\b(?:surprised me with|handed me|gave me|got me|bought me|gifted me|swapped (?:it|mine) for) "
                    r"(?:a |an |the |my )?(?:new |brand new |shiny )?(?P<x>[A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*)"
                    r"{0,2})", re.I)
# "the picanto's gone 🥲", "corsa went for scrap money", "the golf got scrapped"
_GONE = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|lol|well|the|my|our)\s+)"
                   r"(?P<x>[A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*)?)"
                   r"(?:'s| has| is) gone(?=\s*(?:$|[,.!;:🥲😢😭]|\s(?:lol|now|for good|for scrap)))"
                   r"|(?P<y>[A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*)?) (?:went for scrap|got scrapped|was scrapped|"
                   r"went to the scrapyard)", re.I)
# -- a thing given up, told by an idiom -----------------------------------------------------------------------------
# "that bbq was the last time i had meat", "haven't touched meat since new year", "went meat free in june"
_LAST_TIME = re.compile(r"\b(?:was the last time i|last time i) (?:ever )?(?P<verb>had|ate|drank|touched|smoked) "
                        r"(?:any )?(?P<x>[a-z][\w-]*(?: [a-z][\w-]*)?)\b(?! (?:was|is|tho|though)\b)", re.I)
# ("haven't had a drink in ages" may be a busy month, not sobriety, and a drink untouched is left to the drink
# readers: only meat, sugar, dairy or smoking)
_NOT_TOUCHED = re.compile(r"\b(?:haven'?t|havent|not) (?:touched|had) (?P<x>meat|sugar|dairy|a cigarette|a cig|a fag)"
                          r"(?: in| since| for)\b", re.I)
_GONE_FREE = re.compile(r"\b(?:went|gone|going|been|am|i'm|im) (?P<x>meat|dairy|gluten|sugar|alcohol|booze)[- ]free\b",
                        re.I)
_OFF_KIND = re.compile(r"\b(?:i'm|im|i am|been|i've been|ive been) (?:totally |completely |properly )?off "
                       r"(?:the )?(?P<x>meat|dairy|booze|alcohol|drink|sugar|caffeine|coffee|carbs|bread|gluten)\b",
                       re.I)
# "zoe's jacked in the pret job", "knocked the football on the head", "called time on my football career"
_THING = r"(?:the |my |his |her |their )?[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}?"
_QUIT_IDIOM = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|lol|well)\s+)(?:(?P<who>[A-Za-z]+)(?:'s| has|'ve| have)? )?"
                         r"(?:finally |officially |just )?(?:(?:jacked in|packed in|binned off|called time on|pulled "
                         rf"the plug on) (?P<x>{_THING})(?=[,.!;:?]|$| (?:after|lol|for good|now|and|because|cos)\b)"
                         rf"|knocked (?P<k>{_THING}) on the head)", re.I)
# "Tom and Claire have called the wedding off", "they called off the engagement": the couple split
_CALLED_OFF = re.compile(r"\b(?P<a>[A-Za-z]+) and (?P<b>[A-Za-z]+) (?:have |'ve |just |finally )*called (?:off )?"
                         r"(?:the|their) (?:wedding|engagement)\b", re.I)
_DRINKS = frozenset({"a drop", "a drink", "booze", "alcohol", "drink", "caffeine", "coffee"})
_SMOKES = frozenset({"a cigarette", "a cig", "a fag", "cigarettes", "cigs", "fags", "a vape"})
_NOT_A_ROLE = frozenset({"part", "result", "way", "bonus", "favour", "favor", "joke", "treat", "volunteer", "friend",
                         "member", "guest", "plus-one", "fan", "supporter", "tenor", "soprano", "alto", "bass",
                         "beginner", "student", "trial", "sub", "substitute", "reserve"})
_OWNED = ("car", "phone", "computer")


def _who(word: str, before: str = "") -> str | None:
    """The subject a name-or-pronoun word gives a plain clause (None: not a person); ``before``: the text before
    it, where "my" makes a kin word the subject ("my brother got headhunted by Stripe")."""
    low = word.lower()
    if low in ("i", "me"):
        return "I"
    if low in KIN and re.search(r"\b(?:my|our)\s+(?:[a-z-]+\s+)?$", before, re.I):
        return f"my {low}"
    if low in ("he", "she"):
        return low
    if low in GIVEN_NAMES or (not is_english_word(low) and len(low) > 2) or (word[:1].isupper() and word[1:].islower()
                                                                            and not is_common_word(low)):
        return title_words(word)
    return None


def _jobs(text: str) -> list[str]:
    said: list[str] = []
    for m in _JOINED_AS.finditer(text):
        x, role = m.group("x"), m.group("role")
        if not _HEDGE.said_as_done(text, m, "x") or (x.islower() and is_common_word(x)) or \
                x.lower() in GIVEN_NAMES or role.split()[-1] in _NOT_A_ROLE:  # (not "joined Sarah as a friend")
            continue
        said += [f"I work at {title_words(x)}", f"I work as a {role}"]
    for m in _POACHED.finditer(text):
        who = _who(m.group("who"), text[:m.start("who")])
        if who is not None and _HEDGE.said_as_done(text, m, "who"):
            said.append(f"{who} {'work' if who == 'I' else 'works'} at {title_words(m.group('x'))}")
    for m in _FIRST_WEEK.finditer(text):
        who, x = _who(m.group("who"), text[:m.start("who")]), m.group("x")
        if who not in (None, "I") and not (x.islower() and is_common_word(x)) and \
                not re.search(r"\b(?:school|uni|university|college|nursery|academy)\b", x, re.I):
            said.append(f"{who} works at {title_words(x)}")  # (a school is chat_restate's: "first week at st mary's")
    for m in _QUALIFIED.finditer(text):  # ("retrained and qualified as a paramedic": the speaker, unsaid)
        who = _who(m.group("who"), text[:m.start("who")]) if m.group("who") else "I"
        if who is None or not _HEDGE.said_as_done(text, m, "who" if m.group("who") else "role"):
            continue
        said.append(f"{who} {'am' if who == 'I' else 'is'} a qualified {m.group('role')} now")  # (not a trainee)
        if m.group("x") and not is_common_word(m.group("x").lower()):
            said.append(f"{who} {'work' if who == 'I' else 'works'} at {title_words(m.group('x'))}")
    for m in _PROMOTED.finditer(text):
        who = _who(m.group("who"), text[:m.start("who")]) if m.group("who") else None
        if who is None and re.search(r"(?:^|[,.!;:]\s*)\W*$", text[:m.start()]):
            who = "I"  # said with no subject: the speaker ("got promoted to supervisor!!")
        if who is not None and _HEDGE.said_as_done(text, m, "role") and m.group("role").split()[-1] not in _NOT_A_ROLE:
            said.append(f"{who} {'work' if who == 'I' else 'works'} as a {m.group('role')} now")
    return said


def _partners(text: str) -> list[str]:
    said: list[str] = []
    for m in _SEEING.finditer(text):
        name, low = m.group("n"), m.group("n").lower()
        named = low in GIVEN_NAMES or (name[:1].isupper() and not is_english_word(low) and "with" not in m.group(0))
        timed = m.group("dur") is not None  # (the lookahead's group is empty when it holds)
        if not (m.group("intro") or timed) or not (named or (m.group("intro") and not is_english_word(low))):
            continue  # ("been seeing a therapist", "seeing Dr Lee on friday", "been with Barclays 6 years")
        if _HEDGE.said_as_done(text, m, "n"):
            said.append(f"I'm dating {title_words(name)}")
    return said


# "we called it quits mid march", "we've parted ways": the speaker's couple ended, said without a name (not "we
# called it a day": a day's work ended)
_WE_PARTED = re.compile(r"(?:^|[,.!;:?]\s*|\b(?:so|and|but|now|lol|sadly|officially)\s+)we(?:'ve| have)? "
                        r"(?:just |finally |officially |eventually )?"
                        r"(?:called it quits|parted ways|(?:went|gone) our separate ways|ended things)\b", re.I)


def _parted(text: str) -> list[str]:
    return ["we split up" for m in _WE_PARTED.finditer(text) if _HEDGE.said_as_done(text, m)][:1]


def _things(text: str) -> list[str]:
    said: list[str] = []
    for m in _INTO.finditer(text):
        if _HEDGE.said_as_done(text, m):
            said.append(f"I'm {m.group('x').lower()} now")
    for m in _GIVEN.finditer(text):
        x = m.group("x").rstrip(".,!")
        if object_kind(x.lower()) in _OWNED and _HEDGE.said_as_done(text, m):
            said.append(f"I got a {x}")
    for m in _GONE.finditer(text):
        x = re.sub(r"^(?:the|my|our) ", "", (m.group("x") or m.group("y") or "").lower())
        if object_kind(x) in _OWNED and _HEDGE.said_as_done(text, m):
            said.append(f"I sold the {x}")
    return said


def _stopped(x: str, verb: str = "had") -> str:
    x = x.lower()
    if x in _SMOKES or verb == "smoked":
        return "I quit smoking"
    if x in _DRINKS or verb == "drank" or x in KINDS["alcohol"]:
        return "I stopped drinking alcohol" if x in ("a drop", "a drink", "booze", "drink") else \
            f"I stopped drinking {x}"
    return f"I stopped eating {x}"


def _given_up(text: str) -> list[str]:
    said = [_stopped(m.group("x"), m.group("verb").lower()) for m in _LAST_TIME.finditer(text)
            if _HEDGE.said_as_done(text, m) and (not is_common_word(m.group("x").split()[0].lower()) or
                                                 m.group("x").lower() in KINDS.keys() | _DRINKS | _SMOKES)]
    said += [_stopped(m.group("x")) for p in (_NOT_TOUCHED, _GONE_FREE, _OFF_KIND) for m in p.finditer(text)
             if _HEDGE.said_as_done(text, m)]
    said += [f"{a} and {b} split up" for m in _CALLED_OFF.finditer(text) if (a := _who(m.group("a"))) and (
        b := _who(m.group("b"))) and _HEDGE.said_as_done(text, m)]
    for m in _QUIT_IDIOM.finditer(text):
        who = _who(m.group("who")) if m.group("who") else "I"
        thing = m.group("x") or m.group("k")
        if who is not None and _HEDGE.said_as_done(text, m, "x" if m.group("x") else "k"):
            said.append(f"{who} quit {thing}")
    return said


def life_news(text: str) -> list[str]:
    """The plain clauses for the life news ``text`` tells (see the module doc)."""
    low = text.lower()
    said: list[str] = []
    if any(w in low for w in (" as ", "poached", "headhunted", "snapped up", "qualified", " first ", "promoted")):
        said += _jobs(text)
    if "seeing" in low or "been with" in low or "dating" in low:
        said += _partners(text)
    if "we" in low and any(w in low for w in ("quits", "parted", "separate ways", "ended things")):
        said += _parted(text)
    if any(w in low for w in ("into ", " me ", "gone", "scrap", "swapped")):
        said += _things(text)
    if any(w in low for w in ("last time", "touched", "had", "free", "off", "jacked", "packed", "binned", "time on",
                              "plug", "knocked")):
        said += _given_up(text)
    return said + moves(text) + demonym_homes(text)  # "we're officially dubliners now"
