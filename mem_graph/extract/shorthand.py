"""Chat shorthand spelled out for the parser: contractions typed without apostrophes ("im", "dont"), abbreviations
("rn", "bf"), letters typed many times ("sooo"), a question tacked on after a comma, and a few phrases the small
parser misreads ("second hand", "written off", "my boy")."""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import INSTRUMENTS, LANGUAGES
from mem_graph.extract.parties import party_said
from mem_graph.extract.rephrase import rephrase
from mem_graph.extract.requests import request_then_statement
from mem_graph.extract.shifts import shift_said
from mem_graph.extract.teams import team_said

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
    "our boy": "our son", "my lad": "my son", "our lad": "our son",
    # "the Octavia got written off", "finally sorted a new car": an ending, a getting
    "vs code": "VS Code",  # lower-case, "vs" read as "versus"
    "abt": "about", "coz": "because", "cos": "because", "hubby": "husband", "wifey": "wife", "bday": "birthday",
    "b-day": "birthday", "ppl": "people", "smth": "something",
    "thru": "through", "shud": "should", "wud": "would", "cud": "could", "w/": "with", "bc of": "because of",
    # northern English "me" for "my" before kin ("me mam's got the telly on", "me n chloe")
    "me mam": "my mam", "me mum": "my mum", "me dad": "my dad", "me nan": "my nan", "me mates": "my mates",
    "me mate": "my mate", "me missus": "my missus", "me bro": "my brother", "me sister": "my sister",
    "me brother": "my brother", "me n": "me and", "me notice": "my notice", "me job": "my job", "me car": "my car",
    "me phone": "my phone", "me house": "my house", "me flat": "my flat",
    # Scots ("got him signed up wi a team", "she's a section manager noo", "nae mair buses fur me")
    "noo": "now", "nae mair": "no more", "tae": "to", "wi": "with", "aboot": "about", "gonnae": "going to",
    "a'm": "I'm", "fitba": "football", "dinnae": "don't", "cannae": "can't", "didnae": "didn't", "wisnae": "wasn't",
    "isnae": "isn't", "widnae": "wouldn't", "yer": "your", "ye": "you", "abeg": "please", "whit": "what", "fae": "from",
    "masel": "myself", "hersel": "herself", "hissel": "himself",
    # "the wife moira is still at the council", "the missus is in bits": one's own spouse, said British
    "the wife": "my wife", "the missus": "my missus", "the hubby": "my husband", "the other half": "my partner",
    "willnae": "won't", "hoose": "house", "efter": "after", "oot": "out", "doon": "down", "mair": "more",
    "name's": "name is",  # "her name's Tattie": the parser read "name" as a possessor
    "her names": "her name is", "his names": "his name is",
    "my babe": "my partner", "my bae": "my partner", "my boo": "my partner",  # ("my babe Adaeze")
    "wfh": "working from home",
    "my fella": "my partner", "my bloke": "my partner",  # ("my fella Dom does most of the cooking")
    "sis": "sister", "my bro": "my brother", "lil bro": "little brother", "big bro": "big brother",
    # a diet typed as two words ("fully plant based since jan"): the lexicon's hyphenated name
    "plant based": "plant-based", "gluten free": "gluten-free", "dairy free": "dairy-free",
    "lactose free": "lactose-free", "low carb": "low-carb",
    "hands down my": "my", "hands-down my": "my",  # ("thai is hands down my favourite": "hands" read as the subject)
    "red bull": "redbull", "red bulls": "redbulls",  # (one word, as the drinks lexicon knows it)
    "best mate": "best friend", "best mates": "best friends",  # ("my best mate is Sophie these days")
    "i'm more into": "i'm into", "im more into": "im into", "i'm much more into": "i'm into",  # (a taste now)
    "team lead": "team leader",  # ("I'm now team lead": "team" read as the subject of "lead")
    "written off": "totalled", "wrote off": "totalled", "sorted a new": "got a new", "sorted out a new": "got a new",
    # British selling and trading: "flogged the violin on marketplace", "part-exed the old girl for an Ioniq"
    "flogged": "sold", "flogging": "selling", "part-exed": "traded in", "part exed": "traded in", "px'd": "traded in",
    "part-exchanged": "traded in", "treated myself to": "bought myself",
}
_SHORTHAND_RE = re.compile(r"(?<![\w'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True))
                           + r")(?![\w]|'(?!s\b))", re.I)  # (before "'s": "me mam's" -> "my mam's")


