# DoRA is refused at its key, as LLaMA-Factory's use_dora already was: PEFT's
# DoRA layers add a magnitude vector and take the norm of the whole merged
# (for a quantized base, dequantized) weight at every forward
# (peft/tuners/lora/dora.py get_weight_norm), none of which the estimate
# counts. Before, axolotl's peft_use_dora and TRL ModelConfig's use_dora
# were listed as ignored and the run checked as plain LoRA. The refusal
# says those two things (until 2026-11-29 it said only "it changes what
# trains or what the optimizer holds"), for each flavour's key.
# The FinLoRA model card's axolotl config (tests/data/check/real/SOURCES.md):
cd tests/data/check/real/axolotl || exit 1
"$VRAMPLAN" check --gpu a100-80gb --model llama-3.1-8b finlora-headline-8bit-dora.yaml
echo "exit $?"
# TRL's `trl sft --use_peft --use_dora` as a config (ModelConfig.use_dora)
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nuse_peft: true\nuse_dora: true\n' |
	"$VRAMPLAN" check --gpu a10g -
echo "exit $?"
# LLaMA-Factory's use_dora, where LoRA trains (finetuning_type: lora)
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\nfinetuning_type: lora\nuse_dora: true\n' |
	"$VRAMPLAN" check --gpu a10g -
echo "exit $?"
# false is PEFT's default: nothing to refuse
sed 's/^peft_use_dora: true$/peft_use_dora: false/' finlora-headline-8bit-dora.yaml |
	"$VRAMPLAN" check -q --gpu a100-80gb --model llama-3.1-8b - | cut -d: -f1-2
# Without an adapter nothing reads the flag (TRL builds no LoraConfig
# without use_peft): the full fine-tune is checked, with a note at the key
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nuse_dora: true\nper_device_train_batch_size: 2\n' |
	"$VRAMPLAN" check --gpu a10g - 2>&1 | grep -E "use_dora|FIT" | cut -c1-160
