"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile axolotl | grep -v "^#"
# axolotl passes PEFT lora_target_modules or [] (load_lora), never None: where
# PEFT has no default (Qwen2.5-VL) the warning says the printed keys name the
# targets assumed, not that PEFT will ask for them (until 2026-12-01)
"$VRAMPLAN" --model qwen2.5-vl-7b --gpu a100-80gb --method lora --profile axolotl 2>&1 >/dev/null | grep PEFT
