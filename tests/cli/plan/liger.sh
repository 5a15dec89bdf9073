# --liger: the plan counts Liger's fused linear cross-entropy and SwiGLU and
# writes use_liger_kernel: true for the trainer.
"$VRAMPLAN" plan --model llama-3.2-3b --gpu rtx4090 --method lora --precision bf16 --seq-len 2048 --liger
