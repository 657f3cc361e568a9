"""Extraction: messages -> candidate facts, entities and triples; reconciliation against memory."""
