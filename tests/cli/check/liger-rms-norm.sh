# Liger's RMSNorm (since 2026-11-30): LigerRMSNormFunction keeps its input
# as it came and an fp32 rstd per row (liger_kernel/ops/rms_norm.py), not
# LlamaRMSNorm's fp32 upcast and normalized input (docs/memory-model.md
# "Liger kernels"). TrainingArguments' use_liger_kernel applies it with the
# other kernels (apply_liger_kernel_to_<model>'s defaults); axolotl's
# LigerPlugin takes liger_rms_norm on its own (unset is off: LigerArgs
# defaults every kernel to None), and its liger_rope and liger_layer_norm
# are read (Liger's RoPE keeps cos and sin, as transformers' does; the
# text models Liger patches have no LayerNorm), no longer listed as
# ignored. Qwen2.5-0.5B in bf16, full fine-tuning, 4 x 2048 tokens: the
# normalized input (T h 2) and the fp32 upcast's extra 2 bytes go, 49 norms
# of 896 wide: 35.38 -> 33.98 GiB (the HF run adds the fused loss and
# SwiGLU).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for kv in '' 'liger_rms_norm: false' 'liger_rms_norm: true' \
	"$(printf 'liger_rms_norm: true\nliger_rope: true\nliger_layer_norm: true')"; do
	printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 4\nsequence_len: 2048\nbf16: true\nbfloat16: true\n' >a.yml
	printf 'plugins:\n  - axolotl.integrations.liger.LigerPlugin\n%s\n' "$kv" >>a.yml
	echo "-- axolotl: $(echo "$kv" | tr '\n' ' ')"
	"$VRAMPLAN" check --gpu a100-80gb a.yml 2>err | grep -o "train batch 4 peak [0-9.]* GiB"
	grep -q "liger_" err && echo "a liger_ key noted" || echo "no liger_ key noted"
done
# HF: use_liger_kernel patches the norms with the loss and SwiGLU;
# liger_kernel_config (Trainer passes it to _apply_liger_kernel_to_instance,
# transformers integrations/liger.py) overrides each default: rms_norm:
# false leaves the fused loss and SwiGLU (the same 1.40 GiB apart), and
# fused_linear_cross_entropy: false keeps the logits; its cross_entropy and
# unknown keys are noted. TRL's use_liger loads with the defaults whatever
# the config says.
for kv in 'use_liger_kernel: false' 'use_liger_kernel: true' \
	"$(printf 'use_liger_kernel: true\nliger_kernel_config:\n  rms_norm: false')" \
	"$(printf 'use_liger_kernel: true\nliger_kernel_config:\n  fused_linear_cross_entropy: false\n  cross_entropy: true\n  swiglu: false\n  rope: false\n  other: 1')" \
	"$(printf 'use_liger: true\nliger_kernel_config:\n  rms_norm: false')" \
	"$(printf 'use_liger_kernel: true\nliger_kernel_config: "{}"')"; do
	printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nper_device_train_batch_size: 4\nmax_length: 2048\nbf16: true\nmodel_init_kwargs:\n  torch_dtype: bfloat16\n%s\n' "$kv" >b.yml
	echo "-- hf: $(echo "$kv" | tr '\n' ' ')"
	"$VRAMPLAN" check --gpu a100-80gb b.yml 2>err | grep -o "train batch 4 peak [0-9.]* GiB"
	grep -o "liger_kernel_config[^:]*: .*\|liger_kernel_config\.other" err
done
# plan -> check: the axolotl profile writes liger_rms_norm with the other
# kernels, and check reads it back
"$VRAMPLAN" plan --model qwen2.5-0.5b --gpu a100-80gb --precision bf16 --seq-len 2048 --liger --profile axolotl -q 2>/dev/null >c.yml
grep -E "^liger_" c.yml
