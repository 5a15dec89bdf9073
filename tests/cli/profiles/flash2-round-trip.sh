# A FlashAttention-2 plan (--attn flash2) under the axolotl profile says
# flash_attention: true, which vramplan check reads back as the same setup,
# at the same train batch and peak; until 2026-11-29 it printed no attention
# key, so the run (and check) took SDPA, whose padded batch keeps a mask in
# every layer. TrainingArguments and Lightning have no such key: a note
# names what the script must pass to from_pretrained. axolotl's newest
# schema names the key attn_implementation and keeps flash_attention as its
# deprecated alias (axolotl#3602, 2026-04); the axolotl plan notes it
# (docs/planner.md, "Keys each profile emits").
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --seq-len 512 --attn flash2 --profile axolotl >"$d/c.yaml"
grep "^flash_attention\|attn_implementation" "$d/c.yaml"
plan=$(grep "^# train batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-1b --gpu a100-40gb 2>"$d/err" |
	sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
echo "axolotl: plan $plan | check $check ($(grep -o "[a-z0-9]* attention" "$d/err" | head -1))"
for p in hf lightning; do
	"$VRAMPLAN" --model llama-3.2-1b --gpu a100-40gb --attn flash2 --profile $p | grep "attention key"
done
