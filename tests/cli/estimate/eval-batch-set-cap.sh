# estimate --batch N with --eval-samples E below N: the train batch stays N
# (the evaluation set bounds no training step), and the evaluation is the
# one that runs, as check takes a config's (plan.c vp_plan_eval_batch_cap).
# On one GPU that is the DataLoader's one batch of E: estimated at E, to the
# byte estimate --batch E's evaluation, with a warning, the comment naming
# the cap, and JSON's eval.batch E beside eval.config_batch N (check's key).
# On several GPUs accelerate's even_batches fills every batch to N with
# repeated samples: estimated at N, with a warning naming a GPU's share,
# the batch that runs the set in one step. Until 2026-12-01 one H100 was
# estimated at eval batch 64 (58.29 GiB) for Qwen3-0.6B with 10 eval
# samples, an evaluation whose one batch is 10 (16.34 GiB), unsaid.
a="--model qwen3-0.6b --gpu h100 --eval-samples 10"
# shellcheck disable=SC2086
"$VRAMPLAN" estimate $a --batch 64 2>&1 | grep -E "warning: eval|^# (batch|eval batch)|^eval_(batch|device_bytes)"
# shellcheck disable=SC2086
"$VRAMPLAN" estimate $a --batch 10 | grep -E "^eval_(batch|device_bytes)"
# shellcheck disable=SC2086
"$VRAMPLAN" estimate $a --batch 64 --format json 2>/dev/null | python3 -c '
import json, sys
e = json.load(sys.stdin)["eval"]
print("json: batch %d, config_batch %d, device_bytes %d" % (e["batch"], e["config_batch"], e["device_bytes"]))'
# shellcheck disable=SC2086
"$VRAMPLAN" estimate $a --batch 64 --gpus 2 2>&1 | grep -E "warning: eval|^# eval batch"
