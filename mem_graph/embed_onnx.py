"""Sentence embeddings on ONNX Runtime: the same weights as the torch model, converted once
from the local model folder into a cache, about 3x faster per query on CPU.

Only models shaped Transformer -> mean Pooling [-> Normalize] (the MiniLM family) qualify;
anything else stays on the torch path in ``embed.py``. A BERT folder with safetensors weights
(the packaged default) is converted without torch (``onnx_build.py``); other architectures are
exported with torch when it is installed. Nothing is fetched: the conversion reads the local
folder, and the result is keyed by the folder's weights so a new model gets a new export.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from mem_graph.errors import ConfigError
from mem_graph.onnx_build import INPUTS, UnsupportedModel, bert_config, build_bert_onnx

if TYPE_CHECKING:
    from tokenizers import Encoding

log = logging.getLogger(__name__)

Quantize = Literal["int8"] | None
_EXPORT_VERSION = "2"  # bump when the export recipe changes
_BATCH_SPREAD = 1.25  # a document batch holds texts of at most this ratio of token counts


def cache_root() -> Path:
    base = os.environ.get("MEM_GRAPH_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mem-graph")
    return Path(base) / "onnx"


def onnx_runtime_available() -> bool:
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def supports(folder: Path) -> bool:
    """True when ``folder`` is a sentence-transformers model we can export faithfully."""
    try:
        modules = json.loads((folder / "modules.json").read_text())
        kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
        if kinds[:2] != ["Transformer", "Pooling"] or any(k != "Normalize" for k in kinds[2:]):
            return False
        pooling = json.loads((folder / modules[1]["path"] / "config.json").read_text())
    except (OSError, ValueError, KeyError, IndexError):
        return False
    return bool(pooling.get("pooling_mode_mean_tokens")) or pooling.get("pooling_mode") == "mean"


def _weights_file(folder: Path) -> Path:
    for name in ("model.safetensors", "pytorch_model.bin"):
        if (folder / name).exists():
            return folder / name
    raise ConfigError(f"no model weights (model.safetensors / pytorch_model.bin) in {folder}")


def export_path(folder: Path, quantize: Quantize) -> Path:
    weights = _weights_file(folder)
    stat = weights.stat()
    key = f"{folder.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{quantize}|{_EXPORT_VERSION}"
    return cache_root() / hashlib.sha256(key.encode()).hexdigest()[:20] / "model.onnx"


def torch_available() -> bool:
    try:
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


def _torch_export(folder: Path, target: Path) -> None:
    """Trace the transformers model with torch (architectures onnx_build does not build)."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    class _LastHidden(torch.nn.Module):
        def __init__(self, model: Any) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.model(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    model = AutoModel.from_pretrained(str(folder), local_files_only=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
    sample = tokenizer(["an example sentence to trace"], return_tensors="pt")
    if "token_type_ids" not in sample:
        sample["token_type_ids"] = torch.zeros_like(sample["input_ids"])
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _LastHidden(model), tuple(sample[k] for k in INPUTS), str(target),
            input_names=list(INPUTS), output_names=["last_hidden_state"],
            dynamic_axes={k: {0: "batch", 1: "tokens"} for k in (*INPUTS, "last_hidden_state")},
            opset_version=17, dynamo=False,
        )


def _convert(folder: Path, target: Path) -> None:
    try:
        bert_config(folder)
    except UnsupportedModel as exc:
        if not torch_available():
            raise ConfigError(f"{exc}; only BERT safetensors folders convert to ONNX without torch "
                              "(`pip install 'mem-graph[torch]'` exports others)") from exc
        _torch_export(folder, target)
    else:
        build_bert_onnx(folder, target)


@contextmanager
def _root_logger_quiet() -> Iterator[None]:
    """onnxruntime's quantizer warns through the root logger (installing a stderr handler on a first message):
    neither the message nor the handler reaches the caller's process."""
    root = logging.getLogger()
    null, level = logging.NullHandler(), root.level
    root.addHandler(null)
    root.setLevel(logging.ERROR)
    try:
        yield
    finally:
        root.removeHandler(null)
        root.setLevel(level)


def _export(folder: Path, target: Path, quantize: Quantize) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    # Write beside the target and rename: two processes exporting at once never see half a file.
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        final = plain = Path(tmp) / "plain.onnx"
        _convert(folder, plain)
        if quantize == "int8":
            from onnxruntime.quantization import QuantType, quantize_dynamic  # torch-free

            final = Path(tmp) / "int8.onnx"
            # Per-channel weights on the MatMuls only: median cosine to fp32 ~0.99 on MiniLM.
            with _root_logger_quiet():  # ("Please consider to run pre-processing before quantization": noise)
                quantize_dynamic(str(plain), str(final), weight_type=QuantType.QInt8, per_channel=True,
                                 op_types_to_quantize=["MatMul"])
        os.replace(final, target)


_PROBE_QUESTION = "What did the user say about moving to a new city for work last spring?"
_PROBE_RUNS = 5
_TWO_THREADS_ABOVE = 0.004  # seconds for the probe on one thread (docs/benchmarks.md, session 36)


def _cpus() -> int:
    """CPUs this process may run on (a container's share, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _session(target: Path, threads: int) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = threads
    # Idle pool threads sleep instead of spinning: with the parser, the stores, the hub's other requests
    # or other processes on the same cores, spinning threads steal the CPU the forward pass waits for
    # (2-thread batches ran at half the 1-thread rate on a loaded 2-core machine; same vectors either way).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(target), options, providers=["CPUExecutionProvider"])


class OnnxEmbedder:
    """Unit-normalised mean-pooled embeddings from an ONNX export of a local model folder."""

    def __init__(self, folder: Path, quantize: Quantize = None, batch_size: int = 32,
                 threads: int | Literal["auto"] | None = None) -> None:
        """``threads``: the forward pass's intra-op threads; None: up to 4 (document batches); ``"auto"``: two where
        one runs a typical question slowly, timed once at load (``_fastest_threads``), else one."""
        from tokenizers import Tokenizer

        if not supports(folder):
            raise ConfigError(f"{folder} is not a mean-pooled sentence-transformers model; use runtime 'torch'")
        target = export_path(folder, quantize)
        cpus = _cpus()
        first = 1 if threads == "auto" else threads or min(cpus, 4)
        for attempt in (1, 2):
            if not target.exists():
                log.info("exporting %s to ONNX (%s) once, into %s", folder, quantize or "fp32", target)
                try:
                    _export(folder, target, quantize)
                except Exception as exc:
                    raise ConfigError(f"cannot export {folder} to ONNX: {exc}") from exc
            try:
                self._session = _session(target, first)
                break
            except Exception as exc:
                if attempt == 2:
                    raise ConfigError(f"cannot load the ONNX export {target}: {exc}") from exc
                log.warning("ONNX export %s is unreadable (%s); exporting again", target, exc)
                target.unlink(missing_ok=True)
        self.threads = first
        bert_cfg = folder / "sentence_bert_config.json"
        max_len = int(json.loads(bert_cfg.read_text()).get("max_seq_length", 256)) if bert_cfg.exists() else 256
        # The fast tokenizer alone (no transformers/torch import): startup stays well under a second.
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=max_len)
        pad = json.loads((folder / "tokenizer_config.json").read_text()).get("pad_token", "[PAD]")
        pad = pad.get("content", "[PAD]") if isinstance(pad, dict) else pad
        # texts are tokenized unpadded (the folder's tokenizer.json may pad every text to 128 tokens) and
        # padded per batch in _forward, to the batch's longest
        self._tokenizer.no_padding()
        self._pad_id = self._tokenizer.token_to_id(pad) or 0
        self.batch_size = batch_size
        self.dim = int(self._forward([self._tokenizer.encode("dimension probe")]).shape[1])
        if threads == "auto" and cpus > 1:
            self._fastest_threads(target)
        self._query_cache = lru_cache(maxsize=1024)(self._encode_one)

    def _forward(self, encodings: list[Encoding]) -> np.ndarray:
        """One forward pass over tokenized texts, right-padded to the longest (pad id, mask 0, type 0)."""
        width = max(len(e.ids) for e in encodings)
        ids = np.full((len(encodings), width), self._pad_id, dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.int64)
        types = np.zeros((len(encodings), width), dtype=np.int64)
        for row, e in enumerate(encodings):
            ids[row, :len(e.ids)] = e.ids
            mask[row, :len(e.ids)] = e.attention_mask
            types[row, :len(e.ids)] = e.type_ids
        hidden: np.ndarray = self._session.run(None, {"input_ids": ids, "attention_mask": mask,
                                                      "token_type_ids": types})[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        out: np.ndarray = (pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
                           ).astype(np.float32)
        return out

    def _fastest_threads(self, target: Path) -> None:
        """Move to a two-thread session where one thread embeds a typical question slowly (the same vectors, bit
        for bit). A second thread's wake-ups cost about a millisecond over a forward: on a 2 GHz AVX2 core
        (~12 ms for this probe on one thread) two threads save a third of it, even beside a busy core; where the
        forward is short (~2.4 ms with VNNI) they cost more than they save. Decided on the single-thread time
        alone: comparing both was upset by whatever else the process started with (a busy second core)."""
        probe = [self._tokenizer.encode(_PROBE_QUESTION)]
        self._forward(probe)  # warm-up, not counted
        times = []
        for _ in range(_PROBE_RUNS):
            start = time.perf_counter()
            self._forward(probe)
            times.append(time.perf_counter() - start)
        one = min(times)  # what the core can do, whatever else ran during one of the runs
        if one > _TWO_THREADS_ABOVE:
            self._session, self.threads = _session(target, 2), 2
        log.info("search queries embed on %d thread(s): the probe took %.2f ms on one", self.threads, one * 1000)

    def _encode_one(self, text: str) -> np.ndarray:
        vec: np.ndarray = self._forward([self._tokenizer.encode(text)])[0]
        vec.setflags(write=False)
        return vec

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        # Tokenized once, sorted by token count, and batched so that little is padding: a batch ends at
        # batch_size texts or before a text over 1.25x the length of its first. A text's vector does not depend
        # on its batch (same vectors, bit for bit); a LoCoMo session was 30 % padding in batches of 16 sorted by
        # characters, 9 % this way, and took 13 % less CPU (docs/benchmarks.md, issue #17).
        encodings = self._tokenizer.encode_batch(texts)
        lengths = [len(e.ids) for e in encodings]
        order = [int(i) for i in np.argsort(lengths, kind="stable")]
        start = 0
        while start < len(order):
            end, longest = start + 1, lengths[order[start]] * _BATCH_SPREAD
            while end < len(order) and end - start < self.batch_size and lengths[order[end]] <= longest:
                end += 1
            idx = order[start:end]
            out[idx] = self._forward([encodings[i] for i in idx])
            start = end
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self._query_cache(text)
