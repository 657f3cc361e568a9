"""A sentence ending in "?" that is news, not a question: "ok weirdly I love olives now??", "mushrooms are a yes
now??". ``chat.is_question_or_request`` asks it of every sentence with a question mark."""

from __future__ import annotations

import re

# words that open a question ("did I tell you", "is my flight at 9?")
ASKING = frozenset([
    "what", "where", "when", "why", "how", "who", "which", "whose", "do", "does", "did", "is", "are", "was", "were",
    "can", "could", "would", "will", "should", "shall", "have", "has", "am", "may", "might",
])
_INCREDULOUS = re.compile(r"\?\s*[?!]+\W*$")
_ANYONE = frozenset({"anyone", "anybody", "someone", "somebody", "any", "you", "u", "ya", "or", "and", "so", "but"})
_COPULAS = frozenset({"is", "are", "'s", "was", "were", "has", "have", "tastes", "taste"})


def news_with_a_rising_tone(sentence: str, words: list[str], last: list[str]) -> bool:
    """``sentence`` (its ``words``, and the ``last`` clause's after a comma, fillers left out) says news with a
    rising tone rather than asking."""
    if words and words[0] in ASKING:
        return False
    # "mushrooms are a yes now??", "coriander is actually nice??": news said with a double question mark, a thing
    # first and its verb after it (not "anyone know a good plumber??", "is it normal??")
    if _INCREDULOUS.search(sentence) and any(len(ws) > 2 and ws[0] not in ASKING | _ANYONE and any(
            w in _COPULAS for w in ws[1:7]) for ws in (words, last)):
        return True
    # "plot twist I actually enjoy running now??": a first-person statement in statement word order
    # (or its last clause: "a colleague dragged me to parkrun, i genuinely love running??")
    return any(_said_in_order(ws) for ws in (words, last))


def _said_in_order(words: list[str]) -> bool:
    """First-person words in statement order ("I actually enjoy running now"), not "I wonder ..."."""
    if words and words[0] in ASKING:
        return False
    first = next((n for n, w in enumerate(words[:4]) if w in ("i", "i'm", "my", "we", "we're", "our", "i've")), None)
    return first is not None and len(words) > first + 2 and words[first + 1] not in ("wonder", "guess")
