"""The chat proxy with ``llm.provider: azure_openai``: the Azure dialect (deployment URL, api-key, api-version)."""

from __future__ import annotations

import json
from pathlib import Path

import openai
import pytest
from llm_server import ScriptedLLM
from running_hub import start_hub

from mem_graph.server.settings import HubSettings


def test_the_proxy_speaks_azure_to_an_azure_upstream(tmp_path: Path) -> None:
    azure = ScriptedLLM().start()
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"llm": {"provider": "azure_openai", "config": {
        "azure_endpoint": azure.url.removesuffix("/v1"), "deployment": "chat-dep", "api_version": "2024-10-21",
        "api_key": "az-secret"}}}))
    hub = start_hub(HubSettings(path=tmp_path / "data", config=config))
    try:
        token = hub.token("app", ["chat"])
        azure.reply("Hello from Azure")
        chat = openai.OpenAI(base_url=f"{hub.url}/v1", api_key=token, max_retries=0)
        reply = chat.chat.completions.create(model="mem-graph", user="u1",
                                             messages=[{"role": "user", "content": "hi"}])
        assert reply.choices[0].message.content == "Hello from Azure"
        [req] = azure.requests
        assert req.path == "/openai/deployments/chat-dep/chat/completions?api-version=2024-10-21"
        assert req.headers["api-key"] == "az-secret" and "authorization" not in req.headers
    finally:
        hub.stop()
        azure.stop()


def test_an_azure_upstream_without_an_api_version_stops_the_hub_at_start(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from mem_graph import ConfigError
    from mem_graph.server.app import create_app

    monkeypatch.delenv("OPENAI_API_VERSION", raising=False)
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"llm": {"provider": "azure_openai", "config": {
        "azure_endpoint": "https://example.openai.azure.com", "deployment": "d", "api_key": "k"}}}))
    with pytest.raises(ConfigError, match="api_version"), TestClient(create_app(HubSettings(path=tmp_path / "d",
                                                                                            config=config))):
        pass
