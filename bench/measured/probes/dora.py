#!/usr/bin/env python3
"""What PEFT's DoRA (LoraConfig(use_dora=True)) adds to one adapted linear over
plain LoRA: the tensors saved for backward, the forward's transients and the
evaluation forward's (docs/memory-model.md "DoRA").

The code below is PEFT 0.16.0's, copied: DoraLinearLayer.get_weight_norm and
.forward from huggingface/peft src/peft/tuners/lora/dora.py (commit d20332ed,
__version__ "0.16.0"), and the adapter loop of Linear.forward from
src/peft/tuners/lora/layer.py (x = self._cast_input_dtype(x, lora_A.weight.dtype);
the DoRA branch reuses the base layer's result when the dropout is
nn.Identity or the module is in eval mode, else drops x and lets DoRA
recompute F.linear(x, weight)). dequantize_module_weight
(src/peft/utils/integrations.py) returns the parameter itself for an
unquantized base; for a bitsandbytes 4-bit base it returns
dequantize_4bit's new tensor in the quant_state's dtype (16-bit), for 8-bit
int8_vectorwise_dequant's fp32 product (A * SCB * 1/127). No bitsandbytes
here: the "nf4" rows stand in a new 16-bit out x in tensor for it.

No GPU was lent to this session: this ran on the CPU (Debian's python3-torch
1.13.1) and reads every allocation and free from the profiler's memory events,
in order. What grows with the token count T is reported per T x out element,
what does not per out x in element (torch.eye's in x in included); split()
says at which T each is read. Sizes: in 192, out 320, r 8.

The second table reads DoRA's own figures, not minus LoRA's, with a
non-leaf input as a block's hidden states are: the forward's weight-norm
peak at T = 1 (LoRA's own forward transient there is the CPU's bf16 matmul
scratch, 25,344 bytes, which the difference above subtracts), the
forward's growth with T (the products with the magnitude), and the
backward's peak per T x out with and without the CPU's temporaries: on the
CPU TensorIterator casts a mixed-dtype input of an elementwise op into a
temporary of the common dtype (aten/src/ATen/TensorIterator.cpp
compute_types, "Creates temporaries for CPU operations", under
common_device == kCPU), allocated and freed inside that op; CUDA kernels
cast as they load, so a CUDA run holds the peak without them."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile

IN, OUT, R, SCALING = 192, 320, 8, 2.0
MARK = 12347


def transpose(weight, fan_in_fan_out):
    # peft/utils/other.py transpose
    if fan_in_fan_out:
        return weight.T
    return weight


class DoraLinearLayer(nn.Module):
    # peft 0.16.0 src/peft/tuners/lora/dora.py, forward and get_weight_norm as they are
    def __init__(self, fan_in_fan_out, dequantize):
        super().__init__()
        self.fan_in_fan_out = fan_in_fan_out
        self.dequantize = dequantize

    def get_weight_norm(self, weight, lora_weight, scaling) -> torch.Tensor:
        # calculate L2 norm of weight matrix, column-wise
        weight = transpose(weight, self.fan_in_fan_out)
        weight = weight + scaling * lora_weight
        weight_norm = torch.linalg.norm(weight, dim=1).to(weight.dtype)
        return weight_norm

    def forward(self, x, *, lora_A, lora_B, scaling, base_layer, base_result=None):
        # torch.eye(n, dtype=x.dtype): torch 1.13's CPU eye has no bfloat16, so
        # the same one n x n allocation is made with zeros().fill_diagonal_()
        x_eye = torch.zeros(lora_A.weight.shape[1], lora_A.weight.shape[1], dtype=x.dtype).fill_diagonal_(1)
        lora_weight = lora_B(lora_A(x_eye)).T

        magnitude = self.weight
        weight = self.dequantize(base_layer)  # dequantize_module_weight(base_layer)
        weight = weight.to(x.dtype)
        weight_norm = self.get_weight_norm(weight, lora_weight.detach(), scaling)
        weight_norm = weight_norm.detach()
        mag_norm_scale = (magnitude / weight_norm).view(1, -1)

        lora_result = lora_B(lora_A(x))

        bias = None
        if base_result is not None:
            bias = base_layer.bias
            if bias is not None:
                base_result = base_result - bias
        else:
            base_result = F.linear(x, transpose(weight, self.fan_in_fan_out))

        result_dora = (mag_norm_scale - 1) * base_result + mag_norm_scale * lora_result * scaling

        return result_dora


class Adapted(nn.Module):
    """One PEFT lora.Linear with one adapter; forward is Linear.forward's loop."""

    def __init__(self, base_dtype, adapter_dtype, dropout, dora, quant):
        super().__init__()
        self.base_layer = nn.Linear(IN, OUT, bias=False).to(base_dtype).requires_grad_(False)
        self.lora_A = nn.Linear(IN, R, bias=False).to(adapter_dtype)
        self.lora_B = nn.Linear(R, OUT, bias=False).to(adapter_dtype)
        self.lora_dropout = nn.Dropout(dropout) if dropout > 0 else nn.Identity()
        self.use_dora = dora
        if quant == "nf4":
            def deq(layer):
                # dequantize_4bit: a new out x in tensor in the quant_state's 16-bit dtype
                return layer.weight.detach().to(torch.bfloat16).clone()
        else:
            def deq(layer):
                return layer.weight
        self.dora = DoraLinearLayer(False, deq)
        with torch.no_grad():
            self.dora.weight = nn.Parameter(torch.ones(OUT, dtype=adapter_dtype))

    def forward(self, x):
        result = self.base_layer(x)
        torch_result_dtype = result.dtype
        lora_A, lora_B, dropout, scaling = self.lora_A, self.lora_B, self.lora_dropout, SCALING
        x = x.to(lora_A.weight.dtype)  # _cast_input_dtype
        if not self.use_dora:
            result = result + lora_B(lora_A(dropout(x))) * scaling
        else:
            if isinstance(dropout, nn.Identity) or not self.training:
                base_result = result
            else:
                x = dropout(x)
                base_result = None
            result = result + self.dora(
                x, lora_A=lora_A, lora_B=lora_B, scaling=scaling,
                base_layer=self.base_layer, base_result=base_result)
        result = result.to(torch_result_dtype)
        return result


