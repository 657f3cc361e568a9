"""Tool names as their makers write them ("mysql" -> "MySQL", "adobe express" -> "Adobe Express"): chat types them in
lower case, and the small parser reads "java" in "i code in java at work" as an adverb and "kafka" as a verb;
written as names they parse as the names they are."""

from __future__ import annotations

import re
from functools import lru_cache

from mem_graph.extract.lexicon import TECH, TECH_KINDS

# a tool's name as its makers write it, where capitalising the first letter is not it
_TECH_SPELLING = {w.lower(): w for w in (
    "VS Code", "Adobe XD", "Siemens NX", "ECS Fargate", "G Suite", "GitLab CI", "Zoho CRM", "iCloud Drive",
    "iCloud Mail", "GitHub Actions", "GitHub Projects", "IntelliJ IDEA", "Azure DevOps", "DuckDuckGo browser",
    "AWS", "GCP", "PHP", "MSSQL", "MySQL", "PostgreSQL", "MongoDB", "GraphQL", "gRPC", "JavaScript", "TypeScript",
    "GitHub", "GitLab", "NodeJS", "FastAPI", "PyTorch", "TensorFlow", "SQLite", "NumPy", "IntelliJ", "PyCharm",
    "DynamoDB", "VSCode", "BigQuery", "MariaDB", "ClickHouse", "RabbitMQ", "CouchDB", "DuckDB", "CircleCI", "WebStorm",
    "JetBrains", "SwiftUI", "NextJS", "SQLServer", "CockroachDB", "InfluxDB", "OpenSearch", "PlanetScale", "jQuery",
    "LinkedIn", "TikTok")}
# tool names that are also everyday nouns ("my python ate a mouse", "I'm an illustrator"): typed as they were
_TECH_AS_WORD = frozenset({"python", "atom", "flask", "helix", "pandas", "snowflake", "oracle", "illustrator",
                           "elixir", "git", "cassandra"})


@lru_cache(maxsize=1)
def _tech_name() -> re.Pattern[str]:
    """Tool names typed in lower case that are no everyday word: the small parser reads "java" in "i code in java
    at work" as an adverb, "kafka" as a verb; written "Java", "Kafka" they parse as the names they are."""
    from mem_graph.extract.catalogue import DATABASES, EDITORS
    from mem_graph.extract.wordlist import is_common_word

    names = {w for w in (*TECH, *EDITORS, *DATABASES) if w.isalpha() and w.islower() and w not in _TECH_AS_WORD
             and not is_common_word(w)}
    # (and a name of words, "adobe express", "google photos": each written as its makers do)
    names |= {w for kind in TECH_KINDS.values() for w in kind if " " in w and w.replace(" ", "").isalpha()}
    return re.compile(r"(?<![\w'./@#-])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                      + r")(?![\w'@-]|\.\w)")


def spelled(name: str) -> str:
    """A tool's name as its makers write it ("mysql" -> "MySQL", "linear" -> "Linear")."""
    return _TECH_SPELLING.get(name.lower(), " ".join(w if w in ("on", "of", "and") else w[:1].upper() + w[1:]
                                                     for w in name.split(" ")))


def _tech_spelled(m: re.Match[str]) -> str:
    return spelled(m.group(1))


def tech_names_spelled(text: str) -> str:
    """``text`` with the tool names it types in lower case written as their makers write them."""
    return _tech_name().sub(_tech_spelled, text)
