"""LLM and hybrid extraction (issue 3) against a real OpenAI-compatible HTTP server on loopback.

The server (tests/llm_server.py) is scripted per test with the replies a model
would give; the real ``openai`` client talks to it; every store is the real
embedded one. How each kind of endpoint is spoken to (structured-output
probing, Azure, keys from the environment, the documented configs) is in
test_llm_endpoints.py.
"""

from __future__ import annotations

import json
import logging
import re
import time

import pytest
from llm_server import (
    MakeMemory,
    ScriptedLLM,
    all_events,
    answer,
    fact,
    index_of,
    payload_of,
    texts,
)

from mem_graph import LLMError

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


# -- the request ---------------------------------------------------------------------------------
def test_request_shape_model_messages_and_schema(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(custom_instructions="Remember food preferences; ignore the weather.")
    llm.reply(answer(fact("User is vegetarian", entities=[("User", "person")], triples=[("User", "is", "vegetarian")])))

    out = m.add("I'm vegetarian", user_id="u")

    [req] = llm.requests
    assert req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == "Bearer sk-test"
    assert req.body["model"] == "test-model" and req.body["temperature"] == 0
    assert [msg["role"] for msg in req.body["messages"]] == ["system", "user"]
    fmt = req.body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "memory_decisions"
    assert fmt["json_schema"]["strict"] is True
    assert set(fmt["json_schema"]["schema"]["required"]) == {"facts", "contradicted_relations"}
    assert "Remember food preferences; ignore the weather." in req.system
    assert req.payload["new_messages"] == [{"role": "user", "content": "I'm vegetarian"}]
    assert req.payload["existing_memories"] == []

    assert [(r["event"], r["memory"]) for r in out["results"]] == [("ADD", "User is vegetarian")]
    stored = m.get(out["results"][0]["id"], user_id="u")
    assert stored["source"]["extractor"] == "llm" and stored["source"]["rule"] == "llm"
    [event] = m.history(stored["id"], user_id="u")
    assert event["extractor"] == "llm" and event["reason"].startswith("[llm] stated by the user")
    assert "test-model" in event["reason"] and "prompt v1" in event["reason"]


def test_existing_memories_are_shown_as_small_integers_and_mapped_back(make_memory: MakeMemory,
                                                                       llm: ScriptedLLM) -> None:
    m = make_memory()
    tea = m.add("User likes green tea", user_id="u", infer=False)["results"][0]["id"]
    home = m.add("User lives in Beijing", user_id="u", infer=False)["results"][0]["id"]
    llm.reply(lambda body: answer(fact("User lives in Shanghai", "UPDATE", index_of(payload_of(body), "Beijing"),
                                       reason="moved")))

    out = m.add([{"role": "user", "content": "I moved to Shanghai."},
                 {"role": "assistant", "content": "Shanghai is lovely!"}], user_id="u")

    req = llm.requests[0]
    assert sorted(x["id"] for x in req.payload["existing_memories"]) == [0, 1]
    assert not UUID.search(req.raw), "no memory UUID may reach the model"
    assert req.payload["new_messages"][1] == {"role": "assistant", "content": "Shanghai is lovely!"}
    [update] = out["results"]
    assert update["event"] == "UPDATE" and update["previous_id"] == home
    assert m.get(home, user_id="u")["status"] == "invalidated"
    assert m.get(tea, user_id="u")["status"] == "active"


def test_an_invented_id_is_rejected_and_never_applied(make_memory: MakeMemory, llm: ScriptedLLM,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    m = make_memory()
    kept = m.add("User likes green tea", user_id="u", infer=False)["results"][0]["id"]
    llm.reply(answer(fact("User likes coffee", "UPDATE", 7), fact("gone", "DELETE", -1),
                     fact("User hates tea", "UPDATE", None), contradicted=[5]))

    with caplog.at_level(logging.WARNING, logger="mem_graph"):
        out = m.add("I prefer coffee now", user_id="u")

    assert out["results"] == [] and out["relations"] == {"added": [], "invalidated": []}
    assert texts(m, "u") == ["User likes green tea"] and m.get(kept, user_id="u")["status"] == "active"
    assert "model referenced memory 7, which it was not shown" in caplog.text
    rejected = [e for e in all_events(m, "u") if "[llm.rejected]" in (e["reason"] or "")]
    assert len(rejected) == 4 and all(e["event"] == "NONE" and e["memory_id"] == "" for e in rejected)


def test_two_decisions_on_one_memory_the_first_wins(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    home = m.add("User lives in Beijing", user_id="u", infer=False)["results"][0]["id"]
    llm.reply(answer(fact("User lives in Shanghai", "UPDATE", 0), fact("User lives in Pudong", "UPDATE", 0),
                     fact("User left Beijing", "DELETE", 0)))

    out = m.add("I moved to Pudong, Shanghai.", user_id="u")

    assert [(r["event"], r.get("previous_id")) for r in out["results"]] == [("UPDATE", home), ("ADD", None)]
    assert "already superseded" in out["results"][1]["reason"]
    assert sorted(texts(m, "u")) == ["User lives in Pudong", "User lives in Shanghai"]


def test_infer_false_never_calls_the_llm(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory("hybrid")
    out = m.add("Yesterday was rough, the deploy failed twice.", user_id="u", infer=False)
    assert [r["event"] for r in out["results"]] == ["ADD"] and "usage" not in out and llm.requests == []


# -- failures ------------------------------------------------------------------------------------
def test_malformed_json_is_retried_then_raises_llm_error(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"max_retries": 2})
    llm.reply("Sure! Here are the facts: none").reply({"facts": [{"text": "x", "event": "MAYBE"}]})
    llm.reply("```json\n{\"facts\": [\n```")

    with pytest.raises(LLMError, match="after 3 attempt") as failed:
        m.add("I live in Beijing.", user_id="u")

    assert len(llm.requests) == 3 and failed.value.usage["calls"] == 3  # type: ignore[attr-defined]
    assert failed.value.usage["prompt_tokens"] == 300  # type: ignore[attr-defined]
    assert texts(m, "u") == []
    assert [(x["content"], x["status"]) for x in m.messages(user_id="u")] == [("I live in Beijing.", "failed")]


def test_json_in_a_code_fence_after_a_bad_reply_is_accepted(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    good = answer(fact("User lives in Beijing", triples=[("User", "lives_in", "Beijing")]))
    llm.reply("I think the user lives in Beijing.", usage=(50, 10))
    llm.reply("Here you go:\n```json\n" + json.dumps(good) + "\n```", usage=(60, 30))

    out = m.add("I live in Beijing.", user_id="u")

    assert [r["event"] for r in out["results"]] == ["ADD"]
    assert {k: out["usage"][k] for k in ("prompt_tokens", "completion_tokens", "total_tokens", "calls")} == {
        "prompt_tokens": 110, "completion_tokens": 40, "total_tokens": 150, "calls": 2}


def test_a_refusal_raises_without_retrying(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"max_retries": 3})
    llm.reply(refusal="I can't help with that.")
    with pytest.raises(LLMError, match="refused: I can't help with that"):
        m.add("I live in Beijing.", user_id="u")
    assert len(llm.requests) == 1


def test_server_errors_fall_back_to_rules_when_configured(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(extraction={"fallback_to_rules": True})
    llm.reply(status=500, error="overloaded").reply(status=503, error="still overloaded")

    out = m.add("I live in Beijing.", user_id="u")

    assert len(llm.requests) == 2
    assert [(r["event"], r["memory"]) for r in out["results"]] == [("ADD", "User lives in Beijing")]
    assert "HTTP 503" in out["usage"]["fallback"] and out["usage"]["calls"] == 2
    rec = m.get(out["results"][0]["id"], user_id="u")
    assert rec["source"]["extractor"] == "rules_fallback"
    [event] = m.history(rec["id"], user_id="u")
    assert event["extractor"] == "rules_fallback" and "LLM failed" in event["reason"]
    assert [x["status"] for x in m.messages(user_id="u")] == ["processed"]


def test_the_fallback_reads_earlier_messages_like_rules_mode(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    """The rules that stand in for a failed LLM resolve "he" against the scope's earlier messages."""
    m = make_memory(extraction={"fallback_to_rules": True}, llm_config={"max_retries": 0})
    llm.reply(answer(fact("User's brother Leo lives in Paris", triples=[("Leo", "lives_in", "Paris")])))
    llm.reply(status=503, error="overloaded")
    m.add("My brother Leo lives in Paris.", user_id="u")

    out = m.add("He works at a bakery.", user_id="u")

    assert [(r["event"], r["memory"]) for r in out["results"]] == [("ADD", "Leo works at a bakery")]
    assert "HTTP 503" in out["usage"]["fallback"]


def test_server_errors_raise_without_fallback(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(status=500).reply(status=500)
    with pytest.raises(LLMError, match="HTTP 500"):
        m.add("I live in Beijing.", user_id="u")
    assert texts(m, "u") == [] and m.messages(user_id="u")[0]["status"] == "failed"


def test_the_configured_timeout_is_honoured(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"timeout": 0.3, "max_retries": 1})
    llm.reply(answer(), sleep=5).reply(answer(), sleep=5)

    started = time.monotonic()
    with pytest.raises(LLMError, match=r"timed out after 0.3s"):
        m.add("I live in Beijing.", user_id="u")

    assert time.monotonic() - started < 3
    assert len(llm.requests) == 2


def test_usage_and_cost_are_reported_per_add(make_memory: MakeMemory, llm: ScriptedLLM,
                                             caplog: pytest.LogCaptureFixture) -> None:
    m = make_memory(llm_config={"cost_per_1m_prompt_tokens": 0.15, "cost_per_1m_completion_tokens": 0.6})
    llm.reply(answer(fact("User likes tea")), usage=(1200, 80))
    with caplog.at_level(logging.INFO, logger="mem_graph"):
        out = m.add("I like tea.", user_id="u")
    assert out["usage"] == {"prompt_tokens": 1200, "completion_tokens": 80, "total_tokens": 1280, "calls": 1,
                            "model": "test-model", "cost": pytest.approx((1200 * 0.15 + 80 * 0.6) / 1e6)}
    assert "llm usage: 1200 prompt + 80 completion tokens in 1 call(s)" in caplog.text


def test_chit_chat_costs_no_call(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    out = m.add([{"role": "user", "content": "ok thanks!"}, {"role": "assistant", "content": "You're welcome."}],
                user_id="u")
    assert out["results"] == [] and out["usage"]["calls"] == 0 and llm.requests == []


# -- the core behaviours, in LLM mode ------------------------------------------------------------
def test_llm_a_move_updates_the_location_and_invalidates_the_old_one(make_memory: MakeMemory,
                                                                     llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(answer(fact("User lives in Beijing", entities=[("Beijing", "place")],
                          triples=[("User", "lives_in", "Beijing")])))
    llm.reply(lambda body: answer(fact("User lives in Shanghai", "UPDATE", index_of(payload_of(body), "Beijing"),
                                       reason="the user moved", triples=[("User", "lives_in", "Shanghai")]),
                                  contradicted=[0]))
    m.add("I live in Beijing.", user_id="alice")
    out = m.add("I moved to Shanghai.", user_id="alice")

    assert llm.requests[1].payload["existing_relations"] == [
        {"id": 0, "source": "User", "relationship": "lives_in", "destination": "Beijing", "memory": 0}]
    [update] = out["results"]
    assert update["event"] == "UPDATE" and update["previous_memory"] == "User lives in Beijing"
    assert texts(m, "alice") == ["User lives in Shanghai"]
    old = m.get(update["previous_id"], user_id="alice")
    assert old["status"] == "invalidated" and old["invalid_at"] and old["superseded_by"] == update["id"]
    assert out["relations"]["invalidated"] == [{"source": "User", "relationship": "lives_in", "destination": "Beijing"}]
    rels = m.graph.relations(user_id="alice", include_invalid=True)
    assert {r["destination"]: r["valid"] for r in rels} == {"Beijing": False, "Shanghai": True}
    history = m.history(update["id"], user_id="alice")
    assert [e["event"] for e in history] == ["ADD", "UPDATE"]
    assert "[llm] the user moved" in history[1]["reason"]
    assert m.search("where does the user live", user_id="alice")["results"][0]["memory"] == "User lives in Shanghai"


def test_llm_vegetarian_said_three_times_is_one_memory(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(answer(fact("User is vegetarian")))
    llm.reply(answer(fact("User is vegetarian", "NONE", 0, reason="already known")))
    llm.reply(answer(fact("User is vegetarian", "ADD")))  # the model forgets to dedupe: the hash guard does

    outs = [m.add(s, user_id="u") for s in ("I'm vegetarian", "I am a vegetarian.", "As I said, I'm vegetarian!")]

    assert [r["event"] for out in outs for r in out["results"]] == ["ADD", "NONE", "NONE"]
    assert texts(m, "u") == ["User is vegetarian"]
    last = all_events(m, "u")[-1]
    assert last["event"] == "NONE" and last["reason"].startswith("[hash]")


def test_llm_switching_databases_invalidates_mysql(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(answer(fact("User likes MySQL", triples=[("User", "likes", "MySQL")])))
    llm.reply(answer(fact("User no longer uses MySQL", "DELETE", 0, reason="stopped using it"),
                     fact("User uses PostgreSQL", triples=[("User", "uses", "PostgreSQL")],
                          entities=[("PostgreSQL", "thing")]), contradicted=[0]))
    m.add("I like MySQL", user_id="dev")
    out = m.add("I don't use MySQL anymore, I switched to PostgreSQL", user_id="dev")

    by_event = {r["event"]: r for r in out["results"]}
    assert by_event["DELETE"]["memory"] == "User likes MySQL" and by_event["ADD"]["memory"] == "User uses PostgreSQL"
    assert texts(m, "dev") == ["User uses PostgreSQL"]
    mysql = [r for r in m.get_all(user_id="dev", include_invalidated=True)["results"] if "MySQL" in r["memory"]]
    assert [r["status"] for r in mysql] == ["invalidated"]
    assert {"source": "User", "relationship": "likes", "destination": "MySQL"} in out["relations"]["invalidated"]
    assert {(r["relationship"], r["destination"], r["valid"]) for r in
            m.graph.relations(user_id="dev", include_invalid=True)} == {("likes", "MySQL", False),
                                                                        ("uses", "PostgreSQL", True)}


def test_llm_a_contradicted_relation_invalidates_its_memory(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(answer(fact("Alice works at Acme", triples=[("Alice", "works_at", "Acme")])))
    llm.reply(answer(contradicted=[0]))
    m.add("Alice works at Acme.", user_id="team")
    out = m.add("Alice quit last week.", user_id="team")

    [deleted] = out["results"]
    assert deleted["event"] == "DELETE" and deleted["memory"] == "Alice works at Acme"
    assert deleted["reason"].startswith("[llm.contradiction] contradicted relation Alice -[works_at]-> Acme")
    assert texts(m, "team") == [] and m.graph.relations(user_id="team") == []
    assert m.graph.relations(user_id="team", include_invalid=True)[0]["valid"] is False


def test_llm_alice_acme_bob_triples_land_in_the_graph(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory()
    llm.reply(answer(
        fact("Alice works at Acme", entities=[("Alice", "person"), ("Acme", "organization")],
             triples=[("Alice", "works_at", "Acme")]),
        fact("Bob manages Alice", entities=[("Bob", "person"), ("Alice", "person")],
             triples=[("Bob", "manages", "Alice")])))
    out = m.add("Alice works at Acme. Bob manages Alice.", user_id="team")

    added = {(r["source"], r["relationship"], r["destination"]) for r in out["relations"]["added"]}
    assert added == {("Alice", "works_at", "Acme"), ("Bob", "manages", "Alice")}
    types = {r["name"]: r["type"] for r in m.graph.cypher(
        "MATCH (e:Entity) WHERE e.user_id = $user_id RETURN e.display AS name, e.type AS type", user_id="team")}
    assert types == {"Alice": "person", "Acme": "organization", "Bob": "person"}
    res = m.search("Where does Bob's report work?", user_id="team", explain=True)
    acme = next(h for h in res["results"] if "Acme" in h["memory"])
    assert acme["explain"]["graph"] > 0 and "graph" in acme["explain"]["sources"]


# -- hybrid mode ---------------------------------------------------------------------------------
def test_hybrid_clear_cases_are_decided_by_rules_without_a_call(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory("hybrid")
    m.add("I live in Beijing.", user_id="u")
    out = m.add("I moved to Shanghai.", user_id="u")
    m.add("I'm vegetarian", user_id="u")
    again = m.add("I'm vegetarian", user_id="u")

    assert llm.requests == []
    assert out["results"][0]["event"] == "UPDATE" and out["usage"]["calls"] == 0
    assert again["results"][0]["event"] == "NONE"
    history = m.history(out["results"][0]["id"], user_id="u")
    assert history[1]["reason"].startswith("[single_value]") and history[1]["extractor"] == "rules"


def test_hybrid_sends_a_message_the_rules_could_not_read(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory("hybrid")
    llm.reply(answer(fact("User's deploy failed twice yesterday", reason="a work event worth keeping")))
    out = m.add([{"role": "user", "content": "ok"},
                 {"role": "user", "content": "Yesterday was rough, the deploy failed twice."}], user_id="u")

    [req] = llm.requests
    assert req.payload["new_messages"] == [{"role": "user", "content": "Yesterday was rough, the deploy failed twice."}]
    assert "candidate_facts" not in req.payload
    [added] = out["results"]
    assert m.get(added["id"], user_id="u")["source"]["extractor"] == "llm"
    assert m.history(added["id"], user_id="u")[0]["reason"].startswith("[llm] a work event worth keeping")


def test_hybrid_sends_only_the_grey_fact_of_a_mixed_message(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory("hybrid", extraction={"grey_similarity": 0.5})
    m.add("I live in Beijing.", user_id="u")
    m.add("I like green tea.", user_id="u")
    assert llm.requests == []
    llm.reply(lambda body: answer(fact("User now prefers jasmine tea to green tea", "UPDATE",
                                       index_of(payload_of(body), "green tea"), reason="taste changed")))

    out = m.add("I moved to Shanghai. I love jasmine tea.", user_id="u")

    [req] = llm.requests
    assert req.payload["candidate_facts"] == ["User loves jasmine tea"]
    assert req.payload["already_recorded"] == [{"fact": "User moved to Shanghai", "decision": "UPDATE"}]
    assert not any("Beijing" in x["text"] for x in req.payload["existing_memories"])  # superseded by a rule
    by_text = {r["memory"]: r for r in out["results"]}
    assert by_text["User moved to Shanghai"]["reason"].startswith("[single_value]")
    assert by_text["User now prefers jasmine tea to green tea"]["reason"].startswith("[llm] taste changed")
    assert sorted(texts(m, "u")) == ["User moved to Shanghai", "User now prefers jasmine tea to green tea"]


def test_hybrid_falls_back_to_rules(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory("hybrid", extraction={"fallback_to_rules": True}, llm_config={"max_retries": 0})
    llm.reply(status=500)
    out = m.add("Yesterday was rough, the deploy failed twice.", user_id="u")
    [kept] = out["results"]
    assert kept["memory"] == "Yesterday was rough, the deploy failed twice."
    assert m.get(kept["id"], user_id="u")["source"]["extractor"] == "rules_fallback"
    assert out["usage"]["calls"] == 1 and "HTTP 500" in out["usage"]["fallback"]


# -- what small models really answer -------------------------------------------------------------
def test_raw_control_characters_inside_json_strings_are_accepted(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    """Small local models often write a raw newline or tab inside a string: still valid output, not a retry."""
    m = make_memory(llm_config={"max_retries": 0})
    llm.reply('{"facts": [{"text": "User lives in\tLisbon", "event": "ADD", "existing": null, '
              '"reason": "stated\nby the user"}], "contradicted_relations": []}')
    out = m.add("I live in Lisbon.", user_id="u")
    assert [r["event"] for r in out["results"]] == ["ADD"] and "Lisbon" in out["results"][0]["memory"]


def test_placeholder_items_are_dropped_and_a_textless_fact_is_rejected(make_memory: MakeMemory,
                                                                       llm: ScriptedLLM) -> None:
    """What a 135M model really answered: an entity with an empty name, and an ADD of "..."."""
    m = make_memory(llm_config={"max_retries": 0})
    llm.reply(answer(fact("User lives in Lisbon", entities=[("", "place"), ("Lisbon", "place")],
                          triples=[("User", "", "Lisbon"), ("User", "lives_in", "Lisbon")]), fact("...")))

    out = m.add("I live in Lisbon.", user_id="u")

    assert [(r["event"], r["memory"]) for r in out["results"]] == [("ADD", "User lives in Lisbon")]
    assert out["relations"]["added"] == [{"source": "User", "relationship": "lives_in", "destination": "Lisbon"}]
    rejected = [e for e in all_events(m, "u") if "[llm.rejected]" in (e["reason"] or "")]
    assert len(rejected) == 1 and "empty fact" in rejected[0]["reason"]
