# An OLMo config with clip_qkv (as OLMo-7B-0424 and 0724 set it): the
# parameter-free fp32 LayerNorms and the unclamped q/k/v the clamp keeps
# (docs/memory-model.md, "derived without a run"); without clip_qkv the
# activations are 16 blocks x T x (q + 2 kv) x 2 bytes smaller
cfg=$(mktemp) || exit 1
trap 'rm -f "$cfg"' EXIT
sed 's/"clip_qkv": null/"clip_qkv": 8.0/' tests/data/configs/olmo-1b-hf.json >"$cfg"
for c in tests/data/configs/olmo-1b-hf.json "$cfg"; do
	"$VRAMPLAN" estimate --model "$c" --gpu a100-80gb --precision bf16 --batch 4 --seq-len 2048 --format json |
		grep -E '"(activations_bytes|params_total)"'
done
