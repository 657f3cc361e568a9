"""What is true now, and what was believed then (issue #13 item 8), through the SDK.

Invalidation happens at conversation time; ``search``/``get_all(as_of=t)`` return the memories valid at t
(whatever their status now) and the graph relations valid then; among believed memories of one
single-valued slot the newest ranks first even when an invalidation was missed.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.errors import ValidationError
from mem_graph.timeutil import parse_timestamp
from mem_graph.types import MemoryRecord, Scope, Status, text_hash
from mem_graph.write import WritePlan

T1 = datetime(2024, 1, 10, 9, 0, tzinfo=UTC).timestamp()  # "I live in Beijing"
T2 = datetime(2024, 4, 2, 18, 30, tzinfo=UTC).timestamp()  # "I moved to Shanghai"
BETWEEN, AFTER = (T1 + T2) / 2, T2 + 86400


@pytest.fixture(scope="module")
def moved(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    """A user who lived in Beijing (said at T1) and moved to Shanghai (said at T2)."""
    mem = Memory(path=tmp_path_factory.mktemp("as_of") / "m")
    mem.add("I live in Beijing.", user_id="u", timestamp=T1)
    mem.add("I moved to Shanghai.", user_id="u", timestamp=T2)
    yield mem
    mem.close()


def _facts(rows: list[dict]) -> list[str]:
    return [r["memory"] for r in rows if r["layer"] != "episodic"]


def test_the_old_value_is_invalidated_at_the_conversation_time_of_the_change(moved: Memory) -> None:
    [old] = [r for r in moved.get_all(user_id="u", include_invalidated=True)["results"]
             if "Beijing" in r["memory"] and r["layer"] != "episodic"]
    assert old["status"] == "invalidated"
    assert parse_timestamp(old["invalid_at"]) == pytest.approx(T2)  # not the wall clock of the add() call
    assert parse_timestamp(old["valid_from"]) == pytest.approx(T1)


def test_get_all_as_of_returns_what_was_believed_then(moved: Memory) -> None:
    then = _facts(moved.get_all(user_id="u", as_of=BETWEEN)["results"])
    assert any("Beijing" in t for t in then) and not any("Shanghai" in t for t in then)
    now = _facts(moved.get_all(user_id="u", as_of=AFTER)["results"])
    assert any("Shanghai" in t for t in now) and not any("Beijing" in t for t in now)
    assert moved.get_all(user_id="u", as_of=T1 - 1)["results"] == []
    assert moved.get_all(user_id="someone-else", as_of=BETWEEN)["results"] == []  # scopes still apply


def test_search_as_of_answers_with_the_value_and_relations_valid_then(moved: Memory) -> None:
    then = moved.search("Where does the user live?", user_id="u", as_of=BETWEEN)
    assert "Beijing" in then["results"][0]["memory"]
    assert not any("Shanghai" in r["memory"] for r in then["results"])
    assert {r["destination"] for r in then["relations"]} & {"Beijing"}
    assert "Shanghai" not in {r["destination"] for r in then["relations"]}
    now = moved.search("Where does the user live?", user_id="u")
    assert "Shanghai" in now["results"][0]["memory"]
    iso = datetime.fromtimestamp(BETWEEN, tz=UTC).isoformat()
    assert moved.search("Where does the user live?", user_id="u", as_of=iso)["results"][0]["memory"] == \
        then["results"][0]["memory"]


def test_graph_relations_as_of_are_the_edges_valid_then(moved: Memory) -> None:
    then = moved.graph.relations(user_id="u", as_of=BETWEEN)
    assert "Beijing" in {r["destination"] for r in then} and "Shanghai" not in {r["destination"] for r in then}
    assert all(r["valid"] for r in then)  # valid then, though the Beijing edge is invalidated now
    now = {r["destination"]: r["valid"] for r in moved.graph.relations(user_id="u", include_invalid=True)}
    assert now.get("Beijing") is False and now.get("Shanghai") is True
    assert moved.graph.relations(user_id="u", as_of=T1 - 1) == []
    with pytest.raises(ValidationError, match="as_of"):
        moved.graph.relations(user_id="u", as_of="soon")


@pytest.mark.parametrize("bad", ["last tuesday", "2024-13-01", True, -5, 1e20, [2024], float("nan"),
                                 "2000-01-01T00:00:00+00:00:00.001"])  # (Python reads it, dropping the fraction)
def test_a_bad_as_of_is_a_validation_error(moved: Memory, bad: object) -> None:
    with pytest.raises(ValidationError, match="as_of"):
        moved.search("where?", user_id="u", as_of=bad)
    with pytest.raises(ValidationError, match="as_of"):
        moved.get_all(user_id="u", as_of=bad)


def _record(scope: Scope, text: str, slot: str | None, valid_from: float) -> MemoryRecord:
    return MemoryRecord(id=str(uuid.uuid4()), text=text, scope=scope, hash=text_hash(text), created_at=valid_from,
                        updated_at=valid_from, valid_from=valid_from, slot=slot, subject_key="user")


def test_the_newest_value_of_a_slot_ranks_first_even_when_an_invalidation_was_missed(tmp_path: Path) -> None:
    """Two active memories of one single-valued slot, written past the reconciler (a missed invalidation):
    the older one matches the query's words better, the newer one is what is true now."""
    scope = Scope(user_id="u")
    old = _record(scope, "The user lives in Beijing, where the user lives", "user|residence", T1)
    new = _record(scope, "User relocated to Shanghai", "user|residence", T2)
    unrelated = _record(scope, "User lives for jazz on weekends", None, T1)  # no slot: keeps its place
    with Memory(path=tmp_path / "m") as mem:
        mem.writer.apply(WritePlan(scope, new=[(old, []), (new, []), (unrelated, [])]))
        results = mem.search("where does the user live", user_id="u")["results"]
        got, score = [r["memory"] for r in results], {r["memory"]: r["score"] for r in results}
        assert score[old.text] > score[new.text]  # fusion alone prefers the older wording...
        assert got.index(new.text) < got.index(old.text)  # ...the newer value is ranked first anyway
        assert got.index(new.text) == min(got.index(old.text), got.index(new.text))
        assert len(got) == 3
        # as_of before the newer value was said: only the older one was believed
        then = [r["memory"] for r in mem.search("where does the user live", user_id="u", as_of=BETWEEN)["results"]]
        assert old.text in then and new.text not in then
        # another subject's slot is its own group
        sister = _record(scope, "User's sister lives in Paris", "anna|residence", T2 + 10)
        mem.writer.apply(WritePlan(scope, new=[(sister, [])]))
        got = [r["memory"] for r in mem.search("where does the user live", user_id="u")["results"]]
        assert got.index(new.text) < got.index(old.text)


