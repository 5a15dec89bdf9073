#!/usr/bin/env python3
"""The planner's invariants, checked by running the real binary.

    python3 scripts/invariants.py [--quick] [--n N] [--seed S] [--jobs J] [VRAMPLAN]

Without --quick: N combinations (default 2000) drawn with seed S from every
catalogue model x rtx3060, t4, rtx3090, a100-40gb, h100 x full, lora, qlora x
precisions x --grad-ckpt x --seq-len 128, 512, 2048, 8192 x 1 GPU or several
with ZeRO stages or FSDP, with an --effective-batch and other options now and
then (a few minutes on 2 cores). With --quick: the fixed list QUICK below, the
ctest tests/cli/plan/invariants.sh (a few seconds). Prints one line per
violation and exits 1 when there is any.

For every combination:
- exit codes are 0, 1 or 2 (`vramplan --help`: 3 is an I/O error);
- exit 0: `estimate` at the planned train batch (with its accumulation) gives
  the plan's numbers and fits the budget; at the batch above the one memory
  allowed it does not (unless a cap, a multiple or an effective batch set the
  batch). The same for the eval batch (at the plan's predictions; the plan's
  eval_accumulation_steps may differ from estimate's under --host-ram, which
  estimate does not take);
- exit 1: the part the plan says does not fit does not fit at batch 1, and
  stderr says what to change (a suggestion, or the option to drop);
- the train batch x accumulation x GPUs is the plan's effective batch, and
  --effective-batch N when N is a multiple of the GPUs;
- the estimate at all three levels (allocated, reserved, device) does not
  fall as the batch or --seq-len grows, nor rises with --grad-ckpt (but see
  below); LoRA's weights, gradients and optimizer states are not above a
  full fine-tune's (beyond the adapters themselves), nor a 4-bit base's
  weights above LoRA's (but see below);
- the plan's YAML comments, `estimate --explain` and --format json give the
  same numbers; a sweep row gives the plan's batches;
- with --quick, the plans of ROUND_TRIP, each profile's printed keys read back
  by `vramplan check` as the plan's notes say (the script's length, LoRA,
  checkpointing, torch_dtype and optimizer on the command line or as a key),
  give the plan's train batch and peak and its eval batch and peak;
- no JSON number is NaN, infinite, negative or above 1 PiB, and no text says
  nan, inf or a negative size.

Known exceptions, each a mechanism the estimate models on purpose:
- --grad-ckpt with --activation-offload can be higher: offloading leaves two
  blocks' tensors on the GPU either way, so checkpointing saves almost
  nothing, while its recomputed blocks leave the loss's fp32-size segment
  idle instead of the 16-bit one (logits.c vp_est_logits, traced in
  bench/measured/traces/2026-11-23-loss*), and an input every checkpoint
  keeps (MPNet's position bias): docs/memory-model.md "Activation
  offloading";
- the whole step of LoRA can exceed a full fine-tune's (so only the
  persistent part is compared): each adapter's dropout keeps a copy of its
  input, and a frozen weight's autocast cast is not cached, so ALBERT's
  shared layer is cast (and kept) once per layer (autocast_mode.cpp
  cached_cast: only leaves that require grad);
- under FSDP a LoRA base runs in 16 bit (its mixed precision casts at the
  all-gather), while a bitsandbytes base keeps its unquantized parameters in
  fp32 (peft prepare_model_for_kbit_training): an embedding-heavy model's
  4-bit base then weighs more, so that comparison is made on one GPU only.
  (Under DeepSpeed ZeRO both are cast to 16 bit by the engine since
  2026-11-30.)
"""
import json
import math
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

GIB = 1 << 30
PIB = 1 << 50
LEVELS = ("allocated_bytes", "reserved_bytes", "device_bytes")
GPUS = ["rtx3060", "t4", "rtx3090", "a100-40gb", "h100"]
SEQS = [128, 512, 2048, 8192]
PRECS = [None, "bf16", "fp32", "amp-fp16", "fp16"]
PAR = [[], ["--gpus", "2", "--zero", "0"], ["--gpus", "2", "--zero", "1"], ["--gpus", "2", "--zero", "2"],
       ["--gpus", "2", "--zero", "3"], ["--gpus", "2", "--fsdp"], ["--gpus", "3", "--fsdp"],
       ["--gpus", "4", "--zero", "2", "--offload-optimizer", "cpu"],
       ["--gpus", "8", "--zero", "3", "--offload-optimizer", "cpu", "--offload-param", "cpu"],
       ["--gpus", "8", "--nodes", "2", "--zero", "3"]]
