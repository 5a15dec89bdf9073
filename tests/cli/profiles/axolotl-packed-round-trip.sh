# A packed plan's axolotl keys say sample_packing: true (schemas/config.py),
# so `vramplan check` reads them back as the packed batch planned: the same
# train batch and peak, "packed samples" in its summary. Until 2026-11-30
# the axolotl plan printed no packing key and check read a padded batch,
# with its mask, at a higher peak than planned.
# Without FlashAttention axolotl's packed rows still carry a mask (train.c
# vp_axolotl_packing_masks), so plan and check both count the padded batch's
# mask and k/v copies there (the same peak as unpacked), and the packed rows
# unmasked under flash_attention: true (until 2026-11-30 both counted the
# SDPA rows unmasked: 15.82 GiB at batch 2, 0.66 under the masked step).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for args in "--method lora --packed --seq-len 2048" "--method qlora --packed --grad-ckpt --seq-len 4096" \
	"--method lora --seq-len 2048" "--method lora --packed --seq-len 2048 --attn flash2"; do
	# shellcheck disable=SC2086
	"$VRAMPLAN" plan -m llama-3.2-1b -g rtx4090 --profile axolotl $args -q >"$d/c.yaml"
	plan=$(grep "^# train batch" "$d/c.yaml" | sed 's/ (.*//; s/# //')
	check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-1b --gpu rtx4090 2>"$d/err" |
		sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1: device peak \2/')
	echo "$args: $(grep -c '^sample_packing: true' "$d/c.yaml") key | plan $plan | check $check |" \
		"$(grep -c 'packed samples' "$d/err") packed in summary"
done
# the plan's note under SDPA, and the check remark at the key
"$VRAMPLAN" plan -m llama-3.2-1b -g rtx4090 --profile axolotl --method lora --packed -q | grep -c "^# note: sample_packing without flash_attention"
"$VRAMPLAN" plan -m llama-3.2-1b -g rtx4090 --profile axolotl --method lora --packed -q >"$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-1b --gpu rtx4090 2>&1 >/dev/null | grep -o "c.yaml:[0-9:]*: key 'sample_packing': sample_packing without flash_attention or flex_attention[^,]*"
