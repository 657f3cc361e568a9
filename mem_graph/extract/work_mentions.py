"""Where the speaker works, said in passing by words one uses only of one's own workplace: "its to my line manager at
barclays", "another 10 hr night at the amazon warehouse", "night shift at Tesco again", "on lates at the Co-op this
week"; and a working life's last shift ("dad's last shift was friday, 34 years in the fire service": he retired;
"my last day at Argos was friday": I left Argos). Each is said back as "I work at X" (or the ending) for the rules;
"i'm driving for DPD now" as "I work as a driver for DPD now"
to read (a lower-case name is recased; a word of the
dictionary is no workplace: "night shift at work"). Not someone else's ("my husband's night shift at the plant",
"her boss at Google"), nor a plan or a question ("might pick up shifts at Tesco", "any jobs at Aldi?").
"""

from __future__ import annotations

import re

from mem_graph.extract.hedges import Hedge
from mem_graph.extract.wordlist import is_common_word, is_english_word

_PLACE = r"(?:the )?(?P<x>[A-Za-z][\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*)?)"
_SITE = r"(?: (?:warehouse|store|shop|depot|plant|factory|branch|site|hospital|office|offices|hq|call centre|" \
        r"call center|distribution centre|fulfilment centre|kitchen|restaurant|hotel|bar|pub))?"
# "my line manager at barclays", "my boss at Deloitte", "my team lead at the bank" (a dictionary word: no name)
_COLLEAGUE = re.compile(rf"\bmy (?:line manager|manager|boss|supervisor|team lead|team leader|line lead|colleagues?|"
                        rf"co-?workers?|workmates?|manager's manager|skip level) (?:at|from) {_PLACE}{_SITE}\b", re.I)
# "night shift at Tesco again", "another 10 hr night at the amazon warehouse", "on lates at the Co-op"
_SHIFT = re.compile(rf"(?:^|[,.!;:]\s*|\b(?:another|my|a|the|on|doing|working|pulling|pulled|did|done|finished|"
                    rf"double|long) )(?:\d+ ?(?:hr|hrs|hour|h)s? |long |late |early |double |graveyard |back-to-back )?"
                    rf"(?:night shift|day shift|late shift|early shift|shift|night|nights|lates|earlies|graveyard) "
                    rf"at {_PLACE}{_SITE}\b", re.I)
_SOMEONE_ELSES = re.compile(r"\b(?:he|she|they|his|her|their|your|husband'?s?|wife'?s?|partner'?s?|dad'?s?|mum'?s?|"
                            r"mom'?s?|brother'?s?|sister'?s?|son'?s?|daughter'?s?|friend'?s?|[A-Z][a-z]+'s)\s+"
                            r"(?:\w+\s+){0,6}$")
_HEDGE = Hedge("any", "apply", "applying", "interview", window=40)
_NOT_A_WORKPLACE = frozenset({"work", "home", "moment", "minute", "present", "least", "night", "all", "last", "once",
                              "first"})  # ("nights at the moment": _PLACE takes "the" off)


# "been at the council planning dept 4 years": a workplace one has been at for years (not a school)
_BEEN_AT = re.compile(r"(?:^|[,.!;:]\s*|\b(?:i'?ve|ive|i have)\s+)been at (?:the )?"
                      r"(?P<x>[A-Za-z][\w&'-]*(?: [a-z][\w&'-]*){0,3}?) (?:for )?(?:\d+|a few|two|three|four|five|six|"
                      r"ten) (?:yrs|years)\b", re.I)
_SCHOOLING = frozenset({"uni", "university", "school", "college", "home", "it", "this", "sea", "war", "mine"})
# "my husband Dale's been on nights at the Tyson plant": a named person's workplace
_NAMED_OWNER = re.compile(r"\b(?P<who>[A-Z][a-z]+)(?:'s|\u2019s)\s+(?:\w+\s+){0,6}$")


