"""The words a question names a kind of tool or a team's thing by (retrieve/asked.py reads them)."""

from __future__ import annotations

import re

# the kinds of tool a question asks for, often capitalised ("what CI do we use"): attributes, never names
TOOL_KINDS = frozenset({"ci", "cd", "ide", "os", "db", "api", "ui", "cms", "crm", "vpn", "stack", "editor",
                         "framework", "language", "cloud", "software", "tool"})
# the words a question names a kind of tool by (extract/lexicon.py TECH_KINDS), when it asks what is used
KIND_ASKED = {"tickets?": "tracker", "issue tracker": "tracker", "tracker": "tracker", "project management": "tracker",
               "editor": "editor", "ide": "editor", "team chat": "chat", "messaging": "chat", "chat": "chat",
               "cloud": "cloud", "hosting": "cloud", "frontend framework": "frontend", "frontend": "frontend",
               "bundler": "bundler", "design tool": "design", "design": "design", "ci": "ci",
               "state management": "state", "ml framework": "ml", "deep learning": "ml", "cad": "cad",
               "warehouse": "database", "deployed": "cloud", "deploy": "cloud"}  # ("data warehouse")
KIND_WORDS = frozenset(w for k in KIND_ASKED for w in re.findall(r"[a-z]+", k))  # "which CAD software": no name
# what a team has, not who anyone is: "where are our services deployed" asks the team's tools (the user's facts)
TEAM_THINGS = frozenset({"service", "services", "app", "apps", "pipeline", "pipelines", "infra", "infrastructure",
                          "code", "codebase", "stack", "system", "systems", "platform", "product", "data", "site",
                          "website", "servers", "server", "lab", "department", "company", "office", "models"})
USE_ASKED = re.compile(r"\b(?:use|uses|using|used|run on|runs on|on|deployed|hosted)\b")
