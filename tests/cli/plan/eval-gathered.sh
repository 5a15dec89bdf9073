# HF Trainer's evaluation_loop gathers each eval step's predictions from
# every data-parallel rank (gather_function: accelerate's
# gather_for_metrics, an all-gather) before it keeps them: on 8 GPUs each
# GPU holds 8 ranks' logits a step, and each trainer process 8 ranks'
# samples a move in host RAM. The eval batch is planned with them.
for n in 1 8; do
	"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --seq-len 1024 --gpus $n |
		grep -E "^# (eval|two steps|host RAM during)|per_device_eval|eval_accumulation"
done
# The JSON by hand: a kept step is gpus x eval batch x a sample's bytes;
# at the all-gather the rank's own step (1/8 of it) is live beside it, so
# the allocated peak is at least the resident bytes and 9/8 of the step;
# and that eval batch fits the budget
"$VRAMPLAN" plan --model llama-3.2-1b --gpu h100 --seq-len 1024 --gpus 8 --format json | python3 -c '
import json, sys
j = json.load(sys.stdin)
e = j["eval"]
assert j["setup"]["gpus"] == 8
assert e["predictions_bytes_per_step"] == 8 * e["batch"] * e["predictions_bytes_per_sample"], e
assert 8 * e["allocated_bytes"] >= 8 * e["resident_bytes"] + 9 * e["predictions_bytes_per_step"], e
assert e["peak_moment"] == "predictions", e
assert e["device_bytes"] <= j["estimate"]["budget_bytes"] and j["plan"]["eval_fits"], e
h = j["host"]
assert h["eval_predictions_bytes"] == e["predictions_bytes_per_step"], h
print("ok")
'
# check: an eval batch whose gathered step does not fit fails at the eval
# batch's key (eval_accumulation_steps 1 moves no less), saying why
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
sed 's/per_device_eval_batch_size: 2/per_device_eval_batch_size: 8\neval_accumulation_steps: 1/' \
	tests/data/trainconfig/good/hf-fsdp-8gpu.yaml >"$d/c.yaml"
GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu a100-80gb "$d/c.yaml" >"$d/out"
echo "exit $?"
sed "s#$d/##" "$d/out"
