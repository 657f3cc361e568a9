"""A product's model number is part of its name: "the Pixel 8", "a Tesla Model 3", "the iPhone 15 Pro".

The parser hangs a number after a name as the name's trailing nummod ("iPhone 15"), or as a stray adverbial of
the verb ("upgraded to the Pixel 8", "had the Pixel 7a"), so the noun's span ends before it and the value was
read as "Pixel" or "Tesla Model". ``with_model_number`` adds the number that directly follows a name with a
capital ("iPhone" has one): a short number, or letters and digits (8, 7a, S24, 15), and a size word after it
("Pro", "Max"); not a number that counts something of its own ("my Honda 10 years ago", "a Civic 3 times", "at
Google 9 to 5"), nor one after a lower-case name (a common noun: "the bus 42" is no product).
"""

from __future__ import annotations

import re
from typing import Any

_MODEL = re.compile(r"^(?:\d{1,4}[a-z]{0,3}|[a-z]{1,2}\d{1,4}[a-z]{0,3})$", re.I)
_SIZES = frozenset({"pro", "max", "plus", "ultra", "mini", "lite", "fe", "se"})
# what a number before it counts: then the number is no model's
_COUNTED = frozenset({"year", "month", "week", "day", "hour", "minute", "time", "mile", "km", "kilometre",
                      "kilometer", "x", "percent", "%", "am", "pm", "o'clock", "k", "grand", "quid", "dollar",
                      "pound", "euro", "gb", "tb"})
_RANGE = frozenset({"to", "-", "–", ":", "/", "or", "and", "of"})  # "at Google 9 to 5", "1 of 3"


def with_model_number(name: Any, tokens: list[Any]) -> list[Any]:
    """``tokens`` (the span of the noun ``name``) with the model number and size word that follow it."""
    if not tokens or name.pos_ not in ("PROPN", "NOUN") or not any(c.isupper() for c in name.text):
        return tokens
    doc, last = name.doc, max(t.i for t in tokens)
    if last != name.i or last + 1 >= len(doc):
        return tokens
    num = doc[last + 1]
    after = doc[num.i + 1] if num.i + 1 < len(doc) else None
    if not _MODEL.match(num.text) or num.text.isalpha() or (
            after is not None and (after.lemma_.lower() in _COUNTED or after.lower_ in _RANGE)) or num.head.i > num.i:
        return tokens
    extra = [num]
    if after is not None and after.lower_ in _SIZES:
        extra.append(after)
    return sorted([*tokens, *extra], key=lambda t: t.i)
