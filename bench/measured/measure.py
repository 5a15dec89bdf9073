#!/usr/bin/env python3
"""Measure the peak GPU memory of real Hugging Face Trainer steps.

Each run in runs.json is trained for a few steps, in a fresh process of its own
(the caching allocator's reserved peak and the CUDA context are per process), by
the real transformers Trainer (and PEFT / bitsandbytes where the run says so) on
a model built from its config.json with random weights: memory does not depend
on the weights' values, and the device machine cannot download checkpoints.

    python3 bench/measured/measure.py --runs bench/measured/runs.json --out DIR

writes DIR/results.json (everything recorded) and DIR/cases.yaml (the ground
truth schema of ../shared/groundtruth/README.md: one case per run and metric).

Recorded per run:
  max_allocated  torch.cuda.max_memory_allocated() over the whole run
  max_reserved   torch.cuda.max_memory_reserved() over the whole run
  nvml_used      what nvidia-smi showed at the peak: max_reserved plus the
                 context, where the context is nvidia-smi's memory.used at the
                 end of the run, less the allocator's reserved bytes then, less
                 nvidia-smi's reading with no process on the GPU
  step peaks     max_memory_allocated() of each step (reset at each step)
With "trace": true, the allocations live at the allocated peak, from
torch.cuda.memory._record_memory_history(), grouped by size and call site.
With "env": {NAME: VALUE}, the run's process sets those variables first.
With "trace_resident": true (a run with eval_batch), the training is recorded
too, and the segments still reserved after empty_cache() at the start of the
evaluation are listed with the live blocks that pin them.
With "lengths": [MIN, MAX] (causal-lm and masked-lm), each sample has its own
length, drawn uniformly from MIN..MAX with a fixed seed, and every batch is
padded to its longest sample (what DataCollatorWithPadding does): dynamic
padding, the shapes changing from step to step; seq_len must be MAX.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

GIB = float(1 << 30)


def smi_used_mib():
    out = subprocess.run(
        ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
        capture_output=True, text=True, check=True).stdout
    return int(out.split()[0])


# ---------------------------------------------------------------- child side

def build_dataset(spec, cfg):
    import torch
    g = torch.Generator().manual_seed(0)
    vocab = cfg.vocab_size
    n = spec["batch"] * spec.get("grad_accum", 1) * spec.get("steps", 3)
    lengths = spec.get("lengths")
    rows = []
    for _ in range(n):
        length = spec["seq_len"]
        if lengths:
            # dynamic padding: each sample its own length (pad_collate
            # pads the batch to its longest)
            length = int(torch.randint(lengths[0], lengths[1] + 1, (1,), generator=g))
        ids = torch.randint(3, vocab - 1, (length,), generator=g)
        if spec["head"] == "sequence-classification" and getattr(cfg, "is_encoder_decoder", False):
            # T5's and BART's classifiers read the decoder's state at the
            # last <eos> and refuse a sample without one
            ids[-1] = cfg.eos_token_id
        row = {"input_ids": ids, "attention_mask": torch.ones_like(ids)}
        head = spec["head"]
        pad = spec.get("pad_tokens", 0)
        if pad:
            # a padded batch: the last pad_tokens positions are padding
            # (attention mask 0), which makes transformers build a mask
            ids[-pad:] = cfg.pad_token_id if cfg.pad_token_id is not None else 0
            row["attention_mask"][-pad:] = 0
        if head == "causal-lm" or head == "masked-lm":
            row["labels"] = ids.clone()
            if pad:
                row["labels"][-pad:] = -100
        elif head == "seq2seq-lm":
            row["labels"] = torch.randint(3, vocab - 1, (spec["tgt_len"],), generator=g)
        elif head == "sequence-classification":
            row["labels"] = torch.tensor(int(torch.randint(0, spec["num_labels"], (1,), generator=g)))
        elif head == "token-classification":
            row["labels"] = torch.randint(0, spec["num_labels"], (spec["seq_len"],), generator=g)
        rows.append(row)
    return rows


def pad_collate(rows, pad_id):
    """Stack a batch of samples of different lengths, padded to the longest:
    input ids with the pad id, the attention mask with 0, labels with -100
    (what DataCollatorWithPadding and DataCollatorForSeq2Seq produce)."""
    import torch
    longest = max(r["input_ids"].shape[0] for r in rows)
    out = {}
    for key, fill in (("input_ids", pad_id), ("attention_mask", 0), ("labels", -100)):
        if key in rows[0]:
            out[key] = torch.stack([torch.nn.functional.pad(r[key], (0, longest - r[key].shape[0]), value=fill)
                                    for r in rows])
    return out


def model_class(head):
    import transformers as t
    return {"causal-lm": t.AutoModelForCausalLM, "seq2seq-lm": t.AutoModelForSeq2SeqLM,
            "masked-lm": t.AutoModelForMaskedLM,
            "sequence-classification": t.AutoModelForSequenceClassification,
            "token-classification": t.AutoModelForTokenClassification}[head]


# PEFT's task type per head: it decides the modules_to_save PEFT adds on its
# own (SEQ_CLS: classifier, score; TOKEN_CLS: classifier, score), which
# vramplan models (docs/memory-model.md "Heads").
PEFT_TASK = {"causal-lm": "CAUSAL_LM", "seq2seq-lm": "SEQ_2_SEQ_LM",
             "sequence-classification": "SEQ_CLS", "token-classification": "TOKEN_CLS",
             "masked-lm": "CAUSAL_LM"}


SITE_MODULES = ("transformers/", "peft/", "bitsandbytes/", "torch/nn/", "torch/optim/", "accelerate/",
                "torch/utils/checkpoint", "torch/autograd")


def call_site(frames):
    """The innermost frame in a library that says what allocated."""
    for f in frames:
        fn = f["filename"]
        if any(k in fn for k in SITE_MODULES):
            return "%s:%d %s" % (fn.split("site-packages/")[-1], f["line"], f["name"])
    return "?"


def peak_report(snapshot, base_bytes, top, big_bytes=0, base_reserved=0):
    """Replay the allocator trace; list what is live at the allocated peak."""
    live = {}
    cur = best = 0
    best_live = {}
    for dev in snapshot["device_traces"]:
        for e in dev:
            a = e["action"]
            if a == "alloc":
                live[e["addr"]] = e
                cur += e["size"]
                if cur > best:
                    best = cur
                    best_live = dict(live)
            elif a == "free_completed" and e["addr"] in live:
                cur -= live.pop(e["addr"])["size"]
    # Segments the allocator reserved, in order, with what was allocated
    # then: where the reserved bytes beyond the allocated ones come from.
    segs = []
    cur = 0
    live2 = {}
    for dev in snapshot["device_traces"]:
        for e in dev:
            a = e["action"]
            if a == "alloc":
                live2[e["addr"]] = e["size"]
                cur += e["size"]
            elif a == "free_completed" and e["addr"] in live2:
                cur -= live2.pop(e["addr"])
            elif a == "segment_alloc":
                segs.append([round(e["size"] / 2**20, 1), round((cur + base_bytes) / 2**20),
                             call_site(e.get("frames", []))])
    # The large requests in order, with the allocated and reserved bytes
    # after each: how the loss's blocks come and go against the segments.
    timeline = []
    if big_bytes:
        cur = 0
        resv = base_reserved
        live3 = {}
        peak_resv = 0
        for dev in snapshot["device_traces"]:
            for e in dev:
                a, size = e["action"], e.get("size", 0)
                if a == "alloc":
                    live3[e["addr"]] = size
                    cur += size
                elif a == "free_completed" and e["addr"] in live3:
                    cur -= live3.pop(e["addr"])
                elif a == "segment_alloc":
                    resv += size
                elif a == "segment_free":
                    resv -= size
                else:
                    continue
                if size >= big_bytes:
                    timeline.append([a, round(size / 2**20), round((cur + base_bytes) / 2**20),
                                     round(resv / 2**20), call_site(e.get("frames", []))])
                if resv > peak_resv:
                    peak_resv = resv
                    peak_at = [len(timeline), ["reserved-peak", 0, round((cur + base_bytes) / 2**20),
                                               round(resv / 2**20), ""]]
        if peak_resv:
            timeline.insert(peak_at[0], peak_at[1])
    # What each large segment holds at the end: its free bytes are the gap.
    seg_end = []
    for seg in snapshot.get("segments", []):
        if big_bytes and seg["total_size"] >= big_bytes:
            seg_end.append([round(seg["total_size"] / 2**20), round(seg["allocated_size"] / 2**20),
                            [[round(b["size"] / 2**20), b["state"]] for b in seg["blocks"]]])
    groups = {}
    for e in best_live.values():
        key = (e["size"], call_site(e.get("frames", [])))
        groups[key] = groups.get(key, 0) + 1
    rows = sorted(groups.items(), key=lambda kv: -kv[0][0] * kv[1])[:top]
    return {"traced_peak_bytes": best, "base_bytes": base_bytes,
            "top": [{"bytes": k[0], "count": c, "site": k[1]} for k, c in rows],
            "segments": segs, "timeline": timeline, "segments_at_end": seg_end}


def resident_report(snapshot, top=40):
    """The segments that empty_cache() could not return, and what pins each:
    the live blocks of every segment, grouped by size and call site."""
    rows = []
    for seg in snapshot.get("segments", []):
        live = {}
        for b in seg["blocks"]:
            if b["state"].startswith("active"):
                key = (b["size"], call_site(b.get("frames", [])))
                live[key] = live.get(key, 0) + 1
        rows.append([round(seg["total_size"] / 2**20, 1), round(seg["allocated_size"] / 2**20, 1),
                     [[round(k[0] / 2**20, 2), c, k[1]]
                      for k, c in sorted(live.items(), key=lambda kv: -kv[0][0] * kv[1])[:4]]])
    rows.sort(key=lambda r: -r[0])
    return rows[:top]


def run_evaluation(spec, trainer, eval_spec, eval_data, gen_kw, prec, EvalPeaks):
    """Trainer.evaluate, or generate() on the prompts of a decoder-only model."""
    import torch
    if spec.get("generate") and spec["head"] == "causal-lm":
        # no Trainer generates with a decoder-only model; an eval loop
        # calls generate() on the prompts
        m = trainer.model
        m.eval()
        amp = torch.bfloat16 if prec == "amp-bf16" or (prec == "bf16" and spec["method"] in ("lora", "qlora")) \
            else torch.float16 if prec == "amp-fp16" else None
        with torch.no_grad(), torch.autocast("cuda", dtype=amp, enabled=amp is not None):
            for i in range(eval_spec["steps"]):
                rows = eval_data[i * spec["eval_batch"]:(i + 1) * spec["eval_batch"]]
                ids = torch.stack([r["input_ids"] for r in rows]).cuda()
                out_ids = m.generate(input_ids=ids, attention_mask=torch.ones_like(ids),
                                     pad_token_id=0, **gen_kw)
                del out_ids, ids
    else:
        # A real evaluation computes a metric (accuracy, ROUGE); with
        # compute_metrics unset Trainer.evaluate runs prediction_loss_only
        # and neither returns logits nor generates. The metric itself runs
        # on the host.
        trainer.compute_metrics = lambda pred: {}
        trainer.add_callback(EvalPeaks())
        trainer.evaluate(eval_dataset=eval_data, **gen_kw)


def trainer_autocast(spec):
    """Whether the Trainer's bf16/fp16 flag (torch.autocast) is on: AMP, and
    LoRA over a bf16 base, as PEFT recipes run it; a full fine-tune of 16-bit
    weights runs without it."""
    prec = spec["precision"]
    return prec in ("amp-bf16", "amp-fp16") or (prec == "bf16" and spec["method"] in ("lora", "qlora"))


def frozen_forward(spec, model, data, cfg, weights_bytes, untied, total):
    """method "frozen": no parameter requires grad, so a forward with grad
    mode on records no graph and saves nothing. The model runs in train
    mode, as a step would, and computes the loss from its labels; no
    optimizer, no backward (a trainer's loss.backward() would raise). What
    vramplan's frozen estimate says (src/estimate.c frozen_forward): the
    evaluation's forward over the weights alone."""
    import torch
    import transformers
    for p in model.parameters():
        p.requires_grad_(False)
    model.train()
    prec = spec["precision"]
    amp = torch.bfloat16 if prec == "amp-bf16" else torch.float16 if prec == "amp-fp16" else None
    step_peaks, step_reserved = [], []
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    if spec.get("trace"):
        torch.cuda.memory._record_memory_history(max_entries=3_000_000)
    base_reserved = torch.cuda.memory_reserved()
    t0 = time.time()
    for i in range(spec.get("steps", 3)):
        rows = data[i * spec["batch"]:(i + 1) * spec["batch"]]
        batch = {k: torch.stack([r[k] for r in rows]).cuda() for k in rows[0]}
        torch.cuda.reset_peak_memory_stats()
        with torch.autocast("cuda", dtype=amp, enabled=amp is not None):
            out = model(**batch)
        if out.loss.requires_grad:
            raise RuntimeError("the frozen model's loss has a grad_fn: something requires grad")
        del out, batch
        torch.cuda.synchronize()
        step_peaks.append(torch.cuda.max_memory_allocated())
        step_reserved.append(torch.cuda.max_memory_reserved())
    res = {
        "max_allocated": max(step_peaks), "max_reserved": max(step_reserved),
        "weights_allocated": weights_bytes, "step_peaks": step_peaks, "step_reserved": step_reserved,
        "reserved_end": torch.cuda.memory_reserved(), "untied_lm_head": untied,
        "trainable_params": 0, "total_params": total, "train_s": round(time.time() - t0, 2),
        "torch": torch.__version__, "transformers": transformers.__version__,
        "gpu_name": torch.cuda.get_device_name(0),
    }
    res["context_mib"] = smi_used_mib() - spec["_idle_mib"] - res["reserved_end"] / 2**20
    res["nvml_used_mib"] = res["context_mib"] + res["max_reserved"] / 2**20
    if spec.get("trace"):
        res["trace"] = peak_report(torch.cuda.memory._snapshot(), weights_bytes, 40,
                                   int(spec.get("trace_big_mib", 0)) * 2**20, base_reserved)
    return res


def child(spec):
    # "env": variables the run sets before torch is imported (e.g.
    # CUBLAS_WORKSPACE_CONFIG, read when the first cuBLAS handle is made)
    os.environ.update(spec.get("env", {}))
    if spec.get("expandable_segments"):
        # read by the caching allocator when CUDA initializes
        os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"
    import torch
    import transformers
    from transformers import AutoConfig, Trainer, TrainingArguments, TrainerCallback

    idle_mib = spec["_idle_mib"]
    torch.manual_seed(0)
    cfg = AutoConfig.from_pretrained(spec["_config_path"])
    if hasattr(cfg, "use_cache"):
        # off unless the run says "use_cache": true (config.json's default,
        # which builds a DynamicCache in every forward without checkpointing)
        cfg.use_cache = bool(spec.get("use_cache", False))
    prec = spec["precision"]
    kw = {"attn_implementation": spec["attn"]}
    if spec["head"] in ("sequence-classification", "token-classification"):
        cfg.num_labels = spec["num_labels"]
    cls = model_class(spec["head"])
    weight_dtype = torch.float32
    if prec == "bf16" or spec.get("base_dtype") == "bf16":
        weight_dtype = torch.bfloat16
    quant = spec.get("quant")
    if quant:
        from transformers import BitsAndBytesConfig
        d = tempfile.mkdtemp(dir="/tmp")
        with torch.device("cuda"):
            m = cls.from_config(cfg, torch_dtype=torch.bfloat16, **kw)
        m.save_pretrained(d, safe_serialization=True)
        del m
        torch.cuda.empty_cache()
        if quant == "int8":
            q = BitsAndBytesConfig(load_in_8bit=True)
        else:
            q = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4",
                                   bnb_4bit_use_double_quant=(quant == "nf4-dq"),
                                   bnb_4bit_compute_dtype=torch.bfloat16)
        model = cls.from_pretrained(d, quantization_config=q, torch_dtype=torch.bfloat16,
                                    device_map={"": 0}, **kw)
    else:
        with torch.device("cuda"):
            model = cls.from_config(cfg, torch_dtype=weight_dtype, **kw)
    # transformers 5 sets tie_word_embeddings for T5-family configs that say
    # false (huggingface/transformers#48154); untie to build the model the
    # config describes: mT5's LM head is its own matrix.
    untied = False
    with open(spec["_config_path"]) as f:
        said_tied = json.load(f).get("tie_word_embeddings", True)
    out_emb, in_emb = model.get_output_embeddings(), model.get_input_embeddings()
    if not said_tied and out_emb is not None and out_emb.weight is in_emb.weight:
        out_emb.weight = torch.nn.Parameter(in_emb.weight.detach().clone())
        model.config.tie_word_embeddings = False
        untied = True
    if spec["grad_ckpt"] and spec["method"] in ("lora", "qlora"):
        model.enable_input_require_grads()
    if spec["method"] in ("lora", "qlora"):
        from peft import LoraConfig, get_peft_model
        if spec["method"] == "qlora":
            from peft import prepare_model_for_kbit_training
            model = prepare_model_for_kbit_training(model, use_gradient_checkpointing=False)
        lc = LoraConfig(r=spec["lora_r"], lora_alpha=2 * spec["lora_r"],
                        lora_dropout=spec.get("lora_dropout", 0.05),
                        target_modules=spec["lora_targets"],
                        modules_to_save=spec.get("modules_to_save"),
                        task_type=PEFT_TASK[spec["head"]])
        model = get_peft_model(model, lc)
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    total = sum(p.numel() for p in model.parameters())
    data = build_dataset(spec, cfg)
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    weights_bytes = torch.cuda.memory_allocated()
    if spec["method"] == "frozen":
        print("RESULT " + json.dumps(frozen_forward(spec, model, data, cfg, weights_bytes, untied, total)),
              flush=True)
        return

    step_peaks = []
    step_reserved = []
    batch_lengths = []

    eval_step_peaks, eval_reserved_peaks = [], []

    class EvalPeaks(TrainerCallback):
        # the peak of each evaluation step: predictions kept on the GPU
        # between steps show as growth
        def on_prediction_step(self, args, state, control, **k):
            eval_step_peaks.append(torch.cuda.max_memory_allocated())
            eval_reserved_peaks.append(torch.cuda.max_memory_reserved())
            torch.cuda.reset_peak_memory_stats()

    class Peaks(TrainerCallback):
        def on_step_begin(self, args, state, control, **k):
            torch.cuda.reset_peak_memory_stats()

        def on_step_end(self, args, state, control, **k):
            step_peaks.append(torch.cuda.max_memory_allocated())
            # the reserved bytes after each step: with dynamic padding,
            # whether the cache grows as batches change their length
            step_reserved.append(torch.cuda.max_memory_reserved())

    optim = {"adamw": "adamw_torch", "adamw-fused": "adamw_torch_fused",
             "adamw-8bit": "adamw_bnb_8bit", "paged-adamw": "paged_adamw_32bit",
             "paged-adamw-8bit": "paged_adamw_8bit", "adafactor": "adafactor",
             "sgd": "sgd", "sgd-momentum": "sgd", "lion": "lion_32bit"}[spec["optimizer"]]
    out = tempfile.mkdtemp(dir="/tmp")
    args_cls, trainer_cls, gen = TrainingArguments, Trainer, {}
    if spec.get("generate"):
        # evaluation with generation (predict_with_generate), as a
        # summarization script runs it
        from transformers import Seq2SeqTrainer, Seq2SeqTrainingArguments
        args_cls, trainer_cls = Seq2SeqTrainingArguments, Seq2SeqTrainer
        gen = {"predict_with_generate": True, "generation_max_length": spec["max_new_tokens"],
               "generation_num_beams": spec.get("num_beams", 1)}
    args = args_cls(
        **gen,
        output_dir=out, per_device_train_batch_size=spec["batch"],
        per_device_eval_batch_size=spec.get("eval_batch", 8),
        eval_accumulation_steps=spec.get("eval_accumulation_steps"),
        gradient_accumulation_steps=spec.get("grad_accum", 1), max_steps=spec.get("steps", 3),
        learning_rate=1e-5, optim=optim,
        bf16=trainer_autocast(spec) and prec in ("amp-bf16", "bf16"),
        fp16=prec == "amp-fp16",
        gradient_checkpointing=spec["grad_ckpt"],
        torch_compile=bool(spec.get("compile")),
        gradient_checkpointing_kwargs={"use_reentrant": spec.get("reentrant", True)},
        report_to=[], save_strategy="no", logging_strategy="no", eval_strategy="no",
        dataloader_num_workers=0, dataloader_pin_memory=False, remove_unused_columns=False,
        disable_tqdm=True, seed=0)
    optimizers = (None, None)
    if spec["optimizer"] == "sgd-momentum":
        # Trainer's "sgd" is torch.optim.SGD without momentum and passes no
        # optim_args to it; build the momentum variant (one state per
        # trainable parameter) here.
        optimizers = (torch.optim.SGD([p for p in model.parameters() if p.requires_grad],
                                      lr=1e-5, momentum=0.9), None)
    collate = {}
    if spec.get("lengths"):
        if spec["head"] not in ("causal-lm", "masked-lm") or spec["lengths"][1] != spec["seq_len"]:
            raise ValueError("lengths: causal-lm or masked-lm runs only, with seq_len the longest length")
        pad_id = cfg.pad_token_id if cfg.pad_token_id is not None else 0

        def collate_and_record(rows):
            batch = pad_collate(rows, pad_id)
            batch_lengths.append(int(batch["input_ids"].shape[1]))
            return batch
        collate = {"data_collator": collate_and_record}
    trainer = trainer_cls(model=model, args=args, train_dataset=data, callbacks=[Peaks()],
                          optimizers=optimizers, **collate)
    # Trainer.__init__ may move or wrap the model; the peak counts from here.
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    trace_eval = bool(spec.get("trace")) and bool(spec.get("eval_batch"))
    # trace_resident: what the training leaves pinned for the evaluation,
    # so the training itself is recorded (the blocks' call sites)
    trace_resident = bool(spec.get("trace_resident")) and bool(spec.get("eval_batch"))
    if (spec.get("trace") and not trace_eval) or trace_resident:
        torch.cuda.memory._record_memory_history(max_entries=3_000_000)
    base = torch.cuda.memory_allocated()
    base_reserved = torch.cuda.memory_reserved()
    if spec.get("train_cap_gib"):
        # a smaller GPU's allocator: the caching allocator may reserve no
        # more than the cap (CUDACachingAllocator's allowed_memory_maximum),
        # as on a card whose memory less the CUDA context is that size
        torch.cuda.set_per_process_memory_fraction(
            spec["train_cap_gib"] * GIB / torch.cuda.get_device_properties(0).total_memory)
    t0 = time.time()
    try:
        trainer.train()
    except torch.cuda.OutOfMemoryError:
        if not spec.get("train_cap_gib"):
            raise
        print("RESULT " + json.dumps({"train_cap_gib": spec["train_cap_gib"], "train_oom": True,
                                      "max_reserved": torch.cuda.max_memory_reserved(),
                                      "torch": torch.__version__}), flush=True)
        return
    torch.cuda.synchronize()
    wall = time.time() - t0
    train_allocated = torch.cuda.max_memory_allocated()
    train_reserved = torch.cuda.max_memory_reserved()
    eval_res = None
    if spec.get("eval_batch"):
        # evaluation between optimizer steps, as Trainer runs it: the
        # optimizer's states stay, the gradients were freed by zero_grad.
        # The training's free cached segments are released first: on a GPU
        # without room for both the allocator does so itself before it
        # reports OOM (release_cached_blocks in CUDACachingAllocator.cpp),
        # so the evaluation's own reserved peak is what must fit.
        eval_spec = dict(spec, batch=spec["eval_batch"], grad_accum=1, steps=spec.get("eval_steps", 2))
        eval_data = build_dataset(eval_spec, cfg)
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        eval_base = torch.cuda.memory_allocated()
        eval_reserved_base = torch.cuda.memory_reserved()
        resident = None
        if trace_resident:
            resident = resident_report(torch.cuda.memory._snapshot())
            torch.cuda.memory._record_memory_history(enabled=None)
        if trace_eval:
            torch.cuda.memory._record_memory_history(max_entries=3_000_000)
        if spec.get("eval_cap_gib"):
            # what must fit, rather than what a roomy GPU's allocator keeps:
            # the evaluation under a cap, where the allocator releases its
            # free cached segments and retries before it reports OOM
            torch.cuda.set_per_process_memory_fraction(
                spec["eval_cap_gib"] * GIB / torch.cuda.get_device_properties(0).total_memory)
        eval_oom = False
        gen_kw = {}
        if spec.get("generate"):
            # the checkpoint's generation config caches keys and values
            # (use_cache was turned off above for training only); every
            # sample generates exactly max_new_tokens
            gen_kw = {"max_new_tokens": spec["max_new_tokens"], "min_new_tokens": spec["max_new_tokens"],
                      "num_beams": spec.get("num_beams", 1), "use_cache": True, "do_sample": False}
        try:
            run_evaluation(spec, trainer, eval_spec, eval_data, gen_kw, prec, EvalPeaks)
        except torch.OutOfMemoryError:
            eval_oom = True
        torch.cuda.synchronize()
        eval_res = {"batch": spec["eval_batch"], "steps": spec.get("eval_steps", 2),
                    "generate": bool(spec.get("generate")), "num_beams": spec.get("num_beams", 1),
                    "max_new_tokens": spec.get("max_new_tokens"),
                    "eval_accumulation_steps": spec.get("eval_accumulation_steps"),
                    "fresh_cache": True, "allocated_before": eval_base,
                    "cap_gib": spec.get("eval_cap_gib"), "oom": eval_oom,
                    "reserved_before": eval_reserved_base,
                    "max_allocated": max(eval_step_peaks + [torch.cuda.max_memory_allocated()]),
                    "max_reserved": max(eval_reserved_peaks + [torch.cuda.max_memory_reserved()]),
                    "step_peaks": eval_step_peaks}
        if resident is not None:
            eval_res["resident_segments"] = resident
        if trace_eval:
            eval_res["trace"] = peak_report(torch.cuda.memory._snapshot(), eval_base, 40)
            torch.cuda.memory._record_memory_history(enabled=None)
    res = {
        "max_allocated": train_allocated,
        "max_reserved": train_reserved,
        "weights_allocated": weights_bytes,
        "step_peaks": step_peaks,
        "step_reserved": step_reserved,
        "reserved_end": torch.cuda.memory_reserved(),
        "untied_lm_head": untied,
        "trainable_params": trainable, "total_params": total, "train_s": round(wall, 2),
        "torch": torch.__version__, "transformers": transformers.__version__,
        "gpu_name": torch.cuda.get_device_name(0),
    }
    # max_memory_* were reset at each step begin by the callback; the whole-run
    # peak is the largest step peak (the first step's forward included).
    res["max_allocated"] = max(step_peaks + [res["max_allocated"]])
    if batch_lengths:
        res["batch_lengths"] = batch_lengths
    if spec.get("train_cap_gib"):
        res["train_cap_gib"] = spec["train_cap_gib"]
        res["train_oom"] = False
    # nvidia-smi now shows the context plus what the allocator holds now; at
    # the peak it held max_reserved instead.
    res["context_mib"] = smi_used_mib() - idle_mib - res["reserved_end"] / 2**20
    res["nvml_used_mib"] = res["context_mib"] + res["max_reserved"] / 2**20
    if eval_res is not None:
        eval_res["nvml_used_mib"] = res["context_mib"] + eval_res["max_reserved"] / 2**20
        res["eval"] = eval_res
    try:
        import peft
        res["peft"] = peft.__version__
    except ImportError:
        pass
    if spec.get("trace") and not trace_eval:
        snap = torch.cuda.memory._snapshot()
        res["trace"] = peak_report(snap, base, 40, int(spec.get("trace_big_mib", 0)) * 2**20,
                                   base_reserved)
    print("RESULT " + json.dumps(res), flush=True)


