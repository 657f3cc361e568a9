"""The cross-encoder stage: it reorders by its scores when available, and is skipped (or required) otherwise:
quietly when the built-in default model is simply absent, with one warning when the user named a model."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem_graph import Memory, RerankerUnavailableError
from mem_graph.embed import packaged_model_path
from mem_graph.retrieve.rerank import DEFAULT_MODEL, NO_MODEL

FACTS = ["I play the violin every evening.", "I live in Lisbon.", "My dog is called Biscuit.",
         "I work at Globex as a chemist.", "I love hiking in the Alps.", "I drink espresso every morning."]


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A randomly initialised 2-layer BERT cross-encoder, built locally (no hub), with MiniLM's tokenizer."""
    torch = pytest.importorskip("torch")  # the `torch` extra
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    torch.manual_seed(0)
    folder = tmp_path_factory.mktemp("tiny-ce")
    tokenizer = AutoTokenizer.from_pretrained(str(packaged_model_path()), local_files_only=True)
    config = BertConfig(vocab_size=tokenizer.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, num_labels=1, max_position_embeddings=128)
    BertForSequenceClassification(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def _memory(tmp_path: Path, reranker: dict) -> Memory:
    return Memory.from_config({"path": str(tmp_path / "m"), "reranker": {"provider": "cross_encoder",
                                                                       "config": reranker}})


def test_the_final_order_follows_the_cross_encoder(tmp_path: Path, tiny_cross_encoder: Path) -> None:
    from sentence_transformers import CrossEncoder

    with _memory(tmp_path, {"model": str(tiny_cross_encoder), "top_n": 20}) as m:
        m.add([{"role": "user", "content": f} for f in FACTS], user_id="u", infer=False)
        out = m.search("what does the user do in the evening?", user_id="u", limit=6, explain=True)

    assert out["rerank"] == "applied"
    texts = [r["memory"] for r in out["results"]]
    expected = CrossEncoder(str(tiny_cross_encoder)).predict([("what does the user do in the evening?", t)
                                                             for t in texts])
    assert texts == [t for _, t in sorted(zip(expected, texts, strict=False), key=lambda p: -p[0])]
    assert all(r["explain"]["rerank"] is not None for r in out["results"])


def test_an_unavailable_model_is_skipped_with_a_clear_status(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with _memory(tmp_path, {"model": "no-such-org/no-such-cross-encoder"}) as m:
        m.add("I live in Lisbon.", user_id="u")
        out = m.search("where does the user live", user_id="u", explain=True)
        m.search("where does the user live", user_id="u")
    assert out["rerank"].startswith("skipped")
    assert out["results"][0]["explain"]["rerank"] is None
    assert sum("rerank skipped" in r.message for r in caplog.records) == 1


def test_a_required_reranker_that_cannot_load_raises(tmp_path: Path) -> None:
    with _memory(tmp_path, {"model": "no-such-org/no-such-cross-encoder", "required": True}) as m:
        m.add("I live in Lisbon.", user_id="u")
        with pytest.raises(RerankerUnavailableError, match="cannot be loaded offline"):
            m.search("where does the user live", user_id="u")


def _default_model_is_cached() -> bool:
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False
    return isinstance(try_to_load_from_cache(DEFAULT_MODEL, "config.json"), str)


def test_without_a_configured_model_the_stage_is_skipped_quietly(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    """Offline, the default cross-encoder is usually not on disk: no warning in every process,
    one line in `explain` that says how to turn it on."""
    if _default_model_is_cached():
        pytest.skip(f"{DEFAULT_MODEL} is in the local Hugging Face cache here, so it would be applied")
    with Memory(path=tmp_path / "m") as m:
        m.add("I live in Lisbon.", user_id="u", infer=False)
        with caplog.at_level("DEBUG"):
            out = m.search("where does the user live", user_id="u", explain=True)
    assert out["rerank"] == NO_MODEL
    assert out["results"][0]["memory"] == "I live in Lisbon."
    assert not [r for r in caplog.records if r.levelno >= 30]


def test_a_named_local_folder_that_cannot_load_warns_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    missing = tmp_path / "no-cross-encoder-here"
    with _memory(tmp_path, {"model": str(missing)}) as m:
        m.add("I live in Lisbon.", user_id="u", infer=False)
        out = m.search("where does the user live", user_id="u", explain=True)
        m.search("where does the user live", user_id="u")
    assert out["rerank"] == f"skipped: model {str(missing)!r} not available offline"
    warnings = [r for r in caplog.records if r.levelno >= 30 and "rerank skipped" in r.message]
    assert len(warnings) == 1 and str(missing) in warnings[0].message


def test_requiring_the_default_model_raises_when_it_is_absent(tmp_path: Path) -> None:
    if _default_model_is_cached():
        pytest.skip(f"{DEFAULT_MODEL} is in the local Hugging Face cache here")
    with _memory(tmp_path, {"required": True}) as m:
        m.add("I live in Lisbon.", user_id="u", infer=False)
        with pytest.raises(RerankerUnavailableError, match="cannot be loaded offline"):
            m.search("where does the user live", user_id="u")
