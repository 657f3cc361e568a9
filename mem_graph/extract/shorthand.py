"""Chat shorthand spelled out for the parser: contractions typed without apostrophes ("im", "dont"), abbreviations
("rn", "bf"), letters typed many times ("sooo"), a question tacked on after a comma, and a few phrases the small
parser misreads ("second hand", "written off", "my boy")."""

from __future__ import annotations

import re
from functools import lru_cache

# chat spellings of contractions ("im", "dont", "havent") and shorthand the parser does not know
SHORTHAND = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "wont": "won't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't",
    "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't", "wouldnt": "wouldn't", "couldnt": "couldn't",
    "shouldnt": "shouldn't", "thats": "that's", "whats": "what's", "hes": "he's", "shes": "she's",
    "theyre": "they're", "youre": "you're", "ur": "your", "u": "you", "bf": "boyfriend", "gf": "girlfriend",
    "veggie": "vegetarian",  # ("i'm veggie and work shifts": the noun "veggie" took "work" for a noun too)
    "bff": "best friend", "rn": "right now", "atm": "at the moment", "tho": "though", "cuz": "because", "bc": "because",
    "pls": "please", "plz": "please", "yrs": "years", "wanna": "want to", "gonna": "going to", "gotta": "have to",
    "kinda": "kind of", "fave": "favourite", "fav": "favourite", "sorta": "sort of", "my little boy": "my son",
    "my little girl": "my daughter",
    "my little one": "my child", "our little one": "our child",  # (not "my girl": often a partner)
    "second hand": "used", "second-hand": "used", "secondhand": "used",  # the parser read "hand" as the thing
    "all time favourite": "favourite", "all-time favourite": "favourite", "all time fav": "favourite",
    "all-time fav": "favourite", "software eng": "software engineer", "swe": "software engineer", "my boy": "my son",
    # "the Octavia got written off", "finally sorted a new car": an ending, a getting
    "vs code": "VS Code",  # lower-case, "vs" read as "versus"
    "abt": "about", "coz": "because", "cos": "because", "hubby": "husband", "wifey": "wife", "bday": "birthday",
    "b-day": "birthday", "ppl": "people", "smth": "something",
    "thru": "through", "shud": "should", "wud": "would", "cud": "could", "w/": "with", "bc of": "because of",
    # northern English "me" for "my" before kin ("me mam's got the telly on", "me n chloe")
    "me mam": "my mam", "me mum": "my mum", "me dad": "my dad", "me nan": "my nan", "me mates": "my mates",
    "me mate": "my mate", "me missus": "my missus", "me bro": "my brother", "me sister": "my sister",
    "me brother": "my brother", "me n": "me and",
    "team lead": "team leader",  # ("I'm now team lead": "team" read as the subject of "lead")
    "written off": "totalled", "wrote off": "totalled", "sorted a new": "got a new", "sorted out a new": "got a new",
}
_SHORTHAND_RE = re.compile(r"(?<![\w'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True))
                           + r")(?![\w]|'(?!s\b))", re.I)  # (before "'s": "me mam's" -> "my mam's")


# a lower-case "r" between words is "are" ("flights r crazy", "u r the best"); not after a word that names a
# language ("i use r", "coding in r")
_ARE = re.compile(r"(?<=[a-z] )r(?= [a-z])")
_R_LANGUAGE_BEFORE = frozenset({"use", "uses", "using", "used", "in", "learn", "learning", "learned", "and", "or",
                                "with", "like", "code", "coding", "write", "writing", "know", "of", "python", "prefer"})
# a letter typed three times or more ("sooo", "hiii", "yesss"): once if that spells a word, else twice ("coool")
_STRETCHED = re.compile(r"(?<![\w./@-])[a-z]*([a-z])\1{2,}[a-z]*(?![\w./@-])")


# a question tacked on after a comma ("ebba has moved to london, i am nervous, is london safe?"): its own sentence,
# so the statements before it are read (a sentence that ends in "?" is a question and states nothing)
_TACKED_QUESTION = re.compile(r",\s+(?=(?:is|are|do|does|did|can|could|should|would|will|what|whats|what's|how|"
                              r"where|when|why|who|which|any|anyone|pls|please)\b[^,.!?;]*\?\s*$)", re.I)


_LEADS_INTO_QUESTION = re.compile(r"^\W*(?:as|if|when|since|because|given|for|with|after|before|once|now that)\b",
                                  re.I)


# words typed in capitals for emphasis ("MARRIED.", "i GOT THE JOB", "WE MOVED TO LEEDS"): a word of four letters
# or more, or any word of a run of three, so that a lone "IT", "HR" or "NYC" stays an acronym; a word the lexicon
# does not know ("NASA"), or one after a capitalised word ("IntelliJ IDEA"), stays as typed
_SHOUTED = re.compile(r"(?<![\w'])[A-Z]{4,}(?![\w'])|(?<![\w'])[A-Z][A-Z']*(?:[ ,]+[A-Z][A-Z']*){2,}(?![\w'])")


