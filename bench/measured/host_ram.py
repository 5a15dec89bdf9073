#!/usr/bin/env python3
"""Measure the host RAM of a Hugging Face training process and its DataLoader workers.

vramplan's host-RAM model (docs/memory-model.md, "Host RAM"; src/host.c) has three
terms this script measures on the lent machine, each in a fresh process:

  base     the trainer before its model: Python, torch and transformers imported,
           CUDA initialised, a GEMM, SDPA and a cross entropy run on the GPU, then a
           3-step Trainer run of a small model (GPT-2 124M from its config);
  load     from_pretrained() of a bf16 safetensors checkpoint (Llama 3.2 3B's
           shapes, 6.4 GB, written first by this script with random weights),
           to the CPU and then .to("cuda"), and with device_map="cuda";
  workers  torch DataLoader workers forked from a trainer that holds a tokenized
           dataset as Python lists (what a dataset.map() result turned into lists,
           or a hand-made list of dicts, is), iterated for one epoch with
           persistent workers: each worker's private memory (USS, what one more
           worker costs) and proportional set size; and the same data as a
           datasets.Dataset (Arrow) when the datasets package is installed.

Each phase samples /proc/self/status every 2 ms from a thread (VmRSS, RssAnon,
RssFile, RssShmem) and records the peaks; workers are read from
/proc/PID/smaps_rollup. Prints RESULT lines and writes OUT/host_ram.json.

    python3 bench/measured/host_ram.py --out DIR
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = float(1 << 20)


def status_kib():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"):
                out[k] = int(v.split()[0])
    return out


class Sampler:
    """Peaks of the process's resident set, sampled from a thread."""

    def __init__(self):
        self.peak = {}
        self.stop = False
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        while not self.stop:
            self.note()
            time.sleep(0.002)

    def note(self):
        s = status_kib()
        for k, v in s.items():
            if v > self.peak.get(k, 0):
                self.peak[k] = v
        return s

    def reset(self):
        self.peak = {}
        self.note()

    def mib(self, d):
        return {k: round(v / 1024.0, 1) for k, v in d.items()}

    def point(self):
        """Now and the peak since the last reset, in MiB."""
        return {"now": self.mib(self.note()), "peak": self.mib(self.peak)}


def emit(obj):
    print("RESULT " + json.dumps(obj), flush=True)


def smaps_rollup_kib(pid):
    out = {}
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            k, _, v = line.partition(":")
            parts = v.split()
            if len(parts) == 2 and parts[1] == "kB":
                out[k.strip()] = int(parts[0])
    return out


def children_of(pid):
    kids = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                st = f.read()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces
        fields = st[st.rfind(")") + 2:].split()
        if int(fields[1]) == pid:
            kids.append(int(d))
    return sorted(kids)


# ------------------------------------------------------------------ phases

def phase_base(a):
    s = Sampler()
    res = {"phase": "base", "stages": {}}
    res["stages"]["python"] = s.point()
    import torch
    res["stages"]["import torch"] = s.point()
    torch.zeros(1, device="cuda")
    res["stages"]["cuda init"] = s.point()
    x = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    (x @ x).sum().item()
    q = torch.randn(2, 16, 1024, 128, device="cuda", dtype=torch.bfloat16)
    torch.nn.functional.scaled_dot_product_attention(q, q, q, is_causal=True).sum().item()
    logits = torch.randn(2048, 32000, device="cuda", requires_grad=True)
    torch.nn.functional.cross_entropy(logits, torch.zeros(2048, dtype=torch.long, device="cuda")).backward()
    torch.cuda.synchronize()
    res["stages"]["gemm sdpa cross_entropy"] = s.point()
    import transformers
    from transformers import AutoConfig, AutoModelForCausalLM, Trainer, TrainingArguments
    res["stages"]["import transformers Trainer"] = s.point()
    res["torch"], res["transformers"] = torch.__version__, transformers.__version__
    cfg = AutoConfig.from_pretrained(os.path.join(HERE, "configs", "gpt2.json"))
    with torch.device("cuda"):
        model = AutoModelForCausalLM.from_config(cfg)
    res["stages"]["gpt2 built on the gpu"] = s.point()
    ids = torch.randint(0, cfg.vocab_size, (48, 512))
    data = [{"input_ids": r, "labels": r} for r in ids]
    out = tempfile.mkdtemp(dir="/tmp")
    args = TrainingArguments(output_dir=out, per_device_train_batch_size=8, max_steps=3,
                             bf16=True, report_to=[], save_strategy="no", logging_strategy="no",
                             dataloader_num_workers=0)
    Trainer(model=model, args=args, train_dataset=data).train()
    res["stages"]["trainer 3 steps"] = s.point()
    emit(res)


def phase_save(a):
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM
    cfg = AutoConfig.from_pretrained(os.path.join(HERE, "configs", "llama-3.2-3b.json"))
    with torch.device("cuda"):
        m = AutoModelForCausalLM.from_config(cfg, torch_dtype=torch.bfloat16)
    m.save_pretrained(a.ckpt, safe_serialization=True)
    n = sum(p.numel() for p in m.parameters())
    size = sum(os.path.getsize(os.path.join(a.ckpt, f)) for f in os.listdir(a.ckpt))
    emit({"phase": "save", "params": n, "checkpoint_bytes": size})


