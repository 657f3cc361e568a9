"""The LLM client: one chat completion per add() through any OpenAI-compatible endpoint.

Works with OpenAI, Azure OpenAI (``provider: azure_openai``, or its v1 API as a
plain ``base_url``), vLLM, Ollama, llama.cpp server … via the official ``openai``
SDK. Settings come from ``llm.config`` (see ``LLMSettings``); ``OPENAI_API_KEY`` /
``OPENAI_BASE_URL`` (Azure: ``AZURE_OPENAI_API_KEY`` / ``AZURE_OPENAI_ENDPOINT`` /
``OPENAI_API_VERSION``) are honoured when the config leaves them out.

Output handling, in order:

* Structured output: servers differ in what they accept, so the client walks
  ``FORMATS`` from ``response_format`` (default ``json_schema``) down:
  ``json_schema`` (OpenAI, vLLM, Ollama, llama.cpp's C++ server) ->
  ``json_object_schema`` (``{"type": "json_object", "schema": …}``, llama-cpp-python)
  -> ``json_object`` -> ``text`` (the schema only in the prompt). A mode counts as
  unsupported when the server answers 400/422 -- or a 5xx, as llama-cpp-python
  does -- with a body naming response_format / the mode. The mode found is
  remembered per (endpoint, model) for the process (``supported_format``); a
  downgrade is not a retry.
* The reply is parsed tolerantly (plain JSON, JSON in a code fence, JSON inside
  prose) and validated with pydantic before anything is written.
* Transport errors, timeouts, 429/5xx and invalid output are retried
  ``max_retries`` times with backoff; a refusal, an auth/model error, or
  exhausted retries raise ``LLMError``. Token usage of every attempt is accounted.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic import ValidationError as PydanticValidationError

from mem_graph.config import LLMConfig
from mem_graph.errors import ConfigError, LLMError
from mem_graph.extract import prompts
from mem_graph.provider_settings import DEFAULT_LLM_MODEL, LLMProviderSettings, ResponseFormat
from mem_graph.results import Usage as UsageReport

log = logging.getLogger(__name__)

DEFAULT_MODEL = DEFAULT_LLM_MODEL
FORMATS: tuple[ResponseFormat, ...] = ("json_schema", "json_object_schema", "json_object", "text")  # strongest first
_FORMAT_WORDS = ("response_format", "json_schema", "json_object", "responseformat")
_supported: dict[tuple[str, str], ResponseFormat] = {}  # (endpoint, model) -> strongest mode known to work
_supported_lock = threading.Lock()


def supported_format(endpoint: str, model: str) -> ResponseFormat | None:
    """The structured-output mode this process found for ``(endpoint, model)``, if it had to downgrade."""
    with _supported_lock:
        return _supported.get((endpoint, model))


def forget_formats() -> None:
    """Forget every mode found (e.g. after a server upgrade); the next request probes from the configured one."""
    with _supported_lock:
        _supported.clear()


def _weaker(a: ResponseFormat, b: ResponseFormat | None) -> ResponseFormat:
    return a if b is None or FORMATS.index(a) >= FORMATS.index(b) else b


class LLMSettings(LLMProviderSettings):
    """``llm.config`` keys (typed in mem_graph/provider_settings.py) with the provider and environment defaults."""

    provider: Literal["openai", "azure_openai"] = "openai"  # from ``llm.provider``

    @classmethod
    def from_config(cls, llm: LLMConfig | None) -> LLMSettings:
        raw = dict(llm.config) if llm is not None else {}
        if "openai_base_url" in raw:
            raw.setdefault("base_url", raw.pop("openai_base_url"))
        raw["provider"] = llm.provider if llm is not None else "openai"
        if raw["provider"] == "azure_openai" and raw.get("deployment") and "model" not in raw:
            raw["model"] = raw["deployment"]  # what usage reports
        try:
            settings = cls.model_validate(raw)
        except PydanticValidationError as exc:
            raise ConfigError(f"invalid llm.config: {exc}") from exc
        if settings.provider == "azure_openai":
            return settings._azure()
        settings.base_url = settings.base_url or os.environ.get("OPENAI_BASE_URL") or None
        settings.api_key = settings.api_key or os.environ.get("OPENAI_API_KEY") or None
        if not settings.api_key:
            if not settings.base_url:
                raise ConfigError("the LLM extractor needs llm.config.api_key or OPENAI_API_KEY "
                                  "(or a base_url of a local server that needs no key)")
            settings.api_key = "not-needed"  # local servers (Ollama, vLLM …) ignore it; the SDK insists
        return settings

    def _azure(self) -> LLMSettings:
        env = os.environ.get
        self.api_key = self.api_key or env("AZURE_OPENAI_API_KEY") or None
        self.api_version = self.api_version or env("OPENAI_API_VERSION") or None
        if not self.base_url:
            self.azure_endpoint = self.azure_endpoint or env("AZURE_OPENAI_ENDPOINT") or None
        missing = [k for k, v in (("api_key (or AZURE_OPENAI_API_KEY)", self.api_key),
                                  ("api_version (or OPENAI_API_VERSION)", self.api_version),
                                  ("azure_endpoint (or AZURE_OPENAI_ENDPOINT) or base_url",
                                   self.azure_endpoint or self.base_url)) if not v]
        if missing:
            raise ConfigError(f"llm provider azure_openai needs llm.config {', '.join(missing)}")
        if self.base_url and self.azure_endpoint:
            raise ConfigError("llm.config: give azure_endpoint or base_url, not both")
        return self


@dataclass
class Usage:
    """Tokens spent by one add(), summed over every request (retries included)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    calls: int = 0

    def add(self, usage: Any) -> None:
        if usage is None:
            return
        p = int(getattr(usage, "prompt_tokens", 0) or 0)
        c = int(getattr(usage, "completion_tokens", 0) or 0)
        self.prompt_tokens += p
        self.completion_tokens += c
        self.total_tokens += int(getattr(usage, "total_tokens", 0) or (p + c))

    def as_dict(self, settings: LLMSettings) -> UsageReport:
        out: UsageReport = {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                            "total_tokens": self.total_tokens, "calls": self.calls, "model": settings.model,
                            "cost": None}
        if settings.cost_per_1m_prompt_tokens is not None or settings.cost_per_1m_completion_tokens is not None:
            out["cost"] = round((self.prompt_tokens * (settings.cost_per_1m_prompt_tokens or 0.0)
                                 + self.completion_tokens * (settings.cost_per_1m_completion_tokens or 0.0)) / 1e6, 8)
        return out


