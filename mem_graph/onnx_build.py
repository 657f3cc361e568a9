"""Build the ONNX graph of a BERT encoder straight from its safetensors weights, without torch.

The graph computes what ``transformers``' ``BertModel`` computes for ``last_hidden_state`` in
eval mode: word + position + token-type embeddings and LayerNorm, then per layer masked
multi-head self-attention, residual + LayerNorm, an exact-erf GELU feed-forward, residual +
LayerNorm. Pooling stays in numpy (``embed_onnx.py``). Only absolute position embeddings and
the ``gelu`` activation are built; anything else is refused (the caller falls back).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_OPSET = 17  # LayerNormalization is an ONNX op from 17 on


class UnsupportedModel(ValueError):
    """The folder is not a BERT encoder this builder reproduces exactly."""


def bert_config(folder: Path) -> dict[str, Any]:
    """The folder's config.json when it describes a BERT encoder we can build, else UnsupportedModel."""
    try:
        cfg: dict[str, Any] = json.loads((folder / "config.json").read_text())
    except (OSError, ValueError) as exc:
        raise UnsupportedModel(f"no readable config.json in {folder}") from exc
    problems = []
    if cfg.get("model_type") != "bert":
        problems.append(f"model_type {cfg.get('model_type')!r} is not 'bert'")
    if cfg.get("hidden_act", "gelu") != "gelu":
        problems.append(f"hidden_act {cfg.get('hidden_act')!r} is not 'gelu'")
    if cfg.get("position_embedding_type", "absolute") != "absolute":
        problems.append(f"position_embedding_type {cfg.get('position_embedding_type')!r} is not 'absolute'")
    if not (folder / "model.safetensors").is_file():
        problems.append("no model.safetensors")
    if problems:
        raise UnsupportedModel(f"{folder}: " + "; ".join(problems))
    return cfg


def _load_weights(folder: Path) -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    weights = load_file(str(folder / "model.safetensors"))
    # A task head's checkpoint (BertFor…) nests the encoder under "bert."
    if not any(k.startswith("embeddings.") for k in weights):
        weights = {k[len("bert."):]: v for k, v in weights.items() if k.startswith("bert.")}
    return weights


class _Graph:
    """A tiny helper over onnx.helper: unique names, initialisers, nodes."""

    def __init__(self, weights: dict[str, np.ndarray]) -> None:
        self.weights = weights
        self.nodes: list[Any] = []
        self.inits: list[Any] = []
        self._n = 0

    def name(self, hint: str) -> str:
        self._n += 1
        return f"{hint}_{self._n}"

    def const(self, value: Any, hint: str = "c", dtype: Any = np.float32) -> str:
        from onnx import numpy_helper

        name = self.name(hint)
        self.inits.append(numpy_helper.from_array(np.asarray(value, dtype=dtype), name))
        return name

    def weight(self, key: str, transpose: bool = False) -> str:
        from onnx import numpy_helper

        array = np.asarray(self.weights[key], dtype=np.float32)
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(array.T if transpose else array), key))
        return key

    def op(self, op_type: str, *inputs: str, **attrs: Any) -> str:
        from onnx import helper

        out = self.name(op_type)
        self.nodes.append(helper.make_node(op_type, list(inputs), [out], name=out, **attrs))
        return out

    def linear(self, x: str, prefix: str) -> str:
        return self.op("Add", self.op("MatMul", x, self.weight(f"{prefix}.weight", transpose=True)),
                       self.weight(f"{prefix}.bias"))

    def layer_norm(self, x: str, prefix: str, eps: float) -> str:
        return self.op("LayerNormalization", x, self.weight(f"{prefix}.weight"), self.weight(f"{prefix}.bias"),
                       axis=-1, epsilon=eps)


def build_bert_onnx(folder: Path, target: Path) -> None:
    """Write ``target``: inputs ``input_ids``, ``attention_mask``, ``token_type_ids`` (int64,
    [batch, tokens]); output ``last_hidden_state`` (float32, [batch, tokens, hidden])."""
    import onnx
    from onnx import TensorProto, helper

    cfg = bert_config(folder)
    g = _Graph(_load_weights(folder))
    hidden, heads = int(cfg["hidden_size"]), int(cfg["num_attention_heads"])
    head_dim, eps = hidden // heads, float(cfg.get("layer_norm_eps", 1e-12))

    # Embeddings: positions 0..T-1 for every row.
    tokens = g.op("Gather", g.op("Shape", "input_ids"), g.const(1, "axis1", np.int64), axis=0)
    positions = g.op("Range", g.const(0, "zero", np.int64), tokens, g.const(1, "one", np.int64))
    x = g.op("Add", g.op("Add", g.op("Gather", g.weight("embeddings.word_embeddings.weight"), "input_ids"),
                         g.op("Gather", g.weight("embeddings.token_type_embeddings.weight"), "token_type_ids")),
             g.op("Gather", g.weight("embeddings.position_embeddings.weight"), positions))
    x = g.layer_norm(x, "embeddings.LayerNorm", eps)

    # Additive mask [B, 1, 1, T]: 0 where attended, float32 min where padded (as transformers does).
    mask = g.op("Unsqueeze", g.op("Cast", "attention_mask", to=TensorProto.FLOAT), g.const([1, 2], "axes", np.int64))
    bias = g.op("Mul", g.op("Sub", g.const(1.0, "one_f"), mask), g.const(np.finfo(np.float32).min, "fmin"))
    split_heads = g.const([0, 0, heads, head_dim], "heads_shape", np.int64)
    merge_heads = g.const([0, 0, hidden], "hidden_shape", np.int64)
    scale = g.const(1.0 / math.sqrt(head_dim), "scale")
    sqrt2, half, one = g.const(math.sqrt(2.0), "sqrt2"), g.const(0.5, "half"), g.const(1.0, "one_g")

    for i in range(int(cfg["num_hidden_layers"])):
        p = f"encoder.layer.{i}"

        def heads_of(name: str, perm: list[int], p: str = p, x: str = x) -> str:
            return g.op("Transpose", g.op("Reshape", g.linear(x, f"{p}.attention.self.{name}"), split_heads),
                        perm=perm)

        q = heads_of("query", [0, 2, 1, 3])  # [B, H, T, D]
        k = heads_of("key", [0, 2, 3, 1])  # [B, H, D, T]
        v = heads_of("value", [0, 2, 1, 3])
        scores = g.op("Add", g.op("Mul", g.op("MatMul", q, k), scale), bias)
        context = g.op("MatMul", g.op("Softmax", scores, axis=-1), v)
        context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), merge_heads)
        x = g.layer_norm(g.op("Add", g.linear(context, f"{p}.attention.output.dense"), x),
                         f"{p}.attention.output.LayerNorm", eps)
        inner = g.linear(x, f"{p}.intermediate.dense")
        gelu = g.op("Mul", g.op("Mul", inner, g.op("Add", g.op("Erf", g.op("Div", inner, sqrt2)), one)), half)
        x = g.layer_norm(g.op("Add", g.linear(gelu, f"{p}.output.dense"), x), f"{p}.output.LayerNorm", eps)

    g.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"], name="last_hidden_state"))
    dims = ["batch", "tokens"]
    graph = helper.make_graph(
        g.nodes, "bert_encoder",
        [helper.make_tensor_value_info(n, TensorProto.INT64, dims) for n in INPUTS],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, [*dims, hidden])],
        initializer=g.inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", _OPSET)],
                              producer_name="mem_graph.onnx_build")
    model.ir_version = 8  # readable by every onnxruntime >= 1.17
    onnx.checker.check_model(model, full_check=False)
    onnx.save_model(model, str(target))
