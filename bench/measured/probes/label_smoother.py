#!/usr/bin/env python3
"""The loss's peak with the HF Trainer's label_smoothing_factor against the
cross-entropy that vramplan counts (docs/memory-model.md "Logits and loss"),
in training and in evaluation.

With label_smoothing_factor the Trainer pops the labels (Trainer.compute_loss),
so the model computes no loss, and LabelSmoother (transformers
trainer_pt_utils.py, its __call__ copied below) works on the returned logits:
for a causal LM (shift_labels=True) logits[..., :-1, :].contiguous(),
-log_softmax, gather, sum. Evaluation (Trainer.prediction_step) calls the same
compute_loss under torch.no_grad(). The standard loss is transformers'
ForCausalLMLoss (logits.float(), labels padded and shifted, cross_entropy)
or, for a head that does not upcast, cross_entropy on the logits as they are.

Where autocast runs matters. The Trainer of mid-2023 on leaves it to
accelerate (transformers#23957: "mixed precision handling is moved to
Accelerate"; 4.35 has no use_cuda_amp, transformers#27760):
Accelerator.prepare_model wraps the model's forward alone in autocast and
then in convert_outputs_to_fp32, so the LabelSmoother, outside the forward,
gets fp32 logits and runs without autocast (the "amp, accelerate" rows). The
older Trainer entered torch.cuda.amp.autocast around compute_loss (the
"autocast around the loss" rows, kept for comparison).

No GPU was lent to this session: this ran on the CPU (Debian's python3-torch
1.13.1) and reads every allocation and free from the profiler's memory events,
in order. The autograd engine's order (what backward frees when) is the same
code on either device. One CPU-only difference: sum(dtype=float32) over 16-bit
log-probabilities makes an fp32 copy first, which CUDA's reduction casts in
its kernel; that transient is left out below (the "16-bit" rows).
Prints the peak in bytes per logit (B x T x V), the logits' own included."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile

B, S, V, H = 2, 128, 4000, 4


def label_smoother(logits, labels, epsilon=0.1, ignore_index=-100, shift_labels=False, upcast=False):
    # trainer_pt_utils.py LabelSmoother.__call__; upcast: autocast's fp32 cast for log_softmax
    if shift_labels:
        logits = logits[..., :-1, :].contiguous()
        labels = labels[..., 1:].contiguous()
    log_probs = -nn.functional.log_softmax(logits.float() if upcast else logits, dim=-1)
    if labels.dim() == log_probs.dim() - 1:
        labels = labels.unsqueeze(-1)
    padding_mask = labels.eq(ignore_index)
    labels = torch.clamp(labels, min=0)
    nll_loss = log_probs.gather(dim=-1, index=labels)
    smoothed_loss = log_probs.sum(dim=-1, keepdim=True, dtype=torch.float32)
    nll_loss.masked_fill_(padding_mask, 0.0)
    smoothed_loss.masked_fill_(padding_mask, 0.0)
    num_active_elements = padding_mask.numel() - padding_mask.long().sum()
    nll_loss = nll_loss.sum() / num_active_elements
    smoothed_loss = smoothed_loss.sum() / (num_active_elements * log_probs.shape[-1])
    return (1 - epsilon) * nll_loss + epsilon * smoothed_loss


def for_causal_lm_loss(logits, labels, ignore_index=-100):
    # transformers loss_utils.py ForCausalLMLoss
    logits = logits.float()
    labels = F.pad(labels, (0, 1), value=ignore_index)
    shift_labels = labels[..., 1:].contiguous()
    return F.cross_entropy(logits.view(-1, V), shift_labels.view(-1), ignore_index=ignore_index)


def cross_entropy_as_is(logits, labels, shift=False, upcast=False):
    # T5, BART (no shift) and Qwen v1 (shift) call CrossEntropyLoss on the logits
    if shift:
        logits = logits[..., :-1, :].contiguous()
        labels = labels[..., 1:].contiguous()
    return F.cross_entropy((logits.float() if upcast else logits).view(-1, V), labels.reshape(-1))


def peak(dtype, loss_fn, batch=B, skip_sum_cast=False, train=True, accelerate_amp=False):
    """accelerate_amp: the logits come out of an autocast'd forward (16-bit
    matmul from fp32 weights) and convert_outputs_to_fp32 upcasts them; the
    loss then runs outside autocast, as the Trainer calls LabelSmoother."""
    h = torch.randn(batch, S, H, dtype=dtype, requires_grad=train)
    w = torch.randn(V, H, dtype=dtype)
    labels = torch.randint(0, V, (batch, S))

    def forward():
        if accelerate_amp:
            with torch.autocast("cpu", dtype=torch.bfloat16):
                out = h @ w.t()
            return {"logits": out.float()}  # accelerate convert_to_fp32
        return {"logits": h @ w.t()}  # the model's output, which compute_loss holds

    def step():
        outputs = forward()
        return loss_fn(outputs["logits"], labels)

    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        if train:
            loss = step()
            loss.backward()
        else:
            with torch.no_grad():
                loss = step()
    events = [e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"]
    events.sort(key=lambda e: e.start_us())  # stable: one microsecond's events keep their order
    logit = batch * S * V
    live = top = 0
    sizes = [e.nbytes() for e in events]
    for i, n in enumerate(sizes):
        # the CPU's fp32 copy for sum(dtype=float32): an fp32 tensor freed at once
        if skip_sum_cast and n >= 3 * logit and i + 1 < len(sizes) and sizes[i + 1] == -n:
            sizes[i + 1] = 0
            continue
        live += n
        top = max(top, live)
    return top / logit


def ls(shift=False, upcast=False):
    return lambda l, y: label_smoother(l, y, shift_labels=shift, upcast=upcast)


bf16, fp32 = torch.bfloat16, torch.float32
rows = [
    ("fp32 logits, causal LM: ForCausalLMLoss", fp32, for_causal_lm_loss, {}),
    ("fp32 logits, causal LM: LabelSmoother", fp32, ls(shift=True), {}),
    ("fp32 logits, causal LM, batch 1: LabelSmoother", fp32, ls(shift=True), {"batch": 1}),
    ("fp32 logits, seq2seq: CrossEntropyLoss", fp32, cross_entropy_as_is, {}),
    ("fp32 logits, seq2seq: LabelSmoother", fp32, ls(), {}),
    ("amp, accelerate, causal LM: LabelSmoother", fp32, ls(shift=True), {"accelerate_amp": True}),
    ("amp, accelerate, causal LM, batch 1: LabelSmoother", fp32, ls(shift=True),
     {"accelerate_amp": True, "batch": 1}),
    ("amp, accelerate, seq2seq: LabelSmoother", fp32, ls(), {"accelerate_amp": True}),
    ("16-bit logits, autocast around the loss, causal LM: ForCausalLMLoss", bf16, for_causal_lm_loss, {}),
    ("16-bit logits, autocast around the loss, causal LM: LabelSmoother", bf16, ls(shift=True, upcast=True),
     {}),
    ("16-bit logits, autocast around the loss, seq2seq: CrossEntropyLoss", bf16,
     lambda l, y: cross_entropy_as_is(l, y, upcast=True), {}),
    ("16-bit logits, autocast around the loss, seq2seq: LabelSmoother", bf16, ls(upcast=True), {}),
    ("16-bit logits, no autocast, causal LM (Qwen v1): CrossEntropyLoss", bf16,
     lambda l, y: cross_entropy_as_is(l, y, shift=True), {}),
    ("16-bit logits, no autocast, causal LM: LabelSmoother", bf16, ls(shift=True), {"skip_sum_cast": True}),
    ("16-bit logits, no autocast, causal LM, batch 1: LabelSmoother", bf16, ls(shift=True),
     {"skip_sum_cast": True, "batch": 1}),
    ("16-bit logits, no autocast, seq2seq: CrossEntropyLoss", bf16, cross_entropy_as_is, {}),
    ("16-bit logits, no autocast, seq2seq: LabelSmoother", bf16, ls(), {"skip_sum_cast": True}),
]
# Evaluation: Trainer.prediction_step runs compute_loss under no_grad, so the
# labels are popped there too and the LabelSmoother runs on the logits that
# the outputs keep.
eval_rows = [
    ("fp32 logits, causal LM: ForCausalLMLoss", fp32, for_causal_lm_loss, {}),
    ("fp32 logits, causal LM: LabelSmoother", fp32, ls(shift=True), {}),
    ("fp32 logits, causal LM, batch 1: LabelSmoother", fp32, ls(shift=True), {"batch": 1}),
    ("fp32 logits, seq2seq: CrossEntropyLoss", fp32, cross_entropy_as_is, {}),
    ("fp32 logits, seq2seq: LabelSmoother", fp32, ls(), {}),
    ("amp, accelerate, causal LM: LabelSmoother", fp32, ls(shift=True), {"accelerate_amp": True}),
    ("amp, accelerate, seq2seq: LabelSmoother", fp32, ls(), {"accelerate_amp": True}),
    ("16-bit logits, no autocast, causal LM: ForCausalLMLoss", bf16, for_causal_lm_loss, {}),
    ("16-bit logits, no autocast, causal LM (Qwen v1): CrossEntropyLoss", bf16,
     lambda l, y: cross_entropy_as_is(l, y, shift=True), {}),
    ("16-bit logits, no autocast, causal LM (Qwen v1), batch 1: CrossEntropyLoss", bf16,
     lambda l, y: cross_entropy_as_is(l, y, shift=True), {"batch": 1}),
    ("16-bit logits, no autocast, causal LM: LabelSmoother", bf16, ls(shift=True), {"skip_sum_cast": True}),
    ("16-bit logits, no autocast, causal LM, batch 1: LabelSmoother", bf16, ls(shift=True),
     {"skip_sum_cast": True, "batch": 1}),
    ("16-bit logits, no autocast, seq2seq: CrossEntropyLoss", bf16, cross_entropy_as_is, {}),
    ("16-bit logits, no autocast, seq2seq: LabelSmoother", bf16, ls(), {"skip_sum_cast": True}),
]
print(f"torch {torch.__version__}, batch {B} x {S} tokens, vocabulary {V}: peak bytes per logit")
print("training (loss and backward):")
for name, dtype, fn, kw in rows:
    print(f"  {name:70s} {peak(dtype, fn, **kw):5.2f}")
print("evaluation (no_grad, prediction_step):")
for name, dtype, fn, kw in eval_rows:
    print(f"  {name:70s} {peak(dtype, fn, train=False, **kw):5.2f}")
