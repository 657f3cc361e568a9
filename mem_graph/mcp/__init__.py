"""mem_graph over the Model Context Protocol (needs the ``mcp`` extra).

``server.py`` builds the server (tools in ``tools.py``, resources in ``resources.py``) around a session
resolver; ``access.py`` is the interface the tools call; ``stdio.py`` serves one local store
(``mem-graph mcp``); ``hub.py`` mounts streamable HTTP on the hub at /mcp (``mem-graph serve``).
"""
