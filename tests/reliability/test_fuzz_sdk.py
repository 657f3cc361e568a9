"""Property tests: arbitrary input to every SDK call either works or raises a MemGraphError, a refused call
writes nothing (raw messages, events, vectors and graph are unchanged), and whatever happened the scope stays
fully readable afterwards (list, search, raw messages). Attack classes: lone surrogates, deep nesting, extreme
ints and floats (+-2^63, nan, inf), odd timestamps (strings, datetimes, year 1 / 9999, tz offsets) and crafted
import files."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mem_graph import MemGraphError, Memory
from mem_graph.errors import ScopeError
from mem_graph.maintenance import history_rows

EXAMPLES = int(os.environ.get("MEM_GRAPH_FUZZ_EXAMPLES", "60"))  # the suite's size; raise it for a deeper run
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                             HealthCheck.too_slow])
SPECIAL_TEXT = st.sampled_from([
    "", " ", "\n\t ", "\x00", "a\x00b", "\u202eevil", "\ufeff", "💥" * 500, "x" * 32_001, "y" * 40_000, "\ud7ff",
    "I live in Paris.", "DROP TABLE memories; --", "' OR 1=1 --", "{{7*7}}", "<script>alert(1)</script>",
    "\r\n\r\n", "\x1f\x1e\x1d", "MATCH (n) DETACH DELETE n", "\u0000\u0001\u0002", "é" * 10, "null", "None",
    "\ud800", "a\udfffb", "tea \ud83d", "\udc00" * 3,  # lone surrogates: valid str, no UTF-8 form
])
TEXT = st.one_of(st.text(max_size=120), SPECIAL_TEXT, st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
                                                              min_size=1, max_size=3))


class Deep(dict):  # type: ignore[type-arg]
    """A dict nested ``levels`` deep, shown briefly (hypothesis's printer would recurse through it)."""

    def __init__(self, levels: int) -> None:
        leaf: Any = 1
        for _ in range(levels - 1):
            leaf = {"a": leaf} if levels % 2 else [leaf]
        super().__init__(a=leaf)
        self.levels = levels

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(f"Deep({self.levels})")


def deep(levels: int) -> Deep:
    return Deep(levels)


EXTREME_NUMBERS = st.sampled_from([2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64, 10**30, -(10**400), float("inf"),
                                   float("-inf"), float("nan"), 1e308, -0.0, 5e-324])
DEEP = st.sampled_from([31, 32, 33, 127, 130, 2000]).map(deep)
ODD_TIMES = st.one_of(
    st.sampled_from(["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "1970-01-01T00:00:00Z",
                     "2099-12-31T23:59:59+00:00", "2100-01-01T00:00:00Z", "1969-12-31T23:59:59.999999Z",
                     "2024-02-30T10:00:00", "2024-06-01T25:00:00", "2024-06-01T12:00:00+24:00", "soon", "",
                     "2024-06-01T12:00:00\ud800", 4102444799.999, 4102444800, -1e-9]),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59),
                 timezones=st.one_of(st.none(), st.timedeltas(min_value=timedelta(hours=-23, minutes=-59),
                                                             max_value=timedelta(hours=23, minutes=59))
                                     .map(timezone))),
    st.datetimes().map(lambda d: d.isoformat()))
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT | st.binary(max_size=8) | EXTREME_NUMBERS | DEEP
    | st.just(object()) | st.just(float("nan")) | st.just({1, 2}) | st.just(datetime(2020, 1, 1)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.one_of(TEXT, st.integers()), inner, max_size=4)
    | st.tuples(inner, inner),
    max_leaves=12)


