# axolotl's evaluation callbacks that generate: do_causal_lm_eval: true
# (CausalLMBenchEvalCallback) and eval_table_size above 0 with a logger
# (LogPredictionCallback) are noted as not modelled; off, they are listed
# as ignored without a word. eval_table_size is an unbounded int in
# axolotl's schema (int | None) and the callbacks test `> 0`, so a negative
# size is no table, not an error (until 2026-11-30 check refused -1).
# Each runs with an evaluation split (val_set_size) and a wandb logger
# (wandb_project): without a logger no LogPredictionCallback is added, and
# eval_table_size bounds nothing either. Without a split axolotl
# evaluates nothing, no callback generates, and the keys say so and bound
# no verdict (tc_settle.c settle_eval_generation; they made a FITS "a lower
# bound" until 2026-11-30).
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for kv in 'eval_table_size: 5' 'eval_table_size: 0' 'eval_table_size: -1' 'eval_table_size: null' \
	'eval_table_size: -1.5' 'do_causal_lm_eval: true' 'do_causal_lm_eval: false'; do
	printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 1\nval_set_size: 0.05\nwandb_project: p\n%s\n' "$kv" >a.yml
	echo "-- $kv"
	"$VRAMPLAN" check --gpu a100-80gb a.yml >/dev/null 2>err
	echo "exit $?"
	grep -E "eval_table_size|do_causal_lm_eval" err
done
echo "-- without an evaluation split"
printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 1\ndo_causal_lm_eval: true\neval_table_size: 5\n' >a.yml
"$VRAMPLAN" check --gpu a100-80gb a.yml 2>err
echo "exit $?"
grep -E "eval_table_size|do_causal_lm_eval" err
echo "-- eval_table_size without a logger"
printf 'base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 1\nval_set_size: 0.05\neval_table_size: 5\n' >a.yml
"$VRAMPLAN" check --gpu a100-80gb a.yml 2>err
echo "exit $?"
grep -E "eval_table_size" err