def work_in_passing(text: str) -> list[str]:
    """The plain clauses for a workplace ``text`` names in passing (see the module doc)."""
    said: list[str] = []
    for pattern in (_COLLEAGUE, _SHIFT):
        for m in pattern.finditer(text):
            x = m.group("x").strip(".'")
            low = x.lower()
            before = text[:m.start()]
            lead = before + m.group(0)[:m.start("x") - m.start()]
            if low in _NOT_A_WORKPLACE or (x.islower() and is_common_word(low.split()[0])) or \
                    not _HEDGE.said_as_done(text, m):
                continue
            name = " ".join(w[:1].upper() + w[1:] for w in x.split())
            if _SOMEONE_ELSES.search(lead):  # "my husband Dale's been on nights at the Tyson plant": Dale's
                owner = _NAMED_OWNER.search(lead)
                said += [f"{owner.group('who')} works at {name}"] if owner and pattern is _SHIFT else []
                continue
            said.append(f"I work at {name}")
    said += [f"I work at the {m.group('x')}" for m in _BEEN_AT.finditer(text)
             if m.group("x").split()[0].lower() not in _SCHOOLING and not _SOMEONE_ELSES.search(text[:m.start()])]
    said += ["I was made redundant" for m in _LET_ME_GO.finditer(text) if _HEDGE.said_as_done(text, m)][:1]
    return list(dict.fromkeys(said))


# "i'm driving for DPD now", "been delivering for deliveroo since may": the work and whom it is done for (the
# speaker's; "he's driving for Uber" is read by the clause reader)
_DOERS = {"driving": "driver", "delivering": "delivery driver", "riding": "delivery rider", "cleaning": "cleaner",
          "tutoring": "tutor", "caring": "carer", "nannying": "nanny", "coaching": "coach", "cooking": "cook",
          "labouring": "labourer", "bartending": "bartender", "modelling": "model", "freelancing": "freelancer"}
_DOING_FOR = re.compile(r"(?:^|[,.!;:]\s*|\b(?:i'?m|im|i am|i'?ve been|ive been|been|and|so|but)\s+)"
                        r"(?:now |currently |just |mostly |also )?(?P<v>" + "|".join(_DOERS) + r") for "
                        r"(?P<x>(?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*)?|[a-z][\w&'.-]*)"
                        r"(?=\s*(?:$|[,.!;]|\s(?:now|these days|full[- ]time|part[- ]time|since|and)\b))", re.I)


# "they made me redundant", "work let me go", "Barclays laid me off": the speaker's job ended, said of the employer
# (not "they let me go home early", "made me redundant" as a fear: "might make me redundant")
_LET_ME_GO = re.compile(r"\b(?:they|work|[A-Z][\w&'-]*|(?:the|my) (?:company|firm|employer|boss|job|bank|school|"
                        r"council))(?:'ve| have| had| just| finally)* (?:made me redundant|let (?:me|(?:half|most|"
                        r"some|a lot|loads|a third|a quarter) of us) go(?![\w ]*\b(?:home|early|off|for)\b)|laid (?:me|"
                        r"(?:half|most|some) of us) off|sacked me|fired me|got rid of me)\b", re.I)


def work_done_for(text: str) -> list[str]:
    """"I work as a driver for DPD now" for "i'm driving for DPD now" (a name, not "driving for hours")."""
    return [f"I work as a {_DOERS[m.group('v').lower()]} for {x[:1].upper()}{x[1:]} now" for m in _DOING_FOR.finditer(
        text) if ((x := m.group("x"))[:1].isupper() or not is_english_word(x.lower()))
        and x.lower() not in _NOT_A_WORKPLACE and not is_common_word(x.lower()) and _HEDGE.said_as_done(text, m)]


# "dad's last shift was friday", "my last day at Argos was yesterday", "mum's last day at the school is done"
_LAST_SHIFT = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|well)\s+)(?P<who>my|(?:my )?(?:dad|mum|mom|father|mother|"
                         r"husband|wife|partner|brother|sister|grandad|grandma|nan)|[A-Z][a-z]+)(?:'s|\u2019s)? last "
                         r"(?:ever )?(?:shift|day|day at work|working day)(?: (?:at|with) (?:the )?"
                         r"(?P<x>[A-Za-z][\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*)?))? (?:was|is done|is over|were) ", re.I)
_WORKING_LIFE = re.compile(r"\b\d+ (?:years?|yrs) (?:in|at|with|of|on)\b|\bretire", re.I)


def last_shift(text: str) -> list[str]:
    """The plain clause for a working life's end ``text`` tells by its last shift (see the module doc)."""
    said: list[str] = []
    for m in _LAST_SHIFT.finditer(text):
        who = m.group("who")
        subject = "I" if who.lower() == "my" else who if who[:1].isupper() or who.lower().startswith("my ") \
            else f"my {who}"
        if m.group("x") and not is_common_word(m.group("x").lower()):
            said.append(f"{subject} left {m.group('x')}")
        elif _WORKING_LIFE.search(text):
            said.append(f"{subject} retired")
    return said
