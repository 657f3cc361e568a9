"""Sync: a client that was offline catches up exactly once; retried POSTs are idempotent."""

from __future__ import annotations

import threading

import httpx
import pytest
from running_hub import RunningHub

from mem_graph import ConflictError
from mem_graph.client import MemoryClient

NS = "sync"


@pytest.fixture(scope="module")
def tokens(hub_server: RunningHub) -> dict[str, str]:
    return {"desk": hub_server.token("desk", [NS]), "phone": hub_server.token("phone", [NS])}


def test_an_offline_client_catches_up_on_500_changes_without_gaps_or_duplicates(
        hub_server: RunningHub, tokens: dict[str, str], uid: str) -> None:
    desk, phone = hub_server.client(tokens["desk"]), hub_server.client(tokens["phone"])
    cursor = phone.changes(0, 1)["last_seq"]  # the phone syncs, then goes offline
    written: list[str] = []
    for batch in range(10):  # 10 POSTs x 50 verbatim messages = 500 new memories
        msgs = [{"role": "user", "content": f"note {batch}-{i}: buy item {batch * 50 + i}"} for i in range(50)]
        written += [r["id"] for r in desk.add(msgs, user_id=uid, infer=False)["results"]]
    doomed = written[:3]
    for mid in doomed:
        desk.delete(mid, user_id=uid)

    seen: list[dict] = []
    pages = 0
    while True:  # the phone comes back and pages through with small pages
        page = phone.changes(cursor, 97)
        seen += page["changes"]
        cursor, pages = page["next_since"], pages + 1
        if not page["has_more"]:
            break
    seqs = [c["seq"] for c in seen]
    assert seqs == sorted(set(seqs)) and len(seqs) == 503 and pages == 6
    assert seqs == list(range(seqs[0], seqs[0] + 503))  # nothing else was written meanwhile: no gap either
    assert [c["memory_id"] for c in seen if c["event"] == "ADD"] == written
    assert [c["memory_id"] for c in seen if c["event"] == "DELETE"] == doomed
    assert {c["actor"] for c in seen} == {"desk"}
    assert phone.changes(cursor)["changes"] == []  # caught up: the next poll is empty
    desk.add("I live in Rome.", user_id=uid)
    assert [c["new_memory"] for c in phone.changes(cursor)["changes"]] == ["User lives in Rome"]
    desk.delete_all(user_id=uid)
    tail = list(phone.iter_changes(cursor))
    assert tail[-1]["event"] == "DELETE_ALL" and tail[-1]["user_id"] == uid
    desk.close()
    phone.close()


def test_a_retried_post_with_the_same_event_id_creates_one_memory(
        hub_server: RunningHub, tokens: dict[str, str], uid: str) -> None:
    body = {"messages": "I live in Vienna.", "user_id": uid, "event_id": "evt-vienna-1"}
    headers = {"Authorization": f"Bearer {tokens['desk']}"}
    first = httpx.post(f"{hub_server.url}/v1/memories", json=body, headers=headers)
    again = [httpx.post(f"{hub_server.url}/v1/memories", json=body, headers=headers) for _ in range(3)]
    assert first.status_code == 200 and "idempotent-replayed" not in first.headers
    assert all(r.status_code == 200 and r.json() == first.json() for r in again)
    assert all(r.headers["idempotent-replayed"] == "true" for r in again)
    with hub_server.client(tokens["desk"]) as desk:
        assert [m["memory"] for m in desk.get_all(user_id=uid)["results"]] == ["User lives in Vienna"]
        assert desk.get_all(user_id=uid)["results"][0]["source"]["event_id"] == "evt-vienna-1"
        with pytest.raises(ConflictError, match="different request"):
            desk.add("I live in Graz.", user_id=uid, event_id="evt-vienna-1")
    # the same event id from another client is another request
    other = httpx.post(f"{hub_server.url}/v1/memories", json={**body, "messages": "I like tea"},
                       headers={"Authorization": f"Bearer {tokens['phone']}"})
    assert other.status_code == 200 and other.json()["results"][0]["memory"] == "User likes tea"
    assert len(hub_server.hub.memory.messages(user_id=uid, namespace=NS)) == 2


def test_concurrent_duplicates_and_a_lost_response_write_once(
        hub_server: RunningHub, tokens: dict[str, str], uid: str) -> None:
    body = {"messages": [{"role": "user", "content": f"log line {i}"} for i in range(5)], "user_id": uid,
            "infer": False, "event_id": "evt-burst"}
    headers = {"Authorization": f"Bearer {tokens['desk']}"}
    answers: list[httpx.Response] = []
    threads = [threading.Thread(target=lambda: answers.append(
        httpx.post(f"{hub_server.url}/v1/memories", json=body, headers=headers, timeout=60))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in answers] == [200] * 4 and len({r.text for r in answers}) == 1

    class LoseFirstResponse(httpx.HTTPTransport):
        """Delivers the request, then drops the answer once: the client must retry."""
        lost = 0

        def handle_request(self, request: httpx.Request) -> httpx.Response:
            response = super().handle_request(request)
            if request.method == "POST" and not self.lost:
                self.lost += 1
                response.read()
                raise httpx.ReadTimeout("response lost", request=request)
            return response

    transport = LoseFirstResponse()
    with MemoryClient(hub_server.url, tokens["desk"], backoff=0.01,
                      http=httpx.Client(base_url=hub_server.url, transport=transport)) as flaky:
        out = flaky.add("I moved to Salzburg.", user_id=uid)
    assert transport.lost == 1 and out["results"][0]["memory"] == "User moved to Salzburg"
    with hub_server.client(tokens["desk"]) as desk:
        stored = [m["memory"] for m in desk.get_all(user_id=uid)["results"]]
    assert len(stored) == 6 and stored.count("User moved to Salzburg") == 1


def test_an_add_interrupted_after_writing_is_recovered_not_repeated(
        hub_server: RunningHub, tokens: dict[str, str], uid: str) -> None:
    headers = {"Authorization": f"Bearer {tokens['desk']}"}
    body = {"messages": "Note to self: renew passport", "user_id": uid, "infer": False, "event_id": "evt-crash"}
    first = httpx.post(f"{hub_server.url}/v1/memories", json=body, headers=headers).json()
    db = hub_server.hub.idempotency._db  # simulate a crash between the write and its answer being recorded
    with hub_server.hub.idempotency._lock:
        db.execute("UPDATE idempotency SET status = 'pending', response = NULL, started_at = 0 "
                   "WHERE event_id = 'evt-crash'")
    retry = httpx.post(f"{hub_server.url}/v1/memories", json=body, headers=headers)
    assert retry.status_code == 200 and retry.headers["idempotent-replayed"] == "true"
    assert [r["id"] for r in retry.json()["results"]] == [r["id"] for r in first["results"]]
    assert "[recovered]" in retry.json()["results"][0]["reason"]
    with hub_server.client(tokens["desk"]) as desk:
        assert len(desk.get_all(user_id=uid)["results"]) == 1
