# FlashAttention-2 asked for by a config (TrainingArguments/TRL
# attn_implementation, axolotl flash_attention, LLaMA-Factory flash_attn:
# fa2) on a GPU that does not run it (pre-Ampere: T4, V100): a warning at
# the key, as plan warns for --attn flash2, and the estimate counts SDPA
# there; an A100 runs it and says nothing. Until 2026-11-30 check said
# nothing of it.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 4\nmax_length: 1024\nfp16: true\nuse_peft: true\nloss_type: nll\nattn_implementation: flash_attention_2\n' >"$d/trl.yaml"
printf 'base_model: meta-llama/Llama-3.2-1B\nmicro_batch_size: 4\nsequence_len: 1024\nadapter: lora\nlora_r: 8\nlora_target_linear: true\nfp16: true\nflash_attention: true\n' >"$d/axolotl.yaml"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 4\ncutoff_len: 1024\nfp16: true\nflash_attn: fa2\n' >"$d/lf.yaml"
for f in trl axolotl lf; do
	"$VRAMPLAN" check "$d/$f.yaml" --gpu t4 --gpu v100-16gb --gpu a100-40gb 2>&1 >/dev/null |
		grep -o "$f.yaml:[0-9:]*: GPU .*"
done
# JSON's setup, per GPU, names the kernel estimated: sdpa where the GPU
# has no FlashAttention-2 (until 2026-11-30 it said flash2 over SDPA's numbers)
"$VRAMPLAN" check "$d/trl.yaml" --gpu t4 --gpu a100-40gb --format json 2>/dev/null |
	grep -o '"gpu":[^,]*,\|[a-z0-9]* attention' | tr -d '\t' | paste -d' ' - -
# the plan's warning, for comparison
"$VRAMPLAN" --model llama-3.2-1b --gpu t4 --attn flash2 --method lora 2>&1 >/dev/null | grep FlashAttention
