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

# Fresh phrasings written for this check only (not in the bank, not from the reconciliation cases):
# how the rule does on words nobody wrote an example for. (slot, clause)
PROBES: list[tuple[str, str]] = [
    ("occupation", "i patrol the streets as a police officer"), ("occupation", "i serve drinks at a cocktail bar"),
    ("occupation", "i wait tables at an italian place"), ("occupation", "i lecture physics at a university"),
    ("occupation", "she fixes teeth for a living"), ("occupation", "i'm a paramedic these days"),
    ("occupation", "i edit videos for youtubers full time"), ("occupation", "he lays bricks on building sites"),
    ("employer", "i'm on the payroll of a car maker now"), ("employer", "i've been taken on by a bank in the city"),
    ("employer", "she's employed at the town hall"), ("employer", "i work out of the london office of a big agency"),
    ("residence", "we've made our home in a little village near york"),
    ("residence", "i'm living by the beach in faro"),
    ("residence", "my folks are settled in spain these days"), ("residence", "i rent a flat in the city centre"),
    ("school", "i'm a second year student at a college in leeds"), ("school", "my son is in year three at st mary's"),
    ("school", "i'm doing my masters at edinburgh"),
    ("hobbies", "i shoot hoops every weekend"), ("hobbies", "i whittle spoons in the evenings"),
    ("hobbies", "i go wild swimming most mornings"), ("hobbies", "i do pilates on tuesdays"),
    ("stance", "i'm mad for korean dramas"), ("stance", "jazz really isn't my cup of tea"),
    ("stance", "i've got a real soft spot for old westerns"),
    ("skills", "i'm pretty handy with a sewing machine"), ("skills", "i can speak a bit of sql"),
    ("none", "lol that's so true"), ("none", "anyway how was your weekend"),
    ("none", "i'm absolutely knackered after today"), ("none", "we should grab a coffee sometime"),
    ("none", "i'm thinking of redecorating the living room"), ("none", "my phone battery is about to die"),
    ("none", "the meeting dragged on forever"), ("none", "i'm having dinner at a thai place tonight"),
    ("none", "i'm meeting a client at a hotel"), ("none", "i might apply for a job at the museum"),
    ("none", "my friend teaches at a primary school"), ("none", "i'm off to the dentist in a bit"),
    ("none", "i helped my dad fix his car"), ("none", "the kids are at their nan's this weekend"),
]


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
    w_all, b_all = fit_softmax(vecs, y, len(classes))
    pvecs = embedder.embed_documents([t for _, t in PROBES])
    probes = [(softmax(q @ w_all + b_all), vecs @ q, labels, texts) for q in pvecs]
    print(f"{folds}-fold split (seed {seed}), answers counted for: {', '.join(sorted(allowed))}; "
          f"then {len(PROBES)} fresh probe clauses (model trained on the whole bank)")
    shipped = ConfidenceRule()
    for p, lead, floor in itertools.product((0.4, 0.5, 0.55, 0.6, 0.7), (0.0, 0.1, 0.2), (0.0, 0.4, 0.45)):
        rule = ConfidenceRule(p, lead, floor, shipped.k)
        m = score([decide(pr, classes, s, lab, tx, rule) for pr, s, lab, tx in cases], labels, allowed)
        pm = score([decide(pr, classes, s, lab, tx, rule) for pr, s, lab, tx in probes], [lab for lab, _ in PROBES],
                   allowed)
        mark = "  <- shipped" if rule == shipped else ""
        print(f"  p>={p} lead>={lead} floor>={floor}: split coverage {m['coverage']:.1%}, accuracy "
              f"{m['accuracy']:.1%} (wrong {m['wrong']}/{m['answered']}, none slotted {m['none_slotted']}) | probes "
              f"coverage {pm['coverage']:.0%}, wrong {pm['wrong']}/{pm['answered']}, none slotted "
              f"{pm['none_slotted']}{mark}")


if __name__ == "__main__":
    app()