# a lower-case "r" between words is "are" ("flights r crazy", "u r the best"); not after a word that names a
# language ("i use r", "coding in r")
_ARE = re.compile(r"(?<=[a-z] )r(?= [a-z])")
# a lone lower-case "w" between words is "with" ("done w hockey", "the gym w my friend jayden")
_WITH = re.compile(r"(?<=[a-z] )w(?= [a-z])")
# a lone lower-case "n" between words is "and" ("sold my xbox n got a ps5", "me n jo")
_AND = re.compile(r"(?<=[a-z0-9] )n(?= [a-z])")
_R_LANGUAGE_BEFORE = frozenset({"use", "uses", "using", "used", "in", "learn", "learning", "learned", "and", "or",
                                "with", "like", "code", "coding", "write", "writing", "know", "of", "python", "prefer"})
# a letter typed three times or more ("sooo", "hiii", "yesss"): once if that spells a word, else twice ("coool")
_STRETCHED = re.compile(r"(?<![\w./@-])[a-z]*([a-z])\1{2,}[a-z]*(?![\w./@-])")


# a question tacked on after a comma ("ebba has moved to london, i am nervous, is london safe?"): its own sentence,
# so the statements before it are read (a sentence that ends in "?" is a question and states nothing)
_TACKED_QUESTION = re.compile(r",\s+(?=(?:is|are|do|does|did|can|could|should|would|will|what|whats|what's|how|"
                              r"where|when|why|who|which|any|anyone|pls|please|got any|you got any|best|good|"
                              r"decent|cheapest)\b[^,.!?;]*\?+"
                              r"(?:\s|$)|(?:how|what|where|when|why|which)\s+(?:\w+\s+)?(?:do|does|can|could|should|would|shall)\s+(?:i|we)\b"
                              r"[^,.!?;]*$|any (?:\w+ )?(?:tips|ideas|advice|suggestions|recs|recommendations)\b"
                              r"[^.!?;]*$)",
                              re.I)  # (or without its "?": ", how do I prep him for secondary", ", any tips on ...")


# a statement, then what is asked after its last comma ("zara moved to Glasgow so that's off lol, cheap trains to
# Glasgow?"): the statement is a sentence of its own (not "if i move, would i need a car?", nor one that asks)
_STATEMENT_THEN_ASKED = re.compile(r"((?:^|[.!?]\s+)(?:(?:ok|so|and|but|well|lol|honestly|also|update)\W+)*"
                                   r"(?!(?:if|when|as|since|because|once|unless|whether|what|where|when|why|how|who|"
                                   r"which|is|are|do|does|did|can|could|should|would|will|any)\b)"
                                   r"(?:i|i'm|im|i've|we|we're|we've|my|our|he|she|they|he's|she's|they're|they've|[a-z]+'s|"
                                   # (or chat's subjectless news: "cut coffee out 2 weeks ago, when do ...?")
                                   r"(?:moved|switched|started|quit|left|cut|bought|sold|finished|joined|passed|swapped|"
                                   r"ditched|cancelled|changed|stopped|retired|got(?!\s+any\b))|"
                                   r"(?-i:[A-Z][a-z]+))\s+[^,.!?]{3,}"
                                   r"(?:,[^,.!?]+)*?),\s+(?=[^,.!?]*\?+\s*$)", re.I)
_LEADS_INTO_QUESTION = re.compile(r"^\W*(?:as|if|when|since|because|given|for|with|after|before|once|now that)\b",
                                  re.I)


