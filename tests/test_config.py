"""Provider configs are typed: a misspelt key in any provider's ``config`` is a ConfigError naming it,
raised before anything is opened, and the documented key tables list every key each provider takes."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

from mem_graph import ConfigError, Memory
from mem_graph.config import PROVIDER_SECTIONS, load_config

ROOT = Path(__file__).resolve().parents[1]

TYPOS = [
    ("embedder", "sentence_transformers", {"modle": "/models/minilm"}),
    ("vector_store", "qdrant_edge", {"on_disk_paylod": True}),
    ("vector_store", "qdrant", {"url": "http://localhost:6333", "colection_name": "m"}),
    ("graph_store", "ladybug", {"bufer_pool_mb": 64}),
    ("graph_store", "neo4j", {"url": "bolt://localhost:7687", "pasword": "secret"}),
    ("reranker", "cross_encoder", {"top_k": 5}),
    ("llm", "openai", {"base_url": "http://127.0.0.1:1/v1", "temprature": 0.2}),
    ("llm", "azure_openai", {"deployment": "gpt", "api_verison": "2024-10-21"}),
]


@pytest.mark.parametrize(("section", "provider", "config"), TYPOS, ids=lambda v: v if isinstance(v, str) else "")
def test_a_typo_in_any_provider_config_is_a_config_error_naming_the_key(
        section: str, provider: str, config: dict[str, Any], tmp_path: Path) -> None:
    typo = next(k for k in config if k not in PROVIDER_SECTIONS[section].settings_model(provider).model_fields)
    home = tmp_path / "data"
    with pytest.raises(ConfigError, match=re.escape(f"{section}.config.{typo}")) as raised:
        Memory(path=home, config={section: {"provider": provider, "config": config}})
    assert "unknown key" in str(raised.value)
    assert not home.exists()  # refused before any store was opened or any file written


def test_the_error_lists_the_keys_the_provider_takes() -> None:
    with pytest.raises(ConfigError) as raised:
        load_config({"graph_store": {"provider": "neo4j", "config": {"pasword": "x"}}})
    assert "(known: url, username, password, database, driver_options)" in str(raised.value)


@pytest.mark.parametrize(("section", "config", "key"), [
    ("graph_store", {"buffer_pool_mb": "lots"}, "buffer_pool_mb"),
    ("embedder", {"pooling": "max"}, "pooling"),
    ("reranker", {"enabled": "sometimes"}, "enabled"),
    ("vector_store", {"on_disk_payload": "maybe"}, "on_disk_payload"),
])
def test_a_value_of_the_wrong_type_names_its_key(section: str, config: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(f"{section}.config.{key}")):
        load_config({section: {"config": config}})


def test_values_are_converted_and_defaults_filled_in_the_typed_settings() -> None:
    cfg = load_config({"graph_store": {"config": {"buffer_pool_mb": "64", "read_cache": "false"}},
                       "reranker": {"config": {"enabled": "off"}}})
    assert cfg.graph_store.config == {"buffer_pool_mb": 64, "read_cache": False}  # the keys given, typed
    settings = cfg.graph_store.settings
    assert (settings.buffer_pool_mb, settings.read_cache, settings.checkpoint_writes) == (64, False, 64)
    assert cfg.reranker.settings.enabled is False and cfg.reranker.settings.top_n == 20


def test_mem0_keys_that_mean_nothing_here_are_dropped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        cfg = load_config({"llm": {"provider": "openai", "config": {"model": "m", "top_p": 0.9,
                                                                    "openai_base_url": "http://127.0.0.1:1/v1"}}})
    assert cfg.llm is not None and cfg.llm.config == {"model": "m", "base_url": "http://127.0.0.1:1/v1"}
    assert "top_p" in caplog.text


def test_an_explicit_provider_does_not_inherit_the_environment_providers_keys(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://graph.internal:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "pw")
    cfg = load_config({"graph_store": {"provider": "ladybug", "config": {"read_cache": False}}})
    assert (cfg.graph_store.provider, cfg.graph_store.config) == ("ladybug", {"read_cache": False})
    with pytest.raises(ConfigError, match=r"graph_store\.config\.read_cache \(provider neo4j\)"):
        load_config({"graph_store": {"config": {"read_cache": False}}})  # no provider named: the environment's


def _doc_rows(label: str) -> str:
    """The rows of the provider table (the reranker's keys are in the section table) that start with label."""
    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    if label != "`reranker`":
        text = text.split("### Provider `config` keys", 1)[1]
    return "\n".join(line for line in text.splitlines() if line.startswith(f"| {label}"))


@pytest.mark.parametrize(("label", "section", "provider"), [
    ("`embedder`", "embedder", "sentence_transformers"), ("`qdrant_edge`", "vector_store", "qdrant_edge"),
    ("`qdrant` ", "vector_store", "qdrant"), ("`ladybug`", "graph_store", "ladybug"),
    ("`neo4j`", "graph_store", "neo4j"), ("`llm`", "llm", "openai"), ("`reranker`", "reranker", "cross_encoder"),
])
def test_configuration_md_lists_every_key_of_each_provider(label: str, section: str, provider: str) -> None:
    row = _doc_rows(label)
    assert row, f"docs/configuration.md has no {label} row"
    keys = PROVIDER_SECTIONS[section].settings_model(provider).model_fields
    assert not [k for k in keys if f"`{k}`" not in row], f"docs/configuration.md {label} row misses keys"
