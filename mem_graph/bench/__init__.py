"""The benchmarks ``mem-graph bench`` runs: ``speed`` (add throughput and search latency on synthetic and
LoCoMo-length turns) and ``reconcile`` (how well changes in a conversation are understood). The scripts under
pipelines/ in a checkout run these and the benchmarks that need data or servers."""
