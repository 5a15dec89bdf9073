# --explain gives the step's peak with EWC's Fisher and anchor copies, as
# the YAML comment and the JSON do (and plan's --explain): until 2026-11-30
# estimate's breakdown left them out, "batch 4: device peak 19.00 GiB, 13.00
# GiB under the budget" where the comment above the keys said 23.44 GiB
"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-40gb --batch 4 --ewc --explain 2>&1 >/dev/null |
	grep "^batch\|^  ewc\|^  total\|^headroom\|^uncertainty"
"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-40gb --batch 4 --ewc | grep "^# batch 4"
