"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --gpus 2 --zero 2 --profile deepspeed | grep -v "^#"
