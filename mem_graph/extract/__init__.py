"""Extraction: messages -> candidate facts, entities and triples; reconciliation against memory.

The contract every mode implements is ``Extractor`` (base.py); ``build_extractor`` (factory.py) picks
one. This module imports nothing, so importing any ``mem_graph.extract`` module stays cheap and acyclic.
"""
