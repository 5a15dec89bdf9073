# --profile trl says the loss and the packing the plan counted. TRL >= 1.7
# runs SFTConfig's loss_type chunked_nll when it is unset (huggingface/trl
# #5846), which keeps no logits: the plan, which counts the standard loss,
# prints loss_type: nll, and --loss chunked (litgpt's and torchtune's,
# which keep the LM head's chunks) prints chunked_nll with a note that the
# run holds less; TRL refuses chunked_nll beside use_liger_kernel. packing:
# true alone takes SFTConfig's packing_strategy bfd, which SFTTrainer runs
# padding-free (one flattened row), read as separate sequences only by
# FlashAttention: wrapped under SDPA, bfd under FlashAttention-2. Until
# 2026-11-30 neither key was printed. Each plan reads back through check at
# the same train batch and peak, no warning; chunked_nll with a remark.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
while read -r args; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" --model llama-3.2-3b --gpu a100-40gb --method lora --grad-ckpt $args --profile trl -q >"$d/c.yaml"
	echo "$args: $(grep -E "^(loss_type|packing|packing_strategy|attn_implementation):|^# note: loss_type" "$d/c.yaml" |
		tr '\n' ' ')"
	plan=$(grep -E "^# train batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu a100-40gb -v 2>"$d/err" |
		sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
	echo "  plan $plan | check $check"
	grep -o "warning: .*\|key 'loss_type'.*" "$d/err" | sed 's/^/  /'
done <<'RUNS'
--seq-len 2048
--seq-len 2048 --loss chunked
--seq-len 2048 --loss chunked --liger
--seq-len 2048 --packed
--seq-len 2048 --packed --attn flash2
RUNS
