"""The LoCoMo harness on a small conversation written here: evidence repair, metrics, report shape."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from pipelines.locomo import expand_systems, run
from pipelines.locomo_data import load_conversation

CONVERSATION = {
    "speaker_a": "Ana", "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a grey cat called Pixel last week."},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Nice! I started learning the cello."},
        {"speaker": "Ana", "dia_id": "D1:3", "text": "Pixel sleeps on my keyboard all day.",
         "blip_caption": "a photo of a cat on a laptop"},
    ],
    "session_2_date_time": "9:00 am on 20 May, 2023",
    "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "My cello teacher lives in Porto."},
        {"speaker": "Ana", "dia_id": "D2:2", "text": "I am moving to Lisbon in June for a new job."},
    ],
    "qa": [
        {"question": "What is the name of Ana's cat?", "answer": "Pixel", "evidence": ["D1:1; D1:3"], "category": 4},
        {"question": "Where does Ben's cello teacher live?", "answer": "Porto", "evidence": ["D:2:1"], "category": 1},
        {"question": "When is Ana moving?", "answer": "June", "evidence": ["D2:02", "D9:9"], "category": 2},
        {"question": "What instrument?", "answer": "cello", "evidence": [], "category": 3},
        {"question": "Adversarial", "answer": "n/a", "evidence": ["D1:2"], "category": 5},
    ],
}


def test_messy_evidence_is_repaired_dropped_or_skipped(tmp_path: Path) -> None:
    path = tmp_path / "conv.json"
    path.write_text(json.dumps(CONVERSATION))
    conv = load_conversation(path, {1, 2, 3, 4})
    assert [q.evidence for q in conv.questions] == [["D1:1", "D1:3"], ["D2:1"], ["D2:2"]]
    assert conv.evidence.dropped == 1 and conv.evidence.skipped_questions == 1 and conv.evidence.repaired >= 3
    assert conv.turns[0].timestamp is not None and "[shares a photo of a cat" in conv.turns[2].text


def test_the_report_has_the_documented_shape(tmp_path: Path) -> None:
    path = tmp_path / "conv.json"
    path.write_text(json.dumps(CONVERSATION))
    report = run(str(path), [1, 5], expand_systems("mem_graph,dense,bm25"), Console(quiet=True))
    assert set(report["systems"]) == {"mem_graph_raw", "mem_graph_rules", "dense", "bm25"}
    for metrics in report["systems"].values():
        assert {"recall@1", "recall@5", "hit@5", "search_p50_ms", "search_p95_ms", "add_per_s"} <= set(metrics)
        assert set(metrics["by_category"]) == {"1", "2", "4"}
        assert 0.0 <= metrics["recall@1"] <= metrics["recall@5"] <= 1.0
    assert report["systems"]["mem_graph_raw"]["recall@5"] == 1.0  # 5 turns, k=5: every evidence turn is found
