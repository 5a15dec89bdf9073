# --activation-offload with --grad-ckpt and --loss chunked (torchtune's
# memory-optimization recipe): the checkpointed inputs go to the host, two
# blocks' worth stay on the GPU, and the loss keeps the 16-bit chunks
"$VRAMPLAN" estimate --model llama-3.2-3b --gpu a100-80gb --batch 4 --seq-len 4096 --precision bf16 --grad-ckpt --activation-offload --loss chunked
