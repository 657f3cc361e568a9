"""One turn's several facts take one place of the top k, so other turns' evidence is not pushed out."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem_graph import Memory

CONVERSATION = [
    "I love hiking in the Alps, I go hiking with my dog Rex, and I hike at dawn every Sunday.",
    "My sister Ana bought new hiking boots in Lisbon.",
    "The hiking club meets at the library on Thursdays.",
    "We had pizza after the long hike to the lake.",
]


def _search(tmp_path: Path, collapse: bool) -> list[dict]:
    with Memory(path=tmp_path / ("c" if collapse else "n"),
                config={"retrieval": {"collapse_turns": collapse}}) as mem:
        for i, text in enumerate(CONVERSATION):
            mem.add([{"role": "user", "content": text}], user_id="u", timestamp=1_700_000_000 + 60 * i)
        return mem.search("hiking", user_id="u", limit=3)["results"]


def _turn(hit: dict) -> tuple[str, ...]:
    return tuple(hit["source"]["message_ids"])


def test_one_turns_facts_take_one_place_in_the_top_k(tmp_path: Path) -> None:
    hits = _search(tmp_path, collapse=True)
    turns = [_turn(h) for h in hits]
    assert len(hits) == 3 and len(set(turns)) == 3, [h["memory"] for h in hits]
    first_turn = [h for h in hits if any("Rex" in r["memory"] or "Alps" in r["memory"]
                                         for r in [h, *h.get("related", [])])]
    assert first_turn, "the first turn's facts are still reachable"
    said = {h["memory"] for h in first_turn} | {r["memory"] for h in first_turn for r in h.get("related", [])}
    assert len(said) >= 2, said


@pytest.mark.parametrize("collapse", [False])
def test_without_collapse_one_turn_can_fill_the_top_k(tmp_path: Path, collapse: bool) -> None:
    """The failure the collapse fixes (the behaviour before it): the first turn's facts crowd the top 3."""
    turns = [_turn(h) for h in _search(tmp_path, collapse=collapse)]
    assert len(set(turns)) < 3


def test_a_fact_about_someone_else_in_the_same_turn_keeps_its_own_place(tmp_path: Path) -> None:
    """Where the user lives must not hide under their sister's city because one message said both."""
    with Memory(path=tmp_path / "m") as mem:
        mem.add("I live in Paris.", user_id="alice")
        mem.add("I moved to Berlin. I work at Acme. My sister Anna lives in Lyon.", user_id="alice")
        hits = mem.search("where does alice live?", user_id="alice", limit=3)["results"]
    assert any("Berlin" in h["memory"] for h in hits), [h["memory"] for h in hits]