def _unshouted(m: re.Match[str]) -> str:
    from mem_graph.extract.wordlist import is_english_word

    before = m.string[:m.start()].rstrip(" ").rpartition(" ")[2]
    if " " not in m.group(0) and before[:1].isupper() and before[-1:].isalpha():
        return m.group(0)  # a name's last word: "IntelliJ IDEA"
    return re.sub(r"[A-Z][A-Z']*", lambda w: w.group(0).lower() if is_english_word(w.group(0).lower())
                  and w.group(0) != "I" else w.group(0), m.group(0))


# a tool's name as its makers write it, where capitalising the first letter is not it
_TECH_SPELLING = {w.lower(): w for w in (
    "AWS", "GCP", "PHP", "MSSQL", "MySQL", "PostgreSQL", "MongoDB", "GraphQL", "gRPC", "JavaScript", "TypeScript",
    "GitHub", "GitLab", "NodeJS", "FastAPI", "PyTorch", "TensorFlow", "SQLite", "NumPy", "IntelliJ", "PyCharm",
    "DynamoDB", "VSCode", "BigQuery", "MariaDB", "ClickHouse", "RabbitMQ", "CouchDB", "DuckDB", "CircleCI", "WebStorm",
    "JetBrains", "SwiftUI", "NextJS", "SQLServer", "CockroachDB", "InfluxDB", "OpenSearch", "PlanetScale", "jQuery")}
# tool names that are also everyday nouns ("my python ate a mouse", "I'm an illustrator"): typed as they were
_TECH_AS_WORD = frozenset({"python", "atom", "flask", "helix", "pandas", "snowflake", "oracle", "illustrator",
                           "elixir", "git", "cassandra"})


@lru_cache(maxsize=1)
def _tech_name() -> re.Pattern[str]:
    """Tool names typed in lower case that are no everyday word: the small parser reads "java" in "i code in java
    at work" as an adverb, "kafka" as a verb; written "Java", "Kafka" they parse as the names they are."""
    from mem_graph.extract.catalogue import DATABASES, EDITORS
    from mem_graph.extract.lexicon import TECH
    from mem_graph.extract.wordlist import is_common_word

    names = {w for w in (*TECH, *EDITORS, *DATABASES) if w.isalpha() and w.islower() and w not in _TECH_AS_WORD
             and not is_common_word(w)}
    return re.compile(r"(?<![\w'./@#-])(" + "|".join(sorted(names, key=len, reverse=True)) + r")(?![\w'@-]|\.\w)")


def _tech_spelled(m: re.Match[str]) -> str:
    word = m.group(1)
    return _TECH_SPELLING.get(word, word[:1].upper() + word[1:])


# "work switched us over to Kotlin", "the company moved me to Leeds": we switched, I moved
_MOVED_BY = re.compile(r"\b(?:work|my (?:work|job|company|employer|boss|team|school|uni)|the (?:company|team|"
                       r"school|uni|office|boss|client|firm)|they|management)\s+(switched|moved|migrated|"
                       r"transitioned)\s+(us|me)\s+(?:all\s+)?(?:over\s+)?(?:to|onto)\b", re.I)


# "i've been promoted, head of maths from september": promoted to it
_PROMOTED_COMMA = re.compile(r"\b(promoted)\s*[,:!-]+\s*(?=(?:now\s+)?(?:head of|deputy|senior|lead|team lead|manager|"
                             r"director|principal|chief|vp)\b)", re.I)


# "we got him into st marys": he got into it (a place at a school, admission.py)
_GOT_THEM_INTO = re.compile(r"\b(?:we|i|we've|i've)\s+(?:finally\s+)?got\s+(him|her|them|[a-z]+)\s+into\s+(?=\S)",
                            re.I)
_SUBJECT_FORM = {"him": "he", "her": "she", "them": "they"}


def _got_into(m: re.Match[str]) -> str:
    who = m.group(1)
    if who.lower() not in _SUBJECT_FORM and not who[:1].isupper() and who.lower() not in _names_given():
        return m.group(0)  # "we got it into the car"
    return f"{_SUBJECT_FORM.get(who.lower(), who)} got into "


@lru_cache(maxsize=1)
def _names_given() -> frozenset[str]:
    from mem_graph.extract.lexicon import GIVEN_NAMES

    return frozenset(GIVEN_NAMES)


