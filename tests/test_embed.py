"""The packaged embedder loads offline, gives the same vectors on every runtime, and a query
embeds exactly like a document."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mem_graph.config import EmbedderConfig
from mem_graph.embed import SentenceTransformerEmbedder, build_embedder, sentences
from mem_graph.embed_onnx import OnnxEmbedder
from mem_graph.errors import ConfigError

TEXTS = ["where does the user live?", "x", "", "a long question " * 200, "Ünïcödé — emoji 🎉 and CAPS",
         "I moved to Shanghai in May 2023 and started a new job at the hospital."]


def test_query_and_document_embeddings_agree() -> None:
    emb = build_embedder(EmbedderConfig())
    for text in TEXTS:
        assert float(np.dot(emb.embed_query(text), emb.embed_documents([text])[0])) > 0.9999
    assert emb.dim == 384


def test_default_runtime_is_onnx_and_matches_the_torch_model() -> None:
    """Stores written by one runtime are searched by the other: the vectors must be the same."""
    fast = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    torch_model = build_embedder(EmbedderConfig(config={"runtime": "torch", "pooling": "whole"}))
    assert isinstance(fast.model, OnnxEmbedder) and isinstance(torch_model.model, SentenceTransformerEmbedder)
    cosines = (fast.embed_documents(TEXTS) * torch_model.embed_documents(TEXTS)).sum(axis=1)
    assert cosines.min() > 0.9999
    assert float(np.dot(fast.embed_query(TEXTS[0]), torch_model.embed_query(TEXTS[0]))) > 0.9999


def test_documents_keep_their_order_whatever_their_length() -> None:
    emb = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    texts = [f"{'word ' * n}number {n}" for n in (40, 1, 15, 3, 60, 2)] * 7
    batch = emb.embed_documents(texts)
    singles = np.stack([emb.embed_query(t) for t in texts])
    assert (batch * singles).sum(axis=1).min() > 0.9999


def test_int8_is_opt_in_and_stays_close_to_fp32() -> None:
    fp32 = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    int8 = build_embedder(EmbedderConfig(config={"quantize": "int8", "pooling": "whole"}))
    assert int8.model is not fp32.model
    cosines = (fp32.embed_documents(TEXTS[:2] + TEXTS[3:]) * int8.embed_documents(TEXTS[:2] + TEXTS[3:])).sum(axis=1)
    assert np.median(cosines) > 0.97


def test_small_talk_around_a_statement_dilutes_it_less_with_sentence_pooling() -> None:
    turn = ("Wow, that's so great to hear, congrats! Thanks for asking, things are busy but good. "
            "I just signed up for a pottery class yesterday. Anyway, talk to you soon, take care!")
    question = "What hobby did Melanie take up?"
    pooled, whole = build_embedder(EmbedderConfig()), build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    by_sentence = float(np.dot(pooled.embed_query(question), pooled.embed_documents([turn], ["Melanie"])[0]))
    at_once = float(np.dot(whole.embed_query(question), whole.embed_documents([turn], ["Melanie"])[0]))
    assert by_sentence > at_once
    # a one-sentence text embeds exactly as before
    one = "I just signed up for a pottery class yesterday."
    assert float(np.dot(pooled.embed_documents([one])[0], whole.embed_documents([one])[0])) > 0.9999


def test_every_sentence_of_a_turn_says_who_said_it() -> None:
    """Asked about Melanie, her own turn must be closer than the same words said by Caroline."""
    emb = build_embedder(EmbedderConfig())
    turn = "Oh wow, thanks! That's lovely. I went camping at the beach with my kids last weekend."
    melanie, caroline = emb.embed_documents([turn, turn], ["Melanie", "Caroline"])
    query = emb.embed_query("Where did Melanie go camping?")
    assert float(np.dot(query, melanie)) > float(np.dot(query, caroline))


def test_sentences_split_at_sentence_ends_and_line_breaks() -> None:
    assert sentences("Hi! I moved to Lyon. Loving it…  Really?\nYes") == ["Hi!", "I moved to Lyon.", "Loving it…",
                                                                         "Really?", "Yes"]
    assert sentences("no punctuation at all") == ["no punctuation at all"]
    assert sentences("   ") == ["   "]


@pytest.mark.parametrize("config", [{"runtime": "tensorflow"}, {"quantize": "int4"}, {"pooling": "max"},
                                    {"runtime": "torch", "quantize": "int8"},
                                    {"runtime": "onnx", "device": "cuda"}])
def test_bad_runtime_settings_are_config_errors(config: dict) -> None:
    with pytest.raises(ConfigError):
        build_embedder(EmbedderConfig(config=config))


def test_a_damaged_onnx_export_is_rebuilt(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mem_graph.embed import packaged_model_path
    from mem_graph.embed_onnx import export_path

    monkeypatch.setenv("MEM_GRAPH_CACHE_DIR", str(tmp_path))
    target = export_path(packaged_model_path(), None)
    target.parent.mkdir(parents=True)
    target.write_bytes(b"not an onnx model")  # e.g. a disk that filled up mid-copy
    emb = OnnxEmbedder(packaged_model_path())
    reference = build_embedder(EmbedderConfig(config={"pooling": "whole"})).embed_query("where do I live?")
    assert float(np.dot(emb.embed_query("where do I live?"), reference)) > 0.9999


_SENTENCE = st.sampled_from(["I moved to Lyon.", "Wow!", "That's great, thanks for asking.", "We went camping",
                             "My kids love dinosaurs?", "ok", "Talk soon…", "A line\nwith a break."])


@settings(max_examples=25, deadline=None)
@given(texts=st.lists(st.lists(_SENTENCE, min_size=1, max_size=5).map(" ".join), min_size=1, max_size=6),
       speakers=st.lists(st.sampled_from([None, "Melanie", "Jon"]), min_size=6, max_size=6))
def test_a_batch_embeds_each_text_as_if_it_were_alone(texts: list[str], speakers: list[str | None]) -> None:
    """Sentence pooling regroups sentences by text: no sentence may leak into a neighbour's vector."""
    emb = build_embedder(EmbedderConfig())
    who = speakers[: len(texts)]
    batch = emb.embed_documents(texts, who)
    alone = np.stack([emb.embed_documents([t], [w])[0] for t, w in zip(texts, who, strict=True)])
    assert (batch * alone).sum(axis=1).min() > 0.9999
