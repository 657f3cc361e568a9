"""The packaged embedder loads offline without torch, gives the same vectors on every runtime,
and a query embeds exactly like a document."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mem_graph.config import EmbedderConfig, load_config
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
    pytest.importorskip("sentence_transformers")
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
                                    {"runtime": "onnx", "device": "cuda"}, {"query_threads": 0},
                                    {"query_threads": "many"}])
def test_bad_runtime_settings_are_config_errors(config: dict) -> None:
    with pytest.raises(ConfigError):  # a value the typed settings refuse, or a combination the embedder cannot run
        build_embedder(load_config({"embedder": {"config": config}}).embedder)


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


def _varied_texts(n: int = 300) -> list[str]:
    """Short and long (past the 256-token window), ASCII and not, punctuation, digits, empty."""
    rng = random.Random(14)
    words = [
        "the", "user", "moved", "to", "Lisbon", "in", "2023", "and", "works", "at", "Globex", "as", "a", "chemist",
        ";", "she", "loves", "hiking", ",", "tea", ",", "violins", "and", "dinosaurs", "!", "Ünïcödé", "naïve",
        "café", "東京", "🎉", "Zürich", "O'Brien", "e-mail", "3.14", "#tag", "@bob", "—", "“quoted”", "(parens)",
        "[brackets]", "well...", "ok?", "I'm", "don't", "can't",
    ]
    texts = ["", " ", "x", "?", "🎉", "A" * 600, "word " * 400]
    while len(texts) < n:
        length = rng.choice([1, 3, 8, 20, 60, 150, 300, 500])
        texts.append(" ".join(rng.choice(words) for _ in range(length)))
    return texts


def test_the_torch_free_onnx_graph_matches_the_torch_model_on_varied_texts() -> None:
    """The ONNX graph built from the safetensors weights (no torch) gives the torch model's
    vectors, truncation at 256 tokens included: stores written before stay valid."""
    pytest.importorskip("sentence_transformers")
    texts = _varied_texts()
    fast = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    reference = build_embedder(EmbedderConfig(config={"runtime": "torch", "pooling": "whole"}))
    assert isinstance(fast.model, OnnxEmbedder)
    cosines = (fast.embed_documents(texts) * reference.embed_documents(texts)).sum(axis=1)
    assert cosines.min() >= 0.9999, texts[int(cosines.argmin())]


_WITHOUT_TORCH = """
import importlib.abc, json, sys

class NoTorch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("torch", "transformers", "sentence_transformers"):
            raise ImportError(f"{name} is not installed")
        return None

sys.meta_path.insert(0, NoTorch())
from mem_graph import Memory
from mem_graph.config import EmbedderConfig
from mem_graph.embed import build_embedder
from mem_graph.errors import ConfigError

out = {}
emb = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
out["vectors"] = emb.embed_documents(json.loads(sys.argv[1])).tolist()
out["int8"] = build_embedder(EmbedderConfig(config={"quantize": "int8", "pooling": "whole"})).embed_query("hi").tolist()
try:
    build_embedder(EmbedderConfig(config={"runtime": "torch"}))
except ConfigError as exc:
    out["torch_runtime"] = str(exc)
with Memory(path=sys.argv[2]) as m:
    m.add("I live in Lisbon.", user_id="u", infer=False)
    out["search"] = m.search("where does the user live", user_id="u", explain=True)
