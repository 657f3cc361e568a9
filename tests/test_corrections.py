"""User corrections and feedback against the real embedded stores: invalidate, restore, undo, feedback,
and a restatement after a correction that must not silently undo it."""

from __future__ import annotations

import pytest

from mem_graph.errors import NotFoundError, ValidationError
from mem_graph.memory import Memory


def current(m: Memory, user: str = "u") -> dict[str, str]:
    return {r["memory"]: r["id"] for r in m.get_all(user_id=user)["results"]}


def moved(m: Memory) -> tuple[str, str]:
    """Paris, then Berlin: the reconciler replaces the first with the second. Returns (old id, new id)."""
    m.add("I live in Paris.", user_id="u")
    out = m.add("I moved to Berlin.", user_id="u")
    upd = [r for r in out["results"] if r["event"] == "UPDATE"]
    assert upd, out
    return upd[0]["previous_id"], upd[0]["id"]


def test_invalidate_is_a_user_correction_and_a_restatement_does_not_undo_it(memory: Memory) -> None:
    mid = memory.add("I love jazz.", user_id="u")["results"][0]["id"]
    out = memory.invalidate(mid, user_id="u", reason="not true any more")
    assert out["event"] == "INVALIDATE"
    got = memory.get(mid, user_id="u")
    assert got["status"] == "invalidated" and got["invalid_at"] is not None
    ev = memory.history(mid, user_id="u")[-1]
    assert (ev["event"], ev["actor"]) == ("INVALIDATE", "user")
    assert ev["reason"].startswith("[user_correction]") and "not true any more" in ev["reason"]
    again = memory.add("I love jazz.", user_id="u")
    assert [r["event"] for r in again["results"]] == ["NONE"]
    assert "user corrected this" in again["results"][0]["reason"]
    assert current(memory) == {}
    assert memory.history(mid, user_id="u")[-1]["event"] == "NONE"  # the refused restatement is on its timeline


def test_restore_makes_it_current_and_lifts_the_rejection(memory: Memory) -> None:
    mid = memory.add("I love jazz.", user_id="u")["results"][0]["id"]
    memory.invalidate(mid, user_id="u")
    memory.restore(mid, user_id="u")
    got = memory.get(mid, user_id="u")
    assert got["status"] == "active" and got["invalid_at"] is None
    assert [h["event"] for h in memory.history(mid, user_id="u")][-2:] == ["INVALIDATE", "RESTORE"]
    assert memory.search("jazz", user_id="u")["results"][0]["id"] == mid
    with pytest.raises(ValidationError):
        memory.restore(mid, user_id="u")
    memory.invalidate(mid, user_id="u")
    memory.restore(mid, user_id="u")
    assert memory.add("I love jazz.", user_id="u")["results"][0]["reason"].startswith("[hash]")


def test_undo_an_update_restores_the_old_fact_and_invalidates_its_successor(memory: Memory) -> None:
    old, new = moved(memory)
    seq = next(e["seq"] for e in memory.history(new, user_id="u") if e["event"] == "UPDATE")
    out = memory.undo(seq, user_id="u")
    assert [r["id"] for r in out["restored"]] == [old] and [r["id"] for r in out["invalidated"]] == [new]
    assert list(current(memory)) == ["User lives in Paris"]
    assert memory.get(new, user_id="u")["status"] == "invalidated"
    rels = memory.graph.relations(user_id="u", include_invalid=True)
    assert {(r["destination"], r["valid"]) for r in rels if r["relationship"] == "lives_in"} == {
        ("Paris", True), ("Berlin", False)}
    # the successor the user rejected does not come back when restated
    again = memory.add("I moved to Berlin.", user_id="u")
    assert [r["event"] for r in again["results"]] == ["NONE"], again
    assert list(current(memory)) == ["User lives in Paris"]
    # by memory id: undoing the restored memory's invalidation again is refused (it is current)
    with pytest.raises(ValidationError):
        memory.undo(old, user_id="u")


def test_undo_by_memory_id_of_the_invalidated_memory(memory: Memory) -> None:
    old, new = moved(memory)
    memory.undo(old, user_id="u")
    assert list(current(memory)) == ["User lives in Paris"]
    kinds = [(e["memory_id"], e["event"]) for e in memory.history(old, user_id="u")]
    assert (old, "RESTORE") in kinds and (new, "INVALIDATE") in kinds


def test_corrected_edit_rejects_the_old_text(memory: Memory) -> None:
    mid = memory.add("I love jazz.", user_id="u")["results"][0]["id"]
    memory.update(mid, "User loves blues", user_id="u", reason="I meant blues")
    ev = memory.history(mid, user_id="u")[-1]
    assert (ev["event"], ev["actor"]) == ("UPDATE", "user") and ev["reason"].startswith("[user_correction]")
    assert memory.add("I love jazz.", user_id="u")["results"][0]["event"] == "NONE"
    assert list(current(memory)) == ["User loves blues"]


def test_corrections_stay_in_their_scope(memory: Memory) -> None:
    mid = memory.add("I love jazz.", user_id="u")["results"][0]["id"]
    with pytest.raises(NotFoundError):
        memory.invalidate(mid, user_id="other")
    with pytest.raises(NotFoundError):
        memory.undo(mid, user_id="other")
    memory.invalidate(mid, user_id="u")
    assert memory.add("I love jazz.", user_id="other")["results"][0]["event"] == "ADD"  # another scope's rejection