def run(base_dtype, adapter_dtype, dropout, dora, T, train=True, autocast=False, quant=None):
    torch.manual_seed(0)
    m = Adapted(base_dtype, adapter_dtype, dropout, dora, quant)
    m.train(train)
    x = torch.randn(T, IN, dtype=base_dtype, requires_grad=train)
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
            if train:
                y = m(x)
            else:
                with torch.no_grad():
                    y = m(x)
        mark = torch.empty(MARK, dtype=torch.uint8)  # a marker no tensor here matches: the end of forward
        del mark
        if train:
            y.backward(torch.ones_like(y))
    events = [e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"]
    events.sort(key=lambda e: e.start_us())
    live = top_fwd = 0
    sizes = [e.nbytes() for e in events]
    end = next(i for i in range(len(sizes) - 1) if sizes[i] == MARK and sizes[i + 1] == -MARK)
    for n in sizes[:end]:
        live += n
        top_fwd = max(top_fwd, live)
    held = live - y.numel() * y.element_size()  # the graph's saved tensors and anything else held
    top_bwd = live
    for n in sizes[end + 2:]:
        live += n
        top_bwd = max(top_bwd, live)
    grad = m.dora.weight.grad
    return {
        "held": held,
        "fwd_transient": top_fwd - (held + y.numel() * y.element_size()),
        "bwd_peak_over_held": top_bwd - (held + y.numel() * y.element_size()),
        "mag_grad": 0 if grad is None or not dora else grad.numel() * grad.element_size(),
    }


def split(f, **kw):
    """DoRA minus LoRA: the saved tensors' part per T x out element and per
    out x in element (a fit over T 600 and 1200: saved memory is linear in
    T); the forward transient's part that does not grow with T (at T = 1,
    per out x in element) and the part that does (at T 8000 and 16000,
    where the T x out tensors dominate, per T x out element); the same
    for backward's peak over what forward left."""
    def diff(T, k):
        return f(dora=True, T=T, **kw)[k] - f(dora=False, T=T, **kw)[k]
    t1, t2 = 600, 1200
    slope = (diff(t2, "held") - diff(t1, "held")) / ((t2 - t1) * OUT)
    out = {"held": (slope, diff(t1, "held") - slope * t1 * OUT)}
    big1, big2 = 8000, 16000
    for k in ("fwd_transient", "bwd_peak_over_held"):
        slope = (diff(big2, k) - diff(big1, k)) / ((big2 - big1) * OUT)
        out[k] = (slope, diff(1, k))
    out["mag_grad"] = f(dora=True, T=t1, **kw)["mag_grad"]
    return out


rows = [
    ("bf16 base, fp32 adapters, dropout 0", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.0)),
    ("bf16 base, fp32 adapters, dropout 0.05", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.05)),
    ("bf16 base, bf16 adapters, dropout 0", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.bfloat16, dropout=0.0)),
    ("bf16 base, bf16 adapters, dropout 0.05", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.bfloat16, dropout=0.05)),
    ("fp32 base, fp32 adapters, dropout 0", dict(base_dtype=torch.float32, adapter_dtype=torch.float32, dropout=0.0)),
    ("fp32 base, fp32 adapters, dropout 0.05", dict(base_dtype=torch.float32, adapter_dtype=torch.float32, dropout=0.05)),
    ("fp32 base, fp32 adapters, autocast bf16, dropout 0",
     dict(base_dtype=torch.float32, adapter_dtype=torch.float32, dropout=0.0, autocast=True)),
    ("fp32 base, fp32 adapters, autocast bf16, dropout 0.05",
     dict(base_dtype=torch.float32, adapter_dtype=torch.float32, dropout=0.05, autocast=True)),
    ("nf4 stand-in (bf16 dequantized), fp32 adapters, dropout 0",
     dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.0, quant="nf4")),
    ("nf4 stand-in (bf16 dequantized), fp32 adapters, dropout 0.05",
     dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.05, quant="nf4")),
    ("eval: bf16 base, fp32 adapters", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.05, train=False)),
    ("eval: bf16 base, bf16 adapters", dict(base_dtype=torch.bfloat16, adapter_dtype=torch.bfloat16, dropout=0.05, train=False)),
    ("eval: nf4 stand-in, fp32 adapters",
     dict(base_dtype=torch.bfloat16, adapter_dtype=torch.float32, dropout=0.05, train=False, quant="nf4")),
]
print(f"torch {torch.__version__}; in {IN}, out {OUT}, r {R}; DoRA minus LoRA, one adapted linear, in bytes")
print(f"{'':60s} {'saved':>6s} {'saved':>6s} {'fwd tr.':>7s} {'fwd tr.':>7s} {'bwd':>6s} {'mag':>5s}")
print(f"{'':60s} {'/T.out':>6s} {'/out.in':>6s} {'/out.in':>7s} {'/T.out':>7s} {'/T.out':>6s} {'grad':>5s}")
for name, kw in rows:
    s = split(run, **kw)
    print(f"{name:60s} {s['held'][0]:6.2f} {s['held'][1] / (OUT * IN):6.2f} "
          f"{s['fwd_transient'][1] / (OUT * IN):7.2f} {s['fwd_transient'][0]:7.2f} "
          f"{s['bwd_peak_over_held'][0]:6.2f} {s['mag_grad']:5d}")
