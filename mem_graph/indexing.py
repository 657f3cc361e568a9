"""What a stored memory is indexed as for keyword (BM25) search: a verbatim turn with its speaker, an extracted
fact without the speaker placeholder ("User"), which every fact about the user contains."""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.catalogue import slot_words
from mem_graph.extract.rules import SPEAKER


def speaker_of(layer: str, metadata: dict[str, Any]) -> str | None:
    """A verbatim turn is indexed with who said it; a fact names its subject in its own text."""
    speaker = metadata.get("speaker")
    return str(speaker) if speaker and layer == "episodic" else None


_PLACEHOLDER = re.compile(rf"\b{SPEAKER}(?:'s)?\b")


_OWN_NAME = re.compile(r"\b(?:is|am|'m|called|named|goes by)\b.*$", re.I)


def index_text(text: str, layer: str, metadata: dict[str, Any], subject_key: str | None = None,
               slot: str | None = None) -> str:
    """What gets BM25-indexed: a verbatim turn carries its speaker's name; an extracted fact drops the
    speaker placeholder ("User"), which every fact mentioning the user contains ("User's sister Anna
    lives in Paris"), and instead names its subject once when that is the user, plus the words of its
    slot ("lives in"), so "where does the user live" rewards the user's own residence."""
    speaker = speaker_of(layer, metadata)
    if speaker:
        return f"{speaker}: {text}"
    if layer == "episodic":  # the user's own turn kept as said names them as their facts do: "the user" in a
        # question then rewards neither over the other (every one of the user's facts would outrank every turn)
        return f"{SPEAKER}: {text}" if metadata.get("role") == "user" else text
    extra = [SPEAKER] if subject_key == SPEAKER.casefold() else []
    if slot and slot.count("|") >= 1:
        extra.append(slot_words(slot.split("|")[1]))
    if slot == f"{SPEAKER.casefold()}|name":  # the user's own name is the speaker too: "does moira have a dog"
        text = _OWN_NAME.sub("", text)  # must not be answered by "User is Moira" for the name alone
    return " ".join([*extra, _PLACEHOLDER.sub("", text)])
