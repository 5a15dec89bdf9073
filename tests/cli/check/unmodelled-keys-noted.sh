# Keys that reach code vramplan does not model, noted at the key with what
# is left out and which way the check errs (until 2026-11-30 each was
# listed as ignored without a word); off, they are listed as ignored.
# axolotl (utils/schemas/config.py): tiled_mlp (ALST's tiled MLP),
# lisa_n_layers (LISA; axolotl runs it only with lisa_step_interval too,
# without which every layer trains as counted and no verdict is bounded), fp8 (accelerate's fp8 mixed precision), the
# unsloth_* kernels, axolotl's LoRA kernels (lora_*_kernel), Liger's
# cross-entropy over the logits (liger_cross_entropy), tensor_parallel_size
# (tensor parallelism, above 1), qat (torchao's fake-quantized copies, an
# underestimate; a scalar is an error; both since 2026-11-30,
# real-config-round2.sh);
# LLaMA-Factory (hparams/model_args.py): shift_attn
# (LongLoRA's S2-Attn, as axolotl's s2_attention), use_kt (KTransformers'
# CPU experts), fp8 (its Fp8Arguments, accelerate's FP8 mixed precision, as
# axolotl's; since 2026-11-30, real-config-round2.sh); TrainingArguments' neftune_noise_alpha (NEFTune's noise,
# read by axolotl and LLaMA-Factory too).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for kv in 'tiled_mlp: true' 'tiled_mlp: false' 'lisa_n_layers: 4
lisa_step_interval: 20' 'lisa_n_layers: 4' 'lisa_n_layers: 0' 'fp8: true' 'fp8: false' \
	'unsloth_cross_entropy_loss: true' 'unsloth_lora_mlp: true' 'unsloth_lora_qkv: true' 'unsloth_lora_o: true' \
	'unsloth_rms_norm: true' 'unsloth_rope: true' 'unsloth_rope: false' 'neftune_noise_alpha: 5' \
	'neftune_noise_alpha: 0' 'neftune_noise_alpha: -1' 'lora_mlp_kernel: true' 'lora_o_kernel: false' \
	'liger_cross_entropy: true' 'liger_cross_entropy: false' 'tensor_parallel_size: 2' \
	'tensor_parallel_size: 1' 'qat: {weight_dtype: int4, group_size: 32}' 'qat:' 'qat: {}' 'qat: true'; do
	printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 1\n%s\n' "$kv" >a.yml
	echo "-- axolotl $kv"
	"$VRAMPLAN" check --gpu a100-80gb a.yml >/dev/null 2>err
	echo "exit $?"
	grep -E "${kv%%:*}" err
done
for kv in 'shift_attn: true' 'shift_attn: false' 'use_kt: true' 'use_kt: false' 'neftune_noise_alpha: 5' \
	'fp8: true' 'fp8: false'; do
	printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 1\n%s\n' "$kv" >b.yaml
	echo "-- llamafactory $kv"
	"$VRAMPLAN" check --gpu a100-80gb b.yaml >/dev/null 2>err
	echo "exit $?"
	grep -E "${kv%%:*}" err
done
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nper_device_train_batch_size: 1\nneftune_noise_alpha: 5\n' >c.yml
echo "-- hf neftune_noise_alpha: 5"
"$VRAMPLAN" check --gpu a100-80gb c.yml >/dev/null 2>err
echo "exit $?"
grep -E "neftune" err
