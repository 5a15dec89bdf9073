# --liger: the plan counts Liger's fused linear cross-entropy, SwiGLU and
# RMSNorm and writes use_liger_kernel: true for the trainer. Since 2026-11-30
# the RMSNorm too (LigerRMSNormFunction keeps its bf16 input and an fp32 rstd,
# not LlamaRMSNorm's fp32 upcast): batch 2 needs 1.4 GiB less (20.03 GiB before), so it fits.
"$VRAMPLAN" plan --model llama-3.2-3b --gpu rtx4090 --method lora --precision bf16 --seq-len 2048 --liger
