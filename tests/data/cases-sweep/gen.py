#!/usr/bin/env python3
"""Write a cases file (schema: ../../../../shared/groundtruth/README.md, "Schema")
that samples combinations of every schema value, to stress vramplan-accuracy
with cases it has not seen.

    gen.py --out FILE [--n N] [--seed S] [--mode plausible|uniform]
           [--configs DIR ...]

plausible: the head is one the model's architecture has (an encoder-decoder
gets seq2seq-lm, an encoder masked-lm / sequence-classification / encoder, a
decoder causal-lm / sequence-classification), LoRA targets are module names
of the model type, and quant goes with qlora (or frozen) - the combinations
real runs use. uniform: every key drawn independently from all its values,
null included, whatever the model. Config paths are written relative to the
output file, as the schema asks. Sampling is seeded, so a file is
reproducible; tests/data/cases-sweep/sample.yaml (run by
tests/cli/accuracy/sweep-sample.sh) is
    gen.py --out tests/data/cases-sweep/sample.yaml --n 330 --seed 1 \
           --configs tests/data/configs tests/data/configs/groundtruth
and the wider sweep (configs of ../shared too; run it through the
sanitizer build, cmake -DVRAMPLAN_SANITIZE=ON) is
    gen.py --out /tmp/plausible.yaml --n 3000 --seed 7
    gen.py --out /tmp/uniform.yaml --n 2000 --seed 8 --mode uniform
"""
import argparse
import glob
import json
import os
import random

DEFAULT_CONFIG_DIRS = [
    "/work/shared/groundtruth/configs",
    "/work/shared/configs",
    "bench/measured/configs",
    "tests/data/configs",
]

HEADS = ["causal-lm", "seq2seq-lm", "masked-lm", "sequence-classification", "encoder"]
PRECISIONS = ["fp32", "amp-fp16", "amp-bf16", "bf16", "fp16"]
OPTIMIZERS = ["adamw", "adamw-fused", "adamw-8bit", "paged-adamw", "paged-adamw-8bit",
              "adafactor", "sgd", "sgd-momentum", "lion", None]
METHODS = ["full", "lora", "qlora", "frozen"]
QUANTS = ["nf4", "nf4-dq", "int8", "gptq-int4"]
ATTNS = ["eager", "sdpa", "flash2"]
LOSSES = ["standard", "chunked"]
GPUS = ["v100-sxm2-16gb", "a100-sxm4-40gb", "a100-sxm4-80gb", "a100-80gb", "a10g-24gb",
        "rtx4090-24gb", "rtx-a6000-48gb", None]
ZEROS = [1, 2, 3, "fsdp", None]
METRICS = ["max_allocated", "peak_active", "max_reserved", "nvml_used", None, "max_context_fit"]
QUALITIES = ["A", "B", "C", "SUSPECT"]
FRAMEWORKS = ["hf-trainer", "hf-peft-script", "torchtune", "litgpt", "qwen-finetune", "unsloth", "other"]

# Linear module names per model_type (transformers' modeling files), the
# attention's first; PEFT's default targets are among them.
LINEARS = {
    "llama": ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"],
    "t5": ["q", "k", "v", "o", "wi", "wo"],  # wi_0, wi_1 for a gated feed_forward_proj (below)
    "mt5": ["q", "k", "v", "o", "wi_0", "wi_1", "wo"],
    "umt5": ["q", "k", "v", "o", "wi_0", "wi_1", "wo"],
    "mixtral": ["q_proj", "k_proj", "v_proj", "o_proj", "w1", "w2", "w3"],
    "gpt_oss": ["q_proj", "k_proj", "v_proj", "o_proj"],
    "starcoder2": ["q_proj", "k_proj", "v_proj", "o_proj", "c_fc", "c_proj"],
    "codegen": ["qkv_proj", "out_proj", "fc_in", "fc_out"],
    "internlm2": ["wqkv", "wo", "w1", "w2", "w3"],
    "bart": ["q_proj", "k_proj", "v_proj", "out_proj", "fc1", "fc2"],
    "bert": ["query", "key", "value", "dense"],
    "gpt2": ["c_attn", "c_proj", "c_fc"],
    "gpt_bigcode": ["c_attn", "c_proj", "c_fc"],
    "gpt_neox": ["query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"],
    "bloom": ["query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"],
    "falcon": ["query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"],
    "phi": ["q_proj", "k_proj", "v_proj", "dense", "fc1", "fc2"],
    "phi3": ["qkv_proj", "o_proj", "gate_up_proj", "down_proj"],
    "qwen": ["c_attn", "c_proj", "w1", "w2"],
    "mpt": ["Wqkv", "out_proj", "up_proj", "down_proj"],
    "gptj": ["q_proj", "k_proj", "v_proj", "out_proj", "fc_in", "fc_out"],
    "gpt_neo": ["q_proj", "k_proj", "v_proj", "out_proj", "c_fc", "c_proj"],
    "opt": ["q_proj", "k_proj", "v_proj", "out_proj", "fc1", "fc2"],
    "distilbert": ["q_lin", "k_lin", "v_lin", "out_lin", "lin1", "lin2"],
    "albert": ["query", "key", "value", "dense", "ffn", "ffn_output"],
    "mpnet": ["q", "k", "v", "o", "intermediate.dense", "output.dense"],
    "deberta-v2": ["query_proj", "key_proj", "value_proj", "dense"],
    "electra": ["query", "key", "value", "dense"],
    "modernbert": ["Wqkv", "Wo", "Wi"],
}
for _t in ["mistral", "gemma", "gemma2", "gemma3_text", "gemma3", "qwen2", "qwen3", "qwen2_moe",
           "qwen3_moe", "olmo", "olmo2", "olmoe", "cohere", "stablelm", "exaone4", "smollm3", "glm4",
           "internlm"]:
    LINEARS[_t] = LINEARS["llama"]
