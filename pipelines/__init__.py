"""Batch jobs built on the SDK: benchmarks, LoCoMo evaluation, ingestion, maintenance."""