def context_child(idle_mib):
    """The CUDA context and the cuBLAS/cuDNN state a training step creates."""
    import torch
    a = torch.randn(1024, 1024, device="cuda", dtype=torch.bfloat16)
    b = (a @ a).float()
    torch.nn.functional.cross_entropy(b, torch.zeros(1024, dtype=torch.long, device="cuda"))
    torch.cuda.synchronize()
    print("RESULT " + json.dumps({
        "nvml_used_mib": smi_used_mib() - idle_mib,
        "reserved": torch.cuda.memory_reserved(),
        "torch": torch.__version__, "gpu_name": torch.cuda.get_device_name(0)}), flush=True)


# --------------------------------------------------------------- parent side

CASE_KEYS = ["id", "source", "quality", "config", "head", "num_labels", "framework", "batch",
             "grad_accum", "seq_len", "tgt_len", "packed", "precision", "optimizer",
             "optimizer_in_backward", "method", "lora_r", "lora_alpha", "lora_targets",
             "modules_to_save", "quant", "grad_ckpt", "activation_offload", "attn", "loss",
             "compile", "gpu", "gpus", "zero", "metric", "measured_gib", "notes"]


CASES_HEADER = ("# Written by bench/measured/measure.py from results.json; see bench/measured/README.md.\n"
                "# Extension keys beyond ../shared/groundtruth's schema: lora_dropout, pytorch, expandable_segments,\n"
                "# compile_scope, autocast, padding_mask; for an evaluation's peak eval_batch, eval_steps, eval_accumulation_steps,\n"
                "# generate, num_beams, max_new_tokens, eval_loss, use_cache.\n\n")