for _t in ["mbart", "m2m_100", "marian", "pegasus"]:
    LINEARS[_t] = LINEARS["bart"]
for _t in ["roberta", "xlm-roberta", "camembert", "xlm-roberta-xl"]:
    LINEARS[_t] = LINEARS["bert"]

EMBED = {"gpt2": "wte", "gpt_bigcode": "wte", "qwen": "wte", "bloom": "word_embeddings",
         "gpt_neox": "embed_in", "t5": "shared", "mt5": "shared", "umt5": "shared"}
LM_HEAD = {"gpt_neox": "embed_out"}


def load_configs(dirs):
    out = []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.json"))):
            with open(path) as f:
                cfg = json.load(f)
            mt = cfg.get("model_type", "")
            # max_position_embeddings (n_positions for GPT-2): the longest
            # sequence the position table indexes; None for relative/ALiBi
            maxpos = cfg.get("max_position_embeddings") or cfg.get("n_positions")
            if mt in ("t5", "mt5", "umt5", "bloom", "falcon", "mpt") or cfg.get("position_embedding_type") == "relative_key":
                maxpos = None
            gated = str(cfg.get("feed_forward_proj", "")).startswith("gated")
            arch = " ".join(cfg.get("architectures") or [])
            if cfg.get("is_encoder_decoder") or mt in ("t5", "mt5", "umt5", "bart", "mbart", "m2m_100",
                                                        "marian", "pegasus"):
                kind = "encdec"
            elif "MaskedLM" in arch or "PreTraining" in arch or "QuestionAnswering" in arch or \
                    mt in ("bert", "roberta", "xlm-roberta", "distilbert", "albert", "mpnet", "electra",
                           "deberta-v2", "modernbert", "camembert", "xlm-roberta-xl"):
                kind = "encoder"
            else:
                kind = "decoder"
            out.append((os.path.abspath(path), mt, kind, maxpos, gated))
    return out


def heads_for(kind):
    if kind == "encdec":
        return ["seq2seq-lm"]
    if kind == "encoder":
        return ["masked-lm", "sequence-classification", "encoder"]
    return ["causal-lm", "sequence-classification"]


def scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(scalar(x) for x in v) + "]"
    return json.dumps(v)


