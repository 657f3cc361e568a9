"""The memory hub: a FastAPI server that many clients share (REST, auth, sync, OpenAI-compatible proxy).

Importing this package is cheap; ``mem_graph.server.app.create_app`` pulls in FastAPI.
"""
