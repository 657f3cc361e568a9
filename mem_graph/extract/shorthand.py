"""Chat shorthand spelled out for the parser: contractions typed without apostrophes ("im", "dont"), abbreviations
("rn", "bf"), and a few phrases the small parser misreads ("second hand", "written off", "my boy")."""

from __future__ import annotations

import re

# chat spellings of contractions ("im", "dont", "havent") and shorthand the parser does not know
SHORTHAND = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "wont": "won't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't",
    "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't", "wouldnt": "wouldn't", "couldnt": "couldn't",
    "shouldnt": "shouldn't", "thats": "that's", "whats": "what's", "hes": "he's", "shes": "she's",
    "theyre": "they're", "youre": "you're", "ur": "your", "u": "you", "bf": "boyfriend", "gf": "girlfriend",
    "bff": "best friend", "rn": "right now", "atm": "at the moment", "tho": "though", "cuz": "because", "bc": "because",
    "pls": "please", "plz": "please", "yrs": "years", "wanna": "want to", "gonna": "going to", "gotta": "have to",
    "kinda": "kind of", "fave": "favourite", "fav": "favourite", "sorta": "sort of", "my little boy": "my son",
    "my little girl": "my daughter",  # (not "my girl": often a partner)
    "second hand": "used", "second-hand": "used", "secondhand": "used",  # the parser read "hand" as the thing
    "all time favourite": "favourite", "all-time favourite": "favourite", "all time fav": "favourite",
    "all-time fav": "favourite", "software eng": "software engineer", "swe": "software engineer", "my boy": "my son",
    # "the Octavia got written off", "finally sorted a new car": an ending, a getting
    "vs code": "VS Code",  # lower-case, "vs" read as "versus"
    "written off": "totalled", "wrote off": "totalled", "sorted a new": "got a new", "sorted out a new": "got a new",
}
_SHORTHAND_RE = re.compile(r"(?<![\w'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True)) + r")(?![\w'])", re.I)


def expand_shorthand(text: str) -> str:
    """``text`` with each shorthand word or phrase spelled out ("im" -> "I'm"; a capitalised one stays so)."""
    return _SHORTHAND_RE.sub(_spelled, text)


def _spelled(m: re.Match[str]) -> str:
    word = m.group(1)
    out = SHORTHAND[word.lower()]
    return out if word[:1].islower() or out.startswith("I") else out[:1].upper() + out[1:]
