"""``build_extractor``: the ``Extractor`` (base.py) that ``extractor: rules | llm | hybrid`` names."""

from __future__ import annotations

from mem_graph.config import MemoryConfig
from mem_graph.extract.base import Extractor
from mem_graph.extract.hybrid import HybridExtractor
from mem_graph.extract.llm import LLMClient, LLMSettings
from mem_graph.extract.rule_mode import RuleMode
from mem_graph.extract.rules import RuleExtractor
from mem_graph.extract.strategy import LLMExtractor


def build_extractor(cfg: MemoryConfig, rules: RuleExtractor) -> Extractor:
    """The configured extractor; the LLM modes fall back to (and hybrid starts with) the rule mode."""
    rule_mode = RuleMode(cfg.extraction, rules)
    if cfg.extractor == "rules":
        return rule_mode
    client = LLMClient(LLMSettings.from_config(cfg.llm))  # ConfigError now, not at the first add()
    cls = HybridExtractor if cfg.extractor == "hybrid" else LLMExtractor
    return cls(cfg, rule_mode, client)