def test_invalidated_values_do_not_compete_outside_as_of(tmp_path: Path) -> None:
    scope = Scope(user_id="u")
    old = _record(scope, "The user lives in Beijing", "user|residence", T1)
    new = _record(scope, "User relocated to Shanghai", "user|residence", T2)
    old.status, old.invalid_at = Status.INVALIDATED, T2
    with Memory(path=tmp_path / "m") as mem:
        mem.writer.apply(WritePlan(scope, new=[(old, []), (new, [])]))
        got = [r["memory"] for r in mem.search("where does the user live", user_id="u",
                                                include_invalidated=True)["results"]]
        assert set(got) >= {old.text, new.text}


# -- the ranking step alone ---------------------------------------------------------------------------------
from dataclasses import dataclass  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mem_graph.retrieve.current import current_first  # noqa: E402


@dataclass
class _C:
    record: MemoryRecord


@given(st.lists(st.tuples(st.sampled_from([None, "user|residence", "user|car", "leo|employer"]),
                          st.integers(0, 5), st.booleans()), max_size=12))
def test_current_first_only_reorders_within_a_slot_and_puts_its_newest_first(items) -> None:
    scope = Scope(user_id="u")
    ranked = []
    for i, (slot, day, active) in enumerate(items):
        rec = _record(scope, f"m{i}", slot, T1 + day * 86400)
        rec.status = Status.ACTIVE if active else Status.INVALIDATED
        ranked.append(_C(rec))
    out = current_first(ranked)
    assert sorted(id(c) for c in out) == sorted(id(c) for c in ranked)  # a permutation
    grouped = lambda c: c.record.slot is not None and c.record.status == Status.ACTIVE  # noqa: E731
    assert [c for c in out if not grouped(c)] == [c for c in ranked if not grouped(c)]
    for i, c in enumerate(out):  # nothing else moved: a place of a slot stays a place of that slot
        assert grouped(c) == grouped(ranked[i]) and (not grouped(c) or c.record.slot == ranked[i].record.slot)
    for slot in {c.record.slot for c in ranked if grouped(c)}:
        mine = [c for c in out if grouped(c) and c.record.slot == slot]
        assert mine[0].record.valid_from == max(c.record.valid_from for c in mine)


# -- the command line ------------------------------------------------------------------------------------
def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from mem_graph.cli import app

    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.output + (str(res.exception) if res.exception and res.exit_code != 2 else "")


def test_cli_search_and_list_take_as_of(tmp_path: Path) -> None:
    path = tmp_path / "store"
    with Memory(path=path) as mem:
        mem.add("I live in Beijing.", user_id="u", timestamp=T1)
        mem.add("I moved to Shanghai.", user_id="u", timestamp=T2)
    iso = datetime.fromtimestamp(BETWEEN, tz=UTC).isoformat()
    for when in (iso, str(BETWEEN)):
        code, out = _cli("list", "--path", str(path), "--user", "u", "--as-of", when, "--json")
        assert code == 0 and "Beijing" in out and "Shanghai" not in out, out
        code, out = _cli("search", "where does the user live", "--path", str(path), "--user", "u",
                         "--as-of", when, "--json")
        assert code == 0 and "Beijing" in out and "Shanghai" not in out, out
    code, out = _cli("list", "--path", str(path), "--user", "u", "--json")
    assert code == 0 and "Shanghai" in out
    code, out = _cli("list", "--path", str(path), "--user", "u", "--as-of", "last tuesday")
    assert code != 0 and "as_of" in out


def test_cli_bench_reconcile_runs_one_case(tmp_path: Path) -> None:
    import json

    code, out = _cli("bench", "reconcile", "--set", "dev", "--only", "restate-age", "--json", str(tmp_path / "r.json"))
    assert code == 0, out
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["extractors"]["rules"]["cases"][0]["id"] == "restate-age"
    code, out = _cli("bench", "nonsense")
    assert code != 0


def test_current_first_can_be_turned_off_for_ablations(tmp_path: Path) -> None:
    scope = Scope(user_id="u")
    old = _record(scope, "The user lives in Beijing, where the user lives", "user|residence", T1)
    new = _record(scope, "User relocated to Shanghai", "user|residence", T2)
    with Memory(path=tmp_path / "m", config={"retrieval": {"current_first": False}}) as mem:
        mem.writer.apply(WritePlan(scope, new=[(old, []), (new, [])]))
        got = [r["memory"] for r in mem.search("where does the user live", user_id="u")["results"]]
        assert got.index(old.text) < got.index(new.text)  # fusion's order, as is