# -- the model's output, validated before anything is written ---------------------
class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)


class OutEntity(_Out):
    name: str = Field(min_length=1, max_length=200)
    type: str = Field("thing", max_length=64)

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        return (v or "thing").strip().lower() if isinstance(v, str) or v is None else v


class OutTriple(_Out):
    subject: str = Field(min_length=1, max_length=200)
    relation: str = Field(min_length=1, max_length=100)
    object: str = Field(min_length=1, max_length=200)

    @field_validator("relation")
    @classmethod
    def _relation(cls, v: str) -> str:
        return re.sub(r"[^\w]+", "_", v.strip().lower()).strip("_") or "related_to"


class OutFact(_Out):
    text: str = Field("", max_length=4000)
    event: Literal["ADD", "UPDATE", "DELETE", "NONE"]
    existing: int | None = None
    reason: str = Field("", max_length=2000)
    negated: bool = False
    entities: list[OutEntity] = Field(default_factory=list, max_length=50)
    triples: list[OutTriple] = Field(default_factory=list, max_length=50)

    @field_validator("event", mode="before")
    @classmethod
    def _event(cls, v: Any) -> Any:
        return v.strip().upper() if isinstance(v, str) else v

    @field_validator("entities", "triples", mode="before")
    @classmethod
    def _drop_blank(cls, v: Any, info: ValidationInfo) -> Any:
        """Small models emit placeholder items ({"name": ""}): drop those, not the whole answer."""
        keys = ("name",) if info.field_name == "entities" else ("subject", "relation", "object")
        if not isinstance(v, list):
            return v
        return [x for x in v if not isinstance(x, dict)
                or all(isinstance(x.get(k), str) and x[k].strip() for k in keys)]

    @field_validator("existing", mode="before")
    @classmethod
    def _existing(cls, v: Any) -> Any:
        return None if v in ("", "null", "none", "None") else v


class OutContradiction(_Out):
    relation: int
    reason: str = Field("", max_length=2000)


class ExtractionOutput(_Out):
    facts: list[OutFact] = Field(default_factory=list, max_length=200)
    contradicted_relations: list[OutContradiction] = Field(default_factory=list, max_length=200)


_FENCE = re.compile(r"```[a-zA-Z]*\s*(.*?)```", re.DOTALL)


def parse_output(text: str) -> ExtractionOutput:
    """Validate the model's reply: plain JSON, JSON in a code fence, or the outermost {...} in prose."""
    text = (text or "").strip()
    if not text:
        raise ValueError("empty reply")
    candidates = [m.group(1).strip() for m in _FENCE.finditer(text)] + [text]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    error: Exception = ValueError("no JSON object in the reply")
    for cand in candidates:
        try:
            data = json.loads(cand, strict=False)  # small models put raw newlines/tabs inside strings
        except ValueError as exc:
            error = ValueError(f"not JSON ({exc})")
            continue
        if isinstance(data, list):  # a bare list of facts
            data = {"facts": data}
        try:
            return ExtractionOutput.model_validate(data)
        except PydanticValidationError as exc:
            error = ValueError(f"JSON does not match the schema: {exc.error_count()} error(s): "
                               f"{exc.errors()[0]['loc']} {exc.errors()[0]['msg']}")
    raise error


