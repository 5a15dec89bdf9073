#!/usr/bin/env python3
"""The loss's peak with the HF Trainer's label_smoothing_factor against the
cross-entropy that vramplan counts (docs/memory-model.md "Logits and loss").

With label_smoothing_factor the Trainer pops the labels (Trainer.compute_loss),
so the model computes no loss, and LabelSmoother (transformers
trainer_pt_utils.py, its __call__ copied below) works on the returned logits:
for a causal LM logits[..., :-1, :].contiguous(), -log_softmax, gather, sum.
The standard loss is transformers' ForCausalLMLoss (logits.float(), labels
padded and shifted, cross_entropy) or, for a head that does not upcast,
cross_entropy on the logits as they are.

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


def peak(dtype, loss_fn, batch=B, skip_sum_cast=False):
    h = torch.randn(batch, S, H, dtype=dtype, requires_grad=True)
    w = torch.randn(V, H, dtype=dtype)
    labels = torch.randint(0, V, (batch, S))

    def step():
        outputs = {"logits": h @ w.t()}  # the model's output, which compute_loss holds
        return loss_fn(outputs["logits"], labels)

    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        loss = step()
        loss.backward()
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


rows = [
    ("fp32 logits, causal LM: ForCausalLMLoss", torch.float32, for_causal_lm_loss, {}),
    ("fp32 logits, causal LM: LabelSmoother", torch.float32,
     lambda l, y: label_smoother(l, y, shift_labels=True), {}),
    ("fp32 logits, causal LM, batch 1: LabelSmoother", torch.float32,
     lambda l, y: label_smoother(l, y, shift_labels=True), {"batch": 1}),
    ("fp32 logits, seq2seq: CrossEntropyLoss", torch.float32, cross_entropy_as_is, {}),
    ("fp32 logits, seq2seq: LabelSmoother", torch.float32, label_smoother, {}),
    ("16-bit logits, autocast, causal LM: ForCausalLMLoss", torch.bfloat16, for_causal_lm_loss, {}),
    ("16-bit logits, autocast, causal LM: LabelSmoother", torch.bfloat16,
     lambda l, y: label_smoother(l, y, shift_labels=True, upcast=True), {}),
    ("16-bit logits, autocast, seq2seq: CrossEntropyLoss", torch.bfloat16,
     lambda l, y: cross_entropy_as_is(l, y, upcast=True), {}),
    ("16-bit logits, autocast, seq2seq: LabelSmoother", torch.bfloat16,
     lambda l, y: label_smoother(l, y, upcast=True), {}),
    ("16-bit logits, no autocast, causal LM (Qwen v1): CrossEntropyLoss", torch.bfloat16,
     lambda l, y: cross_entropy_as_is(l, y, shift=True), {}),
    ("16-bit logits, no autocast, causal LM: LabelSmoother", torch.bfloat16,
     lambda l, y: label_smoother(l, y, shift_labels=True), {"skip_sum_cast": True}),
    ("16-bit logits, no autocast, seq2seq: CrossEntropyLoss", torch.bfloat16, cross_entropy_as_is, {}),
    ("16-bit logits, no autocast, seq2seq: LabelSmoother", torch.bfloat16, label_smoother,
     {"skip_sum_cast": True}),
]
print(f"torch {torch.__version__}, batch {B} x {S} tokens, vocabulary {V}: peak bytes per logit")
for name, dtype, fn, kw in rows:
    print(f"{name:68s} {peak(dtype, fn, **kw):5.2f}")
