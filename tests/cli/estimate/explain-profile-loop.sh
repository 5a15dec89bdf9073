# estimate takes --profile (since 2026-11-30), and --explain's uncertainty
# follows the loop the profile runs, as plan's does: a Lightning or
# DeepSpeed run gets the other trainers' band first, the HF Trainer
# profiles the measured runs' band, a frozen forward its own. Until
# 2026-11-30 estimate's footer said "an HF Trainer run" for every profile.
for p in hf trl lightning; do
	"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-80gb --batch 4 --profile "$p" --explain 2>&1 >/dev/null |
		grep '^uncertainty' | sed 's/ (p90.*//; s/, whose.*//'
done
"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-80gb --batch 4 --zero 2 --gpus 2 --profile deepspeed --explain 2>&1 >/dev/null |
	grep '^uncertainty' | sed 's/ (p90.*//; s/, whose.*//'
"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-80gb --batch 4 --method frozen --profile lightning --explain 2>&1 >/dev/null |
	grep '^uncertainty' | sed 's/ (p90.*//; s/, whose.*//'
# plan's footer, for the same profile
"$VRAMPLAN" plan --model qwen3-0.6b --gpu a100-80gb --profile lightning --explain 2>&1 >/dev/null |
	grep '^uncertainty' | sed 's/ (p90.*//; s/, whose.*//'
