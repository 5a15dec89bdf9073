#!/usr/bin/env python3
"""What one SDPA call adds to the allocated bytes, laid out as transformers
lays q, k and v out: views of (b, s, heads, d) projections, transposed to
(b, heads, s, d), with or without rotary (which makes new tensors). Prints,
per case, the MiB the call itself adds (output, logsumexp, any copies it
keeps for backward) and what transformers' transpose(1, 2).contiguous()
adds after it; one (b, s, heads, d) tensor is T x q x e."""
import torch
import torch.nn.functional as F

MIB = float(1 << 20)


def rot(t, cos, sin):
    h = t.shape[-1] // 2
    return t * cos + torch.cat((-t[..., h:], t[..., :h]), dim=-1) * sin


def case(name, dtype, rotary=False, mask=False, kvh=16, b=2, s=1024, h=16, d=64):
    torch.cuda.synchronize()
    x = torch.randn(b, s, h * d, device="cuda", dtype=dtype, requires_grad=True)
    wq = torch.randn(h * d, h * d, device="cuda", dtype=dtype) * 0.01
    wk = torch.randn(kvh * d, h * d, device="cuda", dtype=dtype) * 0.01
    q = F.linear(x, wq).view(b, s, h, d).transpose(1, 2)
    k = F.linear(x, wk).view(b, s, kvh, d).transpose(1, 2)
    v = F.linear(x, wk).view(b, s, kvh, d).transpose(1, 2)
    if rotary:
        cos = torch.randn(1, 1, s, d, device="cuda", dtype=dtype)
        sin = torch.randn(1, 1, s, d, device="cuda", dtype=dtype)
        q, k = rot(q, cos, sin), rot(k, cos, sin)
    m = torch.ones(b, 1, s, s, device="cuda", dtype=torch.bool).tril() if mask else None
    kw = {"enable_gqa": True} if kvh != h else {}
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=m, is_causal=not mask, **kw)
    torch.cuda.synchronize()
    call = torch.cuda.memory_allocated() - before
    before = torch.cuda.memory_allocated()
    c = o.transpose(1, 2).contiguous()
    torch.cuda.synchronize()
    copy = torch.cuda.memory_allocated() - before
    one = b * s * h * d * x.element_size() / MIB
    print("%-28s q strides %-22s out strides %-22s call +%.1f MiB, contiguous +%.1f MiB (T x q x e = %.1f MiB) %s" % (
        name, str(q.stride()), str(o.stride()), call / MIB, copy / MIB, one, type(o.grad_fn).__name__))
    del x, q, k, v, o, c, m


for dt in (torch.bfloat16, torch.float32):
    tag = "bf16" if dt == torch.bfloat16 else "fp32"
    case(tag + " view", dt)
    case(tag + " rotary", dt, rotary=True)
    case(tag + " view mask", dt, mask=True)
    case(tag + " rotary mask", dt, rotary=True, mask=True)
    case(tag + " rotary gqa", dt, rotary=True, kvh=4)
