# LLaMA-Factory generates with its GeneratingArguments (max_new_tokens 1024
# and num_beams 1 by default, hparams/generating_args.py), passed to
# trainer.predict() as gen_kwargs (train/sft/workflow.py), which win over
# Seq2SeqTrainingArguments' generation_max_length and generation_num_beams
# (Seq2SeqTrainer uses those only without gen_kwargs of its own). Until
# 2026-11-29 check generated 128 tokens (vramplan's default) and read
# generation_max_length.
lf=tests/data/check/lf-predict-only.yaml
with() {
	sed "s/^per_device_eval_batch_size: 16/per_device_eval_batch_size: 16\n$1/" "$lf"
}
"$VRAMPLAN" check --gpu h200 "$lf" 2>&1 >/dev/null | grep -E "max_new_tokens|num_beams"
with "generation_max_length: 64\ngeneration_num_beams: 4\neval_num_beams: 4" |
	"$VRAMPLAN" check --gpu h200 - 2>&1 >/dev/null | grep -E "ignored key|max_new_tokens|num_beams"
peak() {
	"$VRAMPLAN" check --gpu h200 --format json - 2>/dev/null | awk -F'\t' '/"peak_bytes"/ { sub(/,/, "", $NF); print $NF; exit }'
}
# generation_max_length changes nothing: max_new_tokens 1024 generates
a=$(peak <"$lf")
b=$(with "generation_max_length: 64" | peak)
c=$(with "max_new_tokens: 1024" | peak)
[ "$a" = "$b" ] && [ "$a" = "$c" ] && echo "generation_max_length unused; max_new_tokens 1024 by default"
# 2048 more new tokens keep 2048 more positions of K and V in every layer for
# each of the 16 sequences: 2 x 28 layers x 8 KV heads x 128 x 2 bytes (bf16)
# a position, Llama-3.2-3B's config.json
a=$(with "max_new_tokens: 2048" | peak)
b=$(with "max_new_tokens: 4096" | peak)
awk -v a="$a" -v b="$b" 'BEGIN { kv = 16 * 2048 * 2 * 28 * 8 * 128 * 2
	print ((b - a >= kv) ? "max_new_tokens: the KV cache of 2048 more positions counted" : "WRONG: " b " - " a " < " kv) }'
# num_beams 2 doubles the sequences, and their caches
b=$(with "max_new_tokens: 2048\nnum_beams: 2" | peak)
awk -v a="$a" -v b="$b" 'BEGIN { kv = 16 * (2048 + 2048) * 2 * 28 * 8 * 128 * 2
	print ((b - a >= kv) ? "num_beams: a second beam'\''s KV cache counted" : "WRONG: " b " - " a " < " kv) }'
# 0 or below turns generation over to max_length: not modelled, an error
with "max_new_tokens: 0" | "$VRAMPLAN" check --gpu h200 - 2>&1 >/dev/null
echo "exit $?"
with "max_new_tokens: -1" | "$VRAMPLAN" check --gpu h200 - 2>&1 >/dev/null | cut -c1-60