class LLMClient:
    """Sends one prompt, returns validated output; bounded retries, usage accounted."""

    def __init__(self, settings: LLMSettings):
        try:
            import openai
        except ImportError as exc:
            raise ConfigError("LLM extraction needs the openai package: pip install 'mem-graph[llm]'") from exc
        self.settings = settings
        self._openai = openai
        # the SDK's own retries are off: ours count invalid output too, and stay bounded
        if settings.provider == "azure_openai":
            if settings.azure_endpoint:  # LLMSettings._azure: an azure_endpoint or a base_url, never both
                self.client: Any = openai.AzureOpenAI(
                    api_key=settings.api_key, api_version=settings.api_version, azure_endpoint=settings.azure_endpoint,
                    azure_deployment=settings.deployment, timeout=settings.timeout, max_retries=0)
            else:
                self.client = openai.AzureOpenAI(api_key=settings.api_key, api_version=settings.api_version,
                                                 base_url=settings.base_url or "", timeout=settings.timeout,
                                                 max_retries=0)
        else:
            self.client = openai.OpenAI(api_key=settings.api_key, base_url=settings.base_url,
                                        timeout=settings.timeout, max_retries=0)
        self.endpoint = str(self.client.base_url).rstrip("/")

    @property
    def response_format(self) -> ResponseFormat:
        """The mode the next request uses: the configured one, or weaker if this endpoint refused it."""
        return _weaker(self.settings.response_format, supported_format(self.endpoint, self.settings.model))

    def _downgrade(self, refused: ResponseFormat) -> None:
        weaker = FORMATS[FORMATS.index(refused) + 1]
        with _supported_lock:
            key = (self.endpoint, self.settings.model)
            _supported[key] = _weaker(weaker, _supported.get(key))
        log.warning("LLM endpoint %s (model %s) refused response_format=%s; using %s from now on",
                    self.endpoint, self.settings.model, refused, self.response_format)

    @staticmethod
    def _format(mode: ResponseFormat) -> dict[str, Any]:
        if mode == "json_schema":
            return {"response_format": {"type": "json_schema", "json_schema": {
                "name": prompts.SCHEMA_NAME, "schema": prompts.RESPONSE_SCHEMA, "strict": True}}}
        if mode == "json_object_schema":
            return {"response_format": {"type": "json_object", "schema": prompts.RESPONSE_SCHEMA}}
        if mode == "json_object":
            return {"response_format": {"type": "json_object"}}
        return {}

    @staticmethod
    def _refuses_format(exc: Any, mode: ResponseFormat) -> bool:
        """Did the server refuse this structured-output mode (rather than fail)?

        400/422 naming response_format, or a 5xx doing so (llama-cpp-python answers an
        unknown response_format type with a 500 carrying the pydantic error)."""
        if mode == "text" or not (exc.status_code in (400, 422) or exc.status_code >= 500):
            return False
        detail = f"{exc.message} {json.dumps(exc.body, default=str) if exc.body is not None else ''}".lower()
        return any(w in detail for w in _FORMAT_WORDS)

    def complete(self, messages: list[dict[str, str]], usage: Usage) -> ExtractionOutput:
        """One validated answer, or ``LLMError`` after ``1 + max_retries`` attempts."""
        oa, s = self._openai, self.settings
        attempts, attempt, last = s.max_retries + 1, 0, "no attempt made"
        while attempt < attempts:
            if attempt and s.retry_backoff:
                time.sleep(min(s.retry_backoff * 2 ** (attempt - 1), 10.0))
            mode = self.response_format
            kwargs: dict[str, Any] = self._format(mode)
            if s.temperature is not None:
                kwargs["temperature"] = s.temperature
            if s.max_tokens is not None:
                kwargs["max_tokens"] = s.max_tokens
            usage.calls += 1
            try:
                resp = self.client.chat.completions.create(model=s.model, messages=messages, **kwargs)
            except oa.APITimeoutError:
                last = f"timed out after {s.timeout:g}s"
            except oa.APIConnectionError as exc:
                last = f"connection failed: {exc}"
            except oa.APIStatusError as exc:
                if self._refuses_format(exc, mode):
                    self._downgrade(mode)
                    continue  # a downgrade is not a retry (at most three happen)
                if exc.status_code == 429 or exc.status_code >= 500:
                    last = f"HTTP {exc.status_code}: {exc.message}"
                elif exc.status_code == 400:
                    raise LLMError(f"LLM rejected the request (HTTP 400): {exc}") from exc
                else:  # 401, 403, 404 …: retrying will not help
                    raise LLMError(f"LLM request failed (HTTP {exc.status_code}): {exc.message}") from exc
            else:
                usage.add(resp.usage)
                choice = resp.choices[0] if resp.choices else None
                refusal = getattr(choice.message, "refusal", None) if choice else None
                if refusal:
                    raise LLMError(f"LLM refused: {refusal}")
                try:
                    return parse_output(choice.message.content if choice else "")
                except ValueError as exc:
                    cut_off = choice is not None and choice.finish_reason == "length"
                    cut = " (the reply was cut off at max_tokens)" if cut_off else ""
                    last = f"invalid output{cut}: {exc}"
            attempt += 1
            log.warning("LLM attempt %d/%d failed: %s", attempt, attempts, last)
        raise LLMError(f"LLM failed after {attempts} attempt(s): {last}")