def yaml_scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(yaml_scalar(x) for x in v) + "]"
    return json.dumps(str(v))


def catalogue_gpu(name):
    """vramplan's catalogue name of the GPU torch reported (the device lends
    an H100 or, when none is free, an H200)."""
    for needle, gpu in (("H200", "h200"), ("H100 80GB", "h100-80gb")):
        if needle in name:
            return gpu
    raise SystemExit("no catalogue name for GPU %r: add it to catalogue_gpu()" % name)


def case_rows(spec, res):
    metrics = [("max_allocated", res["max_allocated"] / GIB, "a"),
               ("max_reserved", res["max_reserved"] / GIB, "r"),
               ("nvml_used", res["nvml_used_mib"] / 1024.0, "d")]
    env = "torch %s, transformers %s%s, %s" % (
        res["torch"], res["transformers"],
        ", peft " + res["peft"] if "peft" in res and spec["method"] != "full" else "",
        res["gpu_name"])
    rows = []
    for metric, gib, suffix in metrics:
        c = {
            "id": "%s-%s" % (spec["id"], suffix),
            "source": "vramplan bench/measured/measure.py on the lent device (%s)" % env,
            "quality": "A", "config": "configs/" + spec["config"], "head": spec["head"],
            "num_labels": spec.get("num_labels"),
            "framework": "other" if spec["method"] == "frozen" else "hf-trainer",
            "batch": spec["batch"], "grad_accum": spec.get("grad_accum", 1),
            # every sample is exactly seq_len tokens, no padding: what the
            # schema's packed says (an all-ones attention mask, which
            # transformers drops for SDPA); pad_tokens runs pad each sample
            "seq_len": spec["seq_len"], "tgt_len": spec.get("tgt_len"),
            "packed": not spec.get("pad_tokens") and not spec.get("lengths"),
            "precision": spec["precision"],
            "optimizer": None if spec["method"] == "frozen" else spec["optimizer"],
            "optimizer_in_backward": False, "method": spec["method"],
            "lora_r": spec.get("lora_r"), "lora_alpha": 2 * spec["lora_r"] if spec.get("lora_r") else None,
            "lora_targets": spec.get("lora_targets"), "modules_to_save": spec.get("modules_to_save"),
            "quant": spec.get("quant"), "grad_ckpt": spec["grad_ckpt"], "activation_offload": False,
            "attn": spec["attn"], "loss": "standard", "compile": bool(spec.get("compile")),
            "gpu": catalogue_gpu(res["gpu_name"]),
            "gpus": 1, "zero": None, "metric": metric, "measured_gib": round(gib, 3),
            "notes": "%d %s on random weights, %s; step peaks (GiB) %s; trainable %d of %d parameters%s%s" % (
                         spec.get("steps", 3),
                         "forwards of the frozen model (nothing requires grad; train mode, loss from the labels)"
                         if spec["method"] == "frozen" else "steps of HF Trainer",
                         "every sample %d tokens of which the last %d are padding (attention mask 0, labels -100)" % (
                             spec["seq_len"], spec["pad_tokens"]) if spec.get("pad_tokens") else
                         "sample lengths uniform in %d..%d, each batch padded to its longest (dynamic padding; "
                         "seq_len is the maximum)" % tuple(spec["lengths"]) if spec.get("lengths") else
                         "every sample exactly seq_len tokens (no padding)",
                         ", ".join("%.3f" % (p / GIB) for p in res["step_peaks"]),
                         res["trainable_params"], res["total_params"],
                         "; lora_dropout %.2f" % spec.get("lora_dropout", 0.05) if spec["method"] in ("lora", "qlora") else "",
                         "; " + spec["note"] if spec.get("note") else "") +
                     ("; LM head untied as the config says (transformers 5 ties T5-family heads: "
                      "huggingface/transformers#48154)" if res.get("untied_lm_head") else ""),
        }
        if spec["method"] in ("lora", "qlora"):
            c["lora_dropout"] = spec.get("lora_dropout", 0.05)
        if spec.get("expandable_segments"):
            c["expandable_segments"] = True
        if spec.get("pad_tokens") or spec.get("lengths"):
            # padded samples: transformers builds an attention mask
            c["padding_mask"] = True
        if spec["precision"] in ("bf16", "fp16"):
            # 16-bit weights: with the Trainer's bf16/fp16 flags off, no
            # torch.autocast around the step; on (LoRA over a 16-bit
            # base), autocast runs, which the schema's bf16 does not say
            c["autocast"] = bool(trainer_autocast(spec))
        if spec.get("compile"):
            # HF Trainer's torch_compile compiles the whole model, whose
            # forward computes the loss: one graph
            c["compile_scope"] = "model"
        # not in the shared schema: child() turns the config's use_cache
        # off unless the run says "use_cache": true, and a forward without
        # checkpointing builds a KV cache only with it on
        c["use_cache"] = bool(spec.get("use_cache", False))
        c["pytorch"] = res["torch"]
        rows.append(c)
    return rows