print(f"(in x in = {IN * IN} elements = {IN * IN / (OUT * IN):.2f} out x in; in x r = {IN * R / (OUT * IN):.3f} out x in)")


BINARY = ("aten::mul", "aten::add", "aten::sub", "aten::div")


def own(base_dtype, adapter_dtype, dropout, T, autocast=False, quant=None):
    """DoRA's forward transient at T (bytes) and its backward peak over what
    forward left (bytes, the output's gradient included), on the CPU and
    without the allocations made and freed inside one binary op."""
    torch.manual_seed(0)
    m = Adapted(base_dtype, adapter_dtype, dropout, True, quant)
    m.train(True)
    # a non-leaf input, as a block's hidden states are: autocast caches its
    # cast of a leaf that requires grad (autocast_mode.cpp cached_cast)
    # until the autocast region ends, which no layer input sees
    x = torch.randn(T, IN, dtype=base_dtype, requires_grad=True) * 1.0
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
            y = m(x)
        mark = torch.empty(MARK, dtype=torch.uint8)
        del mark
        y.backward(torch.ones_like(y))
    t0 = prof.profiler.kineto_results.trace_start_us()
    events = sorted([e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"],
                    key=lambda e: e.start_us())
    ops = [o for o in prof.events() if o.name in BINARY]
    tagged = []
    for e in events:
        t = e.start_us() - t0
        inside = [i for i, o in enumerate(ops) if o.time_range.start <= t <= o.time_range.end]
        tagged.append((e.nbytes(), inside[-1] if inside else None))
    temp = set()
    for i, (n, op) in enumerate(tagged):
        if n > 0 and op is not None:
            for j in range(i + 1, len(tagged)):
                if tagged[j][1] == op and tagged[j][0] == -n and j not in temp:
                    temp.update((i, j))
                    break

    def peaks(sizes):
        end = next(i for i in range(len(sizes) - 1) if sizes[i] == MARK and sizes[i + 1] == -MARK)
        live = top_fwd = 0
        for n in sizes[:end]:
            live += n
            top_fwd = max(top_fwd, live)
        start, top = live, live
        for n in sizes[end + 2:]:
            live += n
            top = max(top, live)
        return top_fwd - start, top - start

    sizes = [n for n, _ in tagged]
    fwd, bwd = peaks(sizes)
    _, bwd_cuda = peaks([n for k, (n, _) in enumerate(tagged) if k not in temp])
    return fwd, bwd, bwd_cuda


print()
print("DoRA's own (not minus LoRA's), over what its forward leaves: the forward's peak at T 1 per out x in (the weight")
print("norm) and its growth per T x out from T 8000 to 16000 (the products; the output, 2 or 4 bytes, is left), the")
print("backward's peak per T x out at T 8000 (the output's gradient included), on the CPU and without its cast temporaries")
print(f"{'':60s} {'fwd':>7s} {'fwd':>7s} {'bwd':>6s} {'no tmp':>6s}")
print(f"{'':60s} {'/out.in':>7s} {'/T.out':>7s} {'/T.out':>6s} {'/T.out':>6s}")
for name, kw in rows:
    if name.startswith("eval"):
        continue
    fwd1, _, _ = own(T=1, **kw)
    fwd8, bwd, bwd_cuda = own(T=8000, **kw)
    fwd16, _, _ = own(T=16000, **kw)
    print(f"{name:60s} {fwd1 / (OUT * IN):7.2f} {(fwd16 - fwd8) / (8000 * OUT):7.2f} "
          f"{bwd / (8000 * OUT):6.2f} {bwd_cuda / (8000 * OUT):6.2f}")


def own_eval(base_dtype, adapter_dtype, dropout, T, quant=None):
    """DoRA's evaluation forward (no_grad, eval mode): its peak over the
    output, bytes."""
    torch.manual_seed(0)
    m = Adapted(base_dtype, adapter_dtype, dropout, True, quant)
    m.train(False)
    x = torch.randn(T, IN, dtype=base_dtype) * 1.0
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        with torch.no_grad():
            y = m(x)
    live = top = 0
    for e in sorted([e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"],
                    key=lambda e: e.start_us()):
        live += e.nbytes()
        top = max(top, live)
    del y
    return top - live


print()
print("DoRA's own evaluation forward: its growth per T x out from T 8000 to 16000, over the output")
for name, kw in rows:
    if not name.startswith("eval"):
        continue
    kw = {k: v for k, v in kw.items() if k != "train"}
    grow = (own_eval(T=16000, **kw) - own_eval(T=8000, **kw)) / (8000 * OUT)
    print(f"{name:60s} {grow:7.2f}")
