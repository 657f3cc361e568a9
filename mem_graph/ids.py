"""Ids that sort in the order they were made.

Memory and message ids are UUIDs in the UUIDv7 layout (RFC 9562): a millisecond clock, then a counter that
keeps ids made in one process strictly increasing, then random bits. The stores return ties and capped
lookups in id order (a Qdrant scroll walks ids in order), so with random ids the same conversation,
ingested twice, could reconcile and rank differently; with these it does the same every time, and a
capped lookup reads the oldest memories first rather than a random sample.
"""

from __future__ import annotations

import os
import threading
import time
import uuid

_lock = threading.Lock()
_last = 0  # the last (milliseconds << 12 | counter) handed out


def new_id() -> str:
    """A fresh time-ordered UUID string (version 7), greater than every id made before it in this process."""
    global _last
    with _lock:
        stamp = max((time.time_ns() // 1_000_000) << 12, _last + 1)
        _last = stamp
    millis, counter = stamp >> 12, stamp & 0xFFF
    random_bits = int.from_bytes(os.urandom(8), "big") & ((1 << 62) - 1)
    return str(uuid.UUID(int=(millis << 80) | (0x7 << 76) | (counter << 64) | (0b10 << 62) | random_bits))
