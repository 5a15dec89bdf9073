# PyTorch 1.x refuses the kernel asked for, FlashAttention-2, also where the
# GPU (a V100) would run SDPA in its place: until 2026-12-01 the error said
# "sdpa attention needs PyTorch 2.0", a kernel nobody asked for
"$VRAMPLAN" --model llama-3.2-3b --gpu v100-32gb --attn flash2 --torch-version 1
