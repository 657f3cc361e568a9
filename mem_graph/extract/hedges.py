"""Whether a phrase-level reading was said as done, or only hedged, planned or asked about.

The readers that match a phrase in a raw chat line ("night shift at Tesco again", "she's taken me off the
warfarin") have no parse to read tense and mood from, so each one asks the same two questions: is there a hedge
word before the match ("might", "thinking", "if", "gonna", ...) and is the match asked about (a "?" right after
it)? One list of hedge words serves them all; a reader adds the words that hedge only its kind of news ("apply"
for a job, "asked" for a medicine).
"""

from __future__ import annotations

import re

_HEDGE_WORDS = ("might", "may", "maybe", "could", "would", "should", "thinking", "considering", "want", "wants",
                "wanna", "hope", "hopes", "hoping", "if", "whether", "gonna", "going to", "one day")


class Hedge:
    """A test for a hedge before a match: in the same sentence, or within ``window`` characters before it."""

    def __init__(self, *extra: str, window: int | None = None) -> None:
        words = "|".join(re.escape(w).replace(r"\ ", " ") for w in (*_HEDGE_WORDS, *extra))
        self._pattern = re.compile(rf"\b(?:{words})\b" + ("" if window else r"[^.!?]*$"), re.I)
        self._window = window

    def hedged(self, text: str, start: int) -> bool:
        """Whether a hedge word comes before ``start`` (in its sentence, or within the window)."""
        return bool(self._pattern.search(text[max(0, start - self._window):start] if self._window
                                         else text[:start]))

    def said_as_done(self, text: str, m: re.Match[str], group: int | str = 0) -> bool:
        """Whether the match ``m`` (hedges looked for before ``group``) is told as news: not hedged, not asked."""
        return not self.hedged(text, m.start(group)) and not text[m.end():].lstrip().startswith("?")
