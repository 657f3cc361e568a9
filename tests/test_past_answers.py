"""A question about the past is answered from what ended (issue #13, read side; retrieve/ended.py).

"I was a mechanic for 30 years" is stored as no longer valid, and a move ends the old home: a default search
reads what holds now, so "what was my job?" must still find the ended value, and say it ended. The case file
tests/retrieval_cases/past.yaml goes wider (``python -m pipelines.answer_bench``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mem_graph import Memory
from mem_graph.retrieve.ended import asks_of_the_past
from tests.test_current_answers import DAY, T0, said  # each line one add, two minutes apart (or (days, text))


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    with Memory(path=tmp_path_factory.mktemp("past") / "m") as m:
        said(m, "ray", "g'day! retired now but i was a mechanic for 30 years", "we live in Ballarat these days")
        said(m, "ana", "I work as an accountant at Deloitte", "lol the weather today is wild",
             (200, "These days I teach history at a high school."))
        said(m, "oli", "I used to live in Rome", "Now I live in Oslo", "I used to play the violin as a kid")
        said(m, "cat", "My dog is called Rex", "actually it's Max, not Rex", "I live in Lisbon.",
             "sorry, I meant Porto, not Lisbon")
        said(m, "tom", "Tom is my boyfriend.", (100, "Tom and I split up."),
             (200, "I'm seeing someone new, her name is Priya"))
        said(m, "sop", "I used to drive a fiesta but sold it, I cycle everywhere now",
             "i was vegetarian for ten years but started eating fish again last summer")
        yield m


def top(mem: Memory, user: str, question: str) -> dict[str, object]:
    results = mem.search(question, user_id=user, limit=5)["results"]
    assert results, f"nothing answers {question!r}"
    return dict(results[0])


@pytest.mark.parametrize(("user", "question", "answer"), [
    ("ray", "what was my job?", "mechanic"),  # the only job said is a past one: it was never returned
    ("ray", "what did the user do for a living?", "mechanic"),
    ("ray", "was i a mechanic", "mechanic"),  # asked of no attribute: the ended memory still competes
    ("ana", "what was my previous job?", "accountant"),  # the current job ranked first
    ("ana", "where did I work before?", "Deloitte"),
    ("oli", "where did i use to live", "Rome"),
    ("oli", "what instrument did I play?", "violin"),
    ("tom", "who is my ex?", "Tom"),
])
def test_a_question_about_the_past_is_answered_by_what_ended(mem: Memory, user: str, question: str,
                                                             answer: str) -> None:
    hit = top(mem, user, question)
    assert answer in str(hit["memory"])
    assert hit["status"] == "invalidated" and hit["invalid_at"]  # the caller sees it no longer holds


@pytest.mark.parametrize(("user", "question", "answer"), [
    ("ana", "what's my job now?", "history"),
    ("oli", "where do i live now", "Oslo"),
    ("tom", "who am I dating?", "Priya"),
    ("ray", "where do I live", "Ballarat"),
])
def test_a_question_in_the_present_is_still_answered_by_what_holds(mem: Memory, user: str, question: str,
                                                                   answer: str) -> None:
    hit = top(mem, user, question)
    assert answer in str(hit["memory"]) and hit["status"] == "active"
    assert all(r["status"] == "active" for r in mem.search(question, user_id=user)["results"])


@pytest.mark.parametrize(("question", "now"), [("what was my dog's name?", "Max"),
                                               ("where did I live before?", "Porto")])
def test_a_corrected_value_was_never_true_and_never_answers(mem: Memory, question: str, now: str) -> None:
    results = mem.search(question, user_id="cat")["results"]
    assert now in str(results[0]["memory"])
    assert not any(r["status"] == "invalidated" for r in results)


def test_what_ended_says_why(mem: Memory) -> None:
    ended = {r["memory"]: r.get("ended_by") for r in mem.get_all(user_id="cat", include_invalidated=True)["results"]
             if r["status"] == "invalidated"}
    assert ended == {"User's dog is called Rex": "correction", "User lives in Lisbon": "correction"}
    reasons = {r["memory"]: r.get("ended_by") for r in mem.get_all(user_id="oli", include_invalidated=True)["results"]}
    assert reasons["User used to live in Rome"] == "past"
    assert "ended_by" not in mem.get_all(user_id="oli")["results"][0]


def test_a_question_about_the_past_reads_only_its_own_scope(mem: Memory) -> None:
    for user in ("ana", "oli", "tom", "cat"):
        for r in mem.search("what was my job?", user_id=user)["results"]:
            assert "mechanic" not in r["memory"] and r["user_id"] == user


def test_as_of_still_answers_with_what_was_believed_then(mem: Memory) -> None:
    hit = mem.search("what was my job?", user_id="ana", as_of=T0 + 10 * DAY)["results"][0]
    assert "accountant" in hit["memory"]
    later = mem.search("what was my job?", user_id="ana", as_of=T0 + 300 * DAY)["results"][0]
    assert "history" in later["memory"]  # at that time the history post was what held


@pytest.mark.parametrize(("question", "past"), [
    ("what was my job?", True), ("where did I use to live", True), ("what's my old car", True),
    ("who is my ex?", True), ("where did I work previously", True),
    ("what's my job?", False), ("how old am I?", False), ("what's my last name?", False),
    ("where do I live now", False), ("whats my first name", False),
])
def test_the_tense_of_a_question_is_read(question: str, past: bool) -> None:
    assert asks_of_the_past(question) is past


def test_a_prompt_built_from_the_answers_says_which_no_longer_hold(mem: Memory) -> None:
    from mem_graph.server.proxy import memory_message  # the hub's chat proxy injects search results this way

    prompt = memory_message(mem.search("what was my job?", user_id="ray")["results"])["content"]
    assert "- [2024-01-01] User was a mechanic for 30 years (no longer true)" in prompt
    before = memory_message(mem.search("what was my previous job?", user_id="ana")["results"][:1])["content"]
    assert before.endswith("- [2024-01-01] User works as an accountant at Deloitte (no longer true as of 2024-07-19)")
    assert "1970" not in prompt  # a past fact has no known start: its date is when it was said
    now = memory_message(mem.search("where do I live", user_id="ray")["results"][:1])["content"]
    assert now.endswith("User lives in Ballarat these days")


def test_a_later_word_nearer_the_question_still_answers_before_what_ended(mem: Memory) -> None:
    hit = top(mem, "sop", "do i eat fish?")  # not "User was vegetarian for ten years"
    assert "fish" in str(hit["memory"]) and hit["status"] == "active"