# "whole frontend is react now": the speaker's team's (role_nouns.py)
_WHOLE_STACK = re.compile(r"(?<![\w'])(?:the\s+)?(whole|entire)\s+(?=(?:frontend|front end|backend|back end|codebase|"
                          r"code base|stack|tech stack|app|api|infra|pipeline)\b)", re.I)


# "got an offer from deloitte, start in 2 weeks": an offer taken, a start ahead ("starting at deloitte in 2 weeks")
_OFFER_THEN_START = re.compile(r"\b(?:got|accepted|took|taking|accepting)\s+(?:an?|the|their)\s+(?:job\s+)?offer\s+"
                               r"(?:from|at|with)\s+([\w&'.-]+)\s*[,;!.-]+\s*(?:and\s+)?(?:i\s+)?(?:start|starting)\s+"
                               r"(?=in|on|next|this|monday|tuesday|wednesday|thursday|friday|tomorrow|after|from)",
                               re.I)


# "the doctor put me on statins", "my gp switched me from metformin to ozempic": what the speaker takes now
_PRESCRIBED = re.compile(r"\b(?:the |my )?(?:doctor|doc|gp|consultant|psychiatrist|specialist|dr\.? [a-z]+)\s+"
                         r"(?:has\s+|just\s+)?(put|started|switched|moved)\s+me\s+(?:from\s+([\w-]+(?:\s+[\w-]+)?)\s+)?"
                         r"(?:on|onto|to)\s+", re.I)


def _prescribed(m: re.Match[str]) -> str:
    if m.group(1).lower() in ("put", "started"):
        return "I'm on "
    return f"I switched {'from ' + m.group(2) + ' ' if m.group(2) else ''}to "


# "switched me to something called ozempic": the name is the thing
_SOMETHING_CALLED = re.compile(r"\b(?:something|a thing|some(?:thing)? new|a (?:new )?(?:drug|medication|med|medicine|"
                               r"tablet|pill|injection|app|tool))\s+(?:called|named)\s+(?=[\w-]+)", re.I)


# "i go to the gym at puregym", "i'm a member at the leisure centre": the gym is the place named
_GYM_AT = re.compile(r"\b(go|goes|going|went|train|training|trains)\s+(to|at)\s+the\s+gym\s+at\s+", re.I)
_GYM_MEMBER = re.compile(r"\b(?:i'm|i am|im)\s+(?:a\s+)?member\s+(?:at|of)\s+(?=(?:the\s+)?(?:puregym|gym|leisure|"
                         r"david lloyd|anytime fitness|planet fitness|virgin active|nuffield|fitness|crossfit|ymca|"
                         r"f45|equinox|bannatyne)\b)", re.I)


def expand_shorthand(text: str) -> str:
    """``text`` with each shorthand word or phrase spelled out ("im" -> "I'm"; a capitalised one stays so)."""
    text = _STRETCHED.sub(_unstretched, _SHOUTED.sub(_unshouted, text))
    text = _tech_name().sub(_tech_spelled, text)
    text = _PROMOTED_COMMA.sub(r"\1 to ", text)
    text = _OFFER_THEN_START.sub(r"I'm starting at \1 ", text)
    text = _PRESCRIBED.sub(_prescribed, _SOMETHING_CALLED.sub("", text))
    text = _GYM_MEMBER.sub("I go to ", _GYM_AT.sub(r"\1 \2 ", text))
    text = _GOT_THEM_INTO.sub(_got_into, text)
    text = _WHOLE_STACK.sub(lambda m: f"our {m.group(1)} ", text)
    text = _MOVED_BY.sub(lambda m: f"{'we' if m.group(2).lower() == 'us' else 'I'} {m.group(1)} to", text)
    if not _LEADS_INTO_QUESTION.match(text):  # ("as a vegan, can I eat this?": one question)
        text = _TACKED_QUESTION.sub(". ", text)
    text = _ARE.sub(lambda m: "r" if text[:m.start()].split()[-1] in _R_LANGUAGE_BEFORE else "are", text)
    return _SHORTHAND_RE.sub(_spelled, text)


def _unstretched(m: re.Match[str]) -> str:
    from mem_graph.extract.wordlist import is_common_word, is_english_word

    word = m.group(0)
    if len(set(word)) < 2:  # "www", "aaa", "zzz": as typed
        return word
    once, twice = re.sub(r"([a-z])\1{2,}", r"\1", word), re.sub(r"([a-z])\1{2,}", r"\1\1", word)
    for known in (is_common_word, is_english_word):  # "sooo" -> "so", "coool" -> "cool" (not "col")
        for form in (once, twice):
            if known(form):
                return form
    return once


def _spelled(m: re.Match[str]) -> str:
    word = m.group(1)
    out = SHORTHAND[word.lower()]
    return out if word[:1].islower() or out.startswith("I") else out[:1].upper() + out[1:]