# "we renamed the cat Mochi, pickle didn't suit her": a comma splice before a last negated clause with a one-word
# subject (not "we've renamed the dog, bramble didn't suit her, she's skye now": pet_names.py reads it whole)
_SPLICED_NOT = re.compile(r",\s+(?=(?!(?:and|but|so|or|because|cos|though|which|who|if|when)\b)[a-z]+\s+"
                          r"(?:didn't|doesn't|wasn't|isn't|won't|can't|couldn't)\b[^,.!?]*(?:[.!?]|$))", re.I)


def says_then_asks(sentence: str) -> bool:
    """``sentence`` states something before the question it ends with ("jo's training to be a teacher now, how do
    we cope on one wage?"): not a question as a whole (``expand_shorthand`` makes the statement a sentence)."""
    return not _LEADS_INTO_QUESTION.match(sentence) and bool(_STATEMENT_THEN_ASKED.search(sentence))


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


# "sis Tui started at Fonterra": chat's kin word for the speaker's own, before a name
_KIN_FIRST = re.compile(r"(^\W*|[.!?]\s+)(?:(?:lil|little|big|baby)\s+)?(sis|bro)\s+(?=[A-Z][a-z])", re.I)


# forum shorthand for in-laws, capitals only ("MIL sold the durban flat"; "2 mil" is a number): the speaker's own
# unless another owner is said
_IN_LAW = re.compile(r"(?<![\w'])(?:(my|our|his|her|their) )?(MIL|FIL|SIL|BIL)(?![\w])")
_IN_LAWS = {"MIL": "mother-in-law", "FIL": "father-in-law", "SIL": "sister-in-law", "BIL": "brother-in-law"}


# "I'm a smoker", "im a heavy smoker", "I'm an ex-smoker": the habit, said with its verb (the slot rules read "I smoke")
_A_SMOKER = re.compile(r"\b(I'm|I am|im|(?:my|our) [a-z]+(?: (?-i:[A-Z])[a-z]+)? is|(?-i:[A-Z])[a-z]+ is)\s+an?\s+"
                       r"(?:(ex-?\s?|former\s+)|(?:heavy|social|chain|light|daily)\s+)?(smoker|vaper)\b", re.I)


def _smokes(m: re.Match[str]) -> str:
    """"I'm a smoker" -> "I smoke", "my partner Kim is an ex-smoker" -> "my partner Kim used to smoke"."""
    who = "I" if m.group(1).lower() in ("i'm", "i am", "im") else m.group(1)[:-3]
    verb = "smoke" if m.group(3).lower() == "smoker" else "vape"
    if who == "I":
        return f"I used to {verb}" if m.group(2) else f"I {verb}"
    # ("my partner Kim smokes. Any tips?" parsed "smokes" as a noun: said with its object)
    return f"{who} used to {verb}" if m.group(2) else f"{who} {verb}s cigarettes" if verb == "smoke" else f"{who} vapes"


# "I'm a keen runner", "im an avid cyclist", "I'm a former swimmer": the pastime, said with its verb
_PASTIME_PEOPLE = {"runner": "go running", "jogger": "go jogging", "swimmer": "swim", "cyclist": "go cycling",
                   "climber": "go climbing", "boulderer": "go bouldering", "hiker": "go hiking", "surfer": "go surfing",
                   "skier": "go skiing", "snowboarder": "go snowboarding", "golfer": "play golf", "rower": "row",
                   "kayaker": "go kayaking", "skateboarder": "go skateboarding"}
_A_PASTIME_PERSON = re.compile(r"\b(I'm|I am|im)\s+an?\s+(?:(ex-?\s?|former\s+)|(?:keen|avid|big|casual|amateur|"
                               r"regular|serious|passionate|obsessive|weekend|club|competitive|marathon|trail|"
                               r"road|fair-weather|huge)\s+)?(" + "|".join(_PASTIME_PEOPLE) + r")\b(?!\s+(?:at|for)\b)",
                               re.I)
