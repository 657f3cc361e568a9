"""Fixtures for the extraction behaviour tests: one real embedded Memory per module, one user per case."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor

_ids = itertools.count()


@pytest.fixture(scope="module")
def shared_memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """A Memory on the embedded default stores, shared by a module's cases (each case uses its own user)."""
    with Memory(path=Path(tmp_path_factory.mktemp("extraction")) / "mem") as m:
        yield m


@pytest.fixture
def user() -> str:
    return f"case-{next(_ids)}"


@pytest.fixture(scope="session")
def rules() -> RuleExtractor:
    return RuleExtractor()
