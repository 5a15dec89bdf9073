# use_liger_kernel: Liger's fused linear cross-entropy keeps no T x V logits
# and its SwiGLU two of three tensors: batch 2 of 4096 tokens on Llama 3.2 3B
# fits a 32 GB card (about 19.5 GiB; without the kernels the same batch needs
# about 33 GiB).
"$VRAMPLAN" check tests/data/trainconfig/good/hf-liger.yaml --gpu rtx5090 -q
