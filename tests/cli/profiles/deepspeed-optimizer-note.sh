# The DeepSpeed profile prints no optimizer section (the loop passes its own
# to deepspeed.initialize), and check reads a config without one as AdamW's
# foreach step: the plan's note names the optimizer it counted and the
# option that reads it back, and with it check gives the plan's batch and
# peak. Until 2026-11-30 no note said so: R1-Distill-Qwen 1.5B with the
# 8-bit AdamW under ZeRO 2 read back with 32-bit states, over its budget
# (found by round-tripping scripts/invariants.py's plans through check).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for opt in adamw-8bit adamw-fused adamw; do
	"$VRAMPLAN" --model r1-distill-qwen-1.5b --gpu h100 --seq-len 2048 --zero 2 --optimizer $opt \
		--profile deepspeed -q >"$d/ds.json"
	grep '^# note: a DeepSpeed config without an optimizer' "$d/ds.json"
	plan=$(grep "^# train batch" "$d/ds.json" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
	check=$("$VRAMPLAN" check "$d/ds.json" --model r1-distill-qwen-1.5b --gpu h100 --seq-len 2048 \
		--optimizer $opt -q | sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
	echo "$opt: plan $plan | check --optimizer $opt: $check"
done
