# unsloth's "dynamic 4-bit" checkpoints leave the modules their config's
# quantization_config.llm_int8_skip_modules names 16-bit: Qwen2.5-3B with
# layers 0, 2 and 35's MLPs (3 x 2048 x 11008 each) and layer 1's o_proj
# (2048 x 2048) named, 207,093,760 weights at 2 bytes (bf16) rather than
# nf4-dq's 0.5 + 1/64 + 4/16384; "lm_head" and the multimodal names match
# no linear of this text model. The same config with the list null counts
# them 4-bit: the difference is theirs alone. Under autocast with fp32
# weights the skipped linears are plain fp32 nn.Linears: each forward's
# bf16 cast of their weights is saved for backward (2 x 207,093,760 bytes
# more weight copies), where a bitsandbytes layer saves none.
dir=$(mktemp -d) || exit 1
f=tests/data/configs/qwen2.5-3b-unsloth-bnb-4bit.json
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["quantization_config"]["llm_int8_skip_modules"] = None
json.dump(d, open(sys.argv[2], "w"))' "$f" "$dir/config.json" || exit 1
weights() {
	"$VRAMPLAN" estimate --model "$1" --gpu a100-40gb --batch 1 --precision bf16 --format json |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["estimate"]["weights_bytes"])'
}
copies() {
	"$VRAMPLAN" estimate --model "$1" --gpu a100-40gb --batch 1 --precision amp-bf16 --method qlora --format json |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["estimate"]["weight_copies_bytes"])'
}
a=$(weights "$f") && b=$(weights "$dir/config.json") || exit 1
echo "with llm_int8_skip_modules: $a"
echo "with it null: $b"
echo "more: $((a - b))"
a=$(copies "$f") && b=$(copies "$dir/config.json") || exit 1
echo "amp-bf16 weight copies more: $((a - b))"
rm -rf "$dir"
