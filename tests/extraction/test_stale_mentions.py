"""A change ends the speaker's own earlier mentions of the old value ("typing this on my Galaxy S21"), even when
no rule could place that mention in a slot; other people's things and plans end nothing."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def test_a_new_phone_ends_a_verbatim_mention_of_my_old_phone(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "typing this on my Galaxy S21",
                              "my Galaxy S21 died so i bought the iPhone 15 last week")
    assert any("Galaxy S21" in f for f in ended), ended


def test_a_replacement_naming_the_old_value_ends_my_mention_of_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "ugh my Subaru Outback is making that noise again",
                              "traded in the Subaru Outback for a Kia EV6 last week")
    assert any("Subaru Outback" in f for f in ended), ended


def test_another_owner_or_a_plan_ends_nothing(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "typing this on my Galaxy S21", "my friend's iPhone 15 is cool",
                              "my sister sold her Galaxy S21", "thinking about getting the iPhone 15 maybe")
    assert ended == [], ended


def test_a_stance_said_as_a_change_ends_my_chatty_mention_of_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "metal on repeat while i work, always",
                              "i'm so sick of metal now, all lo-fi these days")
    assert sorted(ended) == ["User loves metal", "metal on repeat while i work, always"], ended


def test_giving_something_up_ends_my_own_mention_but_not_my_sisters(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my sister does spin classes every morning",
                              "sore from spin classes again, i do it like every other day",
                              "gave up spin classes, doing rowing now")
    assert ended == ["User takes spin classes like every other day"], ended  # ("it": extract/antecedent.py)


def test_a_named_migration_ends_the_teams_old_database_whoever_holds_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "our backend is on MySQL",
                              "our team switched from MySQL to PostgreSQL a couple months ago")
    assert any("MySQL" in f for f in ended), ended
    ended = invalidated_after(shared_memory, f"{user}-b", "the project's database is DynamoDB",
                              "we replaced DynamoDB with Postgres last month after all the outages")
    assert any("DynamoDB" in f for f in ended), ended


def test_dropping_one_database_starts_none_and_ends_no_other(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we use Postgres for analytics",
                              "we dropped MySQL in the spring")
    assert not any("Postgres" in f for f in ended), ended


def test_a_childs_new_school_ends_her_other_memories_naming_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my daughter loves her teachers at Westfield High",
                              "dropping my son off at Greenfield Academy rn",
                              "my daughter transferred to Brookside Primary last month")
    assert ended == ["User's daughter loves her teachers at Westfield High"], ended
