"""How a chat message opens, said so the parser does not take it for a subject.

"Hiya, looking for ideas for a party": the parser reads "Hiya" (and "Yo", "Howdy", "g'day") as a name, the one
who is looking; written "Hi," it is an interjection. "speaking of Maddie, she's been doing club soccer": the lead
names whom the statement is about ("Maddie has been doing club soccer"), not the speaker speaking of her. "huge
news, got the job": the lead is no one who got it.
"""

from __future__ import annotations

import re

# a topic lead: "speaking of Maddie, she's been doing club soccer" is Maddie's (not the speaker speaking)
_SPEAKING_OF = re.compile(r"\b(?:speaking|talking) of (?:(?:my |our )?\w+ )?([A-Z][\w'-]*|\w+),\s*"
                          r"(?:(?:she|he|they)(?:('s|’s) (been\b)?|\b))?", re.I)


def _topic_lead(m: re.Match[str]) -> str:
    if m.group(0).rstrip().endswith(","):  # no pronoun after it: the lead goes, the statement stays
        return ""
    name = m.group(1)
    if m.group(2):  # "she's been doing" -> "Maddie has been doing", "she's doing" -> "Maddie is doing"
        return f"{name} has been " if m.group(3) else f"{name} is "
    return f"{name}"


# greetings the parser reads as a name or a subject (it knows "hi", "hey" and "hello" as interjections)
_OPENING_GREETING = re.compile(r"^\W*(?:hiya|heya|yo|howdy|hallo|hola|ciao|salut|g'day|awright|hii+|heyy+|helloo+)"
                               r"(?:\s+(?:there|all|mate|guys|everyone))?\b[\s,!.]*(?=\w)", re.I)


# a news lead: "ok huge news, got the Waterstones job!!" (the parser makes "news" the one who got it)
_NEWS_LEAD = re.compile(r"^\W*(?:(?:ok|okay|so|and|well|omg)\W+)*(?:(?:huge|big|great|good|some|exciting|amazing|"
                        r"sad|bad|massive)\s+)?news(?:\s*[,!:.\-–]+\s*(?=\w)|\s+(?=(?:got|just|finally|i|we|i'm|"
                        r"we're|officially)\b))", re.I)  # ("BIG NEWS got the head chef job")


# "turns out i do like sushi", "it turns out we're not moving": what was found is what holds now
_FOUND_OUT = re.compile(r"(^|[.!?]\s+)((?:(?:so|and|well|ok|okay|oh|but|weirdly|funnily enough)\W{0,2}\s+)?)"
                        r"(?:it\s+)?turns out(?: that)?\s+(?=(?:i|i'm|im|i've|we|we're|we've|my|our)\b)", re.I)


# an endearment said to the listener at the start: "Well my dear, Buttons went ..." (else "User's dear, Buttons")
_ENDEARMENT = re.compile(r"(^|[.!?]\s+)((?:(?:well|oh|ah|ok|okay|so)\W{0,2}\s+)?)(?:my )?(?:dear|dearie|darling|honey|"
                         r"hun|sweetie|sweetheart|love|pet|friend),\s+(?=\w)", re.I)


# a naming said without its subject: "came home with a kitten. calling her Pickle" (we are calling her)
_NAMING_LEAD = re.compile(r"(^|[.!?]\s+)(?:(?:and|so|ok|we're|were)\s+)?(calling|naming)\s+"
                          r"(?=(?:her|him|it|them)\s+\w)", re.I)


# Scots and northern "that's me retired" (I am now): a state word only ("that's me on the left" is a photo)
_THATS_ME = re.compile(r"\bthat(?:'s|s| is) me\s+((?:(?:now|officially|finally|properly|well and truly)\s+)*)(?=(?:"
                       r"retired|qualified|engaged|married|divorced|single|unemployed|redundant|vegan|vegetarian|"
                       r"sober|pregnant|graduated|moved|settled|self[- ]employed|freelance)\b)", re.I)


