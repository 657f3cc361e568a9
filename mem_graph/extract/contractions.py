"""A contracted "is" or "has" after a name or "my <noun>", said in full before the parse: "maya's in leeds now",
"tunde's switched jobs", "my daughter's 8" (the parser reads the "'s" of a name as a possessive)."""

from __future__ import annotations

import re

# (not a name ending in "s": "St James's in Leeds" is a possessive, the hospital; nor a saint's: "St Mary's on Monday")
_IS = re.compile(r"(?<!St )(?<!St\. )(?<!Saint )\b(?!Let's)([A-Z][a-z]*[a-rt-z]|"
                 r"(?:[Mm]y|[Oo]ur) [a-z]+)'s (?=(?:at|in|a|an|now|still|so|really|"
                 r"from|with|back|not|moving|living|working|dating|married|engaged|retired|vegan|vegetarian|"
                 r"my|on|off|into|over|pregnant|expecting|home|away|going|doing|getting|studying|training|"
                 r"learning|retraining|teaching|renting|volunteering|freelancing|commuting|coeliac|celiac|"
                 r"diabetic|allergic|asthmatic|epileptic|dyslexic|autistic|single|divorced|separated|unemployed|"
                 r"redundant|pescatarian|"
                 r"gone(?=\s*(?:$|[,.!?;]|now\b|for good\b|forever\b)))\b)")  # ("trello's gone, ...")
# "the kuga's gone, got an MG4": a thing gone (the parser reads "kuga's gone" as a possessive, the subject of "got")
_THING_GONE = re.compile(r"\b([Tt]he [a-z]+)'s gone(?=\s*(?:$|[,.!?;]|now\b|for good\b|forever\b))")
# "tunde's switched jobs", "my sister's moved to leeds": a contracted "has" before a past participle
_HAS = re.compile(r"\b(?!Let's)([A-Z][a-z]*[a-rt-z]|(?:[Mm]y|[Oo]ur) [a-z]+)'s (?=(?:just |finally |"
                  r"also |now )?(?:switched|moved|changed|left|quit|started|joined|retired|finished|"
                  r"become|bought|sold|split|broken|taken|landed|passed|decided|swapped|traded|given|packed|jacked|"
                  r"dropped|transferred|graduated|turned|stopped|ditched|upgraded|converted|emigrated|relocated|"
                  r"qualified|retrained|enrolled|signed|fallen|cut|got|"
                  r"gone(?!\s*(?:$|[,.!?;]|now\b|for good\b|forever\b)))\b)")  # ("ellie's gone veggie")
# "maya's 8 now", "my daughter's 8": an age after a contracted "is" (read after sentence case: "maya's" opens a line)
_AGE = re.compile(r"\b([A-Z][a-z]*[a-rt-z]|(?:[Mm]y|[Oo]ur) [a-z]+)'s (?=\d{1,3}\s*(?:$|[,.!?;]|(?:now|"
                  r"today|already|next|this|in|on|and|years?|yo|tomorrow|soon)\b))")


# "my nephew studies at Bristol Uni": the parser reads "nephew studies" as one noun
_KIN_STUDIES = re.compile(r"\b((?:[Mm]y|[Oo]ur) (?:son|daughter|nephew|niece|brother|sister|cousin|grandson|"
                          r"granddaughter|stepson|stepdaughter|boyfriend|girlfriend|partner|wife|husband|kid|child)) "
                          r"studies (?=(?:at|in|law|medicine|history|maths|english|physics|chemistry|biology|art|"
                          r"music)\b)")


def contracted_has(text: str) -> str:
    """"tunde's switched jobs" -> "tunde has switched jobs"; "my nephew studies at X" -> "... is studying at X"."""
    text = _KIN_STUDIES.sub(r"\1 is studying ", text)
    return _HAS.sub(r"\1 has ", text)


# "hey there. name's Dwayne, I'm 52": a sentence opening with "name's" says the speaker's name
_BARE_NAME = re.compile(r"(?:^|(?<=[.!?,]\s))[Nn]ame(?:'s| is) (?=[A-Za-z])")


def contracted_is(text: str) -> str:
    """"Maya's in Leeds now" -> "Maya is in Leeds now"; "name's Dwayne" -> "my name is Dwayne"."""
    return _IS.sub(r"\1 is ", _BARE_NAME.sub("my name is ", _THING_GONE.sub(r"\1 has gone", text)))


def contracted_age(text: str) -> str:
    """"Maya's 8 now" -> "Maya is 8 now"."""
    return _AGE.sub(r"\1 is ", text)
