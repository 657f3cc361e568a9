"""Shared fixtures. Every test runs offline against real embedded stores in a temp directory."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from mem_graph import Memory  # noqa: E402


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    """A fresh Memory on the embedded default (Qdrant Edge + LadybugDB + SQLite)."""
    with Memory(path=tmp_path / "mem") as m:
        yield m
