"""Moved to ``mem_graph.bench.reconcile_check`` (``mem-graph bench reconcile`` uses it); kept for scripts."""

from mem_graph.bench.reconcile_check import NEGATIVE_RELATION, CaseResult, Check, has, replay, run_case, user_of

__all__ = ["NEGATIVE_RELATION", "CaseResult", "Check", "has", "replay", "run_case", "user_of"]
