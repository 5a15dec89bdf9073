# LLaMA-Factory keys: a QLoRA plan over a bf16 base (LLaMA-Factory loads the
# base in its compute dtype and calls no prepare_model_for_kbit_training),
# plain nf4 said with double_quantization: false, the targets one string;
# a LoRA base in fp32 has no LLaMA-Factory key (exit 2)
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile llamafactory -v 2>&1 |
	grep -E "precision|^# (setup|train batch)|^[a-z0-9_]+:"
"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method lora --precision fp32 --profile llamafactory 2>&1
echo "exit $?"
