"""What the user says that is not a durable fact: small talk, passing moods, reactions, remarks tied to the
moment, questions and requests. They stay raw messages (nothing the user said is lost) and never become a
memory of any layer; a statement with durable content beside them is still remembered."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import not_memorable, statements
from mem_graph.extract.smalltalk import small_talk_reason

NOT_DURABLE = [
    "ugh traffic was terrible today",
    "lol that's hilarious",
    "brb",
    "ok back",
    "what a week",
    "honestly what a day 😩",
    "so tired rn lol",
    "i'm soooo stressed today",
    "feeling kinda meh",
    "man this weather is awful",
    "lunch was so good today omg",
    "the coffee here is amazing lol",
    "haha yeah she's awesome",
    "im good thanks",
    "my head hurts lmao",
    "greg was in a terrible mood today lol",
    "thx that worked",
    "and remind me to buy oat milk pls",
    "write me a query that finds duplicate emails",
    "idk what do you think",
]
DURABLE = [
    "I had a rough week at work because my manager quit",
    "I'm good at chess",
    "my wife is amazing at chess",
    "she's a nurse",
    "the new job is great",
    "i'm happy with my new job",
    "I'm sick of jazz these days",
    "it's so hot today, I live in Seville",
]


@pytest.mark.parametrize("line", NOT_DURABLE)
def test_small_talk_moods_reactions_and_requests_are_not_memorable(line: str) -> None:
    assert not_memorable(line)


@pytest.mark.parametrize("line", DURABLE)
def test_a_statement_with_durable_content_is_memorable(line: str) -> None:
    assert not not_memorable(line)


def test_the_reason_names_the_class() -> None:
    assert small_talk_reason("feeling kinda meh") == "a passing mood"
    assert small_talk_reason("that's hilarious") == "a reaction to what was just said"
    assert small_talk_reason("traffic was terrible today") == "a remark tied to the moment"
    assert small_talk_reason("I live in Leeds") is None


def test_small_talk_after_a_statement_does_not_count_against_its_coverage() -> None:
    assert statements("not at target anymore lol, started at costco monday!! so excited") == \
        "not at target anymore, started at costco monday!!"


def test_small_talk_is_kept_as_a_raw_message_but_never_as_a_memory(shared_memory: Memory, user: str) -> None:
    lines = ["ugh traffic was terrible today", "lol that's hilarious", "what a week", "im a dental hygienist btw",
             "so tired rn", "thx that worked"]
    for line in lines:
        shared_memory.add(line, user_id=user)
    kept = [r["memory"] for r in shared_memory.get_all(user_id=user, limit=100)["results"]]
    assert len(kept) == 1 and "hygienist" in kept[0], kept
    assert [m["content"] for m in shared_memory.messages(user_id=user)] == lines
