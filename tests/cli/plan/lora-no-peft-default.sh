"$VRAMPLAN" --model mbart-large-50 --gpu a100-80gb --method lora | grep "^# setup"
