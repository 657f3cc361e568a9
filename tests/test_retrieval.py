"""Read-path behaviour: graph expansion, the semantic floor, recency from conversation time, relations."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

from mem_graph import Memory

DAY = 86400.0


def test_a_two_hop_question_reaches_the_fact_through_the_graph(memory: Memory) -> None:
    memory.add("Bob manages Alice.", user_id="u")
    memory.add("Alice works at Acme.", user_id="u")
    for filler in ("I bought new running shoes.", "The weather in Oslo was rainy.", "I cooked lentil soup.",
                   "My laptop battery died again.", "We watched a documentary about whales."):
        memory.add(filler, user_id="u", infer=False)
    res = memory.search("Which company employs the person Bob manages?", user_id="u", limit=3, explain=True)
    acme = [r for r in res["results"] if "Acme" in r["memory"]]
    assert acme and acme[0]["explain"]["graph"] > 0
    rels = {(r["source"], r["relationship"], r["destination"]) for r in res["relations"]}
    assert ("Alice", "works_at", "Acme") in rels


def test_graph_signal_does_not_lift_unrelated_memories_above_the_answer(memory: Memory) -> None:
    memory.add("Alice works at Acme.", user_id="u")
    memory.add("Alice loves sourdough bread.", user_id="u")
    memory.add("Alice plays the cello.", user_id="u")
    top = memory.search("What instrument does Alice play?", user_id="u", limit=3)["results"][0]
    assert "cello" in top["memory"]


def test_the_semantic_floor_keeps_unrelated_memories_out(tmp_path: Path) -> None:
    cfg = {"path": str(tmp_path / "m"), "retrieval": {"semantic_floor": 0.3}}
    with Memory.from_config(cfg) as m:
        texts = ("I adore Paris in the spring.", "Quarterly tax forms are due.")
        m.add([{"role": "user", "content": t} for t in texts],
              user_id="u", infer=False)
        hits = m.search("favourite season in Paris", user_id="u")["results"]
    assert [h["memory"] for h in hits] == ["I adore Paris in the spring."]


def test_recency_uses_the_conversation_timestamp(tmp_path: Path) -> None:
    cfg = {"path": str(tmp_path / "m"), "retrieval": {"recency_weight": 1.0, "recency_half_life_days": 1}}
    with Memory.from_config(cfg) as m:
        m.add("I went to the gym with Dana.", user_id="u", infer=False, timestamp="2023-05-02T10:00:00Z")
        m.add("I went to the gym with Eli.", user_id="u", infer=False, timestamp="2023-05-09T10:00:00Z")
        hits = m.search("who did I go to the gym with?", user_id="u", explain=True)["results"]
    assert "Eli" in hits[0]["memory"]
    assert hits[0]["valid_from"].startswith("2023-05-09")
    assert hits[0]["explain"]["recency"] > hits[1]["explain"]["recency"]


def test_recency_off_by_default_leaves_order_to_relevance(memory: Memory) -> None:
    memory.add("I went to the gym with Dana.", user_id="u", infer=False, timestamp="2023-05-09T10:00:00Z")
    memory.add("I went swimming with Eli.", user_id="u", infer=False, timestamp="2023-05-10T10:00:00Z")
    hits = memory.search("who did I go to the gym with?", user_id="u", explain=True)["results"]
    assert "Dana" in hits[0]["memory"] and hits[0]["explain"]["recency"] == 0


def test_expired_memories_are_hidden(memory: Memory) -> None:
    memory.add("I have a dentist appointment on Friday.", user_id="u", expires_at="2000-01-01T00:00:00Z",
               infer=False)
    memory.add("I have a yoga class on Monday.", user_id="u", infer=False)
    assert [h["memory"] for h in memory.search("appointment", user_id="u")["results"]] == [
        "I have a yoga class on Monday."]
    assert len(memory.get_all(user_id="u")["results"]) == 1


def test_search_filters_on_metadata(memory: Memory) -> None:
    memory.add("I like green tea.", user_id="u", metadata={"topic": "food"}, infer=False)
    memory.add("I like jazz.", user_id="u", metadata={"topic": "music"}, infer=False)
    hits = memory.search("what do I like", user_id="u", filters={"topic": "music"})["results"]
    assert [h["memory"] for h in hits] == ["I like jazz."]


def test_asking_for_more_results_keeps_the_first_ones_in_place(memory: Memory) -> None:
    """A client that pages from 5 to 30 results must see the same top 5 again, in the same order (up to
    `retrieval.candidates` results, 40 by default, the pool does not depend on the limit)."""
    from mem_graph.bench.synthetic import questions, turns

    memory.add([{"role": "user", "content": t} for t in turns(300)], user_id="u", infer=False)
    for q in questions(12):
        short = [h["id"] for h in memory.search(q, user_id="u", limit=5, rerank=False)["results"]]
        long = [h["id"] for h in memory.search(q, user_id="u", limit=30, rerank=False)["results"]]
        assert long[:5] == short, q


def test_a_search_result_changed_by_the_caller_leaves_the_next_search_as_it_was(memory: Memory) -> None:
    """Searches share decoded records between calls: what one caller does to its results reaches nobody else."""
    memory.add([{"role": "user", "content": "I adopted a cat named Miso.", "metadata": {"tags": ["pets"]}}],
               user_id="u", infer=False)
    first = memory.search("what is my cat called?", user_id="u")["results"][0]
    before = deepcopy(first)
    first["metadata"]["tags"].append("changed")
    first["entities"].append("changed")
    first["source"]["changed"] = True
    again = memory.search("what is my cat called?", user_id="u")["results"][0]
    assert again == before
    assert again["metadata"]["tags"] == ["pets"]
    assert memory.get(again["id"], user_id="u")["metadata"] == before["metadata"]


def test_a_search_after_an_update_reads_the_new_text(memory: Memory) -> None:
    memory.add("I adopted a cat named Miso.", user_id="u", infer=False)
    hit = memory.search("what is my cat called?", user_id="u")["results"][0]
    memory.update(hit["id"], "I adopted a cat named Tofu.", user_id="u")
    assert memory.search("what is my cat called?", user_id="u")["results"][0]["memory"] == "I adopted a cat named Tofu."


def test_keyword_hits_tied_at_the_cut_are_left_out_rather_than_picked_at_random() -> None:
    """Which of several equally scored BM25 hits the engine returns past its cut changes with its segment
    layout; a full list drops the tied group at its end so a search finds the same candidates every time."""
    from mem_graph.retrieve.pipeline import _cut_clear_of_ties

    full = [("a", 3.0), ("b", 2.0), ("c", 1.0), ("d", 1.0)]
    assert _cut_clear_of_ties(full, 4) == [("a", 3.0), ("b", 2.0)]
    assert _cut_clear_of_ties(full, 5) == full  # not full: every match is there, ties included
