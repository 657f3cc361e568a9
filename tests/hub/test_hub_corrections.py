"""Corrections, feedback and export over HTTP with MemoryClient: the same results as the SDK, recorded with
the token's client, and confined to the token's grant like every other route."""

from __future__ import annotations

import json

import httpx
import pytest
from running_hub import RunningHub

from mem_graph import NotFoundError, ValidationError
from mem_graph.client import MemoryClient, PermissionDeniedError


def test_invalidate_restore_undo_feedback_through_the_hub(client: MemoryClient, uid: str) -> None:
    client.add("I live in Paris.", user_id=uid)
    upd = next(r for r in client.add("I moved to Berlin.", user_id=uid)["results"] if r["event"] == "UPDATE")
    out = client.undo(upd["id"], user_id=uid)
    assert [r["id"] for r in out["restored"]] == [upd["previous_id"]]
    assert [r["memory"] for r in client.get_all(user_id=uid)["results"]] == ["User lives in Paris"]
    ev = client.history(upd["previous_id"], user_id=uid)[-1]
    assert ev["actor"] == "user" and "(via core-tests)" in ev["reason"]
    assert client.add("I moved to Berlin.", user_id=uid)["results"][0]["event"] == "NONE"

    paris = upd["previous_id"]
    assert client.invalidate(paris, user_id=uid, reason="wrong city")["event"] == "INVALIDATE"
    assert client.get(paris, user_id=uid)["status"] == "invalidated"
    assert client.restore(paris, user_id=uid)["event"] == "RESTORE"
    fb = client.feedback(paris, "useful", user_id=uid, note="yes")
    assert fb["feedback"] == {"useful": 1, "wrong": 0}
    assert client.history(paris, user_id=uid)[-1]["event"] == "FEEDBACK"
    client.update(paris, "User lives in Lyon", user_id=uid, reason="typo")
    assert client.history(paris, user_id=uid)[-1]["reason"].startswith("[user_correction] typo")
    with pytest.raises(ValidationError):
        client.feedback(paris, "meh", user_id=uid)
    with pytest.raises(ValidationError):
        client.undo(paris, user_id=uid)  # current, and it replaced nothing


def test_corrections_and_export_stay_in_the_token_grant(hub_server: RunningHub, uid: str) -> None:
    a = hub_server.client(hub_server.token("corr-a", ["corr-alpha"]))
    b = hub_server.client(hub_server.token("corr-b", ["corr-beta"]))
    mid = a.add("I love jazz.", user_id=uid)["results"][0]["id"]
    for call in (lambda: b.invalidate(mid, user_id=uid), lambda: b.restore(mid, user_id=uid),
                 lambda: b.undo(mid, user_id=uid), lambda: b.feedback(mid, "wrong", user_id=uid)):
        with pytest.raises(NotFoundError):
            call()
    with pytest.raises(PermissionDeniedError):
        b.invalidate(mid, user_id=uid, namespace="corr-alpha")
    assert a.get(mid, user_id=uid)["status"] == "active" and len(a.history(mid, user_id=uid)) == 1

    token_b = b._transport.headers["Authorization"]
    token_a = a._transport.headers["Authorization"]
    got = httpx.get(f"{hub_server.url}/v1/export", params={"user_id": uid}, headers={"Authorization": token_a})
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(x) for x in got.text.splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "footer"
    assert [x["id"] for x in lines if x["type"] == "memory"] == [mid]
    other = httpx.get(f"{hub_server.url}/v1/export", params={"user_id": uid}, headers={"Authorization": token_b})
    assert [x for x in map(json.loads, other.text.splitlines()) if x["type"] == "memory"] == []
    refused = httpx.get(f"{hub_server.url}/v1/export", params={"user_id": uid, "namespace": "corr-alpha"},
                        headers={"Authorization": token_b})
    assert refused.status_code == 403
    assert httpx.get(f"{hub_server.url}/v1/export", params={"user_id": uid}).status_code == 401
    a.close()
    b.close()


def test_the_browser_files_are_served_without_data_and_with_a_strict_policy(hub_server: RunningHub) -> None:
    page = httpx.get(f"{hub_server.url}/ui/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "http://" not in page.text and "https://" not in page.text  # nothing fetched from elsewhere
    assert httpx.get(f"{hub_server.url}/ui/app.js").status_code == 200
    assert httpx.get(f"{hub_server.url}/ui/../auth.py").status_code == 404
    assert httpx.get(f"{hub_server.url}/ui/secret.txt").status_code == 404
