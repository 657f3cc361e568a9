"""A job offered is not a job taken: an offer leaves the current employer current; an accepted one changes it."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("offer", [
    "omg big news, i got a job offer from spotify!! starting in march",
    "i got offered a job at Spotify",
    "I was offered a position at Spotify last week",
    "Spotify offered me a job, still thinking about it",
    "got an offer from Spotify today",
])
def test_an_offer_leaves_the_current_employer_current(shared_memory: Memory, user: str, offer: str) -> None:
    ended = invalidated_after(shared_memory, user, "i work at a small agency called pixelworks", offer)
    assert not any("pixelworks" in f for f in ended), ended


def test_an_accepted_offer_changes_the_employer(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I work at Pixelworks", "I accepted an offer from Spotify")
    assert any("Pixelworks" in f for f in ended), ended
