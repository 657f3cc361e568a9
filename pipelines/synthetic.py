"""Moved to ``mem_graph.bench.synthetic`` (the installed ``mem-graph bench`` uses it); kept for scripts."""

from mem_graph.bench.synthetic import NAMES, ORGS, PLACES, QUESTIONS, TEMPLATES, THINGS, questions, turns

__all__ = ["NAMES", "ORGS", "PLACES", "QUESTIONS", "TEMPLATES", "THINGS", "questions", "turns"]
