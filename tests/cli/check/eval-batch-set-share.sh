# A known evaluation set bounds the eval batch that runs on one GPU
# (vp_plan_eval_batch_cap): per_device_eval_batch_size 64 with 10 eval
# samples is one batch of 10, the DataLoader's last. On several GPUs the
# batch runs whole: accelerate's even_batches fills every rank's batch to
# 64 with samples repeated from the start of the set (data_loader.py
# BatchSamplerShard), so 2 GPUs are checked at 64, and the part names a
# GPU's share (5), the batch that runs the set in one step and the one the
# plan takes (the plan's tests/cli/plan/eval-batch-set-share.sh).
# Until 2026-11-30 check estimated the config's 64 on one GPU: Qwen3-0.6B
# on an H100, "eval batch 64 peak 89.51 GiB (over by 25.80 GiB ...)", DOES
# NOT FIT, for a run whose one eval batch is 10; until 2026-12-01 it
# capped 2 GPUs at 5 too, FITS at 22.87 GiB, for a run whose ranks forward
# 64 rows each (98.56 GiB). The verdict names the batch that runs and the
# cap; JSON's eval.batch is the one that runs, eval.config_batch the
# config's. A set larger than the batch, or none known, caps nothing.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: Qwen/Qwen3-0.6B\nper_device_train_batch_size: 4\nper_device_eval_batch_size: 64\neval_strategy: steps\nmax_seq_length: 1024\n' >"$d/c.yaml"
for gpus in 1 2; do
	"$VRAMPLAN" check -q "$d/c.yaml" --gpu h100 --gpus $gpus --eval-samples 10 | sed 's|^[^ ]*/c.yaml|c.yaml|'
done
"$VRAMPLAN" check -q "$d/c.yaml" --gpu h100 --gpus 2 --eval-samples 11 --format json | grep -E '"(batch|config_batch|samples)"'
# the config's own set size (the example scripts' max_eval_samples)
cp "$d/c.yaml" "$d/m.yaml"
echo 'max_eval_samples: 10' >>"$d/m.yaml"
"$VRAMPLAN" check -q "$d/m.yaml" --gpu h100 | sed 's|^[^ ]*/m.yaml|m.yaml|'
# no cap: a set larger than the batch (its predictions not kept, so the
# forward decides), and an unknown set
cp "$d/c.yaml" "$d/n.yaml"
printf 'vramplan:\n  eval_predictions: none\n' >>"$d/n.yaml"
"$VRAMPLAN" check -q "$d/n.yaml" --gpu h100 --eval-samples 128 | sed 's|^[^ ]*/n.yaml|n.yaml|'
"$VRAMPLAN" check -q "$d/c.yaml" --gpu h100 | sed 's|^[^ ]*/c.yaml|c.yaml|'
# the capped batch still over the budget: the annotation names it and the cap
GITHUB_ACTIONS=true "$VRAMPLAN" check -q "$d/n.yaml" --gpu rtx4090 --eval-samples 40 2>&1 |
	grep '^::error.*eval batch' | sed 's|file=[^,]*/n.yaml|file=n.yaml|'
# plan and check agree: the plan's keys with the eval batch raised to 64
# are the plan's run, at the plan's eval batch and peak
"$VRAMPLAN" --model qwen3-0.6b --gpu h100 --eval-samples 10 >"$d/p.yaml" 2>/dev/null
grep '^# eval batch' "$d/p.yaml" | cut -d'(' -f1
sed -i 's/^per_device_eval_batch_size: .*/per_device_eval_batch_size: 64/' "$d/p.yaml"
"$VRAMPLAN" check -q "$d/p.yaml" --gpu h100 --model qwen3-0.6b --seq-len 512 --eval-samples 10 | sed 's/.*; eval/eval/'