def phase_load(a):
    s = Sampler()
    import torch
    from transformers import AutoModelForCausalLM
    torch.zeros(1, device="cuda")
    res = {"phase": "load-" + a.how, "stages": {}}
    s.reset()
    res["stages"]["before"] = s.point()
    s.reset()
    t0 = time.time()
    if a.how in ("cpu-then-cuda", "fp32-cpu-then-cuda"):
        # fp32: the bf16 checkpoint loaded into fp32 weights, as an AMP run
        # (bf16: true with fp32 master weights) does
        dt = torch.float32 if a.how.startswith("fp32") else torch.bfloat16
        m = AutoModelForCausalLM.from_pretrained(a.ckpt, dtype=dt)
        res["stages"]["from_pretrained (cpu)"] = s.point()
        s.reset()
        m.to("cuda")
        res["stages"][".to(cuda)"] = s.point()
    else:
        m = AutoModelForCausalLM.from_pretrained(a.ckpt, dtype=torch.bfloat16, device_map="cuda")
        res["stages"]["from_pretrained (device_map cuda)"] = s.point()
    torch.cuda.synchronize()
    import gc
    gc.collect()
    s.reset()
    res["stages"]["after gc"] = s.point()
    res["seconds"] = round(time.time() - t0, 1)
    res["weights_on_gpu_mib"] = round(torch.cuda.memory_allocated() / MIB, 1)
    emit(res)