# "my new favourite film is Dune, sorry jaws", "moved to leeds, sorry mum": an apology tacked on, no part of the fact
# "my dog's name is Bella not Stella": the name said, the one taken back dropped for the parse (correction.py and
# continuation.corrected read "its Hillview not Hillside" as typed); an aside after it ("..., autocorrect sorry")
# goes with it
_NAME_NOT = re.compile(r"\b((?:name is|name's|names|called|named)\s+(?-i:[A-Z])[\w'-]+)(?:\s*,)?\s+not\s+"
                       r"(?-i:[A-Z])[\w'-]+"
                       r"(?:\s*,\s*(?:autocorrect|typo|sorry|oops|my bad|lol)(?:\s+(?:sorry|lol|oops))*)?", re.I)


_SORRY_TAIL = re.compile(r",\s*sorry(?:\s+(?:not sorry|[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?))?\s*(?=[.!?]|$)", re.I)
# brands chat types in lower case, written as their makers do so a model number stays with them ("the iphone 15 pro")
_BRANDS = {"iphone": "iPhone", "ipad": "iPad", "imac": "iMac", "macbook": "MacBook", "airpods": "AirPods"}
_BRAND = re.compile(r"\b(iphone|ipad|imac|macbook|airpods)\b|\b(pixel|galaxy)(?= (?:[a-z]?\d))")
_SIZE = re.compile(r"\b((?:iPhone|iPad|Pixel|Galaxy|MacBook) (?:[A-Za-z]?\d+[a-z]?|Air|Pro))"
                   r" (pro|max|plus|ultra|mini|air|lite)\b")
_WITH_BOTH = re.compile(r"\bwith (my|our|his|her|their) (?:mum|mom|mam|mother) (?:and|&) (?:dad|father)\b", re.I)
_SHARE = re.compile(r"\b(flat|house|room)[ -]share\b", re.I)
# "in-n-out", "rock-n-roll sushi": a name chat wrote in lower case, which the parser splits into words ("in", "out")
_N_NAME = re.compile(r"(?<![\w-])[a-z]+-n-[a-z]+(?![\w-])")
# "i've dropped french": a language no longer learnt, said as that (the parse reads "dropped French." as a verb and
# an adverb; not "polish": nail polish)
_DROPPED_LANGUAGE = re.compile(r"\b(dropped|quit|stopped|ditched|gave up|given up)\s+(" + "|".join(
    lang for lang in LANGUAGES if lang != "polish") + r")\b(?![-\w]|\s+(?!(?:and|but|so|now|because|cos|last|"
    r"this|after|at|in|too|lol)\b)[a-z])", re.I)
_STOPPED_FORM = {"gave up": "gave up", "given up": "given up"}


