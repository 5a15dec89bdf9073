# estimate --grad-accum: a plan that accumulates keeps the earlier
# micro-batches' gradients through the next forward (docs/memory-model.md
# "Phases of a step"), so the estimate at its batch gives its peak to the
# byte only with its accumulation; without it the estimate is lower (mT5
# with --effective-batch 64 on an RTX 3090: batch 4, 16 steps, 16.91 GiB;
# estimate --batch 4 alone, 14.74). Found by the fresh-user audit,
# 2026-11-30: README said the estimate at a plan's batch was its peak.
for setup in "--model mt5 --gpu rtx3090 --effective-batch 64" \
	"--model llama-3.2-1b --gpu rtx4090 --method lora --seq-len 2048 --effective-batch 32"; do
	# shellcheck disable=SC2086
	plan=$("$VRAMPLAN" plan $setup --format json 2>/dev/null)
	read -r batch accum planned <<EOT
$(printf '%s' "$plan" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["plan"]["train_batch"], d["plan"]["grad_accum"], d["estimate"]["device_bytes"])')
EOT
	est=${setup% --effective-batch*}
	# shellcheck disable=SC2086
	with=$("$VRAMPLAN" estimate $est --batch "$batch" --grad-accum "$accum" --format json 2>/dev/null |
		python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(e["device_bytes"], e["grad_accum"])')
	# shellcheck disable=SC2086
	without=$("$VRAMPLAN" estimate $est --batch "$batch" --format json 2>/dev/null |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["estimate"]["device_bytes"])')
	set -- $with
	[ "$1" = "$planned" ] && same=same || same="plan $planned, estimate $1"
	[ "$without" -lt "$planned" ] && lower=lower || lower="not lower: $without"
	echo "$est: batch $batch x $accum steps: $same peak (grad_accum $2); without --grad-accum: $lower"
done
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 4 --grad-accum 16 | grep '^# batch'
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 4 --grad-accum 0 2>&1
echo "exit $?"
