"""A data directory remembers which embedder wrote its vectors, and a later open keeps using it."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.errors import ConfigError

FP32 = {"embedder": {"config": {"quantize": None}}}


def _quantize(mem: Memory) -> str | None:
    return mem.config.embedder.settings.quantize


def test_a_fresh_directory_stores_int8_vectors_and_says_so(tmp_path: Path) -> None:
    with Memory(path=tmp_path) as mem:
        assert _quantize(mem) == "int8"
        mem.add("I live in Paris.", user_id="u")
        assert "Paris" in mem.search("where do I live?", user_id="u")["results"][0]["memory"]
    with Memory(path=tmp_path) as mem:
        assert _quantize(mem) == "int8"


def test_a_directory_written_before_the_record_keeps_its_fp32_vectors(tmp_path: Path) -> None:
    with Memory(path=tmp_path, config=FP32) as mem:
        mem.add("I live in Paris.", user_id="u")
    with sqlite3.connect(tmp_path / "history.sqlite") as db:  # as a directory from before the record looks
        db.execute("DROP TABLE settings")
    with Memory(path=tmp_path) as mem:
        assert _quantize(mem) is None
        assert "Paris" in mem.search("where do I live?", user_id="u")["results"][0]["memory"]
    with Memory(path=tmp_path) as mem:  # and it is recorded from then on
        assert _quantize(mem) is None


def test_a_setting_that_contradicts_the_vectors_is_obeyed_with_a_warning_naming_reembed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with Memory(path=tmp_path) as mem:
        mem.add("I live in Paris.", user_id="u")
    with caplog.at_level(logging.WARNING, logger="mem_graph.vector_model"), Memory(path=tmp_path, config=FP32) as mem:
        assert _quantize(mem) is None
    assert "mem-graph reembed" in caplog.text and "quantize" in caplog.text
    with Memory(path=tmp_path) as mem:  # the record was not changed by a mere open
        assert _quantize(mem) == "int8"


def test_the_torch_runtime_on_int8_vectors_is_a_clear_config_error(tmp_path: Path) -> None:
    with Memory(path=tmp_path):
        pass
    with pytest.raises(ConfigError, match="int8 ONNX export"):
        Memory(path=tmp_path, config={"embedder": {"config": {"runtime": "torch"}}})


def test_a_fresh_directory_on_the_torch_runtime_stays_fp32(tmp_path: Path) -> None:
    with Memory(path=tmp_path, config={"embedder": {"config": {"runtime": "torch"}}}) as mem:
        assert _quantize(mem) is None