EXTRAS = [["--attn", "eager"], ["--attn", "flash2"], ["--liger"], ["--loss", "chunked"], ["--packed"], ["--compile"],
          ["--optimizer", "adamw-8bit"], ["--optimizer", "adafactor"], ["--optimizer", "sgd"], ["--optimizer", "lion"],
          ["--optimizer", "paged-adamw-8bit"], ["--optimizer", "adamw-4bit"], ["--util", "0.95"], ["--util", "0.5"],
          ["--memory-fraction", "0.5"], ["--expandable-segments"], ["--generate"], ["--num-beams", "4"],
          ["--max-new-tokens", "64"], ["--eval-predictions", "argmax"], ["--eval-predictions", "none"],
          ["--eval-samples", "2000"], ["--eval-samples", "10"], ["--use-cache"], ["--profile", "axolotl"], ["--profile", "llamafactory"],
          ["--profile", "trl"], ["--profile", "deepspeed"], ["--profile", "lightning"], ["--texts-per-example", "2"],
          ["--dora"], ["--lora-r", "64"], ["--lora-targets", "all-linear"], ["--lora-dropout", "0"],
          ["--torch-version", "1.13"], ["--ewc"], ["--batch-multiple", "8"], ["--max-batch", "6"],
          ["--target-len", "512"], ["--label-smoothing", "0.1"], ["--router-aux-loss"], ["--activation-offload"],
          ["--optimizer-in-backward"], ["--host-ram", "32GiB"], ["--cpus", "8"], ["--quant", "int8"],
          ["--quant", "gptq-int4"], ["--head", "sequence-classification"], ["--bnb-version", "0.45.0"],
          ["--replay-buffer", "10000"], ["--dataset-ram", "8GiB"], ["--no-pin-memory"]]
EFF = [None, None, None, 64, 30]

# (model, gpu, method, seq-len, other options): decoders, encoders and
# encoder-decoders, a mixture of experts, ALBERT's shared layers; fits,
# does not fit, effective batches, several GPUs, evaluation options
QUICK = [
    ("qwen2.5-0.5b", "rtx3090", "lora", 512, []),
    ("qwen2.5-0.5b", "t4", "full", 2048, ["--grad-ckpt"]),
    ("qwen2.5-7b", "rtx3090", "qlora", 2048, []),
    ("qwen2.5-7b", "rtx3090", "qlora", 2048, ["--grad-ckpt", "--effective-batch", "64"]),
    ("llama-3.2-1b", "rtx3060", "full", 512, ["--precision", "bf16"]),
    ("llama-3.2-1b", "a100-40gb", "lora", 8192, ["--grad-ckpt", "--liger"]),
    ("llama-2-7b", "a100-40gb", "lora", 2048, []),
    ("llama-3.1-8b", "h100", "full", 2048, ["--gpus", "2", "--zero", "3", "--grad-ckpt"]),
    ("llama-3.1-8b", "h100", "lora", 512, ["--gpus", "2", "--fsdp", "--effective-batch", "30"]),
    ("mistral-7b", "a100-40gb", "qlora", 8192, ["--grad-ckpt", "--optimizer", "paged-adamw-8bit"]),
    ("gemma-3-1b", "t4", "lora", 512, ["--precision", "amp-fp16"]),
    ("gemma-2-2b", "rtx3090", "qlora", 2048, ["--generate", "--max-new-tokens", "64"]),
    ("phi-2", "rtx3090", "full", 512, ["--optimizer", "adamw-8bit", "--grad-ckpt"]),
    ("mixtral-8x7b", "h100", "qlora", 2048, ["--grad-ckpt", "--router-aux-loss"]),
    ("qwen3-30b-a3b", "h100", "lora", 512, ["--gpus", "8", "--zero", "3", "--offload-optimizer", "cpu"]),
    ("gpt2", "t4", "full", 512, ["--precision", "amp-fp16", "--eval-samples", "2000"]),
    ("bert-base-uncased", "rtx3060", "full", 128, []),
    ("bert-large-uncased", "t4", "lora", 512, ["--grad-ckpt"]),
    ("roberta-large", "a100-40gb", "full", 512, ["--gpus", "2", "--zero", "2", "--effective-batch", "64"]),
    ("deberta-v3-base", "rtx3090", "full", 512, ["--precision", "fp32"]),
    ("albert-large-v2", "h100", "lora", 512, []),
    ("modernbert-base", "rtx3090", "full", 8192, ["--grad-ckpt"]),
    ("bge-m3", "rtx3060", "full", 2048, ["--texts-per-example", "2"]),
    ("t5-base", "rtx3090", "full", 512, ["--generate", "--num-beams", "4"]),
    ("flan-t5-large", "a100-40gb", "lora", 2048, ["--grad-ckpt"]),
    ("mt5", "rtx3090", "qlora", 512, ["--target-len", "128", "--expandable-segments"]),
    ("bart-large", "t4", "full", 512, ["--precision", "amp-fp16", "--eval-predictions", "argmax"]),
    ("kobart", "rtx3060", "full", 512, ["--ewc"]),
    ("opt-1.3b", "rtx3060", "full", 2048, ["--batch-multiple", "8"]),
    ("tinyllama", "rtx3060", "lora", 2048, ["--host-ram", "16GiB", "--cpus", "12"]),
    ("qwen3-8b", "a100-40gb", "qlora", 2048, ["--profile", "axolotl", "--grad-ckpt", "--effective-batch", "30"]),
    ("smollm2-135m", "t4", "full", 2048, ["--max-batch", "6", "--precision", "fp32"]),
]

