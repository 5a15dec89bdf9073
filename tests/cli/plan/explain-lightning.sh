# bench/measured measures HF Trainer runs (and frozen forwards), so --explain's measured band
# (p90 of those runs) is not the one for a plan whose loop calls the model
# itself: under --profile lightning (and deepspeed) the band over the
# published runs of other trainers comes first, with the plan's batch in it,
# and the measured one is given as the HF Trainer runs'. The hf
# profile's footer is tests/cli/plan/explain.sh's.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --profile lightning --explain 2>&1 >/dev/null | grep -A2 "^uncertainty"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --profile deepspeed --zero 2 --explain 2>&1 >/dev/null | grep -c "for a deepspeed run"
"$VRAMPLAN" --model qwen3-0.6b --gpu rtx3090 --profile trl --explain 2>&1 >/dev/null | grep -c "for an HF Trainer run"
# estimate's frozen forward runs under no Trainer: its band is named for it
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 36 --method frozen --explain 2>&1 >/dev/null | grep -c "for a frozen forward"
