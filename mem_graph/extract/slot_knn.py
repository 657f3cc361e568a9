"""The learned slot fallback: a classifier over a shipped bank of example clauses, with a confidence rule.

``data/slot_examples.txt`` holds several hundred short clauses, each labelled with the catalogue slot
it states, and clauses labelled ``none`` (small talk, moods, plans, one-off events). A clause the
lexicons cannot place is embedded whole; a softmax regression trained on the bank's vectors (numpy,
class-balanced) gives each label a probability, and the clause's nearest examples are its evidence.
The winning slot is taken only when its probability and its lead over the runner-up clear the rule
and one of its examples is similar enough: below that the clause is no slot's, never guessed.

The bank is embedded in one batch and the regression trained once per process and embedder, lazily;
both are cached under the user's cache dir, keyed by the bank's text and a fingerprint of the model
(its vector for a fixed probe sentence). ``ConfidenceRule`` was tuned on a split of the bank
(``python -m pipelines.slot_bank_eval``), never on the reconciliation cases.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

BANK_PATH = Path(__file__).parent / "data" / "slot_examples.txt"
NONE = "none"
_TRAIN_VERSION = "1"  # bump when the training recipe changes (invalidates cached models)
_PROBE = "a fixed sentence that fingerprints the embedding model"


@dataclass(frozen=True)
class ConfidenceRule:
    """When the classifier's verdict is trusted: the slot's probability, its lead over the runner-up label
    and the similarity of its nearest example; ``k`` nearest examples are counted as evidence."""

    probability: float = 0.5
    lead: float = 0.1
    floor: float = 0.4
    k: int = 7


@dataclass(frozen=True)
class SlotVote:
    """The classifier's verdict on one clause, with its nearest examples as evidence."""

    slot: str
    probability: float
    lead: float  # over the runner-up label's probability
    votes: int  # of the k nearest examples, how many are the slot's
    k: int
    best: str  # the slot's most similar example
    score: float  # its similarity

    def evidence(self) -> str:
        return (f"classifier p {self.probability:.2f}, knn {self.votes}/{self.k} examples, "
                f"best '{self.best}' {self.score:.2f}")


def parse_bank(text: str) -> list[tuple[str, str]]:
    """(slot, clause) pairs from the bank's "[slot]" sections; "#" lines are comments."""
    out: list[tuple[str, str]] = []
    slot: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            slot = line[1:-1].strip()
            continue
        if slot is None:
            raise ValueError(f"slot example outside a [slot] section: {line!r}")
        out.append((slot, line.lower()))
    return out


@lru_cache(maxsize=1)
def default_bank() -> tuple[tuple[str, str], ...]:
    """The shipped bank; empty (the fallback places nothing) with a warning when the install lacks it."""
    try:
        return tuple(parse_bank(BANK_PATH.read_text(encoding="utf-8")))
    except OSError as exc:
        log.warning("the slot example bank %s is missing (%s): the learned slot fallback is off", BANK_PATH, exc)
        return ()


