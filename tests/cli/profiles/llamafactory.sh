# LLaMA-Factory keys: a QLoRA plan over a bf16 base (LLaMA-Factory loads the
# base in its compute dtype and calls no prepare_model_for_kbit_training),
# plain nf4 said with double_quantization: false, the targets one string;
# a LoRA base in fp32 has no LLaMA-Factory key (exit 2)
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile llamafactory -v 2>&1 |
	grep -E "precision|^# (setup|train batch)|^[a-z0-9_]+:"
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method lora --precision fp32 --profile llamafactory 2>&1
echo "exit $?"
# without --lora-targets a LoRA plan targets LLaMA-Factory's own default,
# lora_target: all (finetuning_args.py), as check reads a file without the
# key; for Qwen2.5-VL, which PEFT has no default targets for, no warning that
# PEFT will ask for them (LLaMA-Factory always passes its list). Until
# 2026-12-01 the profile planned PEFT's default, q_proj,v_proj, with that warning
"$VRAMPLAN" --model qwen2.5-vl-7b --gpu a100-80gb --method lora --profile llamafactory -v 2>&1 |
	grep -E "PEFT|LoRA targets|^# train batch|^lora_target"
printf 'model_name_or_path: Qwen/Qwen2.5-VL-7B-Instruct\nstage: sft\ndo_train: true\nfinetuning_type: lora\nbf16: true\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -E "PEFT|lora_target|FIT"
