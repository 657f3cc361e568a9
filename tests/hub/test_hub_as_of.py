"""as_of over HTTP (issue #13 item 8): the hub and the client answer with what was believed at a time."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest
from running_hub import RunningHub

from mem_graph.client import MemoryClient
from mem_graph.errors import ValidationError

T1 = datetime(2024, 1, 10, 9, 0, tzinfo=UTC)
T2 = datetime(2024, 4, 2, 18, 30, tzinfo=UTC)
BETWEEN = datetime(2024, 2, 20, tzinfo=UTC)


def _facts(rows: list[dict]) -> list[str]:
    return [r["memory"] for r in rows if r.get("layer") != "episodic"]


def test_search_and_list_as_of_through_the_client(client: MemoryClient, uid: str) -> None:
    client.add("I live in Beijing.", user_id=uid, timestamp=T1.isoformat())
    client.add("I moved to Shanghai.", user_id=uid, timestamp=T2.timestamp())
    for when in (BETWEEN, BETWEEN.isoformat(), BETWEEN.timestamp()):  # datetime, ISO text, epoch seconds
        top = client.search("where does the user live", user_id=uid, as_of=when)["results"][0]
        assert "Beijing" in top["memory"]
        then = _facts(client.get_all(user_id=uid, as_of=when)["results"])
        assert any("Beijing" in t for t in then) and not any("Shanghai" in t for t in then)
    assert "Shanghai" in client.search("where does the user live", user_id=uid)["results"][0]["memory"]
    then = {r["destination"] for r in client.graph.relations(user_id=uid, as_of=BETWEEN)}
    assert "Beijing" in then and "Shanghai" not in then
    [old] = [r for r in client.get_all(user_id=uid, include_invalidated=True)["results"]
             if "Beijing" in r["memory"] and r["layer"] != "episodic"]
    assert datetime.fromisoformat(old["invalid_at"]) == T2  # conversation time, not the time of the request


@pytest.mark.parametrize("bad", ["last week", "2024-02-30", True])
def test_a_bad_as_of_is_a_4xx(client: MemoryClient, hub_server: RunningHub, core_token: str, uid: str,
                              bad: object) -> None:
    with pytest.raises(ValidationError):
        client.search("where", user_id=uid, as_of=bad)
    if not isinstance(bad, bool):  # a query string is text: the same answer without the client
        r = httpx.get(f"{hub_server.url}/v1/memories", params={"user_id": uid, "as_of": bad},
                      headers={"Authorization": f"Bearer {core_token}"})
        assert r.status_code == 422 and "as_of" in r.text
    r = httpx.post(f"{hub_server.url}/v1/memories/search", json={"user_id": uid, "query": "x", "as_of": bad},
                   headers={"Authorization": f"Bearer {core_token}"})
    assert r.status_code == 422
    with pytest.raises(ValidationError):
        client.get_all(user_id=uid, as_of=bad)