def phase_workers(a):
    s = Sampler()
    import torch
    from transformers import default_data_collator
    torch.zeros(1, device="cuda")
    g = torch.Generator().manual_seed(0)
    n, seq = a.samples, 512
    res = {"phase": "workers-%s-%d-w%d-e%d" % (a.kind, n, a.workers, a.epochs), "samples": n, "seq_len": seq,
           "workers": a.workers, "batch": 16, "stages": {}}
    res["stages"]["before dataset"] = s.point()
    ids = torch.randint(0, 250000, (n, seq), generator=g)
    if a.kind == "tensors":
        # one tensor per column and sample: a worker's reads touch the tensor
        # objects' reference counts, not their storage
        data = [{"input_ids": r.clone(), "attention_mask": torch.ones(seq, dtype=torch.long),
                 "labels": r.clone()} for r in ids]
    elif a.kind == "lists":
        # token ids above 256 are Python int objects of their own (28 bytes and
        # an 8-byte slot in the list), as tokenizer output kept in lists is
        data = [{"input_ids": r.tolist(), "attention_mask": [1] * seq, "labels": r.tolist()}
                for r in ids]
    else:
        import datasets
        res["datasets"] = datasets.__version__
        data = datasets.Dataset.from_dict({"input_ids": ids.tolist(),
                                           "attention_mask": [[1] * seq] * n,
                                           "labels": ids.tolist()})
    del ids
    import gc
    gc.collect()
    res["stages"]["dataset built"] = s.point()
    dl = torch.utils.data.DataLoader(data, batch_size=16, shuffle=True, num_workers=a.workers,
                                     collate_fn=default_data_collator, pin_memory=True,
                                     persistent_workers=True, prefetch_factor=2)
    per = []
    steps = len(dl)
    marks = {steps // 4, steps // 2, steps - 1}
    t0 = time.time()
    res["epochs"] = a.epochs
    for e, i, batch in ((e, i, b) for e in range(a.epochs) for i, b in enumerate(dl)):
        batch["input_ids"].to("cuda", non_blocking=True)
        if i in marks and (e == 0 or i == steps - 1):
            kids = children_of(os.getpid())
            row = {"epoch": e + 1, "step": i + 1, "workers": []}
            for k in kids:
                try:
                    r = smaps_rollup_kib(k)
                except OSError:
                    continue
                row["workers"].append({
                    "rss_mib": round(r.get("Rss", 0) / 1024.0, 1),
                    "pss_mib": round(r.get("Pss", 0) / 1024.0, 1),
                    "uss_mib": round((r.get("Private_Clean", 0) + r.get("Private_Dirty", 0)) / 1024.0, 1),
                    "anon_mib": round(r.get("Anonymous", 0) / 1024.0, 1)})
            row["trainer"] = s.point()["now"]
            per.append(row)
    res["epoch_seconds"] = round(time.time() - t0, 1)
    res["steps"] = steps
    res["samples_over_time"] = per
    emit(res)


def phase_trainer_workers(a):
    """The same list-held set read by HF Trainer's own DataLoader (accelerate's
    DataLoaderShard over torch workers), persistent, for a.epochs epochs of a
    small GPT-2 (2 layers, width 128): each worker's USS at each epoch's end."""
    s = Sampler()
    import torch
    from transformers import (AutoConfig, AutoModelForCausalLM, Trainer, TrainingArguments,
                              TrainerCallback)
    g = torch.Generator().manual_seed(0)
    n, seq, batch = a.samples, 512, 16
    cfg = AutoConfig.from_pretrained(os.path.join(HERE, "configs", "gpt2.json"))
    cfg.n_layer, cfg.n_embd, cfg.n_head = 2, 128, 2
    with torch.device("cuda"):
        model = AutoModelForCausalLM.from_config(cfg)
    ids = torch.randint(0, cfg.vocab_size, (n, seq), generator=g)
    res = {"phase": "trainer-workers-lists-%d-w%d-e%d" % (n, a.workers, a.epochs), "samples": n,
           "seq_len": seq, "workers": a.workers, "batch": batch, "stages": {}}
    res["stages"]["before dataset"] = s.point()
    data = [{"input_ids": r.tolist(), "attention_mask": [1] * seq, "labels": r.tolist()} for r in ids]
    del ids
    import gc
    gc.collect()
    res["stages"]["dataset built"] = s.point()
    steps_per_epoch = n // batch
    per = []
    me = os.getpid()

    class Probe(TrainerCallback):
        def on_step_end(self, args, state, control, **kw):
            if state.global_step % steps_per_epoch == 0:
                row = {"epoch": state.global_step // steps_per_epoch, "workers": []}
                for k in children_of(me):
                    try:
                        r = smaps_rollup_kib(k)
                    except OSError:
                        continue
                    if r.get("Rss", 0) < 100 * 1024:
                        continue  # not a DataLoader worker (a helper process)
                    row["workers"].append({
                        "rss_mib": round(r.get("Rss", 0) / 1024.0, 1),
                        "pss_mib": round(r.get("Pss", 0) / 1024.0, 1),
                        "uss_mib": round((r.get("Private_Clean", 0) + r.get("Private_Dirty", 0)) / 1024.0, 1)})
                row["trainer"] = s.point()["now"]
                per.append(row)

    out = tempfile.mkdtemp(dir="/tmp")
    args = TrainingArguments(output_dir=out, per_device_train_batch_size=batch, num_train_epochs=a.epochs,
                             bf16=True, report_to=[], save_strategy="no", logging_strategy="no",
                             dataloader_num_workers=a.workers, dataloader_persistent_workers=True,
                             dataloader_pin_memory=True)
    t0 = time.time()
    Trainer(model=model, args=args, train_dataset=data, callbacks=[Probe()]).train()
    res["train_seconds"] = round(time.time() - t0, 1)
    res["samples_over_time"] = per
    emit(res)


# ------------------------------------------------------------------ driver

def run(args, timeout):
    p = subprocess.run([sys.executable, os.path.abspath(__file__)] + args,
                       capture_output=True, text=True, timeout=timeout)
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return {"error": (p.stderr or p.stdout)[-2000:], "args": args}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out")
    ap.add_argument("--phase")
    ap.add_argument("--ckpt")
    ap.add_argument("--how", default="cpu-then-cuda")
    ap.add_argument("--kind", default="lists")
    ap.add_argument("--samples", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="run only the first N phases")
    ap.add_argument("--from", dest="start", type=int, default=0, help="skip the first N phases")
    a = ap.parse_args()
    if a.phase:
        {"base": phase_base, "save": phase_save, "load": phase_load,
         "workers": phase_workers, "trainer-workers": phase_trainer_workers}[a.phase](a)
        return
    os.makedirs(a.out, exist_ok=True)
    results = []
    ckpt = tempfile.mkdtemp(dir="/tmp")
    plan = [["--phase", "workers", "--kind", "lists", "--samples", "20000", "--epochs", "6"],
            ["--phase", "workers", "--kind", "lists", "--samples", "20000", "--workers", "8", "--epochs", "3"],
            ["--phase", "workers", "--kind", "tensors", "--samples", "20000", "--epochs", "3"],
            ["--phase", "workers", "--kind", "lists", "--samples", "60000", "--epochs", "1"],
            ["--phase", "base"],
            ["--phase", "workers", "--kind", "lists", "--samples", "2000"],
            ["--phase", "workers", "--kind", "lists", "--samples", "20000"],
            ["--phase", "workers", "--kind", "arrow", "--samples", "20000"],
            ["--phase", "save", "--ckpt", ckpt],
            ["--phase", "load", "--ckpt", ckpt, "--how", "cpu-then-cuda"],
            ["--phase", "load", "--ckpt", ckpt, "--how", "device-map"],
            ["--phase", "load", "--ckpt", ckpt, "--how", "fp32-cpu-then-cuda"],
            ["--phase", "trainer-workers", "--samples", "20000", "--epochs", "3"]]
    for args in plan[a.start:a.first or len(plan)]:
        t0 = time.time()
        try:
            r = run(args, 240)
        except subprocess.TimeoutExpired:
            r = {"error": "timeout", "args": args}
        r["wall_s"] = round(time.time() - t0, 1)
        results.append(r)
        print(json.dumps(r), flush=True)
        with open(os.path.join(a.out, "host_ram.json"), "w") as f:
            json.dump({"results": results}, f, indent=1)


if __name__ == "__main__":
    main()
