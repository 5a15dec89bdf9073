#!/usr/bin/env python3
"""Which SDPA calls return a tensor whose transpose(1, 2).contiguous() is a
copy? transformers' sdpa_attention_forward does exactly that to the output
before o_proj; where the kernel wrote (b, s, heads, d) and returned a
transposed view, the "copy" is the same buffer and o_proj keeps nothing new.
Prints one line per case: the kernel the dispatcher picked is inferred from
the dtype, mask, head counts and dropout."""
import torch
import torch.nn.functional as F

def case(name, dtype, mask=False, gqa=False, dropout=0.0, d=64, h=16, kvh=16, s=1024, b=2):
    q = torch.randn(b, h, s, d, device="cuda", dtype=dtype, requires_grad=True)
    k = torch.randn(b, kvh, s, d, device="cuda", dtype=dtype, requires_grad=True)
    v = torch.randn(b, kvh, s, d, device="cuda", dtype=dtype, requires_grad=True)
    m = None
    if mask:
        m = torch.ones(b, 1, s, s, device="cuda", dtype=torch.bool).tril()
    kw = {"enable_gqa": True} if gqa else {}
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=m, dropout_p=dropout, is_causal=not mask, **kw)
    t = o.transpose(1, 2)
    c = t.contiguous()
    print("%-34s out %s stride %s transpose contiguous %s copy %s grad_fn %s" % (
        name, tuple(o.shape), o.stride(), t.is_contiguous(), c.data_ptr() != o.data_ptr(),
        type(o.grad_fn).__name__))

case("bf16 causal (flash)", torch.bfloat16)
case("fp16 causal (flash)", torch.float16)
case("bf16 causal dropout 0.1", torch.bfloat16, dropout=0.1)
case("bf16 bool mask (efficient)", torch.bfloat16, mask=True)
case("fp32 causal (efficient)", torch.float32)
case("fp32 bool mask", torch.float32, mask=True)
case("bf16 gqa causal", torch.bfloat16, gqa=True, kvh=4)
case("bf16 head_dim 256", torch.bfloat16, d=256)
case("bf16 unequal heads (math)", torch.bfloat16, kvh=1)
