"""The history store's public scan (``HistoryStore.select``): read-only, and the store keeps writing after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem_graph.errors import StoreError
from mem_graph.stores.history import EventRow, HistoryStore
from mem_graph.types import Message, Scope


def test_select_reads_every_scope_and_refuses_writes(tmp_path: Path) -> None:
    history = HistoryStore(tmp_path / "history.sqlite")
    try:
        history.save_messages(Scope(user_id="alice"), [Message("user", "hi")])
        history.commit_events([EventRow("m1", "ADD", Scope(user_id="bob"), None, "Bob likes tea")])
        assert history.select("SELECT user_id, new_text FROM events") == [{"user_id": "bob",
                                                                            "new_text": "Bob likes tea"}]
        assert history.select("SELECT count(*) AS n FROM messages WHERE user_id = ?", ("alice",)) == [{"n": 1}]
        for sql in ("DELETE FROM events", "UPDATE messages SET content = 'x'", "DROP TABLE events"):
            with pytest.raises(StoreError):
                history.select(sql)
        assert history.select("SELECT count(*) AS n FROM events") == [{"n": 1}]
        history.commit_events([EventRow("m2", "ADD", Scope(user_id="bob"), None, "Bob likes jazz")])  # still writes
        history.record_maintenance([("test", "{}")])
        assert [r["action"] for r in history.maintenance_log()] == ["test"]
        assert history.last_seq() == 2
    finally:
        history.close()