# plan -> printed keys -> check, one per profile and precision that the
# profile's keys say (Lightning's trainer/data keys are not read by check)
ROUND_TRIP = [
    ("llama-3.2-1b", "rtx3090", "lora", 512, ["--profile", "hf", "--grad-ckpt"]),
    ("umt5-base", "rtx3090", "lora", 512, ["--profile", "hf", "--precision", "bf16"]),
    ("llama-3.2-3b", "t4", "lora", 1024, ["--profile", "hf", "--precision", "fp16", "--gpus", "2", "--zero", "3"]),
    ("qwen3-4b", "rtx4090", "qlora", 1024, ["--profile", "trl", "--grad-ckpt"]),
    ("phi-1.5", "l4", "lora", 512, ["--profile", "axolotl"]),
    ("qwen3-8b", "a100-40gb", "qlora", 2048, ["--profile", "axolotl", "--grad-ckpt", "--effective-batch", "30"]),
    ("opt-1.3b", "rtx4090", "lora", 512, ["--profile", "llamafactory"]),
    ("flan-t5-large", "a100-40gb", "lora", 512, ["--profile", "llamafactory", "--target-len", "64"]),
    ("stablelm-2-1.6b", "a100-40gb", "qlora", 512, ["--profile", "deepspeed", "--zero", "2"]),
    ("phi-2", "h100", "lora", 128, ["--profile", "deepspeed", "--zero", "2", "--precision", "amp-bf16"]),
    ("opt-1.3b", "rtx3090", "lora", 128, ["--profile", "deepspeed", "--zero", "2", "--quant", "int8"]),
    ("llama-3.2-3b", "t4", "qlora", 1024, ["--profile", "deepspeed", "--grad-ckpt", "--gpus", "2", "--zero", "3",
                                           "--optimizer", "adamw-8bit"]),
]

PLAN_ONLY = {"--host-ram", "--cpus", "--max-batch", "--batch-multiple", "--effective-batch", "--replay-buffer",
             "--dataset-ram", "--worker-ram", "--eval-dataset-ram", "--nodes"}
PLAN_ONLY_FLAGS = {"--no-pin-memory"}
EVAL_OPTS = ("--eval-predictions", "--generate", "--num-beams", "--eval-samples", "--use-cache", "--max-new-tokens")

VP = "build/vramplan"
found = []


def bad(kind, combo, msg):
    found.append("%s: %s: %s" % (kind, " ".join(combo), msg))


def run(args):
    p = subprocess.run([VP] + args, capture_output=True, text=True, env=dict(os.environ, NO_COLOR="1", LC_ALL="C"))
    return p.returncode, p.stdout, p.stderr


def absurd(obj, path=""):
    """the NaN, infinite, negative or > 1 PiB numbers of a JSON document"""
    if isinstance(obj, dict):
        return [x for k, v in obj.items() for x in absurd(v, path + "." + k)]
    if isinstance(obj, list):
        return [x for i, v in enumerate(obj) for x in absurd(v, "%s[%d]" % (path, i))]
    if isinstance(obj, (int, float)) and not isinstance(obj, bool):
        if (isinstance(obj, float) and not math.isfinite(obj)) or obj < 0 or obj > PIB:
            return ["%s=%r" % (path, obj)]
    return []


