#!/usr/bin/env python3
"""Best-fit replay of a Llama decoder layer's requests under no_grad, with and
without the KV cache (docs/memory-model.md, "Evaluation and generation",
reserved level; src/allocator.c vp_est_cache_fragmentation).

Run on the CPU, no torch: a model of PyTorch's CUDACachingAllocator large pool
(c10/cuda/CUDACachingAllocator.cpp): get_free_block takes the smallest free
block at least the request's size (ties by address) and splits it when more
than 1 MiB is left; a freed block merges with the free blocks beside it in its
segment; segments never merge; a request no free block holds reserves a
segment of its size. Sizes in MiB.

The per-layer sequence is the one the allocator trace of
MS-L2-7B-frozen-bf16-usecache-traced shows (bench/measured/traces/
2026-11-30-third.txt, every event >= 64 MiB, transformers modeling_llama.py
line numbers in the comments): RMSNorm's fp32 temporaries (:64-67), q/k/v,
rotary (:158/:159 with rotate_half's halves, :134), the cache's torch.cat of k
and v (cache_utils.py:146/147), SDPA, o_proj, the residual add, the second
norm, the MLP (gate, silu, up, act*up at :175, down) and the residual add.
Smaller requests (cos/sin, SDPA's logsumexp) are left out.
"""
from collections import Counter


class Pool:
    def __init__(self):
        self.segs, self.free, self.live, self.new = [], [], {}, []
        self.addr = 0
        self.reserved = self.allocated = 0

    def alloc(self, name, size, site):
        fits = [b for b in self.free if b[1] >= size]
        if fits:
            b = min(fits, key=lambda b: (b[1], b[0]))
            self.free.remove(b)
            if b[1] - size > 1:
                self.free.append((b[0] + size, b[1] - size))
            at = b[0]
        else:
            at = self.addr
            self.addr += size + 1  # segments are not adjacent: they never merge
            self.segs.append((at, size))
            self.reserved += size
            self.new.append((size, site))
        self.live[name] = (at, size)
        self.allocated += size

    def release(self, name):
        at, size = self.live.pop(name)
        self.allocated -= size
        seg = next(s for s in self.segs if s[0] <= at < s[0] + s[1])
        lo, hi = at, at + size
        merged = True
        while merged:
            merged = False
            for b in list(self.free):
                if seg[0] <= b[0] < seg[0] + seg[1] and (b[0] + b[1] == lo or b[0] == hi):
                    self.free.remove(b)
                    lo, hi = min(lo, b[0]), max(hi, b[0] + b[1])
                    merged = True
        self.free.append((lo, hi - lo))


def forward(layers, T, h, kv, f, cache, e=2):
    MiB = 1 << 20
    Th, T4, Tk, Tf = T * h * e // MiB, T * h * 4 // MiB, T * kv * e // MiB, T * f * e // MiB
    p = Pool()
    A, F = p.alloc, p.release

    def norm(out):
        A("x32", T4, "norm"); A("p", T4, "norm"); F("p"); A("y", T4, "norm"); F("x32")
        A("z", Th, "norm"); A(out, Th, "norm"); F("z"); F("y")

    def rotary(t, size):
        A(t + "a", size, "rot"); A(t + "r1", size // 2, "rot"); A(t + "r2", size, "rot"); F(t + "r1")
        A(t + "b", size, "rot"); F(t + "r2"); A(t + "e", size, "rot"); F(t + "b"); F(t + "a")

    A("E", Th, "embedding"); A("H", Th, "residual")
    for layer in range(layers):
        norm("n")
        A("q", Th, "q"); A("k", Tk, "k"); A("v", Tk, "v")
        rotary("q", Th); rotary("k", Tk)
        F("q"); F("k")
        if cache:
            A("kc%d" % layer, Tk, "cache"); A("vc%d" % layer, Tk, "cache")
        F("ke"); F("v")
        A("o", Th, "sdpa"); A("pr", Th, "o_proj"); F("o"); F("qe"); F("n")
        A("H2", Th, "residual"); F("pr")
        norm("n2")
        A("g", Tf, "gate"); A("s", Tf, "silu"); F("g"); A("u", Tf, "up"); A("m", Tf, "act*up")
        F("u"); F("s"); A("d", Th, "down"); F("m"); F("n2")
        A("H3", Th, "residual"); F("d"); F("H2"); F("H")
        p.live["H"] = p.live.pop("H3")
    return p


def main():
    print("model                  W(T.f.e)  k(T.kv.e)  new segments with the cache   idle more  2L/p.(W-p.k)")
    for name, L, T, h, kv, f in [
        ("Llama 2 7B 8x2048", 32, 16384, 4096, 4096, 11008),
        ("Llama 2 13B 4x2048", 40, 8192, 5120, 5120, 13824),
        ("Llama 3.2 3B 8x2048", 28, 16384, 3072, 1024, 8192),
        ("Llama 3.2 1B 8x2048", 16, 16384, 2048, 512, 8192),
        ("Mistral 7B 4x2048", 32, 8192, 4096, 1024, 14336),
    ]:
        plain, cached = forward(L, T, h, kv, f, False), forward(L, T, h, kv, f, True)
        W, k = T * f * 2 >> 20, T * kv * 2 >> 20
        per = W // k
        more = Counter(cached.new) - Counter(plain.new)
        idle = (cached.reserved - cached.allocated) - (plain.reserved - plain.allocated)
        print("%-20s %8d %9d   %-30s %9d %12.0f" % (name, W, k, dict(more), idle, 2 * L / per * (W - per * k)))


if __name__ == "__main__":
    main()