def eval_case_rows(spec, res):
    """The evaluation after the training steps, as cases with the extension
    keys eval_batch, eval_accumulation_steps, generate, num_beams,
    max_new_tokens and eval_loss. Only evaluations measured from a released
    cache (fresh_cache): before, the training's cached segments hid the
    evaluation's own reserved peak."""
    ev = res.get("eval")
    if not ev or not ev.get("fresh_cache") or ev.get("cap_gib"):
        # a run under a cap (the *-cap runs) tests what must fit; its peaks
        # are not a roomy GPU's
        return []
    base = case_rows(spec, res)
    steps_note = ", ".join("%.3f" % (p / GIB) for p in ev.get("step_peaks", []))
    rows = []
    for row, (metric, gib, suffix) in zip(base, [
            ("max_allocated", ev["max_allocated"] / GIB, "a"),
            ("max_reserved", ev["max_reserved"] / GIB, "r"),
            ("nvml_used", ev["nvml_used_mib"] / 1024.0, "d")]):
        c = dict(row)
        c["id"] = "%s-eval-%s" % (spec["id"], suffix)
        c["measured_gib"] = round(gib, 3)
        generate_only = bool(spec.get("generate")) and spec["head"] == "causal-lm"
        c["notes"] = ("HF Trainer evaluation after %d training steps (optimizer states resident, gradients "
                      "freed), the training's free cached segments released first (torch.cuda.empty_cache); "
                      "%d eval steps of batch %d%s; eval step peaks (GiB) %s; resident before: allocated %.3f, "
                      "reserved %.3f GiB" % (
                          spec.get("steps", 3), ev["steps"], ev["batch"],
                          "; generation by generate() on the prompts, no loss forward (no Trainer generates "
                          "with a decoder-only model)" if generate_only else
                          "; Seq2SeqTrainer predict_with_generate" if spec.get("generate") else "",
                          steps_note or "-", ev["allocated_before"] / GIB, ev["reserved_before"] / GIB))
        c["eval_batch"] = ev["batch"]
        c["eval_steps"] = ev["steps"]
        c["eval_accumulation_steps"] = spec.get("eval_accumulation_steps")
        c["generate"] = bool(spec.get("generate"))
        # child() sets cfg.use_cache from the run (False unless it says
        # "use_cache": true): the loss forward built no cache without it
        c["use_cache"] = bool(spec.get("use_cache", False))
        if spec.get("generate"):
            c["num_beams"] = spec.get("num_beams", 1)
            c["max_new_tokens"] = spec["max_new_tokens"]
        if generate_only:
            c["eval_loss"] = False
        rows.append(c)
    return rows


