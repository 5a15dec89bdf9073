# --activation-offload (torchtune's OffloadActivations: saved activations in
# host memory) is printed where the consumer has a key, TRL's SFTConfig and
# axolotl's activation_offloading (both enter TRL's
# get_act_offloading_ctx_manager), and noted where it has none
# (TrainingArguments, LLaMA-Factory, Lightning, a DeepSpeed config). Until
# 2026-11-30 no profile said it, and the printed keys ran without it. The
# keyed profiles read back through check at the same peak, with
# checkpointing and without (check read the key without checkpointing as
# no offload until the same day).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in trl axolotl hf llamafactory lightning deepspeed; do
	echo "$p: $("$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method lora --grad-ckpt --activation-offload --zero 2 \
		--profile $p -q | grep -E "^activation_offloading:|activation-offload key" | cut -c1-100)"
done
for p in trl axolotl; do
	for ckpt in --grad-ckpt ""; do
		# shellcheck disable=SC2086
		"$VRAMPLAN" --model llama-3.2-3b --gpu a100-40gb --seq-len 2048 --method lora $ckpt --activation-offload \
			--profile $p -q >"$d/c.yaml"
		plan=$(grep -E "^# train batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
		check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu a100-40gb -v 2>"$d/err" |
			sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
		echo "$p ${ckpt:-no-ckpt}: plan $plan | check $check ($(grep -c "activation offload" "$d/err") offload)"
	done
done
