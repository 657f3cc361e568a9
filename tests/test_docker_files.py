"""docker/: no Docker engine runs here, so check that the files say what the code expects."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from mem_graph.config import load_config
from mem_graph.server.settings import DEFAULT_PORT

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker" / "compose.yaml"
DOCKERFILE = ROOT / "docker" / "Dockerfile"
HEALTH = "/v1/health"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())


def env_names_read_by_config() -> set[str]:
    source = (ROOT / "mem_graph" / "config.py").read_text()
    body = source.split("def _env_overrides", 1)[1].split("\ndef ", 1)[0]
    return set(re.findall(r"env(?:\.get\(|\[)\"([A-Z0-9_]+)\"", body))


def resolve(value: str) -> str:
    """``${NAME:-default}`` -> default (what compose uses when NAME is unset)."""
    return re.sub(r"\$\{[A-Z0-9_]+:-([^}]*)\}", r"\1", str(value))


def test_compose_runs_the_hub_with_neo4j_and_qdrant(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"hub", "neo4j", "qdrant"}
    assert services["neo4j"]["image"] == "neo4j:5.26-community"
    assert resolve(services["qdrant"]["image"]).startswith("qdrant/qdrant:")
    assert services["hub"]["build"] == {"context": "..", "dockerfile": "docker/Dockerfile"}
    assert (COMPOSE.parent / services["hub"]["build"]["context"] / services["hub"]["build"]["dockerfile"]).exists()
    assert services["hub"]["depends_on"] == {"neo4j": {"condition": "service_healthy"},
                                             "qdrant": {"condition": "service_healthy"}}


def test_every_service_has_a_health_check_and_a_volume(compose: dict[str, Any]) -> None:
    for name, svc in compose["services"].items():
        assert svc["healthcheck"]["test"], name
        mounts = [v.split(":")[0] for v in svc["volumes"]]
        assert mounts and set(mounts) <= set(compose["volumes"]), name


def test_ports_match_what_the_services_listen_on(compose: dict[str, Any]) -> None:
    def container_ports(svc: dict[str, Any]) -> set[int]:
        return {int(str(p).rsplit(":", 1)[1]) for p in svc["ports"]}

    services = compose["services"]
    assert DEFAULT_PORT in container_ports(services["hub"])
    assert {7474, 7687} <= container_ports(services["neo4j"])
    assert {6333, 6334} <= container_ports(services["qdrant"])
    env = services["hub"]["environment"]
    assert env["NEO4J_URI"] == "bolt://neo4j:7687" and env["QDRANT_URL"] == "http://qdrant:6333"
    assert f"--port {DEFAULT_PORT}" in " ".join(services["hub"]["command"])


def test_hub_environment_names_are_the_ones_config_reads(compose: dict[str, Any]) -> None:
    read = env_names_read_by_config()
    assert {"NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "QDRANT_URL", "QDRANT_API_KEY"} <= read
    hub_env = set(compose["services"]["hub"]["environment"])
    assert {"NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "QDRANT_URL", "QDRANT_API_KEY"} <= hub_env
    assert "MEM_GRAPH_HOME" in hub_env


def test_hub_environment_selects_the_server_backends(compose: dict[str, Any],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in compose["services"]["hub"]["environment"].items():
        monkeypatch.setenv(key, resolve(value))
    monkeypatch.delenv("NEO4J_DATABASE", raising=False)
    cfg = load_config()
    assert cfg.graph_store.provider == "neo4j" and cfg.graph_store.config["url"] == "bolt://neo4j:7687"
    assert cfg.vector_store.provider == "qdrant" and cfg.vector_store.config["url"] == "http://qdrant:6333"
    assert str(cfg.path) == "/data"


def test_health_checks_probe_the_hubs_health_route(compose: dict[str, Any]) -> None:
    from mem_graph.server.routes.system import router

    assert HEALTH in {route.path for route in router.routes}
    assert f"127.0.0.1:{DEFAULT_PORT}{HEALTH}" in " ".join(compose["services"]["hub"]["healthcheck"]["test"])


def test_credentials_agree_between_services(compose: dict[str, Any]) -> None:
    services = compose["services"]
    hub = services["hub"]["environment"]
    assert resolve(services["neo4j"]["environment"]["NEO4J_AUTH"]) == f"neo4j/{resolve(hub['NEO4J_PASSWORD'])}"
    assert resolve(services["qdrant"]["environment"]["QDRANT__SERVICE__API_KEY"]) == resolve(hub["QDRANT_API_KEY"])


def test_dockerfile_serves_the_hub_with_the_server_extras() -> None:
    text = DOCKERFILE.read_text()
    assert re.search(r'^ENTRYPOINT \["mem-graph", "serve", "--host", "0\.0\.0\.0"\]$', text, re.MULTILINE)
    assert f"EXPOSE {DEFAULT_PORT}" in text
    extras = re.search(r'pip install "\.\[([a-z0-9,]+)\]"', text)
    assert extras and {"server", "neo4j", "qdrant"} <= set(extras.group(1).split(","))
    assert "HEALTHCHECK" in text and f"127.0.0.1:{DEFAULT_PORT}{HEALTH}" in text
    assert re.search(r"^USER (?!root)", text, re.MULTILINE)  # not root
