# The T5 family's attention as check reads it: unset, transformers' own
# choice depends on the release (eager alone before
# huggingface/transformers#47014, SDPA after), so eager is checked, with a
# note; attn_implementation: sdpa checks SDPA's memory-efficient kernel,
# which keeps the relative position bias folded with the mask instead of
# eager's scores (activations.c t5_sdpa_bias): a smaller peak.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
base='model_name_or_path: google/mt5-base\nper_device_train_batch_size: 8\nmax_source_length: 512\nmax_target_length: 128\nbf16: true\n'
run() {
	echo "== $1"
	printf "$2" >"$d/c.yaml"
	"$VRAMPLAN" check "$d/c.yaml" --gpu a100-80gb >"$d/out" 2>"$d/err"
	echo "exit $?"
	grep -o "train batch 8 peak [0-9.]* GiB" "$d/out"
	grep -o "[a-z]* attention[^,]*\|default attn_implementation.*" "$d/err"
}
run unset "$base"
run sdpa "$base"'attn_implementation: sdpa\n'
run eager "$base"'attn_implementation: eager\n'
