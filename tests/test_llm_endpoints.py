"""LLM endpoints: what each kind of server is sent and how mem_graph adapts to it.

Structured-output probing (json_schema -> json_object + schema -> json_object ->
plain prompt, remembered per endpoint and model), the Azure OpenAI dialect, keys
and base URLs from the environment, and the per-server configs documented in
docs/llm.md -- against the scripted OpenAI-compatible server on loopback
(tests/llm_server.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from llm_server import MakeMemory, ScriptedLLM, answer, fact, texts

from mem_graph import ConfigError, Memory
from mem_graph.extract.llm import supported_format


# -- structured output: probed per server, not assumed ----------------------------------------------
def formats(llm: ScriptedLLM) -> list[str]:
    """The structured-output mode of each request: json_schema, json_object_schema, json_object or text."""
    out = []
    for r in llm.requests:
        fmt = r.body.get("response_format")
        out.append("text" if fmt is None else fmt["type"] + ("_schema" if fmt["type"] == "json_object"
                                                              and "schema" in fmt else ""))
    return out


def test_an_endpoint_without_json_schema_gets_json_object(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"max_retries": 0})
    llm.reply(status=400, error="response_format type json_schema is not supported by this model")
    llm.reply(answer(fact("User lives in Beijing")))
    llm.reply(answer(fact("User likes tea")))

    m.add("I live in Beijing.", user_id="u")
    m.add("I like tea.", user_id="u")

    assert formats(llm) == ["json_schema", "json_object_schema", "json_object_schema"]
    assert llm.requests[1].body["response_format"]["schema"]["required"] == ["facts", "contradicted_relations"]
    assert sorted(texts(m, "u")) == ["User likes tea", "User lives in Beijing"]


LLAMA_CPP_PYTHON_500 = ("1 validation error for CreateChatCompletionRequest\nresponse_format.type\n  Input should be "
                        "'text' or 'json_object' [type=literal_error, input_value='json_schema', input_type=str]")


def test_a_500_refusing_the_format_downgrades_once_per_endpoint_and_model(make_memory: MakeMemory,
                                                                         llm: ScriptedLLM) -> None:
    """llama-cpp-python answers json_schema with a 500; the mode found is kept for the process, per model."""
    first = make_memory(llm_config={"max_retries": 0})
    llm.reply(status=500, error=LLAMA_CPP_PYTHON_500).reply(answer(fact("User lives in Beijing")))
    first.add("I live in Beijing.", user_id="u")
    assert formats(llm) == ["json_schema", "json_object_schema"]
    assert supported_format(llm.url, "test-model") == "json_object_schema"

    llm.reply(answer(fact("User likes tea")))  # another Memory, same server and model: no probing again
    make_memory(llm_config={"max_retries": 0}).add("I like tea.", user_id="u")
    llm.reply(answer(fact("User likes jazz")))  # another model on that server starts from the top
    make_memory(llm_config={"max_retries": 0, "model": "other-model"}).add("I like jazz.", user_id="u")

    assert formats(llm)[2:] == ["json_object_schema", "json_schema"]
    assert texts(first, "u") == ["User lives in Beijing"]


def test_a_500_about_something_else_is_retried_in_the_same_mode(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"max_retries": 1})
    llm.reply(status=500, error="CUDA out of memory").reply(answer(fact("User lives in Beijing")))
    out = m.add("I live in Beijing.", user_id="u")
    assert formats(llm) == ["json_schema", "json_schema"] and out["usage"]["calls"] == 2
    assert supported_format(llm.url, "test-model") is None


def test_the_whole_chain_down_to_a_plain_prompt(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"max_retries": 0})
    llm.reply(status=400, error="Unknown response_format type json_schema")
    llm.reply(status=422, error="response_format: extra field 'schema' not permitted")
    llm.reply(status=400, error="json_object is not supported for this model")
    llm.reply("Here you are:\n```json\n" + json.dumps(answer(fact("User lives in Beijing"))) + "\n```")

    out = m.add("I live in Beijing.", user_id="u")

    assert formats(llm) == ["json_schema", "json_object_schema", "json_object", "text"]
    assert [r["memory"] for r in out["results"]] == ["User lives in Beijing"] and out["usage"]["calls"] == 4
    assert "Reply with one JSON object" in llm.requests[-1].system  # the schema is still in the prompt


def test_a_configured_weaker_mode_is_where_probing_starts(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    m = make_memory(llm_config={"response_format": "json_object"})
    llm.reply(answer(fact("User likes tea")))
    m.add("I like tea.", user_id="u")
    assert formats(llm) == ["json_object"]


# -- dialects, keys and endpoints --------------------------------------------------------------------
def test_azure_openai_speaks_the_azure_dialect(make_memory: MakeMemory, llm: ScriptedLLM) -> None:
    endpoint = llm.url.removesuffix("/v1")
    m = make_memory(llm={"provider": "azure_openai", "config": {
        "azure_endpoint": endpoint, "deployment": "mem-extract", "api_version": "2024-10-21", "api_key": "az-key",
        "timeout": 5, "max_retries": 0}})
    llm.reply(answer(fact("User likes tea")), usage=(10, 5))

    out = m.add("I like tea.", user_id="u")

    [req] = llm.requests
    assert req.path == "/openai/deployments/mem-extract/chat/completions?api-version=2024-10-21"
    assert req.headers["api-key"] == "az-key" and "authorization" not in req.headers
    assert out["usage"]["model"] == "mem-extract" and out["results"][0]["memory"] == "User likes tea"


def test_azure_openai_without_an_api_version_is_a_config_error(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_VERSION", raising=False)
    with pytest.raises(ConfigError, match="api_version"):
        Memory(config={"path": str(tmp_path / "m"), "extractor": "llm", "llm": {"provider": "azure_openai", "config": {
            "azure_endpoint": "https://example.openai.azure.com", "deployment": "d", "api_key": "k"}}})


def test_key_and_base_url_come_from_the_environment(tmp_path: Path, llm: ScriptedLLM,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    monkeypatch.setenv("OPENAI_BASE_URL", llm.url)
    llm.reply(answer(fact("User likes tea")))
    with Memory(config={"path": str(tmp_path / "m"), "extractor": "llm",
                        "llm": {"provider": "openai", "config": {"model": "env-model", "timeout": 5}}}) as m:
        m.add("I like tea.", user_id="u")
    assert llm.requests[0].headers["authorization"] == "Bearer sk-from-env"
    assert llm.requests[0].body["model"] == "env-model"


def test_no_key_and_no_endpoint_is_a_config_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        Memory(config={"path": str(tmp_path / "m"), "extractor": "llm"})


# -- documented endpoints (docs/llm.md) -----------------------------------------------------------
def documented_configs() -> dict[str, dict[str, Any]]:
    """The ``config = {...}`` of each ``### <server>`` section of docs/llm.md."""
    import ast

    doc = (Path(__file__).resolve().parents[1] / "docs" / "llm.md").read_text(encoding="utf-8")
    out: dict[str, dict[str, Any]] = {}
    for section in re.split(r"^### ", doc, flags=re.MULTILINE)[1:]:
        block = re.search(r"```python[^\n]*\n(.*?)```", section, re.DOTALL)
        if block:
            tree = ast.parse(block.group(1))
            [value] = [n.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                       and getattr(n.targets[0], "id", "") == "config"]
            out[section.splitlines()[0].strip()] = ast.literal_eval(value)
    return out


DOCUMENTED = {"Ollama": "http://localhost:11434/v1", "vLLM": "http://localhost:8000/v1",
              "llama.cpp server": "http://127.0.0.1:8080/v1", "OpenAI": "https://api.openai.com/v1",
              "Azure OpenAI": "https://my-resource.openai.azure.com/openai/deployments/gpt-4o-mini"}


@pytest.mark.parametrize("server", sorted(DOCUMENTED))
def test_each_documented_endpoint_config_builds_its_client(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from mem_graph.config import MemoryConfig
    from mem_graph.extract.llm import LLMClient, LLMSettings

    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", "az-env")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    cfg = MemoryConfig.model_validate(documented_configs()[server])
    client = LLMClient(LLMSettings.from_config(cfg.llm))
    assert client.endpoint == DOCUMENTED[server]
    assert client.response_format == "json_schema"  # nothing probed yet: the strongest mode first
