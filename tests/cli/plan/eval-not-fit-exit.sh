# Exit 1 is also a plan whose train batch 1 fits but whose evaluation at
# eval batch 1 does not, or whose host RAM is over --host-ram, as
# docs/planner.md says; --help said only "nothing fits, not even batch 1".
# Llama 3.1 8B QLoRA with Liger at 2048 tokens on a T4: train batch 1 fits,
# eval batch 1 (a forward whose logits compute_metrics keeps) does not.
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4
echo "exit $?"
"$VRAMPLAN" --model xlm-roberta-large --gpu t4 --host-ram 2GB
echo "exit $?"
"$VRAMPLAN" --help | grep -A1 '^  1  '
# The hint names only what lowers the evaluation's peak, and that a run
# without evaluation needs none of it. The loss's forward is the peak
# above, which --eval-predictions does not change (12.64 GiB with none):
# until 2026-12-01 the hint named it and --num-beams regardless. Qwen3-8B
# LoRA on two RTX 4090s under axolotl keeps no predictions and generates
# nothing; axolotl evaluates only with val_set_size, and check of that
# config passes training alone. mT5 generating with 64 beams: the KV cache.
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4 --eval-predictions none
echo "exit $?"
"$VRAMPLAN" --model qwen3-8b --gpu rtx4090 --gpus 2 --method lora --zero 2 --seq-len 4096 --profile axolotl \
	--grad-ckpt --liger --attn flash2 --expandable-segments --packed
echo "exit $?"
"$VRAMPLAN" --model mt5-base --gpu t4 --num-beams 64 --max-new-tokens 2048 -q
echo "exit $?"
# Each profile's key, as check reads it back. LLaMA-Factory evaluates as the
# HF Trainer does, and its parser refuses eval_strategy without a split
# (hparams/parser.py "Please specify dataset for evaluation."): until the
# review of 2026-12-01 the hint said "no eval_dataset or val_size", which
# with its examples' eval_strategy: steps left a config LLaMA-Factory and
# check refuse. axolotl evaluates test_datasets too. check reads no
# LightningCLI config, and evaluates a DeepSpeed config at its micro-batch
# whatever its script does: the hint said check passed training alone.
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 4096 --liger --gpu t4 --profile llamafactory \
	2>&1 >/dev/null | tail -1
for p in deepspeed lightning; do
	"$VRAMPLAN" --model qwen3-8b --gpu rtx4090 --gpus 2 --method lora --zero 2 --seq-len 4096 --profile $p \
		--grad-ckpt --liger --attn flash2 --expandable-segments --packed 2>&1 >/dev/null | tail -1
done
lf='do_train: true
stage: sft
per_device_train_batch_size: 1
per_device_eval_batch_size: 1
cutoff_len: 4096
finetuning_type: lora
quantization_bit: 4
fp16: true
enable_liger_kernel: true
val_size: 0.1
'
printf '%seval_strategy: "no"\n' "$lf" | "$VRAMPLAN" check - --model llama-3.1-8b --gpu t4 -q
printf '%seval_strategy: steps\n' "$lf" | "$VRAMPLAN" check - --model llama-3.1-8b --gpu t4 -q | sed 's/; eval batch.*//'
printf '%seval_strategy: steps\n' "$lf" | grep -v val_size | "$VRAMPLAN" check - --model llama-3.1-8b --gpu t4 -q
ax='base_model: llama-3.1-8b
adapter: qlora
lora_target_modules: [q_proj, v_proj]
load_in_4bit: true
sequence_len: 4096
micro_batch_size: 1
gradient_checkpointing: true
fp16: true
plugins:
  - axolotl.integrations.liger.LigerPlugin
liger_fused_linear_cross_entropy: true
val_set_size: 0
'
printf '%s' "$ax" | "$VRAMPLAN" check - --gpu t4 -q
printf '%stest_datasets:\n  - path: x/y\n    type: alpaca\n' "$ax" | "$VRAMPLAN" check - --gpu t4 -q
# --no-eval plans the run that evaluates nothing: the same setups exit 0
# with their training batch, the profile's key for no evaluation, and a
# comment that evaluation was not planned; JSON says eval_planned: false
# and a sweep row says none. Until 2026-12-01 plan always planned an
# evaluation and exited 1 here, while check of the same config without
# one passed (tests/cli/check/plan-round-trip.sh reads these back).
f="${TMPDIR:-/tmp}/vp-noeval.$$"
"$VRAMPLAN" --model qwen3-8b --gpu rtx4090 --gpus 2 --method lora --zero 2 --seq-len 4096 --profile axolotl \
	--grad-ckpt --liger --attn flash2 --expandable-segments --packed --no-eval -q >"$f"
echo "exit $?"
grep -E '^(# train batch|# evaluation|micro_batch_size|val_set_size|eval_batch_size)' "$f" | cut -c1-100
for p in hf llamafactory lightning; do
	"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4 --no-eval \
		--profile $p -q >"$f"
	echo "exit $?"
	grep -E '^(# evaluation|per_device|eval_|val_size|  limit_val|  eval_batch)' "$f"
done
rm -f "$f"
"$VRAMPLAN" --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4 --no-eval --format json |
	python3 -c 'import json, sys; d = json.load(sys.stdin); p = d["plan"]
print("json: eval_planned", p["eval_planned"], "eval_fits", p["eval_fits"], "eval_batch", p["eval_batch"],
      "eval", d["eval"], "settings", "eval_strategy" in d["settings"])'
for ne in "" --no-eval; do
	"$VRAMPLAN" sweep --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4 $ne -q |
		tail -1 | tr -s ' '
done
"$VRAMPLAN" sweep --model llama-3.1-8b --method qlora --grad-ckpt --seq-len 2048 --liger --gpu t4 --no-eval \
	--format json | grep -E '"eval_(planned|fits|batch)"' | tr -d ' \t'
# an evaluation option describes the evaluation --no-eval says never runs
"$VRAMPLAN" --model llama-3.1-8b --gpu t4 --no-eval --eval-predictions none
echo "exit $?"
# estimate evaluates only with such an option: --no-eval is not its
"$VRAMPLAN" estimate --model llama-3.1-8b --gpu t4 --batch 1 --no-eval
echo "exit $?"
