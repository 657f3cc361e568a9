"""Erasure reaches the hub's idempotency table (issue #11, item 6).

Before: the table kept every idempotent add's full answer (memory text included) for 7 days, and a
retried ``event_id`` after ``delete_all`` / ``delete`` replayed the erased text.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from running_hub import RunningHub


@pytest.fixture
def http(hub_server: RunningHub, core_token: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=hub_server.url, headers={"Authorization": f"Bearer {core_token}"}, timeout=120) as c:
        yield c


def _add(http: httpx.Client, text: str, user: str, event_id: str) -> httpx.Response:
    r = http.post("/v1/memories", json={"messages": text, "user_id": user, "infer": False, "event_id": event_id})
    assert r.status_code == 200, r.text
    return r


def _hub_db_bytes(hub_server: RunningHub) -> bytes:
    path = Path(hub_server.hub.settings.hub_db_path(hub_server.hub.memory.config))
    return b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*") if p.is_file())


@pytest.mark.parametrize("erase", ["delete_all", "delete"])
def test_a_retried_event_id_does_not_replay_erased_text(http: httpx.Client, hub_server: RunningHub, uid: str,
                                                        erase: str) -> None:
    secret = f"Vexmoor-{uuid.uuid4().hex[:8]}"
    event = f"ev-{uuid.uuid4().hex}"
    first = _add(http, f"My locker code is {secret}", uid, event).json()
    [mid] = [r["id"] for r in first["results"]]
    assert secret in _add(http, f"My locker code is {secret}", uid, event).text  # a retry replays, as designed

    if erase == "delete_all":
        assert http.delete("/v1/memories", params={"user_id": uid}).status_code == 200
    else:
        assert http.delete(f"/v1/memories/{mid}", params={"user_id": uid}).status_code == 200

    retry = _add(http, f"My locker code is {secret}", uid, event)
    assert secret not in retry.text
    assert retry.headers.get("Idempotent-Replayed") == "true"  # still answered from the table: nothing re-added
    assert retry.json()["results"] == []
    assert http.get("/v1/memories", params={"user_id": uid}).json()["results"] == []
    assert secret.encode() not in _hub_db_bytes(hub_server)


def test_other_scopes_answers_are_kept(http: httpx.Client, uid: str) -> None:
    event = f"ev-{uuid.uuid4().hex}"
    _add(http, "I keep bees.", f"{uid}-other", event)
    _add(http, "Something else.", uid, f"ev-{uuid.uuid4().hex}")
    assert http.delete("/v1/memories", params={"user_id": uid}).status_code == 200
    assert "bees" in _add(http, "I keep bees.", f"{uid}-other", event).text