def mostly(valid: st.SearchStrategy[Any], *bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``valid`` three times in four, so a call gets past its first check and the others are explored."""
    return st.one_of(valid, valid, valid, *bad) if len(bad) == 1 else st.one_of(valid, valid, valid, st.one_of(*bad))


VALID_SCOPE = st.one_of(st.sampled_from(["fuzz", "fuzz-2", "ü-user", "user with spaces", "x" * 256]),
                        st.text(st.characters(min_codepoint=32, blacklist_categories=("Cs", "Cc")), min_size=1,
                                max_size=20).filter(str.strip))
SCOPE_ID = mostly(VALID_SCOPE, st.none(), TEXT, JUNK, st.just("x" * 257))
NAMESPACE = mostly(st.sampled_from([None, "default", "ns.1"]), st.sampled_from(["bad space", "", "a" * 65]), JUNK)
IDS = st.one_of(st.uuids().map(str), st.uuids().map(lambda u: str(u).upper()), st.uuids().map(lambda u: f"{{{u}}}"),
                TEXT, JUNK, st.sampled_from(["../../etc/passwd", "00000000-0000-0000-0000-000000000000", "0" * 32]))
MESSAGE = st.one_of(
    st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant"]), "content": TEXT},
                          optional={"name": JUNK, "timestamp": st.one_of(ODD_TIMES, JUNK), "metadata": JUNK,
                                    "extra": JUNK}),
    JUNK)
MESSAGES = st.one_of(TEXT, TEXT, st.lists(MESSAGE, max_size=4), JUNK)
TIMESTAMPS = st.one_of(st.none(), st.integers(), st.floats(), TEXT, st.datetimes(), ODD_TIMES, ODD_TIMES, JUNK)


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    with Memory(path=tmp_path_factory.mktemp("fuzz") / "m") as m:
        m.add("I live in Paris. Bob works at Acme.", user_id="keeper")
        yield m


def _state(m: Memory) -> tuple[Any, ...]:
    h = m.history_store
    return (history_rows(h, "SELECT count(*) AS n FROM messages")[0]["n"],
            history_rows(h, "SELECT count(*) AS n FROM events")[0]["n"],
            history_rows(h, "SELECT count(*) AS n FROM journal")[0]["n"],
            len(m.vectors.all_ids()), tuple(sorted(m.graph_store.counts().items())))


def _readable(m: Memory, scope: dict[str, Any]) -> None:
    """Every read of a (valid) scope still works: nothing accepted poisoned it."""
    try:
        m.get_all(**scope)
    except ScopeError:
        return  # not a valid scope: nothing can have been written to it
    out = m.get_all(**scope, include_invalidated=True, limit=1000)
    assert "skipped" not in out, f"unreadable memories in {scope}: {out['skipped']}"
    m.search("where does she live?", **scope)
    m.messages(**scope)


def _call(m: Memory, fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run ``fn``; a refusal must be a MemGraphError with a message, and must leave every store as it was; either
    way the caller's scope stays fully readable."""
    before = _state(m)
    scope = {k: kwargs[k] for k in ("user_id", "agent_id", "run_id", "namespace") if k in kwargs}
    try:
        out = fn(*args, **kwargs)
    except MemGraphError as exc:
        event(f"{fn.__name__}: refused ({type(exc).__name__})")
        assert str(exc).strip(), f"{type(exc).__name__} without a message"
        assert _state(m) == before, f"{type(exc).__name__}({exc}) but something was written"
        _readable(m, scope)
        return exc
    event(f"{fn.__name__}: accepted")
    _readable(m, scope)
    return out


@SETTINGS
@given(messages=MESSAGES, user_id=VALID_SCOPE, metadata=mostly(st.none(), JUNK),
       infer=mostly(st.just(False), st.just(True)), timestamp=mostly(st.none(), TIMESTAMPS))
def test_add_with_fuzzed_content_never_fails_unexpectedly(mem: Memory, messages: Any, **kwargs: Any) -> None:
    _call(mem, mem.add, messages, **kwargs)


@SETTINGS
@given(user_id=SCOPE_ID, agent_id=mostly(st.none(), SCOPE_ID), run_id=mostly(st.none(), SCOPE_ID),
       namespace=NAMESPACE, infer=mostly(st.just(False), JUNK), expires_at=mostly(st.none(), TIMESTAMPS),
       client_id=mostly(st.none(), JUNK), source_ref=mostly(st.none(), JUNK), event_id=mostly(st.none(), JUNK))
def test_add_with_fuzzed_scope_and_options_never_fails_unexpectedly(mem: Memory, **kwargs: Any) -> None:
    _call(mem, mem.add, "Dora studies in Oslo and likes tea.", **kwargs)


@SETTINGS
@given(query=mostly(TEXT, JUNK), user_id=SCOPE_ID, limit=mostly(st.integers(1, 50), st.integers(), JUNK),
       filters=mostly(st.none(), JUNK, st.dictionaries(TEXT, JUNK, max_size=3)),
       threshold=mostly(st.none(), st.floats(), JUNK), explain=JUNK, include_invalidated=JUNK, rerank=JUNK)
def test_search_never_fails_unexpectedly(mem: Memory, **kwargs: Any) -> None:
    out = _call(mem, mem.search, kwargs.pop("query"), **kwargs)
    if isinstance(out, dict):
        assert all(r["user_id"] == kwargs["user_id"] for r in out["results"])


@SETTINGS
@given(memory_id=IDS, user_id=SCOPE_ID, data=mostly(TEXT, JUNK), metadata=mostly(st.none(), JUNK),
       expected_version=mostly(st.none(), st.integers(), JUNK), limit=mostly(st.integers(1, 50), JUNK),
       filters=mostly(st.none(), JUNK))
def test_id_calls_never_fail_unexpectedly(mem: Memory, memory_id: Any, user_id: Any, data: Any, metadata: Any,
                                          expected_version: Any, limit: Any, filters: Any) -> None:
    keeper_ids = [r["id"] for r in mem.get_all(user_id="keeper")["results"]]
    for fn in (mem.get, mem.history):
        _call(mem, fn, memory_id, user_id=user_id)
    _call(mem, mem.update, memory_id, data, user_id=user_id, metadata=metadata, expected_version=expected_version)
    _call(mem, mem.delete, memory_id, user_id=user_id)
    _call(mem, mem.get_all, user_id=user_id, limit=limit, filters=filters)
    _call(mem, mem.messages, user_id=user_id, status=memory_id)
    if user_id != "keeper":  # nobody else can touch keeper's memories, whatever id they guess
        for kid in keeper_ids:
            assert isinstance(_call(mem, mem.get, kid, user_id=user_id), MemGraphError)
        assert [r["id"] for r in mem.get_all(user_id="keeper")["results"]] == keeper_ids


@SETTINGS
@given(query=st.one_of(TEXT, JUNK, st.sampled_from(["MATCH (e) RETURN e", "MATCH (e) RETURN e.name AS n LIMIT 3",
                                                    "RETURN $x AS x", "MATCH (e:Entity) RETURN count(e) AS n"])),
       params=mostly(st.none(), JUNK, st.dictionaries(TEXT, JUNK, max_size=3)), user_id=SCOPE_ID)
def test_cypher_never_fails_unexpectedly(mem: Memory, query: Any, params: Any, user_id: Any) -> None:
    rows = _call(mem, mem.graph.cypher, query, params, user_id=user_id)
    if isinstance(rows, list) and user_id != "keeper":
        assert "acme" not in repr(rows).lower()


@SETTINGS
@given(user_id=SCOPE_ID, agent_id=mostly(st.none(), SCOPE_ID), namespace=NAMESPACE)
def test_delete_all_refuses_bad_scopes_and_spares_others(mem: Memory, user_id: Any, agent_id: Any,
                                                         namespace: Any) -> None:
    keeper = [r["id"] for r in mem.get_all(user_id="keeper")["results"]]
    _call(mem, mem.delete_all, user_id=user_id, agent_id=agent_id, namespace=namespace)
    if user_id != "keeper":
        assert [r["id"] for r in mem.get_all(user_id="keeper")["results"]] == keeper


UNICODE = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
STORABLE = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.sampled_from([2**63 - 1, -(2**63)])
    | st.floats(allow_nan=False, allow_infinity=False) | UNICODE,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(UNICODE, inner, max_size=3), max_leaves=8)
