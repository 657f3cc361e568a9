"""The ``mem-graph`` command line as a new user meets it (issue #14): literal output, whole ids and id prefixes,
no silent empty store, one --config option, update / delete-all / --version, the demo, graph export.

Commands run in-process through ``mem_graph.cli.main`` (the console script's code: errors -> exit status 2) on
real embedded stores.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from mem_graph import Memory
from mem_graph.cli import main, options
from mem_graph.errors import ValidationError


@dataclass
class Run:
    code: int
    out: str
    err: str


def cli(*args: str, input: str | None = None) -> Run:
    """Run ``mem-graph ARGS`` in this process, as the console script does."""
    runner = CliRunner()
    with runner.isolation(input=input) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        sys.stdout.flush()
        sys.stderr.flush()
        return Run(code, out.getvalue().decode(), err.getvalue().decode())


def ok(*args: str, input: str | None = None) -> str:
    res = cli(*args, input=input)
    assert res.code == 0, res.out + res.err
    return res.out


@pytest.fixture
def wide() -> Iterator[None]:
    """A console wide enough that no cell wraps, so printed text can be compared with what was stored."""
    before = options.console.width
    options.console.width = 20_000
    try:
        yield
    finally:
        options.console.width = before


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli") / "store"


# -- stored text is printed literally ------------------------------------------------------------------------
def test_markup_in_a_memory_is_printed_not_interpreted(tmp_path: Path) -> None:
    d = str(tmp_path / "m")
    added = ok("add", "I wrote [/b] in my notes", "--user", "dan", "--path", d)
    assert "[/b]" in added and "[new]" in added  # the memory and the rule tag of its reason
    ok("add", "[bold]tea[/bold] :smile: [red]", "--raw", "--user", "dan", "--path", d)
    listed = ok("list", "--user", "dan", "--path", d)
    assert "[/b]" in listed and "[bold]tea[/bold]" in listed and ":smile:" in listed


def test_control_characters_are_shown_escaped_never_sent_to_the_terminal(tmp_path: Path, wide: None) -> None:
    d = str(tmp_path / "m")
    ok("add", "red \x1b[31malert\x07 here", "--raw", "--user", "dan", "--path", d)
    listed = ok("list", "--user", "dan", "--path", d)
    assert "red \\x1b[31malert\\x07 here" in listed and "\x1b" not in listed and "\x07" not in listed


_MARKUPISH = st.lists(st.one_of(
    st.sampled_from(["[", "]", "[/", "[b]", "[/b]", "[bold]", "[new]", "[/]", "\\", "\\[", ":smile:", "[link=x]",
                     "[#ff0000]", "[@click]", " ", "\t", "\n", "\x1b[31m", "é", "漢字", "🙂", "\u200b", "\u0301"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6),
), min_size=1, max_size=8).map("".join)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_MARKUPISH)
@example(text="0\xa0")  # a trailing no-break space: a centred table title used to trim it
@example(text="-")  # text that starts like an option goes after "--", as a user would type it
def test_any_text_the_sdk_accepts_prints_verbatim_everywhere(store: Path, wide: None, text: str) -> None:
    user = uuid.uuid4().hex
    try:
        with Memory(path=store) as m:
            added = m.add(text, user_id=user, infer=False)["results"][0]
    except ValidationError:
        assume(False)
    mid, stored = added["id"], added["memory"]  # as the SDK keeps it (surrounding blanks trimmed)
    visible = options.shown(stored)
    d = str(store)
    assert visible in ok("list", "--user", user, "--path", d)
    assert f"Search: {options.shown(text)}" in ok("search", "--user", user, "--path", d, "--", text)
    assert visible in ok("history", mid, "--user", user, "--path", d)
    assert json.loads(ok("get", mid, "--user", user, "--path", d))["memory"] == stored
    assert visible in ok("add", "--raw", "--user", user, "--path", d, "--", text)  # the decision line (demo style)
    assert f"(was: {visible})" in ok("update", "--user", user, "--path", d, "--", mid, text + "!")


@settings(max_examples=60, deadline=None)
@given(source=_MARKUPISH.filter(bool), relation=_MARKUPISH, target=_MARKUPISH,
       reason=_MARKUPISH.filter(bool))
def test_decision_and_relation_lines_render_any_text_literally(source: str, relation: str, target: str,
                                                               reason: str) -> None:
    con = options.Console(width=20_000, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    con.print(options.relation_line(source, relation, target))
    con.print(options.decision_line({"event": "UPDATE", "memory": target, "previous_memory": source,
                                     "reason": reason}))
    out = con.export_text()
    con.file.close()
    shown = options.shown
    assert f"{shown(source)} —{shown(relation)}→ {shown(target)}" in out
    assert f"UPDATE {shown(target)}  (was: {shown(source)})  {shown(reason)}" in out


def test_graph_commands_print_entities_literally(tmp_path: Path, wide: None) -> None:
    d = tmp_path / "m"
    with Memory(path=d) as m:
        m.add("I wrote [/b] in my notes.", user_id="g")
        m.add("Alice works at Acme[1]. [bold]Bob[/bold] manages Alice.", user_id="g")
        rels = m.graph.relations(user_id="g")
    assert rels
    out = ok("graph", "relations", "--user", "g", "--path", str(d))
    shown = options.shown
    for r in rels:
        assert f"{shown(r['source'])} —{shown(r['relationship'])}→ {shown(r['destination'])}" in out
        near = ok("graph", "neighbours", r["source"], "--user", "g", "--path", str(d))
        assert f"{shown(r['source'])} —{shown(r['relationship'])}→ {shown(r['destination'])}" in near


# -- ids --------------------------------------------------------------------------------------------------------
def _import_with_ids(path: Path, ids_texts: list[tuple[str, str]], user: str) -> None:
    """Memories with chosen ids, through the real import path (export one memory, copy it under new ids)."""
    src = path.parent / f"{path.name}-src"
    with Memory(path=src) as m:
        m.add("seed", user_id=user, infer=False)
    exported = path.parent / f"{path.name}-export.jsonl"
    ok("export", str(exported), "--user", user, "--path", str(src))
    lines = [json.loads(x) for x in exported.read_text().splitlines()]
    memory = next(x for x in lines if x["type"] == "memory")
    rows = [lines[0]]
    for mid, text in ids_texts:
        rows.append({**memory, "id": mid, "payload": {**memory["payload"], "text": text, "entities": [],
                                                      "triples": [], "source": {}}})
    rows.append({"type": "footer", "counts": {"memory": len(ids_texts)}, "skipped": []})
    exported.write_text("".join(json.dumps(r) + "\n" for r in rows))
    ok("import", str(exported), "--path", str(path))


def test_lists_show_whole_ids_at_80_columns(tmp_path: Path) -> None:
    d = str(tmp_path / "m")
    ok("add", "A fairly long memory text that takes up most of the width of a small terminal window",
       "--raw", "--user", "dan", "--path", d)
    mid = json.loads(ok("list", "--user", "dan", "--path", d, "--json"))["results"][0]["id"]
    assert options.console.width == 80  # not a terminal: rich's default width
    assert mid in ok("list", "--user", "dan", "--path", d)
    assert mid in ok("search", "memory text", "--user", "dan", "--path", d)


def test_ids_are_taken_whole_or_as_a_unique_prefix_within_the_scope(tmp_path: Path) -> None:
    d = tmp_path / "m"
    a, b, c = ("abcd1234-0000-4000-8000-000000000001", "abcd1234-0000-4000-8000-000000000002",
               "abce0000-0000-4000-8000-000000000003")
    _import_with_ids(d, [(a, "I like tea"), (b, "I like coffee"), (c, "I like cocoa")], user="dan")
    p = str(d)
    assert json.loads(ok("get", "abce", "--user", "dan", "--path", p))["memory"] == "I like cocoa"
    assert json.loads(ok("get", b.upper(), "--user", "dan", "--path", p))["id"] == b
    amb = cli("get", "abcd", "--user", "dan", "--path", p)
    assert amb.code == 2 and "ambiguous" in amb.err and a in amb.err and b in amb.err and c not in amb.err
    assert cli("update", "abcd1234", "x", "--user", "dan", "--path", p).code == 2
    ok("update", "abcd1234-0000-4000-8000-000000000001", "I like green tea", "--user", "dan", "--path", p)
    assert "I like green tea" in ok("history", a, "--user", "dan", "--path", p)
    assert "deleted: I like cocoa" in ok("delete", "abce0", "--user", "dan", "--path", p)
    assert "I like cocoa" in ok("history", "abce", "--user", "dan", "--path", p)  # gone, but its events remain
    other = cli("get", "abcd1234-0000-4000-8000-00000000000", "--user", "eve", "--path", p)
    assert other.code == 2 and "no memory" in other.err and a not in other.err  # another scope: nothing revealed
    assert cli("get", "ab", "--user", "dan", "--path", p).code == 2  # too short to be a prefix


# -- a mistyped --path ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["list", "--user", "u"], ["search", "tea", "--user", "u"],
                                     ["get", "abcd", "--user", "u"], ["history", "abcd", "--user", "u"],
                                     ["graph", "relations", "--user", "u"], ["cypher", "MATCH (n) RETURN n",
                                                                             "--user", "u"], ["check"]])
def test_read_commands_refuse_a_path_without_a_store(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "typo"
    res = cli(*command, "--path", str(missing))
    assert res.code == 2 and "no mem_graph store" in res.err and str(missing) in res.err.replace("\n", "")
    assert not missing.exists()


def test_write_commands_create_the_store(tmp_path: Path) -> None:
    d = tmp_path / "new"
    ok("add", "I like tea", "--raw", "--user", "u", "--path", str(d))
    assert "I like tea" in ok("list", "--user", "u", "--path", str(d))


# -- --config, scope errors, update, delete-all, --version ----------------------------------------------------
def test_config_takes_a_file_or_inline_json_in_every_command(tmp_path: Path) -> None:
    d = str(tmp_path / "m")
    ok("add", "I like tea", "--raw", "--user", "u", "--path", d, "--config", '{"retrieval": {"graph_weight": 0}}')
    bad = cli("list", "--user", "u", "--path", d, "--config", '{"bogus": 1}')
    assert bad.code == 2 and "bogus" in bad.err and "cannot read" not in bad.err
    conf = tmp_path / "conf.json"
    conf.write_text(json.dumps({"retrieval": {"graph_weight": 0}}))
    assert "I like tea" in ok("search", "tea", "--user", "u", "--path", d, "--config", str(conf))
    missing = cli("list", "--user", "u", "--path", d, "--config", str(tmp_path / "nope.json"))
    assert missing.code == 2 and "cannot read config file" in missing.err
    hub = cli("token", "list", "--path", d, "--config", '{"bogus": 1}')  # the hub's commands take it too
    assert hub.code == 2 and "bogus" in hub.err and "cannot read" not in hub.err
    listed = ok("token", "list", "--json", "--path", d, "--config", '{"retrieval": {"graph_weight": 0}}')
    assert json.loads(listed) == []


def test_a_missing_scope_names_the_cli_flags(tmp_path: Path) -> None:
    res = cli("add", "I like tea", "--path", str(tmp_path / "m"))
    assert res.code == 2 and "--user" in res.err and "user_id" not in res.err


def test_update_and_delete_all(tmp_path: Path) -> None:
    d = str(tmp_path / "m")
    mid = json.loads(ok("add", "I like tea", "--raw", "--user", "u", "--path", d, "--json"))["results"][0]["id"]
    ok("add", "I like cake", "--raw", "--user", "v", "--path", d)
    out = ok("update", mid[:8], "I like coffee", "--user", "u", "--path", d)
    assert "I like coffee" in out and "(was: I like tea)" in out
    refused = cli("delete-all", "--user", "u", "--path", d, input="n\n")
    assert refused.code != 0 and "I like coffee" in ok("list", "--user", "u", "--path", d)
    assert "deleted 1 memories" in ok("delete-all", "--user", "u", "--path", d, "--yes")
    assert "I like coffee" not in ok("list", "--user", "u", "--path", d)
    assert "I like cake" in ok("list", "--user", "v", "--path", d)  # other scopes untouched


def test_version() -> None:
    from mem_graph import __version__

    assert ok("--version").strip() == f"mem-graph {__version__}"


# -- demo -------------------------------------------------------------------------------------------------------
def test_demo_shows_each_decision_its_reason_and_what_it_replaced(tmp_path: Path, wide: None) -> None:
    res = cli("demo", "--path", str(tmp_path / "m"))
    assert res.code == 0, res.out + res.err
    decisions = [x for x in res.out.splitlines() if x.lstrip().startswith("→")]
    assert decisions and all("[" in x for x in decisions if "nothing to remember" not in x)  # reason tags
    updates = [x for x in decisions if "UPDATE" in x]
    assert all("(was: " in x for x in updates)
    warnings = [x for x in (res.out + res.err).splitlines() if "warn" in x.lower() or "cross-encoder" in x.lower()]
    assert len(warnings) == len(set(warnings))


# -- graph export -----------------------------------------------------------------------------------------------
def test_graph_export_round_trips_through_networkx(tmp_path: Path) -> None:
    d = tmp_path / "m"
    with Memory(path=d) as m:
        m.add("Alice works at Acme. Bob manages Alice. I live in Paris.", user_id="sam")
        g = m.graph.to_networkx(user_id="sam")
    assert g.number_of_edges() >= 2
    assert all(n.isprintable() for n in g.nodes) and all("type" in a and "name" in a for _, a in g.nodes(data=True))
    nx.write_graphml(g, tmp_path / "sdk.graphml")  # the SDK graph itself is valid GraphML
    for fmt in ("sdk", "graphml", "json"):
        out = tmp_path / f"{fmt}.graphml" if fmt == "sdk" else tmp_path / f"g.{fmt}"
        if fmt != "sdk":
            ok("graph", "export", "--user", "sam", "--format", fmt, "--out", str(out), "--path", str(d))
        back = (nx.node_link_graph(json.loads(out.read_text()), edges="edges") if fmt == "json"
                else nx.read_graphml(out))
        assert set(back.nodes) == set(g.nodes)
        assert dict(back.nodes(data="type")) == dict(g.nodes(data="type"))
        assert dict(back.nodes(data="name")) == dict(g.nodes(data="name"))
        assert sorted((u, v, a["relation"]) for u, v, a in back.edges(data=True)) == \
            sorted((u, v, a["relation"]) for u, v, a in g.edges(data=True))


# -- no model for commands that need none -----------------------------------------------------------------------
def test_list_and_get_load_no_embedding_model(tmp_path: Path) -> None:
    d = tmp_path / "m"
    with Memory(path=d) as m:
        mid = m.add("I like tea", user_id="u", infer=False)["results"][0]["id"]
    probe = ("import sys; from mem_graph.cli import main\n"
             "for args in (['list', '--user', 'u'], ['get', sys.argv[2], '--user', 'u'], ['history', sys.argv[2], "
             "'--user', 'u'], ['graph', 'relations', '--user', 'u']):\n"
             "    try: main(args + ['--path', sys.argv[1]])\n"
             "    except SystemExit as e: assert not e.code, e.code\n"
             "print('MODELS', sorted(k for k in sys.modules if k.split('.')[0] in "
             "('onnxruntime', 'torch', 'transformers', 'sentence_transformers', 'spacy')))")
    out = subprocess.run([sys.executable, "-c", probe, str(d), mid], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "MODELS []" in out.stdout
