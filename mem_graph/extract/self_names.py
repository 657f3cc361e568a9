"""The speaker's own name changed, said the way people say it: "everyone calls me Kat now", "please call me Kat",
"I go by Sam these days", "changed my name to Jo Patel", "I got married so it's Jo Patel now".

No verb lexicon reads these as a name (the name is the object of "call", or a bare "it's X now"). Each is said back as
"my name is X now", which the name slot reads, so the earlier name ends. A name must be written capitalised and be no
everyday word ("call me crazy", "call me Monday" name nobody); "it's X now" counts only in a turn that talks of a
name or a marriage.
"""

from __future__ import annotations

import re

from mem_graph.extract.wordlist import is_common_word

_NAME = r"(?P<n>(?-i:[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?: [A-Z][a-z]+(?:-[A-Z][a-z]+)?)?))"
_END = (r"(?=\s*(?:$|[,.!;:?)])|\s(?:now|too|instead|please|pls|from now on|these days|nowadays|lol|haha|and|but|"
        r"so)\b)")  # ("call me Tom from now on": one space, then the word)
# "everyone calls me Kat now", "please call me Kat", "you can just call me Kat"
_CALL_ME = re.compile(r"\b(?:please|pls|just|you can|u can|can you|everyone|everybody|people|they all|all my friends|"
                      r"my friends|friends|most people)\s+(?:just\s+|now\s+)?(?:calls?|calling) me " + _NAME + _END,
                      re.I)
# "I go by Sam these days", "I've gone by Sam since uni"
_GO_BY = re.compile(r"\b(?:i|i've|ive|i have)\s+(?:now\s+|actually\s+|mostly\s+)?(?:go|gone) by " + _NAME
                    + r"(?=\s+(?:now|these days|nowadays|since)\b)", re.I)
# "changed my name to Jo Patel", "my new name is Jo Patel", "legally Jo Patel now"
_RENAMED = re.compile(r"\b(?:changed|changing) my name (?:legally |officially )?to " + _NAME + _END
                      + r"|\bmy new name is " + _NAME.replace("<n>", "<m>") + _END, re.I)
# "so it's Jo Patel now!", "I'm officially Mrs Patel now" (only beside a marriage or a name)
_ITS_NOW = re.compile(r"\b(?:it's|its|it is|i'm|im|i am) (?:officially |legally )?"
                      r"(?P<t>(?-i:(?:Mrs|Ms|Mr|Dr)\.? ))?" + _NAME + r" now\b", re.I)
_NAME_TALK = re.compile(r"\b(?:married|wedding|surname|maiden|name|deed poll|took (?:his|her|their) name)\b", re.I)


_CALENDAR = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
                       "february", "march", "april", "may", "june", "july", "august", "september", "october",
                       "november", "december"})


def _a_name(said: str) -> bool:
    words = [w.lower() for w in said.split() if w.rstrip(".") not in ("Mrs", "Ms", "Mr", "Dr")]
    return bool(words) and not any(is_common_word(w) or w in _CALENDAR for w in words)


def name_said(text: str) -> list[str]:
    """"my name is X now" for the name ``text`` says the speaker goes by now (see the module doc)."""
    said = [m.group("n") for p in (_CALL_ME, _GO_BY) for m in p.finditer(text)]
    said += [m.group("n") or m.group("m") for m in _RENAMED.finditer(text)]
    if _NAME_TALK.search(text):
        said += [f"{m.group('t') or ''}{m.group('n')}" for m in _ITS_NOW.finditer(text) if " " in m.group("n")
                 or m.group("t")]  # (one bare word is a mood or a nickname: "it's Friday now")
    return [f"my name is {n} now" for n in dict.fromkeys(said) if _a_name(n)][:1]
