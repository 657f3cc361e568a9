"""Hub routes, one module per concern: memories, sync, graph, system."""
