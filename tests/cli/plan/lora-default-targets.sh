"$VRAMPLAN" -v --model mt5 --gpu rtx3090 --method lora 2>&1 >/dev/null | grep "LoRA targets"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --method lora | grep "^# setup"