# UTC offsets as ISO-8601 writes them, whole minutes (an ISO offset with seconds is refused: tests/test_as_of.py)
OFFSETS = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(lambda minutes: timedelta(minutes=minutes))
IN_RANGE = st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(2099, 12, 30),
                        timezones=OFFSETS.map(timezone))


def _same(a: Any, b: Any) -> bool:
    """Equal, floats to 1e-15 relative (Qdrant Edge's payload JSON may move a float by its last bit)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or abs(a - b) <= 1e-15 * max(abs(a), abs(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=False))
    return type(a) is type(b) and a == b


@settings(SETTINGS, max_examples=max(10, EXAMPLES // 2))
@given(metadata=st.one_of(st.dictionaries(UNICODE, STORABLE, max_size=4), st.sampled_from([31, 32]).map(deep)),
       when=IN_RANGE, form=st.sampled_from(["datetime", "iso", "epoch"]))
def test_every_storable_value_is_accepted_and_read_back_exactly(mem: Memory, metadata: dict[str, Any],
                                                                when: datetime, form: str) -> None:
    """The other side of the refusals: values every store can hold (64-bit ints, finite floats, any valid
    Unicode, 32 levels, any time 1970-2100 in any form and offset) are kept, exactly."""
    given_time = {"datetime": when, "iso": when.isoformat(), "epoch": when.timestamp()}[form]
    mid = mem.add("Quinn keeps bees.", user_id="storable", infer=False, metadata=metadata,
                  timestamp=given_time)["results"][0]["id"]
    got = mem.get(mid, user_id="storable")
    assert _same({k: v for k, v in got["metadata"].items() if k in metadata}, json.loads(json.dumps(metadata)))
    assert abs(datetime.fromisoformat(got["valid_from"]).timestamp() - when.timestamp()) < 1e-3
    _readable(mem, {"user_id": "storable"})


@pytest.fixture(scope="module")
def export_lines(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """A small real export to mutate: two scopes, an update, a delete, raw messages, a relation."""
    from mem_graph.backup import export

    with Memory(path=tmp_path_factory.mktemp("fuzz-src") / "m") as m:
        m.add("I live in Paris. Bob works at Acme.", user_id="ann", metadata={"k": [1, {"x": None}]})
        mid = m.add("Erin plays chess", user_id="bob", infer=False)["results"][0]["id"]
        m.update(mid, "Erin plays golf", user_id="bob")
        gone = m.add("Frank sings opera", user_id="bob", infer=False)["results"][0]["id"]
        m.delete(gone, user_id="bob")
        buf = io.StringIO()
        export(m, buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def _set_in(obj: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _leaves(obj: Any, path: list[Any]) -> Iterator[list[Any]]:
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        yield [*path, k]
        if len(path) < 6:  # a value planted by an earlier mutation may nest 2,000 deep
            yield from _leaves(v, [*path, k])


VALUE = st.one_of(JUNK, TEXT, EXTREME_NUMBERS, DEEP, ODD_TIMES, st.uuids().map(str), st.just("eve"))


@settings(SETTINGS, max_examples=max(10, EXAMPLES // 2))
@given(data=st.data())
def test_crafted_import_files_are_refused_whole_or_taken_safely(mem: Memory, export_lines: list[dict[str, Any]],
                                                                 data: st.DataObject) -> None:
    """Mutate one to three fields (anywhere, metadata and scope included) of a real export, or drop / duplicate a
    line: the import either succeeds or raises a MemGraphError having written nothing, and the store stays
    consistent and readable."""
    from mem_graph.backup import import_, read_export
    from mem_graph.maintenance import check

    lines = json.loads(json.dumps(export_lines))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        op = data.draw(st.sampled_from(["set", "set", "set", "drop", "duplicate"]), label="op")
        if op == "drop" and len(lines) > 2:
            lines.pop(i)
        elif op == "duplicate":
            lines.insert(i, lines[i])  # written out twice; nothing changes it after this
        else:
            paths = list(_leaves(lines[i], []))
            if paths:
                _set_in(lines[i], data.draw(st.sampled_from(paths), label="field"), data.draw(VALUE, label="value"))
    if data.draw(st.booleans(), label="fix footer counts") and isinstance(lines[-1], dict):
        counts: dict[str, int] = {}
        for line in lines[1:-1]:
            kind = line.get("type") if isinstance(line, dict) else None
            if isinstance(kind, str):
                counts[kind] = counts.get(kind, 0) + 1
        lines[-1]["counts"] = counts
    try:
        text = "".join(json.dumps(line, default=str) + "\n" for line in lines)
    except (TypeError, ValueError, RecursionError):
        return  # not expressible as JSON Lines: no file could hold it
    before = _state(mem)
    try:
        import_(mem, read_export(io.StringIO(text), mem.config.limits))
        event("import: accepted")
    except MemGraphError as exc:
        event(f"import: refused ({type(exc).__name__})")
        assert str(exc).strip()
        assert _state(mem) == before, f"{exc} but something was written"
    for user in ("ann", "bob", "eve", "keeper"):
        _readable(mem, {"user_id": user})
    report = check(mem)  # fully consistent: an accepted file left no history without its memory, or the reverse
    assert report.ok, {k: v for k, v in report.to_dict().items() if v}


def test_the_store_is_consistent_after_the_fuzzing(mem: Memory) -> None:
    from mem_graph.maintenance import check

    report = check(mem)
    assert report.ok, {k: v for k, v in report.to_dict().items() if v}
    assert mem.get_all(user_id="keeper")["results"]