# chat's "my" left out before kin: "wife (mei ling) is 12 weeks pregnant", "hubby's got a new job"
# ("well nan's finally agreed", "so grandad moved in with us": after a discourse word too)
_BARE_KIN = re.compile(r"(^|[.!?]\s+)((?:(?:well|so|and|ok|okay|oh|btw|also|anyway|update)\W{0,2}\s+)?)"
                       r"(wife|husband|hubby|missus|girlfriend|boyfriend|fiancee?|mum|mom|mam|dad|nan|nana|nanna|gran|"
                       r"granny|grandma|grandad|granddad|grandpa)"
                       r"(?=\s*\(|'s\b|\s+(?:is|was|has|had|got|just|says|said|wants|thinks|started|quit|left|lives|"
                       r"moved|finally|still|works|retired|agreed|sold|bought|drives|went|became|joined|turned|passed|died|"
                       r"switched|swapped|traded|changed|stopped|packed|jacked|won't|can't|doesn't|isn't)\b)", re.I)


# "am a joiner wi McTaggart's", "am so tired lol": "I am" with its "I" left out, at a sentence's start
_AM = re.compile(r"(^|[.!?]\s+)am\s+(?=(?:a|an|the|so|not|still|now|currently|really|officially|back|on|in|at|with)\b)",
                 re.I)


# "back at mums.", "im back at my parents' for now": living at a parent's again
_BACK_AT_KIN = re.compile(r"(^|[.!?]\s+)(?:(?:so|and|well|ok)\s+)?(?:i'm\s+|im\s+|i am\s+)?back at (?:my )?"
                          r"(mum|mom|mam|parents|folks|dad|nan|gran)(?:'s|s'|s|')(?=\W|$)", re.I)


# "the kids have moved to the village school", "the kids both started swimming": one's own children, at a
# sentence's start before what they did (not "the kids in my class")
_THE_KIDS = re.compile(r"(^|[.!?]\s+)((?:(?:well|so|and|ok|okay|oh|btw|also|anyway|update)\W{0,2}\s+)?)the "
                       r"(kids|children|boys|girls|twins)(?=\s+(?:have|'ve|are|'re|both|all|just|finally|started|"
                       r"moved|go|love|hate|got)\b)"
                       r"|(^|[.!?,]\s+)((?:(?:well|so|and|ok|okay|oh|btw|also|anyway|update)\W{0,2}\s+)*)"
                       r"the (cat|dog|kitten|puppy|rabbit|hamster|tortoise|parrot|budgie|horse|pony)"
                       r"(?='s name\b|'s called\b| is called\b| is named\b)", re.I)  # "the cat's name is Mitzi"


def opened(text: str) -> str:
    """``text`` with a topic lead said as its subject, a greeting the parser misreads said "Hi," and a news lead
    dropped."""
    text = _NEWS_LEAD.sub("", _OPENING_GREETING.sub("Hi, ", _SPEAKING_OF.sub(_topic_lead, text)))
    text = _ENDEARMENT.sub(lambda m: f"{m.group(1)}{m.group(2).rstrip(' ,')}, " if m.group(2) else m.group(1), text)
    text = _FOUND_OUT.sub(lambda m: m.group(1) + m.group(2), text)
    text = _THATS_ME.sub(lambda m: f"I'm {m.group(1).strip() or 'now'} ", text)
    text = _BACK_AT_KIN.sub(lambda m: f"{m.group(1)}I'm living back at my {m.group(2).lower()}'s", text)
    text = _AM.sub(lambda m: f"{m.group(1)}I am ", text)
    text = _BARE_KIN.sub(lambda m: f"{m.group(1)}{m.group(2)}my {m.group(3).lower()}", text)
    text = _THE_KIDS.sub(lambda m: f"{m.group(1) or m.group(4) or ''}{m.group(2) or m.group(5) or ''}my "
                                   f"{(m.group(3) or m.group(6)).lower()}", text)
    return _NAMING_LEAD.sub(lambda m: f"{m.group(1)}we're {m.group(2).lower()} ", text)
