"""Tune and measure the learned slot fallback on a split of its own example bank.

Each example of ``mem_graph/extract/data/slot_examples.txt`` is classified by a model trained on the
other folds (stratified k-fold, seeded), under every confidence rule of a small grid. Only the slots
the fallback may fill count as answers (``--slots``; the recogniser's PROTOTYPE_SLOTS by default).
Reported per rule: coverage (those slots' examples given their slot), accuracy and wrong-slot rate
among the answers ("none" and other slots' examples included) and how many "none" examples got a
slot. Never tuned on the reconciliation cases.

    python -m pipelines.slot_bank_eval [--folds 5] [--seed 0] [--max-wrong 0.03]
"""

from __future__ import annotations

import itertools
import random
import time
from collections import defaultdict

import numpy as np
import typer

from mem_graph.config import EmbedderConfig
from mem_graph.embed import build_embedder
from mem_graph.extract.recognise import PROTOTYPE_SLOTS
from mem_graph.extract.slot_knn import NONE, ConfidenceRule, SlotVote, decide, default_bank, fit_softmax, softmax

app = typer.Typer(add_completion=False)


def folds_of(labels: list[str], folds: int, seed: int) -> list[int]:
    """A stratified fold number per example."""
    rng = random.Random(seed)
    by_label: dict[str, list[int]] = defaultdict(list)
    for i, lab in enumerate(labels):
        by_label[lab].append(i)
    fold = [0] * len(labels)
    for idx in by_label.values():
        rng.shuffle(idx)
        for j, i in enumerate(idx):
            fold[i] = j % folds
    return fold


def score(got: list[SlotVote | None], labels: list[str], allowed: set[str]) -> dict[str, float]:
    answers = [(lab, g.slot) for lab, g in zip(labels, got, strict=True) if g is not None and g.slot in allowed]
    targets = sum(lab in allowed for lab in labels)
    right = sum(lab == slot for lab, slot in answers)
    return {"coverage": right / max(targets, 1), "accuracy": right / max(len(answers), 1),
            "wrong": len(answers) - right, "answered": len(answers),
            "none_slotted": sum(lab == NONE for lab, _ in answers)}


@app.command()
def main(folds: int = 5, seed: int = 0, slots: str = ",".join(sorted(PROTOTYPE_SLOTS))) -> None:
    bank = default_bank()
    labels = [s for s, _ in bank]
    texts = [t for _, t in bank]
    classes = sorted(set(labels))
    allowed = set(slots.split(","))
    embedder = build_embedder(EmbedderConfig())
    embedder.embed_documents(["warm up"])
    t0 = time.perf_counter()
    vecs = embedder.embed_documents(texts)
    took = time.perf_counter() - t0
    t0 = time.perf_counter()
    y = np.array([classes.index(lab) for lab in labels])
    fit_softmax(vecs, y, len(classes))
    print(f"bank: {len(texts)} examples, {len(classes) - 1} slots + none; embedded in {took:.2f} s, "
          f"trained in {time.perf_counter() - t0:.2f} s")
    fold = np.array(folds_of(labels, folds, seed))
    probs = np.zeros((len(labels), len(classes)), dtype=np.float32)
    for f in range(folds):
        train, test = fold != f, fold == f
        w, b = fit_softmax(vecs[train], y[train], len(classes))
        probs[test] = softmax(vecs[test] @ w + b)
    sims = vecs @ vecs.T
    cases = []
    for i in range(len(labels)):
        train = np.where(fold != fold[i])[0]
        cases.append((probs[i], sims[i, train], [labels[j] for j in train], [texts[j] for j in train]))
    print(f"{folds}-fold split (seed {seed}), answers counted for: {', '.join(sorted(allowed))}")
    shipped = ConfidenceRule()
    for p, lead, floor in itertools.product((0.0, 0.4, 0.5, 0.6, 0.7), (0.0, 0.1, 0.2), (0.0, 0.4, 0.5)):
        rule = ConfidenceRule(p, lead, floor, shipped.k)
        m = score([decide(pr, classes, s, lab, tx, rule) for pr, s, lab, tx in cases], labels, allowed)
        mark = "  <- shipped" if rule == shipped else ""
        print(f"  p>={p} lead>={lead} floor>={floor}: coverage {m['coverage']:.1%}, accuracy {m['accuracy']:.1%} "
              f"(wrong {m['wrong']}/{m['answered']}), none examples slotted {m['none_slotted']}{mark}")


if __name__ == "__main__":
    app()
