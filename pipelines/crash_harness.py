"""Crash harness: SIGKILL a writer at random points of the write path, reopen, prove nothing was lost.

    python -m pipelines.crash_harness --trials 200 --seed 7 --dir /tmp/mg-crash

Each trial forks a writer (models are loaded once in the parent, so a trial
costs store I/O, not model loading) that opens the data directory (replaying
the journal), then runs a random workload - adds with and without inference,
manual updates, deletes, delete_all of a throwaway scope - and dies by SIGKILL:
either from the parent after a random delay, or at a chosen step of the write
path through ``MEM_GRAPH_FAULT`` (mem_graph/faults.py). Before each operation
the writer logs its intent, after it returns an ack. A verifier process then
reopens the directory and checks:

* the stores agree (``maintenance.check``: no orphan vector, graph node,
  relation or entity, each memory's relations as its triples say, no
  duplicate, no unfinished journal entry); only raw
  messages of never-acknowledged adds may be left unprocessed;
* every acknowledged message is in history, processed;
* every memory an acknowledged add/update returned is in history and
  gettable (unless an acknowledged or in-doubt delete erased it), with the
  acknowledged text; acknowledged deletes stay deleted;
* every memory alive in history is gettable, and a sample is found by
  searching for its own text.

A kill can also tear the graph's write-ahead log (LadybugDB then refuses to
open). The verifier treats that as an operator would: ``Memory()`` must raise
``GraphUnavailableError``, then ``repair`` moves the graph aside and rebuilds
it, and every check above must hold. Since a timer kill hits that rarely,
``--torn-wal N`` runs N more trials that damage the WAL on purpose (writer
with checkpoints off, killed or abandoned without closing; its WAL truncated
or a byte flipped).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

for _k, _v in {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false",
               "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}.items():
    os.environ.setdefault(_k, _v)

from mem_graph.faults import ENV as FAULT_ENV  # noqa: E402
from mem_graph.faults import POINTS  # noqa: E402

USERS = ("u0", "u1", "u2")
NO_CHECKPOINT = {"graph_store": {"provider": "ladybug", "config": {"checkpoint_writes": 0, "checkpoint_s": 0}}}
CITIES = ("Paris", "Berlin", "Lima", "Oslo", "Kyoto", "Rome", "Quito", "Dakar")
THINGS = ("tea", "chess", "jazz", "sushi", "hiking", "poetry", "golf", "opera")
PEOPLE = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
COMPANIES = ("Acme", "Globex", "Initech", "Umbrella")


# -- the writer -------------------------------------------------------------------------------------------
def _sentence(rng: random.Random) -> str:
    return rng.choice([
        f"I live in {rng.choice(CITIES)}.", f"I like {rng.choice(THINGS)}.", f"I don't like {rng.choice(THINGS)}.",
        f"I work at {rng.choice(COMPANIES)}.", f"{rng.choice(PEOPLE)} works at {rng.choice(COMPANIES)}.",
        f"{rng.choice(PEOPLE)} lives in {rng.choice(CITIES)}.", f"My favourite sport is {rng.choice(THINGS)}.",
    ])


def _writer(path: Path, ack_path: Path, seed: int, ops: int, config: dict[str, Any] | None = None) -> None:
    from mem_graph import Memory

    rng = random.Random(seed)
    fd = os.open(ack_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def log(kind: str, **data: Any) -> None:
        os.write(fd, (json.dumps({"kind": kind, "trial": seed, **data}) + "\n").encode())

    with Memory(path=path, config=config) as m:
        log("opened")
        for i in range(ops):
            user = rng.choice(USERS)
            roll = rng.random()
            if roll < 0.35:
                texts = [" ".join(_sentence(rng) for _ in range(rng.randint(1, 3)))]
                log("intent", op="add", user=user, texts=texts, infer=True)
                out = m.add(texts[0], user_id=user)
                log("ack", op="add", user=user, texts=texts, results=out["results"])
            elif roll < 0.65:
                texts = [f"note {seed}-{i}-{j}: {rng.choice(PEOPLE)} visited {rng.choice(CITIES)} for "
                         f"{rng.choice(THINGS)}" for j in range(rng.randint(1, 6))]
                log("intent", op="add", user=user, texts=texts, infer=False)
                out = m.add([{"role": "user", "content": t} for t in texts], user_id=user, infer=False)
                log("ack", op="add", user=user, texts=texts, results=out["results"])
            elif roll < 0.8:
                live = m.get_all(user_id=user, limit=50)["results"]
                if live:
                    target = rng.choice(live)["id"]
                    text = f"edited {seed}-{i}: {rng.choice(PEOPLE)} prefers {rng.choice(THINGS)}"
                    log("intent", op="update", user=user, id=target, text=text)
                    m.update(target, text, user_id=user)
                    log("ack", op="update", user=user, id=target, text=text)
            elif roll < 0.93:
                live = m.get_all(user_id=user, limit=50)["results"]
                if live:
                    target = rng.choice(live)["id"]
                    log("intent", op="delete", user=user, id=target)
                    m.delete(target, user_id=user)
                    log("ack", op="delete", user=user, id=target)
            else:
                tmp = f"tmp-{seed}-{i}"
                m.add(f"{rng.choice(PEOPLE)} lives in {rng.choice(CITIES)}.", user_id=tmp)
                log("intent", op="delete_all", user=tmp)
                m.delete_all(user_id=tmp)
                log("ack", op="delete_all", user=tmp)
        log("done")
        if config is not None:  # a torn-WAL trial: die without closing (closing checkpoints the graph)
            os._exit(0)


# -- the verifier ------------------------------------------------------------------------------------------
def _expectations(ack_path: Path) -> dict[str, Any]:
    """Fold the intent/ack log into what must hold now."""
    lines = [json.loads(x) for x in ack_path.read_text().splitlines() if x.strip()] if ack_path.exists() else []
    acked_msgs: list[tuple[str, str]] = []
    must_exist: dict[str, str] = {}  # id -> user
    texts: dict[str, str | None] = {}  # id -> acknowledged text (None: in doubt)
    erased: set[str] = set()  # acknowledged deletes
    maybe_erased: set[str] = set()  # in-doubt deletes (and ids of scopes erased)
    erased_scopes: set[str] = set()
    pending: dict[int, dict[str, Any]] = {}
    for x in lines:
        if x["kind"] == "intent":
            pending[x["trial"]] = x
            if x["op"] == "delete":
                maybe_erased.add(x["id"])
            elif x["op"] == "update":
                texts[x["id"]] = None
        elif x["kind"] == "ack":
            pending.pop(x["trial"], None)
            if x["op"] == "add":
                acked_msgs.extend((x["user"], t) for t in x["texts"])
                for r in x["results"]:
                    if r["event"] in ("ADD", "UPDATE"):
                        must_exist[r["id"]] = x["user"]
                        texts.setdefault(r["id"], r["memory"])
            elif x["op"] == "update":
                texts[x["id"]] = x["text"]
            elif x["op"] == "delete":
                erased.add(x["id"])
            elif x["op"] == "delete_all":
                erased_scopes.add(x["user"])
    return {"acked_msgs": acked_msgs, "must_exist": must_exist, "texts": texts, "erased": erased,
            "maybe_erased": maybe_erased - erased, "erased_scopes": erased_scopes, "acks": sum(
                1 for x in lines if x["kind"] == "ack")}


def _verify(path: Path, ack_path: Path, rng: random.Random, search_sample: int) -> dict[str, Any]:
    import sqlite3

    from mem_graph import Memory, NotFoundError
    from mem_graph.maintenance import check, history_rows, is_removal, lifecycle, snapshot

    db = sqlite3.connect(path / "history.sqlite")
    pending = db.execute("SELECT count(*) FROM journal").fetchone()[0] if _has_table(db, "journal") else 0
    db.close()
    problems: list[str] = []
    exp = _expectations(ack_path)
    rebuilt = _open_or_rebuild(path)
    with Memory(path=path) as m:
        rep = check(m)
        bad = {k: v for k, v in rep.counts().items() if v and k != "interrupted_messages"}
        if bad:
            problems.append(f"stores disagree: {bad} {json.dumps({k: getattr(rep, k)[:3] for k in bad})}")
        snap = snapshot(m)
        msgs = history_rows(m.history_store, "SELECT user_id, content, status FROM messages")
        processed = Counter((r["user_id"], r["content"]) for r in msgs if r["status"] == "processed")
        wanted = Counter((u, t) for u, t in exp["acked_msgs"] if u not in exp["erased_scopes"])
        for (user, text), n in wanted.items():  # the same text may be sent again: count copies
            if processed[(user, text)] < n:
                problems.append(f"acknowledged message lost or unprocessed ({processed[(user, text)]} of {n} "
                                f"processed): {user}: {text[:60]}")
        events = {e["memory_id"] for e in snap.events if e["event"] in ("ADD", "UPDATE")}
        for mid, user in exp["must_exist"].items():
            if user in exp["erased_scopes"] or mid in exp["maybe_erased"]:
                continue
            if mid in exp["erased"]:
                if mid in snap.vectors or mid in snap.graph_memories:
                    problems.append(f"acknowledged delete came back: {mid}")
                continue
            if mid not in events:
                problems.append(f"acknowledged memory has no history: {mid}")
            try:
                got = m.get(mid, user_id=user)
            except NotFoundError:
                problems.append(f"acknowledged memory lost: {mid}")
                continue
            want = exp["texts"].get(mid)
            if want is not None and got["memory"] != want:
                problems.append(f"acknowledged text differs for {mid}: {got['memory'][:40]!r} != {want[:40]!r}")
        alive = [mid for mid, e in lifecycle(snap.events).items() if not is_removal(e)]
        for mid in alive:
            if mid not in snap.vectors:
                problems.append(f"memory in history but not in the vector store: {mid}")
        active = [snap.vectors[mid] for mid in alive if mid in snap.vectors
                  and snap.vectors[mid].status.value == "active"]
        for rec in rng.sample(active, min(search_sample, len(active))):
            hits = m.search(rec.text, user_id=rec.scope.user_id, limit=10, rerank=False)["results"]
            # a memory of the same turn as a better hit travels with it (retrieve/collapse.py): returned too
            if rec.id not in {h["id"] for h in hits} | {r["id"] for h in hits for r in h.get("related", [])}:
                problems.append(f"memory not found by searching its own text: {rec.id} {rec.text[:40]!r}")
        stats = {"memories": len(snap.vectors), "events": len(snap.events), "graph_nodes": len(snap.graph_memories),
                 "interrupted_messages": len(rep.interrupted_messages), "graph_rebuilt": rebuilt}
    return {"problems": problems, "replayed": pending, "acks": exp["acks"], **stats}


def _open_or_rebuild(path: Path) -> bool:
    """Open as a user would; a graph that cannot open must raise GraphUnavailableError, and `repair` then
    rebuilds it (True). Anything else propagates (a verify error)."""
    from mem_graph import Memory
    from mem_graph.config import load_config
    from mem_graph.errors import GraphUnavailableError
    from mem_graph.maintenance import repair
    from mem_graph.recovery import open_repairable

    try:
        Memory(path=path).close()
        return False
    except GraphUnavailableError:
        mem, preface = open_repairable(load_config(None, path=path))
        with mem:
            repair(mem, preface=preface)
        return True


def _has_table(db: Any, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone() is not None


# -- process plumbing --------------------------------------------------------------------------------------
def _fork(target: Any, *args: Any, fault: str | None = None, log_path: Path | None = None) -> tuple[int, int]:
    """Run ``target(*args)`` in a forked child; returns (pid, read end of a pipe carrying its JSON result)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(r)
        code = 0
        try:
            if log_path is not None:
                out = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                os.dup2(out, 1)
                os.dup2(out, 2)
            if fault:
                os.environ[FAULT_ENV] = fault
            result = target(*args)
            os.write(w, json.dumps(result if result is not None else {}).encode())
        except BaseException as exc:
            os.write(w, json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def _collect(pid: int, r: int, kill_after: float | None, timeout: float = 120.0) -> tuple[dict[str, Any], str]:
    start = time.monotonic()
    how = "exit"
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if os.WIFSIGNALED(status):
                how = "killed" if how == "killed" else f"signal {os.WTERMSIG(status)}"
            break
        elapsed = time.monotonic() - start
        if (kill_after is not None and elapsed >= kill_after) or elapsed > timeout:
            os.kill(pid, signal.SIGKILL)
            how = "killed"
            kill_after = None
        time.sleep(0.005)
    chunks = []
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    data = b"".join(chunks)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        how = "killed"
    return (json.loads(data) if data else {}), how


def warm_models(scratch: Path) -> None:
    """Load the embedder, spaCy and the reranker probe in this process, so forked children skip it."""
    from mem_graph import Memory

    try:  # only with the `torch` extra; the default ONNX embedder sets its own threads
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    with Memory(path=scratch) as m:
        m.add("Alice lives in Paris and likes tea.", user_id="warm")
        m.search("where does Alice live?", user_id="warm")


def run(trials: int, seed: int, workdir: Path, *, ops: int = 30, max_delay: float = 3.0, search_sample: int = 4,
        epoch: int = 25, progress: bool = True, torn_wal: int = 0) -> dict[str, Any]:
    """Run the trials; returns a summary (``failures`` empty means nothing was lost or left inconsistent).

    Every ``epoch`` trials start on a fresh data directory, so verification cost stays flat. ``torn_wal``
    more trials damage the graph's WAL on purpose (see the module docstring).
    """
    workdir.mkdir(parents=True, exist_ok=True)
    child_log = workdir / "children.log"
    warm_models(workdir / "warm")
    rng = random.Random(seed)
    modes: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    replayed = 0
    t0 = time.monotonic()
    finals: list[dict[str, Any]] = []
    acked = memories = 0
    for trial in range(trials):
        data, acks = workdir / f"data{trial // epoch}", workdir / f"acks{trial // epoch}.jsonl"
        fault = None
        if rng.random() < 0.5:
            fault = f"{rng.choice(POINTS)}:{rng.randint(1, 4)}"
        delay = None if fault else rng.uniform(0.0, max_delay)
        pid, r = _fork(_writer, data, acks, seed * 100_000 + trial, ops, fault=fault, log_path=child_log)
        result, how = _collect(pid, r, delay)
        mode = f"fault {fault.split(':')[0]}" if fault else "timer"
        modes[f"{mode} -> {how}"] += 1
        if result.get("error"):
            failures.append({"trial": trial, "stage": "writer", "error": result["error"]})
        pid, r = _fork(_verify, data, acks, random.Random(trial), search_sample, log_path=child_log)
        last, _ = _collect(pid, r, None, timeout=300)
        replayed += int(last.get("replayed", 0))
        if last.get("error") or last.get("problems"):
            failures.append({"trial": trial, "fault": fault, "delay": delay, "stage": "verify",
                             "error": last.get("error"), "problems": last.get("problems", [])[:10]})
        if progress:
            print(f"trial {trial + 1}/{trials}: {mode} -> {how}; memories={last.get('memories')} "
                  f"acks={last.get('acks')} replayed={last.get('replayed')} problems={len(last.get('problems', []))}",
                  file=sys.stderr, flush=True)
        if trial % epoch == epoch - 1 or trial == trials - 1:  # end of an epoch: repair must converge
            final = _final_repair(data, child_log)
            finals.append(final)
            acked += int(last.get("acks") or 0)
            memories += int(last.get("memories") or 0)
            if final.get("error") or not final.get("clean_after_repair") or final.get("second_repair_actions"):
                failures.append({"trial": trial, "stage": "final repair", **final})
    rebuilt = _torn_wal_trials(torn_wal, seed, workdir, rng, ops, max_delay, search_sample, epoch, modes, failures,
                               progress)
    kills = sum(n for k, n in modes.items() if "killed" in k)
    return {"trials": trials, "torn_wal_trials": torn_wal, "graphs_rebuilt": rebuilt, "kills": kills,
            "modes": dict(sorted(modes.items())), "replayed_plans": replayed,
            "acknowledged_ops": acked, "memories_at_epoch_ends": memories,
            "repair_actions": dict(Counter(a for f in finals for a in f.get("first_repair_actions", []))),
            "failures": failures, "seconds": round(time.monotonic() - t0, 1)}


def _damage_wal(data: Path, rng: random.Random) -> str:
    """Tear the graph's WAL (truncate its tail) or flip one bit in it; what was done, or 'none'."""
    wal = data / "graph.lbug.wal"
    if not wal.exists() or wal.stat().st_size < 2:
        return "none"
    raw = bytearray(wal.read_bytes())
    if rng.random() < 0.5:
        cut = rng.randint(1, min(len(raw) - 1, 4096))
        wal.write_bytes(bytes(raw[:-cut]))
        return "truncated"
    raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    wal.write_bytes(bytes(raw))
    return "bit flipped"


def _torn_wal_trials(n: int, seed: int, workdir: Path, rng: random.Random, ops: int, max_delay: float,
                     search_sample: int, epoch: int, modes: Counter[str], failures: list[dict[str, Any]],
                     progress: bool) -> int:
    """A writer with graph checkpoints off is killed (or exits without closing), its WAL is damaged, and the
    verifier must get GraphUnavailableError, rebuild with repair and find everything acknowledged."""
    child_log, rebuilt = workdir / "children.log", 0
    for k in range(n):
        data, acks = workdir / f"torn{k // epoch}", workdir / f"torn-acks{k // epoch}.jsonl"
        delay = rng.uniform(0.5, max_delay) if rng.random() < 0.5 else None
        pid, r = _fork(_writer, data, acks, seed * 100_000 + 50_000 + k, ops, NO_CHECKPOINT, log_path=child_log)
        result, how = _collect(pid, r, delay)
        damage = _damage_wal(data, rng)
        pid, r = _fork(_recover, data, log_path=child_log)
        recovered, _ = _collect(pid, r, None, timeout=300)
        pid, r = _fork(_verify, data, acks, random.Random(k), search_sample, log_path=child_log)
        last, _ = _collect(pid, r, None, timeout=300)
        rebuilt += recovered.get("outcome") == "rebuilt"
        modes[f"torn wal: {'timer' if delay else 'abandoned'} -> {how}, {damage}, {recovered.get('outcome')}"] += 1
        if result.get("error") or recovered.get("error") or last.get("error") or last.get("problems"):
            failures.append({"torn_trial": k, "damage": damage, "writer": result.get("error"), **recovered,
                             "verify_error": last.get("error"), "problems": last.get("problems", [])[:10]})
        if progress:
            print(f"torn-wal trial {k + 1}/{n}: {how}, {damage}; {recovered.get('outcome')} "
                  f"memories={last.get('memories')} problems={len(last.get('problems', []))}", file=sys.stderr,
                  flush=True)
    return rebuilt


def _recover(data: Path) -> dict[str, Any]:
    """What an operator does after a crash that damaged the disk: open (``GraphUnavailableError`` -> repair
    rebuilds the graph); a damaged WAL that still opened has lost whole graph writes, which ``check``
    must see and ``repair`` must fix."""
    from mem_graph import Memory
    from mem_graph.maintenance import check, repair

    if _open_or_rebuild(data):
        return {"outcome": "rebuilt"}
    with Memory(path=data) as m:
        found = {k: n for k, n in check(m).counts().items() if n and k != "interrupted_messages"}
        if found:
            repair(m)
    return {"outcome": f"opened, check found {found}, repaired" if found else "opened clean"}


def _final_repair(data: Path, child_log: Path) -> dict[str, Any]:
    def job() -> dict[str, Any]:
        from mem_graph import Memory
        from mem_graph.maintenance import check, repair

        with Memory(path=data) as m:
            first = repair(m)
            clean = check(m).ok
            second = repair(m)
        return {"first_repair_actions": [a["action"] for a in first], "clean_after_repair": clean,
                "second_repair_actions": [a["action"] for a in second]}

    pid, r = _fork(job, log_path=child_log)
    return _collect(pid, r, None, timeout=300)[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/mem-graph-crash"))
    ap.add_argument("--ops", type=int, default=30, help="operations per writer before it exits on its own")
    ap.add_argument("--torn-wal", type=int, default=0, help="extra trials that damage the graph's WAL")
    ap.add_argument("--json", type=Path, help="write the summary here")
    args = ap.parse_args()
    summary = run(args.trials, args.seed, args.dir, ops=args.ops, torn_wal=args.torn_wal)
    text = json.dumps(summary, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text)
    sys.exit(1 if summary["failures"] else 0)


if __name__ == "__main__":
    main()
