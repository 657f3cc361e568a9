"""Bulk add: how long one big ``add()`` blocks other writers, and its peak memory.

    python -m pipelines.bulk_add_bench --messages 2000 --dir /tmp/mg-bulk [--batch 100000]

One ``add()`` of N verbatim messages (infer=False, ~300 characters each, as in a 3 MB / 10,000-message
chat log) runs on the main thread while a second thread adds one short message every 0.25 s and
records how long each waited. Prints the bulk add's duration, the longest wait of the small adds (how
long the write lock was held in one piece), and the resident memory before and at its peak during
the add (sampled every 0.1 s; the process peak ``ru_maxrss`` is dominated by loading the models).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _messages(n: int) -> list[dict[str, str]]:
    base = ("On day {i} {who} told me that the quarterly report for the {team} team is late again, that the "
            "offsite moved to {city}, and that we should book the venue, the trains and the dinner before "
            "Friday, because prices go up after the long weekend and the budget is already tight this year.")
    who, teams, cities = ("Alice", "Bob", "Carol", "Dave"), ("data", "sales", "infra"), ("Oslo", "Lima", "Rome")
    return [{"role": "user" if i % 2 == 0 else "assistant",
             "content": base.format(i=i, who=who[i % 4], team=teams[i % 3], city=cities[i % 3])} for i in range(n)]


def run(n: int, path: Path, batch: int | None = None) -> dict[str, Any]:
    from mem_graph import Memory

    shutil.rmtree(path, ignore_errors=True)
    msgs = _messages(n)
    waits: list[float] = []
    stop = threading.Event()
    with Memory(path=path, config={"limits": {"add_batch": batch}} if batch else None) as m:
        m.add("warm up", user_id="other", infer=False)

        def small_writer() -> None:
            while not stop.is_set():
                t = time.perf_counter()
                m.add("a short note", user_id="other", infer=False)
                waits.append(time.perf_counter() - t)
                stop.wait(0.25)

        rss: list[int] = [_rss()]

        def sampler() -> None:
            while not stop.wait(0.1):
                rss.append(_rss())

        threads = [threading.Thread(target=small_writer), threading.Thread(target=sampler)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        out = m.add(msgs, user_id="bulk", infer=False)
        took = time.perf_counter() - t0
        stop.set()
        for t in threads:
            t.join()
    return {"messages": n, "bytes": sum(len(x["content"]) for x in msgs), "stored": len(out["results"]),
            "bulk_add_s": round(took, 1), "small_adds": len(waits),
            "longest_small_add_wait_s": round(max(waits), 2) if waits else None,
            "rss_mb_before_add": rss[0] >> 20, "peak_rss_mb_during_add": max(rss) >> 20,
            "process_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def _rss() -> int:
    """This process's resident memory now, in bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--messages", type=int, default=2000)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/mem-graph-bulk"))
    ap.add_argument("--batch", type=int, help="limits.add_batch (above --messages: one batch, as before #11.9a)")
    args = ap.parse_args()
    print(json.dumps(run(args.messages, args.dir, args.batch), indent=2))


if __name__ == "__main__":
    main()
