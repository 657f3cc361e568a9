"""The phrasing grid (pipelines/phrasing_grid.py) builds valid bench cases, and its halves never share a template."""

from __future__ import annotations

import yaml

from pipelines.phrasing_grid import SLOTS, TEMPLATES, build_cases


def _spec() -> dict:
    return yaml.safe_load(TEMPLATES.read_text(encoding="utf-8"))


def test_every_grid_slot_maps_to_a_bench_slot_and_has_a_question() -> None:
    spec = _spec()
    assert set(spec["slots"]) <= set(SLOTS)
    for name, slot in spec["slots"].items():
        assert slot["question"].endswith("?"), name
        assert all(len(pair) == 2 and pair[0] != pair[1] for pair in slot["values"]), name


def test_the_dev_and_held_out_halves_cross_disjoint_templates() -> None:
    spec = _spec()
    dev = build_cases(spec, "dev", ["residence"])
    held = build_cases(spec, "heldout", ["residence"])
    assert dev and held
    used = {split: {(m["kind"], m.get("state"), m.get("change"), m.get("keep")) for _, m in cases}
            for split, cases in (("dev", dev), ("heldout", held))}
    dev_states = {s for _, s, _, _ in used["dev"]}
    held_states = {s for _, s, _, _ in used["heldout"]}
    assert dev_states.isdisjoint(held_states)
    assert all(s % 2 == 0 for s in dev_states) and all(s % 2 == 1 for s in held_states)


def test_a_change_case_ends_with_the_change_and_expects_the_old_value_invalidated() -> None:
    case = next(c for c, m in build_cases(_spec(), "dev", ["age"]) if m["kind"] == "change")
    old, new = case.expect.invalidated_must_contain[0], case.expect.active_must_contain[0]
    assert old in case.turns[1].text and new in case.turns[-1].text
    assert case.expect.questions[0].top1_must_contain == [new]
