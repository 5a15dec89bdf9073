# TRL's SFTConfig.use_liger (before TRL moved to use_liger_kernel) loads the
# model with AutoLigerKernelForCausalLM, the kernels use_liger_kernel
# applies: the fused linear cross-entropy keeps no logits. open-r1's
# OlympicCoder-7B recipe (tests/data/check/real/SOURCES.md: 8 H100s,
# ZeRO-3, 32768 tokens, batch 2) sets it; until 2026-11-30 it was listed as
# ignored and its 32768 x 152064 logits counted (train peak 184.21 GiB
# against 68.05 then; 65.32 since Liger's RMSNorm is counted too, its bf16
# input and an fp32 rstd per norm instead of LlamaRMSNorm's fp32 upcast and
# normalized input, also 2026-11-30). The model is given as qwen2.5-7b: the catalogue has
# no Qwen2.5-Coder-7B entry (docs/catalogue.md); the ZeRO stage and the
# GPUs are accelerate's, on the command line.
f=tests/data/check/real/open-r1/recipes/OlympicCoder-7B/sft/config_v00.00.yaml
"$VRAMPLAN" check --gpu h100 --model qwen2.5-7b --gpus 8 --zero 3 "$f" 2>&1 | grep -E "Liger|FIT"
# use_liger: false next to use_liger_kernel: true patches the model all the
# same (a Llama: the setup line names the kernels only where Liger has them)
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nuse_liger_kernel: true\nuse_liger: false\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -o "Liger kernels"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nuse_liger: true\nuse_liger_kernel: false\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -o "Liger kernels"