def fit_softmax(x: np.ndarray, y: np.ndarray, classes: int, *, scale: float = 10.0, lam: float = 1e-3,
                epochs: int = 200, rate: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """A class-balanced L2-regularised softmax regression on unit vectors (scaled), by gradient descent."""
    xs = x.astype(np.float32) * scale
    onehot = np.eye(classes, dtype=np.float32)[y]
    counts = np.bincount(y, minlength=classes).astype(np.float32)
    weight = 1.0 / counts[y]
    weight /= weight.sum()
    w = np.zeros((x.shape[1], classes), dtype=np.float32)
    b = np.zeros(classes, dtype=np.float32)
    for _ in range(epochs):
        grad = (softmax(xs @ w + b) - onehot) * weight[:, None]
        w -= rate * (xs.T @ grad + lam * w)
        b -= rate * grad.sum(axis=0)
    return (w * scale).astype(np.float32), b.astype(np.float32)


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    out: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return out


def decide(probs: np.ndarray, classes: list[str], sims: np.ndarray, labels: list[str], texts: list[str],
           rule: ConfidenceRule) -> SlotVote | None:
    """The rule applied to one clause: its label probabilities and its similarities to the examples."""
    order = np.argsort(-probs)
    slot = classes[int(order[0])]
    if slot == NONE or len(sims) == 0:
        return None
    p = float(probs[order[0]])
    lead = p - (float(probs[order[1]]) if len(order) > 1 else 0.0)
    own = [i for i, lab in enumerate(labels) if lab == slot]
    if not own:
        return None
    best = max(own, key=lambda i: float(sims[i]))
    k = min(rule.k, len(sims))
    top = np.argpartition(-sims, k - 1)[:k]
    found = SlotVote(slot, p, lead, sum(labels[i] == slot for i in top), k, texts[best], float(sims[best]))
    if p < rule.probability or lead < rule.lead or found.score < rule.floor:
        return None
    return found


def cache_dir() -> Path:
    base = os.environ.get("MEM_GRAPH_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mem-graph")
    return Path(base) / "slot_bank"


class SlotClassifier:
    """The bank's vectors and the regression trained on them, built once per embedder."""

    def __init__(self, bank: tuple[tuple[str, str], ...] | None = None, rule: ConfidenceRule | None = None,
                 cache: bool = True) -> None:
        pairs = default_bank() if bank is None else bank
        self.labels = [slot for slot, _ in pairs]
        self.texts = [text for _, text in pairs]
        self.classes = sorted(set(self.labels))
        self.rule = rule or ConfidenceRule()
        self.cache = cache
        self._built: tuple[Any, np.ndarray, np.ndarray, np.ndarray] | None = None  # embedder, vectors, w, b
        self._lock = threading.Lock()

    def _key(self, embedder: Any) -> str:
        probe = np.round(np.asarray(embedder.embed_query(_PROBE), dtype=np.float64), 4)
        h = hashlib.sha256(_TRAIN_VERSION.encode())
        h.update("\n".join(f"{lab}\t{t}" for lab, t in zip(self.labels, self.texts, strict=True)).encode())
        h.update(probe.tobytes())
        return h.hexdigest()[:24]

    def _build(self, embedder: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        path = cache_dir() / f"{self._key(embedder)}.npz" if self.cache else None
        if path is not None and path.exists():
            try:
                with np.load(path) as z:
                    return z["vectors"], z["w"], z["b"]
            except (OSError, ValueError, KeyError) as exc:
                log.warning("slot bank cache %s is unreadable (%s); rebuilding it", path, exc)
        vecs = np.asarray(embedder.embed_documents(self.texts), dtype=np.float32)
        y = np.array([self.classes.index(lab) for lab in self.labels])
        w, b = fit_softmax(vecs, y, len(self.classes))
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
                np.savez(tmp, vectors=vecs, w=w, b=b)
                tmp.replace(path)
            except OSError as exc:  # a read-only home: the model is rebuilt next process
                log.info("cannot cache the slot bank model at %s: %s", path, exc)
        return vecs, w, b

    def model(self, embedder: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(example vectors, weights, biases) under ``embedder``, built or loaded on first use."""
        with self._lock:
            if self._built is None or self._built[0] is not embedder:
                self._built = (embedder, *self._build(embedder))
            return self._built[1], self._built[2], self._built[3]

    def classify(self, embedder: Any, clause: str) -> SlotVote | None:
        """The slot ``clause`` states, or None when the confidence rule is not met."""
        if not self.texts:
            return None
        vecs, w, b = self.model(embedder)
        q = np.asarray(embedder.embed_query(clause.lower()), dtype=np.float32)
        return decide(softmax(q @ w + b), self.classes, vecs @ q, self.labels, self.texts, self.rule)
