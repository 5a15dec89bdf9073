# axolotl's bf16: full: normalize_config loads the weights in bf16 (any true
# bf16 sets torch_dtype bfloat16) and the trainer builder passes
# bf16_full_eval instead of bf16 (core/builders/base.py
# _configure_precision_settings), so the Trainer runs no autocast, and fp16
# stays off (fp16 = cfg.fp16 and not cfg.bf16). Until 2026-11-30 check
# refused it: "expected true or false for 'bf16', found 'full'". Below, a
# gpt2 full fine-tune, whose gelu_new chain and loss run in fp32 under
# autocast: bf16: true peaks above bf16: full; a bfloat16 key beside
# full changes nothing, and another word is still an input error.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
run() {
	printf 'base_model: openai-community/gpt2\nmicro_batch_size: 4\nsequence_len: 1024\n%b' "$1" >a.yml
	echo "-- $2"
	"$VRAMPLAN" check --gpu a100-40gb a.yml 2>err
	echo "exit $?"
	grep -E 'axolotl config|a\.yml:[0-9]' err | cut -c1-300
}
run 'bf16: full\n' 'full: bf16 weights without autocast'
run 'bf16: true\n' 'true: bf16 weights under autocast'
run 'bf16: full\nbfloat16: true\nfp16: true\n' 'full wins over bfloat16 and fp16'
run 'bf16: half\n' 'another word'
