"""A verbatim (infer=False) turn is stored with the vector of its own text as its speaker said it, however
the add() computes it (the write path embeds the turns while it parses them)."""

from __future__ import annotations

from mem_graph import Memory
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.types import Scope

TURNS = [
    {"role": "user", "content": "  I adopted a grey kitten called Miso last week.  ", "name": "Caroline"},
    {"role": "user", "content": "My brother Tom just moved to Lisbon for a new job.", "name": "Melanie"},
    {"role": "assistant", "content": "That sounds like a big change for the whole family."},
]


def _stored_vector_matches(memory: Memory, text: str, speaker: str | None, memory_id: str,
                           vector: object = None) -> None:
    """``vector``: the text's vector embedded with the rest of its call (an int8 export quantises a batch's
    activations together, so its vector moves a little with its batch); default: embedded alone."""
    vector = memory.embedder.embed_documents([text], speakers=[speaker])[0] if vector is None else vector
    hit = memory.vectors.search_dense(vector, VectorFilter(scope=Scope(user_id="u"), exact_scope=True), 1)[0]
    assert hit.record.id == memory_id and hit.score > 0.9999, (text, hit.record.text, hit.score)


def test_each_verbatim_turn_of_one_call_is_stored_with_its_own_vector(memory: Memory) -> None:
    out = memory.add(TURNS, user_id="u", infer=False)
    ids = {r["memory"]: r["id"] for r in out["results"]}
    assert len(ids) == 3
    texts = [t["content"].strip() for t in TURNS]
    vectors = memory.embedder.embed_documents(texts, speakers=[t.get("name") for t in TURNS])
    for text, turn, vector in zip(texts, TURNS, vectors, strict=True):
        _stored_vector_matches(memory, text, turn.get("name"), ids[text], vector)


def test_one_turn_per_call_is_stored_with_its_own_vector(memory: Memory) -> None:
    for turn in TURNS:
        out = memory.add([turn], user_id="u", infer=False)
        (result,) = out["results"]
        _stored_vector_matches(memory, turn["content"].strip(), turn.get("name"), result["id"])


def test_turns_added_from_several_threads_at_once_each_keep_their_own_vector(memory: Memory) -> None:
    """An infer=False add starts its forward pass before it waits for the write lock (issue #17): adds racing
    for that lock must each store the vectors of their own turns, never another call's."""
    from concurrent.futures import ThreadPoolExecutor

    turns = [{"role": "user", "content": f"{thing} is what I think about on day {n}.", "name": name}
             for n, (thing, name) in enumerate([("Pottery", "Caroline"), ("Sailing", "Melanie"), ("Chess", "Jon"),
                                               ("Baking bread", "Caroline"), ("Birdwatching", "Melanie"),
                                               ("Jazz piano", "Jon")])]
    with ThreadPoolExecutor(max_workers=3) as pool:
        outs = list(pool.map(lambda t: memory.add([t], user_id="u", infer=False), turns))
    for turn, out in zip(turns, outs, strict=True):
        (result,) = out["results"]
        _stored_vector_matches(memory, turn["content"], turn["name"], result["id"])
