"""A real Neo4j Community 5.26 server for the tests, built from Maven Central jars.

``tests/neo4j_server/pom.xml`` names ``org.neo4j:neo4j`` (the Community DBMS,
Bolt included); Maven resolves it into ``~/.m2`` once, the tiny
``Neo4jTestServer.java`` main is compiled against that classpath, and both
are cached under ``~/.cache/mem-graph/`` (keyed by the pom and the Java file),
so later sessions start the JVM straight away. The server listens on a free
loopback port with a throwaway home directory and dies with its parent (it
exits when its stdin closes).

``MEM_GRAPH_TEST_NEO4J_URI`` points the tests at an existing server instead
(its mem_graph nodes are wiped by the tests).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent / "neo4j_server"
POM = HERE / "pom.xml"
MAIN = HERE / "Neo4jTestServer.java"
REQUIRE_ENV = "MEM_GRAPH_REQUIRE_NEO4J"
EXTERNAL_ENV = "MEM_GRAPH_TEST_NEO4J_URI"


class Unavailable(RuntimeError):
    """Neo4j cannot be provided here (no Java/Maven, no network for the first download…)."""


@dataclass
class Neo4jServer:
    uri: str
    timings: dict[str, float] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    home: Path | None = None

    def stop(self, timeout: float = 30) -> None:
        proc = self.process
        if proc is None:
            return
        if proc.stdin is not None:
            proc.stdin.close()  # the server shuts down cleanly when its stdin closes
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.process = None
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)


def cache_dir() -> Path:
    key = hashlib.sha256(POM.read_bytes() + MAIN.read_bytes()).hexdigest()[:12]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "mem-graph" / f"neo4j-test-server-{key}"


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise Unavailable(f"`{name}` is not on PATH: install a JDK 17+ and Maven 3.8+ to run the Neo4j tests")
    return path


def prepare() -> tuple[str, Path, dict[str, float]]:
    """(java executable, cache folder with Neo4jTestServer.class and classpath.txt, timings)."""
    java = _tool("java")
    timings: dict[str, float] = {}
    cache = cache_dir()
    cp_file, cls = cache / "classpath.txt", cache / "Neo4jTestServer.class"
    if cp_file.exists() and cls.exists() and all(Path(p).exists() for p in cp_file.read_text().split(os.pathsep)):
        return java, cache, timings
    mvn, javac = _tool("mvn"), _tool("javac")
    for stale in cache.parent.glob("neo4j-test-server-*"):  # built from an older pom or main
        if stale != cache:
            shutil.rmtree(stale, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    tmp_cp = cache / f"classpath.txt.{os.getpid()}.tmp"  # two sessions may build at once
    proc = subprocess.run([mvn, "-B", "-q", "-f", str(POM), "dependency:build-classpath",
                           f"-Dmdep.outputFile={tmp_cp}"], capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise Unavailable("Maven could not resolve Neo4j from Maven Central:\n"
                          f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    timings["maven_resolve_s"] = time.monotonic() - t0
    t0 = time.monotonic()
    proc = subprocess.run([javac, "-d", str(cache), "-cp", tmp_cp.read_text(), str(MAIN)], capture_output=True,
                          text=True, timeout=300)
    if proc.returncode != 0:
        raise Unavailable(f"javac failed on {MAIN.name}:\n{proc.stderr[-2000:]}")
    timings["javac_s"] = time.monotonic() - t0
    tmp_cp.replace(cp_file)
    return java, cache, timings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_bolt(uri: str, deadline: float) -> None:
    import neo4j

    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            with neo4j.GraphDatabase.driver(uri, auth=("neo4j", "unused")) as driver:
                driver.verify_connectivity()
                return
        except Exception as exc:
            last = exc
            time.sleep(0.2)
    raise Unavailable(f"Neo4j at {uri} did not answer over Bolt: {last}")


def start(home: Path, startup_timeout: float = 90) -> Neo4jServer:
    """Start a throwaway server (or use ``$MEM_GRAPH_TEST_NEO4J_URI``) and wait until Bolt answers."""
    external = os.environ.get(EXTERNAL_ENV)
    if external:
        wait_for_bolt(external, time.monotonic() + startup_timeout)
        return Neo4jServer(external)
    t0 = time.monotonic()
    java, cache, timings = prepare()
    timings["prepare_s"] = time.monotonic() - t0
    port = free_port()
    home.mkdir(parents=True, exist_ok=True)
    log = home / "server.log"
    cmd = [java, "-Xms256m", "-Xmx1g", "-XX:+UseSerialGC", "-Dfile.encoding=UTF-8",
           "-cp", os.pathsep.join([str(cache), (cache / "classpath.txt").read_text().strip()]),
           "Neo4jTestServer", str(port), str(home / "dbms")]
    t0 = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT)
    server = Neo4jServer(f"bolt://127.0.0.1:{port}", timings, proc, home)
    deadline = t0 + startup_timeout
    try:
        while b"READY" not in log.read_bytes():
            if proc.poll() is not None:
                raise Unavailable(f"Neo4j test server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise Unavailable(f"Neo4j test server not ready after {startup_timeout:.0f} s:\n"
                                  f"{log.read_text()[-3000:]}")
            time.sleep(0.1)
        wait_for_bolt(server.uri, deadline)
    except BaseException:
        server.stop(timeout=5)
        raise
    timings["server_start_s"] = time.monotonic() - t0
    return server
