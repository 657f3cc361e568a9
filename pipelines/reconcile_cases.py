"""Moved to ``mem_graph.bench.reconcile_cases`` (``mem-graph bench reconcile`` uses it); kept for scripts."""

from mem_graph.bench.reconcile_cases import (
    CASES_DIR,
    DEFAULT_START,
    SETS,
    TURN_GAP,
    AsOf,
    Case,
    CaseFileError,
    CasesNotFoundError,
    Category,
    EdgeCheck,
    Event,
    Expect,
    Question,
    Slot,
    Turn,
    load_cases,
    load_file,
)

__all__ = ["CASES_DIR", "DEFAULT_START", "SETS", "TURN_GAP", "AsOf", "Case", "CaseFileError", "CasesNotFoundError",
           "Category", "EdgeCheck", "Event", "Expect", "Question", "Slot", "Turn", "load_cases", "load_file"]
