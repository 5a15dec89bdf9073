"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --profile axolotl | grep -v "^#"
