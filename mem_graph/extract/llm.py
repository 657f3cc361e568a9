"""The LLM client: one chat completion per add() through any OpenAI-compatible endpoint.

Works with OpenAI, Azure OpenAI (v1 API), vLLM, Ollama, llama.cpp server … via the
official ``openai`` SDK. Settings come from ``llm.config`` (see ``LLMSettings``);
``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` are honoured when the config leaves them out.

Output handling, in order:

* ``response_format`` is a strict JSON schema (``prompts.RESPONSE_SCHEMA``); an
  endpoint that rejects it (HTTP 400 naming response_format / json_schema) is
  retried with ``json_object``, then with no response_format, and the downgrade
  is remembered for the process.
* The reply is parsed tolerantly (plain JSON, JSON in a code fence, JSON inside
  prose) and validated with pydantic before anything is written.
* Transport errors, timeouts, 429/5xx and invalid output are retried
  ``max_retries`` times; a refusal, an auth/model error, or exhausted retries
  raise ``LLMError``. Token usage of every attempt is accounted.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError as PydanticValidationError, field_validator

from mem_graph.config import LLMConfig, MemoryConfig
from mem_graph.errors import ConfigError, LLMError
from mem_graph.extract import prompts

if TYPE_CHECKING:
    from mem_graph.extract.rules import RuleExtractor
    from mem_graph.extract.strategy import LLMExtractor

log = logging.getLogger(__name__)

DEFAULT_MODEL = "gpt-4o-mini"
ResponseFormat = Literal["json_schema", "json_object", "text"]
_DOWNGRADE: dict[str, ResponseFormat] = {"json_schema": "json_object", "json_object": "text"}


class LLMSettings(BaseModel):
    """``llm.config`` keys. Unknown keys (from a ported mem0 config) are ignored with a warning."""

    model_config = ConfigDict(extra="allow")

    model: str = DEFAULT_MODEL
    base_url: str | None = None  # mem0's ``openai_base_url`` is accepted too
    api_key: str | None = None
    timeout: float = Field(30.0, gt=0)  # seconds per request
    max_retries: int = Field(2, ge=0, le=10)  # retries after the first attempt
    retry_backoff: float = Field(0.5, ge=0)  # seconds, doubled per retry
    temperature: float | None = 0.0  # None: not sent (some reasoning models refuse it)
    max_tokens: int | None = Field(None, gt=0)
    response_format: ResponseFormat = "json_schema"
    cost_per_1m_prompt_tokens: float | None = None  # currency per million tokens, for usage["cost"]
    cost_per_1m_completion_tokens: float | None = None

    @classmethod
    def from_config(cls, llm: LLMConfig | None) -> LLMSettings:
        raw = dict(llm.config) if llm is not None else {}
        if "openai_base_url" in raw:
            raw.setdefault("base_url", raw.pop("openai_base_url"))
        try:
            settings = cls.model_validate(raw)
        except PydanticValidationError as exc:
            raise ConfigError(f"invalid llm.config: {exc}") from exc
        if settings.model_extra:
            log.warning("llm.config: ignoring unknown keys %s", sorted(settings.model_extra))
        settings.base_url = settings.base_url or os.environ.get("OPENAI_BASE_URL") or None
        settings.api_key = settings.api_key or os.environ.get("OPENAI_API_KEY") or None
        if not settings.api_key:
            if not settings.base_url:
                raise ConfigError("the LLM extractor needs llm.config.api_key or OPENAI_API_KEY "
                                  "(or a base_url of a local server that needs no key)")
            settings.api_key = "not-needed"  # local servers (Ollama, vLLM …) ignore it; the SDK insists
        return settings


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

    def as_dict(self, settings: LLMSettings) -> dict[str, Any]:
        out: dict[str, Any] = {**asdict(self), "model": settings.model, "cost": None}
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
            data = json.loads(cand)
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
        self.response_format: ResponseFormat = settings.response_format
        # the SDK's own retries are off: ours count invalid output too, and stay bounded
        self.client = openai.OpenAI(api_key=settings.api_key, base_url=settings.base_url,
                                    timeout=settings.timeout, max_retries=0)

    def _format(self) -> dict[str, Any]:
        if self.response_format == "json_schema":
            return {"response_format": {"type": "json_schema", "json_schema": {
                "name": prompts.SCHEMA_NAME, "schema": prompts.RESPONSE_SCHEMA, "strict": True}}}
        if self.response_format == "json_object":
            return {"response_format": {"type": "json_object"}}
        return {}

    def complete(self, messages: list[dict[str, str]], usage: Usage) -> ExtractionOutput:
        """One validated answer, or ``LLMError`` after ``1 + max_retries`` attempts."""
        oa, s = self._openai, self.settings
        attempts, attempt, last = s.max_retries + 1, 0, "no attempt made"
        while attempt < attempts:
            if attempt and s.retry_backoff:
                time.sleep(min(s.retry_backoff * 2 ** (attempt - 1), 10.0))
            kwargs: dict[str, Any] = {**self._format()}
            if s.temperature is not None:
                kwargs["temperature"] = s.temperature
            if s.max_tokens is not None:
                kwargs["max_tokens"] = s.max_tokens
            usage.calls += 1
            try:
                resp = self.client.chat.completions.create(model=s.model, messages=messages, **kwargs)  # type: ignore[arg-type]
            except oa.BadRequestError as exc:
                detail = str(exc).lower()
                if self.response_format in _DOWNGRADE and ("response_format" in detail or "json_schema" in detail
                                                           or "json_object" in detail):
                    log.warning("LLM endpoint rejected response_format=%s; retrying with %s", self.response_format,
                                _DOWNGRADE[self.response_format])
                    self.response_format = _DOWNGRADE[self.response_format]
                    continue  # a downgrade is not a retry (at most two happen)
                raise LLMError(f"LLM rejected the request (HTTP 400): {exc}") from exc
            except oa.APITimeoutError:
                last = f"timed out after {s.timeout:g}s"
            except oa.APIConnectionError as exc:
                last = f"connection failed: {exc}"
            except (oa.RateLimitError, oa.InternalServerError) as exc:
                last = f"HTTP {exc.status_code}: {exc.message}"
            except oa.APIStatusError as exc:  # 401, 403, 404 …: retrying will not help
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
                    last = f"invalid output: {exc}"
            attempt += 1
            log.warning("LLM attempt %d/%d failed: %s", attempt, attempts, last)
        raise LLMError(f"LLM failed after {attempts} attempt(s): {last}")


def build_llm_extractor(cfg: MemoryConfig, rules: RuleExtractor) -> LLMExtractor:
    """The extraction strategy for ``extractor: "llm"`` or ``"hybrid"`` (see strategy.py, hybrid.py)."""
    from mem_graph.extract.hybrid import HybridExtractor
    from mem_graph.extract.strategy import LLMExtractor

    client = LLMClient(LLMSettings.from_config(cfg.llm))
    cls = HybridExtractor if cfg.extractor == "hybrid" else LLMExtractor
    return cls(cfg, rules, client)