def bad_text(s):
    # t5's warning says its fp16 loss "turns to nan": words, not a number
    s = s.replace("loss turns to nan", "")
    return [m.group(0) for m in re.finditer(r"(?i)\b(nan|inf(inity)?)\b|-\d+(\.\d+)? ?(GiB|MiB)", s)]


def parse(combo, rc, out, err, what):
    for t in bad_text(err):
        bad("text-number", combo, "%s stderr: %s" % (what, t))
    if rc not in (0, 1, 2):
        bad("exit-code", combo, "%s exited %d: %s" % (what, rc, err.strip()[:200]))
    if not out.strip():
        return None
    try:
        d = json.loads(out, parse_constant=float)
    except ValueError as e:
        bad("json", combo, "%s: %s" % (what, e))
        return None
    for n in absurd(d):
        bad("absurd-number", combo, "%s: %s" % (what, n))
    return d


def est_opts(opts):
    out, i = [], 0
    while i < len(opts):
        if opts[i] in PLAN_ONLY:
            i += 2
        elif opts[i] in PLAN_ONLY_FLAGS:
            i += 1
        else:
            out.append(opts[i])
            i += 1
    return out


def est(combo, opts, b, extra=()):
    rc, out, err = run(["estimate"] + est_opts(opts) + ["--batch", str(b), "--format", "json"] + list(extra))
    d = parse(combo, rc, out, err, "estimate --batch %d %s" % (b, " ".join(extra)))
    return d if rc == 0 else None


def opt_value(opts, name, default):
    """the option's value, the last one given, as the CLI takes it"""
    return int(opts[len(opts) - 1 - opts[::-1].index(name) + 1]) if name in opts else default