def write_cases(path, header, cases):
    with open(path, "w") as f:
        f.write(header)
        for c in cases:
            first = True
            for k in CASE_KEYS + [k for k in c if k not in CASE_KEYS]:
                f.write("%s%s: %s\n" % ("- " if first else "  ", k, yaml_scalar(c[k])))
                first = False
            f.write("\n")


def run_child(args_list, timeout):
    p = subprocess.run([sys.executable, os.path.abspath(__file__)] + args_list,
                       capture_output=True, text=True, timeout=timeout)
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:]), None
    return None, (p.stderr or p.stdout)[-3000:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs")
    ap.add_argument("--out")
    ap.add_argument("--only", default="", help="comma-separated run ids")
    ap.add_argument("--child")
    ap.add_argument("--context-child", type=int)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--cases-from", help="write cases.yaml from this results.json, measuring nothing")
    a = ap.parse_args()
    if a.child:
        child(json.loads(a.child))
        return
    if a.context_child is not None:
        context_child(a.context_child)
        return
    os.makedirs(a.out, exist_ok=True)
    here = os.path.dirname(os.path.abspath(a.runs))
    runs = json.load(open(a.runs))["runs"]
    only = set(x for x in a.only.split(",") if x)
    if a.cases_from:
        # rewrite cases.yaml from a results.json already measured
        prev = json.load(open(a.cases_from))
        cases = []
        for spec in runs:
            if spec["id"] in prev and "error" not in prev[spec["id"]] and not prev[spec["id"]].get("train_oom"):
                clean = {k: v for k, v in spec.items() if k != "trace"}
                if spec.get("score", True):
                    cases += case_rows(clean, prev[spec["id"]])
                cases += eval_case_rows(clean, prev[spec["id"]])
        write_cases(os.path.join(a.out, "cases.yaml"), CASES_HEADER, cases)
        return
    idle = smi_used_mib()
    results = {"idle_mib": idle}
    ctx, err = run_child(["--context-child", str(idle)], a.timeout)
    results["context"] = ctx or {"error": err}
    print("context", json.dumps(results["context"]), flush=True)
    cases = []
    for spec in runs:
        if only and spec["id"] not in only:
            continue
        spec = dict(spec)
        spec["_idle_mib"] = idle
        spec["_config_path"] = os.path.join(here, "configs", spec["config"])
        t0 = time.time()
        try:
            res, err = run_child(["--child", json.dumps(spec)], a.timeout)
        except subprocess.TimeoutExpired:
            res, err = None, "timeout"
        if res is None:
            print("%-28s FAILED %s" % (spec["id"], err), flush=True)
            results[spec["id"]] = {"error": err}
            json.dump(results, open(os.path.join(a.out, "results.json"), "w"), indent=1)
            continue
        results[spec["id"]] = res
        if res.get("train_oom"):
            print("%-28s OUT OF MEMORY under a cap of %.3f GiB (%.0f s)" % (
                spec["id"], res["train_cap_gib"], time.time() - t0), flush=True)
            json.dump(results, open(os.path.join(a.out, "results.json"), "w"), indent=1)
            continue
        if res.get("train_cap_gib"):
            print("%-28s completed under a cap of %.3f GiB" % (spec["id"], res["train_cap_gib"]), flush=True)
        print("%-28s alloc %.3f resv %.3f nvml %.3f GiB steps %s (%.0f s)" % (
            spec["id"], res["max_allocated"] / GIB, res["max_reserved"] / GIB,
            res["nvml_used_mib"] / 1024.0,
            " ".join("%.3f" % (p / GIB) for p in res["step_peaks"]), time.time() - t0), flush=True)
        if res.get("batch_lengths"):
            print("   batch lengths %s" % " ".join(str(n) for n in res["batch_lengths"]), flush=True)
            print("   reserved after each step (GiB) %s" % " ".join(
                "%.3f" % (r / GIB) for r in res.get("step_reserved", [])), flush=True)
        if res.get("eval"):
            ev = res["eval"]
            if ev.get("cap_gib"):
                print("   eval under a cap of %.3f GiB: %s" % (ev["cap_gib"], "OUT OF MEMORY" if ev["oom"] else "completed"))
            print("   eval batch %d: alloc %.3f resv %.3f GiB (before: alloc %.3f resv %.3f) steps %s" % (
                ev["batch"], ev["max_allocated"] / GIB, ev["max_reserved"] / GIB,
                ev.get("allocated_before", 0) / GIB, ev.get("reserved_before", 0) / GIB,
                " ".join("%.3f" % (p / GIB) for p in ev.get("step_peaks", []))), flush=True)
        if res.get("eval", {}).get("resident_segments"):
            print("   segments left after empty_cache, before the evaluation (MiB, allocated MiB,"
                  " live blocks MiB x count site):")
            for g in res["eval"]["resident_segments"]:
                print("     %8.1f %8.1f  %s" % (g[0], g[1], "; ".join(
                    "%.2f x%d %s" % tuple(b) for b in g[2])))
        for tr in [t for t in (res.get("trace"), res.get("eval", {}).get("trace")) if t]:
            print("   traced peak %.3f GiB over base %.3f GiB" % (tr["traced_peak_bytes"] / GIB, tr["base_bytes"] / GIB))
            for r in tr["top"][:25]:
                print("   %10.1f MiB x%-3d %s" % (r["bytes"] / 2**20, r["count"], r["site"]))
            big = [s for s in tr["segments"] if s[0] >= 20]
            print("   segments >= 20 MiB (MiB, allocated MiB then, site): %d of %d" % (len(big), len(tr["segments"])))
            for s in big[:60]:
                print("     %8.1f @ %7d  %s" % (s[0], s[1], s[2]))
            if tr.get("timeline"):
                print("   large events (action, MiB, allocated MiB, reserved MiB after, site):")
                for t in tr["timeline"]:
                    print("     %-16s %7d %7d %7d  %s" % tuple(t))
                print("   large segments at the end (MiB, allocated MiB, blocks):")
                for g in tr["segments_at_end"]:
                    print("     %7d %7d  %s" % (g[0], g[1], " ".join("%d%s" % (b[0], "" if b[1].startswith("active") else "F") for b in g[2])))
        clean = {k: v for k, v in spec.items() if not k.startswith("_")}
        if spec.get("score", True):
            cases += case_rows(clean, res)
        cases += eval_case_rows(clean, res)
        # after every run: a session's device time can end between two runs
        json.dump(results, open(os.path.join(a.out, "results.json"), "w"), indent=1)
    json.dump(results, open(os.path.join(a.out, "results.json"), "w"), indent=1)
    write_cases(os.path.join(a.out, "cases.yaml"), CASES_HEADER, cases)


if __name__ == "__main__":
    main()
