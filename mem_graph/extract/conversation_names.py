"""The names a conversation writes capitalised, given back their capitals where chat wrote them lower-case:
"my husband Luis" ... "luis started a new job" (places known without the conversation: places.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from mem_graph.extract.chat import CHITCHAT, FILLERS
from mem_graph.extract.shorthand import SHORTHAND

# a capitalised word inside a sentence, not after a determiner ("The Office" is a title, its words common)
_MID_CAPITAL = re.compile(r"(?<=[\w,;:)'\"] )(?<!\b[Tt]he )(?<!\b[Aa] )(?<!\b[Aa]n )(?<!\b[Mm]y )(?<!\b[Oo]ur )"
                          r"([A-Z][a-z]{2,})\b")


def proper_names(texts: Iterable[str]) -> dict[str, str]:
    """Words the conversation writes capitalised inside a sentence ("my husband Luis", "in Boston"), by
    their lower-case form: the names a later lower-case line means ("luis started a new job")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    names: dict[str, str] = {}
    for text in texts:
        for m in _MID_CAPITAL.finditer(text):
            low = m.group(1).lower()
            if low not in STOP_WORDS and low not in CHITCHAT and low not in FILLERS and low not in SHORTHAND:
                names.setdefault(low, m.group(1))
    return names


def recase(text: str, names: dict[str, str]) -> str:
    """``text`` with the conversation's names capitalised where chat wrote them lower-case."""
    if not names:
        return text
    return re.sub(r"(?<![\w'])[a-z]{3,}(?![\w'])", lambda m: names.get(m.group(0), m.group(0)), text)