def expand_shorthand(text: str) -> str:
    """``text`` with each shorthand word or phrase spelled out ("im" -> "I'm"; a capitalised one stays so)."""
    text = _STRETCHED.sub(_unstretched, _SHOUTED.sub(_unshouted, text))
    text = rephrase(text)  # phrasings the small parser misreads (rephrase.py)
    if not _LEADS_INTO_QUESTION.match(text):  # ("as a vegan, can I eat this?": one question)
        text = _STATEMENT_THEN_ASKED.sub(r"\1. ", _TACKED_QUESTION.sub(". ", text))
    text = _SPLICED_NOT.sub(". ", text)
    text = _ARE.sub(lambda m: "r" if text[:m.start()].split()[-1] in _R_LANGUAGE_BEFORE else "are", text)
    text = _AND.sub("and", _WITH.sub("with", text))
    text = _N_NAME.sub(lambda m: m.group(0).title(), text)
    text = _DROPPED_LANGUAGE.sub(lambda m: f"{_STOPPED_FORM.get(m.group(1).lower(), 'stopped')} learning "
                                           f"{m.group(2).capitalize()}", text)
    text = _A_SMOKER.sub(_smokes, text)
    text = party_said(team_said(_SORRY_TAIL.sub("", _NAME_NOT.sub(r"\1", shift_said(text)))))
    text = _SHARE.sub(lambda m: f"{m.group(1)}share", text)  # "a flat share in Brixton": one word, a home
    text = _BRAND.sub(lambda m: _BRANDS[m.group(1)] if m.group(1) else m.group(2).capitalize(), text)
    text = _SIZE.sub(lambda m: f"{m.group(1)} {m.group(2).capitalize()}", text)  # "iPhone 16 pro" -> "16 Pro"
    text = _WITH_BOTH.sub(lambda m: f"with {m.group(1)} parents", text)  # "live with my mum and dad": one home
    text = _A_PASTIME_PERSON.sub(lambda m: f"I {'used to ' if m.group(2) else ''}"
                                 f"{_PASTIME_PEOPLE[m.group(3).lower()]}", text)
    text = _KIN_FIRST.sub(lambda m: f"{m.group(1)}my {'sister' if m.group(2).lower() == 'sis' else 'brother'} ",
                          text)
    text = _IN_LAW.sub(lambda m: f"{m.group(1) or 'my'} {_IN_LAWS[m.group(2)]}", text)
    text = _WAS_ON.sub("I used to play ", text)
    text = _DROPPED_G.sub(_with_g, _BTW_TAIL.sub("", _WED.sub(lambda m: f"{m.group(1) or ''}Wednesday", text)))
    return request_then_statement(_SHORTHAND_RE.sub(_spelled, text))


# "mon wed fri": the weekday (the tokenizer splits "wed" as "we'd")
# (weekday neighbours only: "met in 2019 and wed in june" is the verb)
_WED = re.compile(r"\b((?:mon|tue|tues|on|every)[\s,/&]+(?:(?:and|or)\s+)?)wed\b"
                  r"|\bwed(?=[\s,/&]+(?:(?:and|or)\s+)?(?:thu|thur|thurs|fri|sat|sun)\b)", re.I)


# "i was on trombone in the uni jazz band", "I was on drums back then": an instrument played, said in the past
_WAS_ON = re.compile(r"\b(i was|i used to be) on (?:the )?(?=(?:" + "|".join(INSTRUMENTS.split()) + r")\b)", re.I)


# a "btw" tacked on after what it marks ("we renamed the pup Biscuit btw, ..."), a "yaar" or "bro" after a clause
# ("sold off the enfield finally yaar, the Nexon ..."): the parser reads it as a noun or a verb
_BTW_TAIL = re.compile(r"(?<=\w)\s+(?:btw|fyi|lol|yaar|bruh|dude|innit|lah|ngl|tbh)(?=\s*[,.!;]\s)", re.I)
# a dropped g ("i'm done fishin", "started drivin the school bus", "somethin"): spelled out when the word with
# its g is a word and the word as typed is none ("cabin", "begin", "within" stay)
# words of the web that end in "in" and drop no "g": "added him on linkedin", "my login"
_IN_WORDS = frozenset({"linkedin", "login", "logon", "checkin", "plugin", "admin", "bitcoin", "builtin", "signin",
                       "mixin", "kotlin", "tiffin"})
_DROPPED_G = re.compile(r"(?<![\w'])([a-z]{2,}in)'?(?![\w'])")


def _with_g(m: re.Match[str]) -> str:
    from mem_graph.extract.lexicon import GIVEN_NAMES
    from mem_graph.extract.places import is_place_name
    from mem_graph.extract.wordlist import is_common_word, is_english_word

    word = m.group(1)
    if word in GIVEN_NAMES or word in _IN_WORDS or is_place_name(word) or is_english_word(word):  # ("dustin",
        # "erin", "dublin", "linkedin")
        return m.group(0)
    return f"{word}g" if is_common_word(f"{word}g") else m.group(0)


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