out["loaded"] = sorted(k for k in sys.modules if k.split(".")[0] in ("torch", "transformers", "sentence_transformers"))
print(json.dumps(out))
"""


def test_the_default_path_runs_without_torch(tmp_path: Path) -> None:
    """Default install: no torch. Converting the packaged model, embedding (fp32 and int8),
    adding and searching must not need it; runtime 'torch' says which extra to install."""
    texts = ["where does the user live?", "a long question " * 200, "Ünïcödé — emoji 🎉"]
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(_WITHOUT_TORCH), json.dumps(texts),
                           str(tmp_path / "mem")], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "MEM_GRAPH_CACHE_DIR": str(tmp_path / "cache")})  # fresh conversion
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "pre-processing" not in proc.stderr, proc.stderr[-3000:]  # (the quantizer's advice is no user's concern)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["loaded"] == []
    here = build_embedder(EmbedderConfig(config={"pooling": "whole"})).embed_documents(texts)
    assert (np.array(out["vectors"]) * here).sum(axis=1).min() > 0.9999
    fp32_hi = build_embedder(EmbedderConfig(config={"pooling": "whole"})).embed_query("hi")
    assert float(np.dot(out["int8"], fp32_hi)) > 0.97
    assert "mem-graph[torch]" in out["torch_runtime"]
    assert out["search"]["results"][0]["memory"] == "I live in Lisbon."
    assert out["search"]["rerank"].startswith("skipped")


def test_search_queries_use_the_int8_export_while_stored_vectors_and_extraction_stay_fp32() -> None:
    """issue #17: a search's query vector comes from the int8 export (cheaper); what is stored, and the phrases
    the extractor embeds, do not change, so existing stores and extraction read as before. Opt-out: null."""
    default = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    fp32 = build_embedder(EmbedderConfig(config={"pooling": "whole", "query_quantize": None}))
    int8 = build_embedder(EmbedderConfig(config={"pooling": "whole", "quantize": "int8"}))
    turn, question = "I moved to Shanghai in May 2023.", "where does the user live?"
    np.testing.assert_array_equal(default.embed_documents([turn]), fp32.embed_documents([turn]))
    np.testing.assert_array_equal(default.embed_query(question), fp32.embed_query(question))
    np.testing.assert_array_equal(default.embed_search_query(question), int8.embed_query(question))
    np.testing.assert_array_equal(fp32.embed_search_query(question), fp32.embed_query(question))
    assert 0.98 < float(np.dot(default.embed_search_query(question), fp32.embed_query(question))) < 0.9999


def test_a_repeated_query_reuses_its_vector_only_within_one_model_and_nobody_can_change_it() -> None:
    """Query vectors are cached per model instance (a repeated question costs no forward pass): another model
    (the int8 search export, another runtime or folder) never answers from that cache, and a caller that
    writes into a returned vector gets an error instead of corrupting the next search's vector."""
    fp32 = build_embedder(EmbedderConfig(config={"pooling": "whole", "query_quantize": None}))
    int8 = build_embedder(EmbedderConfig(config={"pooling": "whole"}))
    question = "what did Caroline research?"
    first = fp32.embed_search_query(question)
    assert fp32.embed_search_query(question) is first
    other = int8.embed_search_query(question)
    assert other is not first and not np.array_equal(other, first)
    np.testing.assert_array_equal(fp32.embed_documents([question])[0], first)
    with pytest.raises(ValueError):
        first[0] = 1.0
    np.testing.assert_array_equal(fp32.embed_search_query(question), fp32.embed_documents([question])[0])


@pytest.mark.parametrize("slow_above_s, threads", [(0.0, 2), (float("inf"), 1)])
def test_a_search_query_gets_the_same_vector_on_one_thread_or_two(monkeypatch: pytest.MonkeyPatch,
                                                                    slow_above_s: float, threads: int) -> None:
    """issue #17: where one thread embeds a question slowly the query session moves to two threads (a third
    faster on a 2 GHz AVX2 core); the vectors must not change with it, bit for bit, so neither does any ranking."""
    from mem_graph import embed_onnx
    from mem_graph.embed import packaged_model_path

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: the query session always stays on one thread")
    monkeypatch.setattr(embed_onnx, "_TWO_THREADS_ABOVE", slow_above_s)
    auto = OnnxEmbedder(packaged_model_path(), quantize="int8", threads="auto")
    one = OnnxEmbedder(packaged_model_path(), quantize="int8", threads=1)
    assert (auto.threads, one.threads) == (threads, 1)
    for text in TEXTS:
        np.testing.assert_array_equal(auto.embed_query(text), one.embed_query(text))
