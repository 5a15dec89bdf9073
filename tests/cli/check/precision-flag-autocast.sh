# --precision bf16 (fp16) names the weights' dtype, as a torch_dtype key
# does; the Trainer's bf16/fp16 flags still say whether it autocasts over
# them. An hf plan of --precision bf16 prints bf16: false and asks the
# script to load in bfloat16: checked with --precision bf16 or with the
# torch_dtype key, it is the plan's run (until 2026-11-30 --precision bf16
# left the autocast assumed: umt5-base LoRA on an RTX 3090 read 21.71 GiB
# for the plan's 19.03). With bf16: true the same flag is bf16 under
# autocast; amp-bf16 says the autocast over bf16: false.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model umt5-base --gpu rtx3090 --method lora --precision bf16 --profile hf >"$d/c.yaml" 2>/dev/null
sed -n 's/^# \(train\|eval\) batch \([0-9]*\): device peak \([0-9.]*\) GiB.*/plan: \1 \2 \3/p' "$d/c.yaml"
ck() {
	"$VRAMPLAN" check "$d/c.yaml" --gpu rtx3090 --model umt5-base --method lora --seq-len 512 "$@" 2>&1 |
		sed -n 's/.*: note: [^:]*: hf config, model umt5-base, seq-len 512, target-len 128, \([^,]*\),.*/  setup: \1/p
s/^[^:]*: \([A-Z ]*[A-Z]\)[^:]*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*; \(eval batch [0-9]*\) peak \([0-9.]* GiB\).*/  \1: \2 \3, \4 \5/p'
}
echo "--precision bf16:"
ck --precision bf16
cp "$d/c.yaml" "$d/plain.yaml"
echo "torch_dtype: bfloat16" >>"$d/c.yaml"
echo "torch_dtype: bfloat16:"
ck
sed 's/^bf16: false/bf16: true/' "$d/plain.yaml" >"$d/c.yaml"
echo "bf16: true, --precision bf16:"
ck --precision bf16
echo "bf16: false, --precision amp-bf16:"
cp "$d/plain.yaml" "$d/c.yaml"
ck --precision amp-bf16
