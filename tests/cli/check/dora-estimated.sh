# DoRA (PEFT LoraConfig(use_dora=True): TRL ModelConfig's use_dora, axolotl's
# peft_use_dora, LLaMA-Factory's use_dora) is estimated where adapters train
# (docs/memory-model.md "DoRA": the magnitude vectors, the T x out tensors its
# layers save, the weight-norm computation in flight). Until 2026-11-29 each
# key was refused as not modelled (exit 2). The setup line says "DoRA". The
# FinLoRA model card's axolotl config (tests/data/check/real/SOURCES.md):
# with checkpointing and r 8 on q/k/v its training peak is the loss's, so
# the verdict is the flag-off one's; evaluation runs the weight norm of
# k_proj/v_proj beside its working set (+0.01 GiB).
cd tests/data/check/real/axolotl || exit 1
"$VRAMPLAN" check --gpu a100-80gb --model llama-3.1-8b finlora-headline-8bit-dora.yaml 2>&1 | grep -E "DoRA|FIT"
echo "exit $?"
sed 's/^peft_use_dora: true$/peft_use_dora: false/' finlora-headline-8bit-dora.yaml |
	"$VRAMPLAN" check --gpu a100-80gb --model llama-3.1-8b - 2>&1 | grep -E "DoRA|FIT"
# TRL's `trl sft --use_peft --use_dora` as a config (ModelConfig.use_dora)
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nuse_peft: true\nuse_dora: true\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "DoRA|FIT"
echo "exit $?"
# LLaMA-Factory's use_dora, where LoRA trains (finetuning_type: lora)
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\nfinetuning_type: lora\nuse_dora: true\ndo_train: true\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "DoRA|FIT"
# Without an adapter nothing reads the flag (TRL builds no LoraConfig
# without use_peft): the full fine-tune is checked, with a note at the key
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nuse_dora: true\nper_device_train_batch_size: 2\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "use_dora|FIT" | cut -c1-160
# JSON: the same remark at the key, under "remarks" (read and applied, not
# ignored)
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nuse_peft: true\nuse_dora: true\n' |
	"$VRAMPLAN" check --gpu a10g --format json - 2>/dev/null | tr -d '\t\n' |
	grep -o '"remarks":[^]]*]'