def gib(b):
    """vp_format_gib: hundredths of a GiB, rounded half up"""
    whole, h = b >> 30, ((b & (GIB - 1)) * 100 + GIB // 2) >> 30
    if h == 100:
        whole, h = whole + 1, 0
    return "%d.%02d" % (whole, h)


def check(opts, sweep):
    combo = opts
    gpus = opt_value(opts, "--gpus", 1)
    rc, out, err = run(opts + ["--format", "json"])
    p = parse(combo, rc, out, err, "plan")
    if rc == 2:
        return rc
    if p is None:
        bad("plan-no-json", combo, "exit %d: %s" % (rc, err.strip()[:200]))
        return rc
    pl, pe = p["plan"], p["estimate"]
    budget = pe["budget_bytes"]
    if sweep and rc in (0, 1):
        sw = list(opts)
        i = sw.index("--gpu")
        gpu = sw[i + 1]
        del sw[i:i + 2]
        src, sout, serr = run(["sweep"] + sw + ["--format", "json"])
        rows = [r for r in (parse(combo, src, sout, serr, "sweep") or []) if r.get("gpu") == gpu]
        if not rows:
            bad("sweep-row", combo, "no row for %s: %s" % (gpu, serr.strip()[:200]))
        else:
            r = rows[0]
            same = r["fits"] == pl["fits"] and (not r["fits"] or all(r[k] == pl[k] for k in (
                "train_batch", "grad_accum", "eval_batch", "eval_fits")))
            if not same or (rc == 0) != (r["fits"] and r["eval_fits"] and r["host_fits"]):
                bad("sweep-vs-plan", combo, "plan exit %d %s, sweep %s" % (rc, pl, r))
    if rc == 1:
        if "vramplan:   --" not in err and not re.search(r"--[a-z]", err):
            bad("refusal-without-advice", combo, err.strip()[-300:])
        if pl.get("does_not_fit") == "train":
            eff = opt_value(opts, "--effective-batch", 0)
            d = est(combo, opts, 1, ["--grad-accum", "2"] if eff // gpus > 1 else [])
            if d and d["estimate"]["fits"]:
                bad("refuses-what-fits", combo, "batch 1 fits: %d <= %d" % (d["estimate"]["device_bytes"], budget))
        elif pl.get("does_not_fit") == "eval":
            d = est(combo, opts, 1, [] if any(o in opts for o in EVAL_OPTS) else ["--eval-predictions", "logits"])
            if d and d["eval"]["fits"]:
                bad("refuses-what-fits", combo, "eval batch 1 fits: %d" % d["eval"]["device_bytes"])
        return rc
    B, GA, E = pl["train_batch"], pl["grad_accum"], pl["eval_batch"]
    if B * GA * gpus != pl["effective_batch"]:
        bad("effective-batch", combo, "%d x %d x %d != %d" % (B, GA, gpus, pl["effective_batch"]))
    s = p["settings"]
    if "per_device_train_batch_size" in s and (s["per_device_train_batch_size"], s.get("gradient_accumulation_steps", 1)) != (B, GA):
        bad("settings-vs-plan", combo, "settings %s plan %d x %d" % (s, B, GA))
    eff = opt_value(opts, "--effective-batch", 0)
    if eff and eff % gpus == 0 and B * GA * gpus != eff:
        bad("effective-batch", combo, "%d x %d x %d != --effective-batch %d" % (B, GA, gpus, eff))
    ga = ["--grad-accum", str(GA)] if GA > 1 else []
    d = est(combo, opts, B, ga)
    if d is None:
        bad("estimate-fails", combo, "at the planned batch %d" % B)
        return rc
    de = d["estimate"]
    if de["device_bytes"] > budget or not de["fits"]:
        bad("plan-over-budget", combo, "batch %d: %d > %d" % (B, de["device_bytes"], budget))
    for k, v in pe.items():
        if de.get(k) != v:
            bad("plan-vs-estimate", combo, "batch %d %s: plan %r, estimate %r" % (B, k, v, de.get(k)))
    if pl["limit"] == "memory":
        d1 = est(combo, opts, B + 1, ga)
        if d1 and d1["estimate"]["fits"]:
            bad("plan-not-largest", combo, "batch %d planned, %d fits (%d)" % (B, B + 1, d1["estimate"]["device_bytes"]))
    # the eval batch, at the plan's predictions
    evp = [] if any(o in opts for o in EVAL_OPTS) else ["--eval-predictions", p["eval"]["predictions"]]
    dv = est(combo, opts, E, evp)
    if dv and "eval" in dv:
        ev = dv["eval"]
        same_steps = ev.get("accumulation_steps") == pl["eval_accumulation_steps"]
        if ev["device_bytes"] > budget:
            bad("eval-over-budget", combo, "eval batch %d: %d > %d" % (E, ev["device_bytes"], budget))
        for k in LEVELS:
            if same_steps and ev[k] != p["eval"][k]:
                bad("plan-vs-estimate-eval", combo, "eval batch %d %s: plan %d, estimate %d" % (E, k, p["eval"][k], ev[k]))
        mb, bm = opt_value(opts, "--max-batch", 4096), opt_value(opts, "--batch-multiple", 1)
        samples = opt_value(opts, "--eval-samples", 0)
        if samples:
            mb = min(mb, -(-samples // gpus))
        if E < mb and (bm == 1 or E % bm != 0) and not E < bm and "--host-ram" not in opts:
            dv1 = est(combo, opts, E + 1, evp)
            if dv1 and dv1["eval"]["fits"]:
                bad("eval-not-largest", combo, "eval batch %d planned, %d fits" % (E, E + 1))
    # monotone in the batch
    prev = None
    for b in sorted(set(list(range(1, min(B + 3, 12))) + [B, B + 1, B + 2, 2 * B + 1])):
        d = est(combo, opts, b)
        if d is None:
            break
        if prev:
            for k in LEVELS:
                if d["estimate"][k] < prev[1][k]:
                    bad("batch-monotone", combo, "%s batch %d %d < batch %d %d" % (k, b, d["estimate"][k], prev[0], prev[1][k]))
        prev = (b, d["estimate"])
    seq = opt_value(opts, "--seq-len", 512)
    for b in sorted({1, B}):
        base = est(combo, opts, b)
        if base is None:
            continue
        base = base["estimate"]
        longer = [x for x in SEQS if x > seq]
        if longer:
            o2 = list(opts)
            o2[o2.index("--seq-len") + 1] = str(longer[0])
            d2 = est(combo, o2, b)
            for k in LEVELS:
                if d2 and d2["estimate"][k] < base[k]:
                    bad("seq-monotone", combo, "batch %d %s: --seq-len %d %d, %d %d" % (b, k, seq, base[k], longer[0], d2["estimate"][k]))
        if "--grad-ckpt" not in opts and "--activation-offload" not in opts:
            d3 = est(combo, opts + ["--grad-ckpt"], b)
            for k in LEVELS:
                if d3 and d3["estimate"][k] > base[k]:
                    bad("grad-ckpt-higher", combo, "batch %d %s: %d without, %d with" % (b, k, base[k], d3["estimate"][k]))
        meth = opts[opts.index("--method") + 1]
        if meth == "lora" and "--quant" not in opts:
            persistent = lambda e: e["weights_bytes"] + e["gradients_bytes"] + e["optimizer_bytes"]
            o4 = list(opts)
            o4[o4.index("--method") + 1] = "full"
            d4 = est(combo, o4, b)
            # the adapters are parameters a full fine-tune lacks: under
            # ZeRO-3 with everything trained offloaded, the base's
            # partition is all a full fine-tune keeps, and LoRA keeps the
            # adapters' beside it (fp32, each tensor rounded by the allocator)
            slack = 4 * base["params_trainable"] + (1 << 20)
            if d4 and persistent(base) > persistent(d4["estimate"]) + slack:
                bad("lora-over-full", combo, "batch %d weights+gradients+optimizer: lora %d, full %d" % (b, persistent(base), persistent(d4["estimate"])))
            o5 = list(opts)
            o5[o5.index("--method") + 1] = "qlora"
            d5 = est(combo, o5, b)
            if d5 and gpus == 1 and d5["estimate"]["weights_bytes"] > base["weights_bytes"]:
                bad("qlora-weights-over-lora", combo, "batch %d: qlora %d, lora %d" % (b, d5["estimate"]["weights_bytes"], base["weights_bytes"]))
    # the YAML's comments, estimate --explain and the JSON
    _, y, _ = run(opts)
    _, _, xe = run(["estimate"] + est_opts(opts) + ["--batch", str(B), "--explain"] + ga)
    for t in bad_text(y):
        bad("text-number", combo, "yaml: " + t)
    m = re.search(r"# train batch (\d+): device peak ([\d.]+) GiB \(allocated ([\d.]+), reserved ([\d.]+)\)", y)
    want = (str(B), gib(pe["device_bytes"] + pl.get("ewc_bytes", 0)), gib(pe["allocated_bytes"]), gib(pe["reserved_bytes"]))
    if not m or m.groups() != want:
        bad("yaml-vs-json", combo, "yaml %s, json %s" % (m and m.groups(), want))
    m = re.search(r"batch %d: device peak ([\d.]+) GiB" % B, xe)
    if not m or m.group(1) != gib(pe["device_bytes"]):
        bad("explain-vs-json", combo, "explain %s, json %s" % (m and m.group(1), gib(pe["device_bytes"])))
    yc = dict(re.findall(r"#   ([a-z ]+?)\s+([\d.]+) GiB", y.split("# eval batch")[0]))
    xc = dict(re.findall(r"\n  ([a-z ]+?)\s+([\d.]+) GiB  \[", xe.split("(the next one up)")[0]))
    xc.pop("total", None)
    if yc != xc:
        bad("yaml-vs-explain", combo, "yaml %s, explain %s" % (yc, xc))
    m = re.search(r"# eval batch (\d+): device peak ([\d.]+) GiB", y)
    if m and m.groups() != (str(E), gib(p["eval"]["device_bytes"])):
        bad("yaml-vs-json-eval", combo, "yaml %s, json %d %s" % (m.groups(), E, gib(p["eval"]["device_bytes"])))
    return rc


def round_trip(opts):
    """check reads the plan's printed keys as the plan's run"""
    combo = opts
    rc, out, err = run(opts)
    p = parse(combo, *run(opts + ["--format", "json"]), "plan")
    if rc != 0 or p is None:
        bad("round-trip-plan", combo, "exit %d: %s" % (rc, err.strip()[:200]))
        return
    prof = opts[opts.index("--profile") + 1] if "--profile" in opts else "hf"
    extra = ""
    m = re.search(r"load the model with torch_dtype=torch\.([a-z0-9]+)", out)
    if m and prof == "hf":
        extra += "torch_dtype: %s\n" % m.group(1)
    if prof == "axolotl":
        extra += "val_set_size: 0.05\n"
    if prof == "llamafactory":
        extra += "val_size: 0.05\neval_strategy: steps\n"
    c = ["check", "-", "--gpu", opts[opts.index("--gpu") + 1], "--model", opts[opts.index("--model") + 1],
         "--format", "json", "-q", "--seq-len", str(opt_value(opts, "--seq-len", 512)),
         "--method", opts[opts.index("--method") + 1],
         "--set", "grad_ckpt=%s" % ("true" if "--grad-ckpt" in opts else "false")]
    for k in ("--gpus", "--lora-r", "--quant", "--target-len"):
        if k in opts:
            c += [k, opts[opts.index(k) + 1]]
    mo = re.search(r"vramplan check reads with --optimizer ([a-z0-9-]+)", out)
    if mo:
        c += ["--optimizer", mo.group(1)]
    q = subprocess.run([VP] + c, input=out + extra, capture_output=True, text=True)
    try:
        r = json.loads(q.stdout)[0]
        tr = r["train"]
    except (ValueError, LookupError, TypeError):
        bad("round-trip-check", combo, "exit %d: %s" % (q.returncode, q.stderr.strip()[:200]))
        return
    pl, pe = p["plan"], p["estimate"]
    got = (tr["batch"], tr["gradient_accumulation_steps"], tr["peak_bytes"])
    want = (pl["train_batch"], pl["grad_accum"], pe["device_bytes"])
    if got != want:
        bad("round-trip-train", combo, "check %s, plan %s; check's setup: %s" % (got, want, r.get("setup")))
    # a DeepSpeed config has no eval batch: check evaluates at the micro-batch
    ev = r.get("eval")
    if ev and p.get("eval") and ev["batch"] == pl["eval_batch"] and ev["peak_bytes"] != p["eval"]["device_bytes"]:
        bad("round-trip-eval", combo, "check %s, plan %s" % ((ev["batch"], ev["peak_bytes"]),
                                                              (pl["eval_batch"], p["eval"]["device_bytes"])))


def drawn(n, seed):
    models = [m["name"] for m in json.loads(run(["list", "models", "--format", "json"])[1])]
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        opts = ["--model", models[i % len(models)] if i < 3 * len(models) else rnd.choice(models),
                "--gpu", rnd.choice(GPUS), "--method", rnd.choice(["full", "lora", "qlora"]),
                "--seq-len", str(rnd.choice(SEQS))]
        prec = rnd.choice(PRECS)
        opts += (["--precision", prec] if prec else []) + (["--grad-ckpt"] if rnd.random() < 0.5 else [])
        opts += rnd.choice(PAR) if rnd.random() < 0.4 else []
        for x in rnd.sample(EXTRAS, rnd.choice([0, 1, 1, 2, 3])):
            opts += x
        eff = rnd.choice(EFF)
        opts += ["--effective-batch", str(eff)] if eff else []
        out.append(opts)
    return out


def main():
    global VP
    args = sys.argv[1:]
    quick = "--quick" in args
    n, seed, jobs = 2000, 1, 2
    rest = []
    i = 0
    while i < len(args):
        if args[i] in ("--n", "--seed", "--jobs"):
            v = int(args[i + 1])
            n, seed, jobs = (v, seed, jobs) if args[i] == "--n" else (n, v, jobs) if args[i] == "--seed" else (n, seed, v)
            i += 2
            continue
        if args[i] != "--quick":
            rest.append(args[i])
        i += 1
    if rest:
        VP = rest[0]
    if quick:
        combos = [["--model", m, "--gpu", g, "--method", me, "--seq-len", str(s)] + x for m, g, me, s, x in QUICK]
    else:
        combos = drawn(n, seed)
    # a sweep plans every GPU of the catalogue: one combination in 8
    with ThreadPoolExecutor(jobs) as ex:
        rcs = list(ex.map(lambda ic: check(ic[1], ic[0] % 8 == 0), enumerate(combos)))
        if quick:
            list(ex.map(round_trip, [["--model", m, "--gpu", g, "--method", me, "--seq-len", str(sq)] + x
                                     for m, g, me, sq, x in ROUND_TRIP]))
    for line in sorted(found):
        print(line)
    # the quick list's exits would pin every estimate of it: counted in
    # the drawn runs only
    exits = "" if quick else " (exit 0: %d, 1: %d, 2: %d)" % (rcs.count(0), rcs.count(1), rcs.count(2))
    print("%d combinations%s, %d violations" % (len(combos), exits, len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
