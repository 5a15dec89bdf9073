# On a GPU without bf16 a T5-family model is planned in fp32 (it overflows
# fp16: docs/planner.md "T5 in fp16"), under axolotl's keys too: bf16 and
# fp16 false are axolotl's float32 (normalize_config), which check reads
# back as the same plan. Until 2026-12-01 --profile axolotl kept its 16-bit
# load, fp16: true beside the warning to train in fp32, and a QLoRA plan in
# fp32 warned of modules cast back to 16 bit, which fp32 casts none of.
# The fp16 run it names is axolotl's: --precision fp16 (fp16: true loads
# 16-bit weights), not amp-fp16.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" --model mt5-small --gpu t4 --profile axolotl --method qlora >"$d/c.yaml" 2>"$d/err"
grep -E "^(# setup|bf16|fp16)" "$d/c.yaml"
grep -o "warning: planned in fp32.*" "$d/err" | sed "s/.*; //"
grep -c "casts back to 16 bit" "$d/err"
plan=$(grep "^# train batch" "$d/c.yaml" | sed 's/ in .*//; s/ (.*//; s/# //')
check=$("$VRAMPLAN" check "$d/c.yaml" --model mt5-small --gpu t4 2>"$d/err" |
	sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1: device peak \2/')
echo "plan $plan | check $check | $(grep -c "casts back to 16 bit" "$d/err") cast-back warning"
