# full fp32 fine-tuning of a 7B model cannot fit a T4: exit 1, nothing on stdout
"$VRAMPLAN" --model llama-2-7b --gpu t4 --precision fp32
