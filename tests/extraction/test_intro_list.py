"""A self-introduction typed as a comma list gives each attribute its own fact, so a later change can end it."""

from __future__ import annotations

from mem_graph import Memory
from mem_graph.extract.intro_list import split_intro_list
from tests.extraction.test_slot_changes import active, invalidated_after


def test_a_move_ends_the_home_named_in_a_comma_list_introduction(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "hey! so i'm maya, product designer, based in bristol",
                              "moved to london last month")
    assert any("bristol" in f.lower() for f in ended), ended
    assert any("product designer" in f for f in active(shared_memory, user))


def test_a_birthday_ends_the_age_given_in_an_introduction(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm Tom, 34, a nurse from Leeds", "I'm 35 now")
    assert any("34" in f for f in ended), ended
    assert any("nurse" in f for f in active(shared_memory, user))


def test_a_list_of_moods_is_not_an_introduction() -> None:
    for said in ("I'm tired, hungry, bored", "im home, finally, lol", "im so tired, worked 12 hours"):
        assert split_intro_list(said) == said