def test_feedback_is_history_and_demotes_when_weighted(tmp_path) -> None:
    with Memory(path=tmp_path / "a", config={"retrieval": {"feedback_weight": 2.0}}) as m:
        a = m.add("My favourite drink is green tea.", user_id="u", infer=False)["results"][0]["id"]
        b = m.add("My favourite drink is black tea.", user_id="u", infer=False)["results"][0]["id"]
        top = m.search("favourite drink tea", user_id="u", rerank=False)["results"][0]["id"]
        out = m.feedback(top, "wrong", user_id="u", note="not any more")
        assert out["feedback"] == {"useful": 0, "wrong": 1}
        ev = m.history(top, user_id="u")[-1]
        assert (ev["event"], ev["actor"]) == ("FEEDBACK", "user") and "wrong" in ev["reason"]
        hits = m.search("favourite drink tea", user_id="u", rerank=False, explain=True)["results"]
        assert hits[0]["id"] == ({a, b} - {top}).pop()
        assert [h["explain"]["feedback"] for h in hits if h["id"] == top] == [-1.0]
        with pytest.raises(ValidationError):
            m.feedback(top, "meh", user_id="u")


def test_feedback_is_off_by_default(memory: Memory) -> None:
    mid = memory.add("My favourite drink is green tea.", user_id="u", infer=False)["results"][0]["id"]
    memory.feedback(mid, "wrong", user_id="u")
    hit = memory.search("favourite drink", user_id="u", explain=True)["results"][0]
    assert hit["id"] == mid and hit["explain"]["feedback"] == 0.0


def test_get_all_pages_with_offset(memory: Memory) -> None:
    for i in range(5):
        memory.add(f"Note number {i}.", user_id="u", infer=False)
    everything = [r["id"] for r in memory.get_all(user_id="u")["results"]]
    pages = [r["id"] for off in (0, 2, 4) for r in memory.get_all(user_id="u", limit=2, offset=off)["results"]]
    assert pages == everything and len(everything) == 5
    with pytest.raises(ValidationError):
        memory.get_all(user_id="u", offset=-1)


def test_an_undo_killed_part_way_is_finished_on_the_next_open(tmp_path) -> None:
    import subprocess
    import sys

    with Memory(path=tmp_path / "d") as m:
        old, new = moved(m)
    code = ("import sys; from mem_graph.memory import Memory; m = Memory(path=sys.argv[1]); "
            "m.undo(sys.argv[2], user_id='u')")
    env = {**__import__("os").environ, "MEM_GRAPH_FAULT": "after_vectors", "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "d"), old], env=env, capture_output=True,
                          timeout=300)
    assert proc.returncode == -9, proc.stderr[-2000:]  # SIGKILLed between the restored vector and the rest
    with Memory(path=tmp_path / "d") as m:
        assert m.get(old, user_id="u")["status"] == "active"
        assert m.get(new, user_id="u")["status"] == "invalidated"
        kinds = [(e["memory_id"], e["event"]) for e in m.history(old, user_id="u")]
        assert kinds.count((old, "RESTORE")) == 1 and kinds.count((new, "INVALIDATE")) == 1
        assert m.add("I moved to Berlin.", user_id="u")["results"][0]["event"] == "NONE"


def test_undo_an_edit_puts_the_text_back(memory: Memory) -> None:
    mid = memory.add("I love jazz.", user_id="u")["results"][0]["id"]
    memory.update(mid, "User loves blues", user_id="u")
    seq = memory.history(mid, user_id="u")[-1]["seq"]
    out = memory.undo(seq, user_id="u")
    assert out["restored"] == [{"id": mid, "memory": "User loves jazz"}]
    assert memory.get(mid, user_id="u")["memory"] == "User loves jazz"
    last = memory.history(mid, user_id="u")[-1]
    assert (last["event"], last["actor"]) == ("UPDATE", "user") and "undo of edit event" in last["reason"]
    from mem_graph.errors import ConflictError

    with pytest.raises(ConflictError):
        memory.undo(seq, user_id="u")  # the text is no longer the edit's
    with pytest.raises(NotFoundError):
        memory.undo(seq, user_id="other")


def test_undo_of_another_scopes_event_reads_as_no_such_event(memory: Memory) -> None:
    old, new = moved(memory)
    seq = next(e["seq"] for e in memory.history(new, user_id="u") if e["event"] == "UPDATE")
    with pytest.raises(NotFoundError) as theirs:
        memory.undo(seq, user_id="other")
    with pytest.raises(NotFoundError) as none:
        memory.undo(10**9, user_id="other")
    assert str(theirs.value).replace(str(seq), "N") == str(none.value).replace(str(10**9), "N")
    assert old not in str(theirs.value) and new not in str(theirs.value)
    assert memory.get(new, user_id="u")["status"] == "active"


def test_undoing_the_same_decision_twice_is_refused(memory: Memory) -> None:
    old, new = moved(memory)
    seq = next(e["seq"] for e in memory.history(new, user_id="u") if e["event"] == "UPDATE")
    memory.undo(seq, user_id="u")
    events = len(memory.history(old, user_id="u"))
    with pytest.raises(ValidationError):
        memory.undo(seq, user_id="u")
    assert len(memory.history(old, user_id="u")) == events  # nothing written