def case(rng, i, cfg, mode, outdir):
    path, mt, kind, maxpos, gated = cfg
    pick = rng.choice
    c = {}
    c["id"] = "SWEEP-%04d" % i
    c["source"] = "tests/data/cases-sweep/gen.py (synthetic)"
    c["quality"] = pick(QUALITIES)
    c["config"] = os.path.relpath(path, outdir)
    head = pick(HEADS + [None]) if mode == "uniform" else pick(heads_for(kind))
    c["head"] = head
    c["num_labels"] = pick([2, 3, 5, 20]) if head == "sequence-classification" else None
    c["framework"] = pick(FRAMEWORKS)
    method = pick(METHODS)
    if mode == "plausible" and mt == "gpt_oss" and method == "qlora":
        # bitsandbytes leaves gpt-oss's experts unquantized: it is trained
        # dequantized, with LoRA (vramplan refuses a quantized base)
        method = "lora"
    c["batch"] = pick([1, 2, 4, 8, 16, 32])
    c["grad_accum"] = pick([None, 1, 4, 16])
    seq = pick([64, 128, 256, 512, 1024, 2048, 4096])
    if mode == "plausible" and maxpos:
        # no run indexes past the position table (transformers fails)
        while seq > maxpos - 2:
            seq //= 2
    c["seq_len"] = seq
    c["tgt_len"] = (pick([None, 16, 64, 128, 256]) if (head == "seq2seq-lm" or (head is None and kind == "encdec"))
                    else None)
    c["packed"] = pick([True, False])
    c["precision"] = pick(PRECISIONS)
    if method == "frozen" and mode == "plausible":
        c["optimizer"] = pick([None, None, "adamw"])
    else:
        c["optimizer"] = pick(OPTIMIZERS)
    c["optimizer_in_backward"] = rng.random() < 0.15
    if mode == "plausible" and method == "frozen":
        c["optimizer_in_backward"] = False
    c["method"] = method
    lora = method in ("lora", "qlora")
    c["lora_r"] = pick([None, 4, 8, 16, 64]) if lora or mode == "uniform" else None
    c["lora_alpha"] = (c["lora_r"] or 8) * 2 if c["lora_r"] else None
    names = LINEARS.get(mt, ["q_proj", "v_proj"])
    if mt == "t5" and gated:
        names = LINEARS["mt5"]
    if lora or mode == "uniform":
        r = rng.random()
        if r < 0.2:
            targets = None
        elif r < 0.45:
            targets = "all-linear"
        else:
            targets = rng.sample(names, rng.randint(1, len(names)))
        c["lora_targets"] = targets
    else:
        c["lora_targets"] = None
    if lora and rng.random() < 0.25:
        emb = EMBED.get(mt, "embed_tokens")
        c["modules_to_save"] = pick([[emb, LM_HEAD.get(mt, "lm_head")], [LM_HEAD.get(mt, "lm_head")]]) \
            if head in ("causal-lm", None) else (["classifier"] if kind == "encoder" else ["score"])
    else:
        c["modules_to_save"] = None
    if mode == "uniform":
        c["quant"] = pick(QUANTS + [None])
    elif method == "qlora":
        c["quant"] = pick(QUANTS + [None])
    elif method == "frozen" and mt != "gpt_oss":
        c["quant"] = pick([None, None, "nf4", "int8", "gptq-int4"])
    else:
        c["quant"] = None
    c["grad_ckpt"] = pick([True, False, None])
    c["activation_offload"] = rng.random() < 0.1
    c["attn"] = pick(ATTNS + ([None] if mode == "uniform" else []))
    c["loss"] = pick(LOSSES + ([None] if mode == "uniform" else []))
    c["compile"] = rng.random() < 0.2
    c["gpu"] = pick(GPUS)
    gpus = pick([1, 1, 1, 2, 4, 8]) if mode == "plausible" else rng.randint(1, 8)
    c["gpus"] = gpus
    c["zero"] = pick(ZEROS)
    if mode == "plausible" and isinstance(c["zero"], int):
        # DeepSpeed runs its own optimizer step: no step in backward
        c["optimizer_in_backward"] = False
    c["metric"] = pick(METRICS)
    c["measured_gib"] = round(rng.uniform(0.5, 80.0), 3)
    c["notes"] = "synthetic: sampled by gen.py, mode %s" % mode
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", choices=["plausible", "uniform"], default="plausible")
    ap.add_argument("--configs", nargs="*", default=DEFAULT_CONFIG_DIRS)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    cfgs = load_configs(a.configs)
    if not cfgs:
        raise SystemExit("gen.py: no config.json found")
    outdir = os.path.dirname(os.path.abspath(a.out))
    with open(a.out, "w") as f:
        f.write("# Generated by tests/data/cases-sweep/gen.py --n %d --seed %d --mode %s --configs %s;"
                " do not edit.\n" % (a.n, a.seed, a.mode, " ".join(a.configs)))
        for i in range(a.n):
            # every config in turn, so that each architecture is met
            c = case(rng, i, cfgs[i % len(cfgs)], a.mode, outdir)
            f.write("- " + "\n  ".join("%s: %s" % (k, scalar(v)) for k, v in c.items()) + "\n")


if __name__ == "__main__":
    main()
