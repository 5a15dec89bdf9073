# A run that checkpoints already is not told to checkpoint: no suggested
# change repeats --grad-ckpt (until 2026-11-29 QLoRA's did), and the QLoRA
# one is still offered, as the same change without it
"$VRAMPLAN" --model polyglot-ko-12.8b --gpu rtx3090 --grad-ckpt 2>&1 >/dev/null |
	sed -n 's/^vramplan:   \(.*\): [0-9.]* GiB (.*)$/\1/p' | grep -c -e '--grad-ckpt'
"$VRAMPLAN" --model polyglot-ko-12.8b --gpu rtx3090 --grad-ckpt 2>&1 >/dev/null | grep -c -e '--method qlora --quant nf4:'
