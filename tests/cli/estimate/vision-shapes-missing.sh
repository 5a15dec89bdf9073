# A catalogue entry of a multimodal model with 'vision_params' but not the
# tower's shapes (written by an 'import' before 2026-12-01, or by hand)
# counts none of the LoRA adapters PEFT puts on the tower: the estimate says
# so, where it fell short without a word (gemma-3-4b-it's all-linear at
# r 16: 8,695,296 parameters missing).
cat=$(mktemp "${TMPDIR:-/tmp}/vp.XXXXXX")
"$VRAMPLAN" import tests/data/configs/gemma-3-4b-it.json 2>/dev/null | grep -v 'vision_hidden_size\|vision_intermediate_size\|vision_layers' >"$cat"
"$VRAMPLAN" estimate --catalog "$cat" --model gemma-3-4b-it --gpu a100-80gb --batch 1 --precision bf16 --method lora \
	--lora-r 16 --lora-targets all-linear --format json 2>&1 | grep -E 'vision|"params_trainable"' | sed 's/^[[:space:]]*//'
# Qwen2.5-VL's likewise (its shapes are kept since 2026-12-01), where the
# targets reach the tower: all-linear does (11,454,464 at r 16 missing),
# q_proj,v_proj does not (the tower's attention is attn.qkv), and says nothing
"$VRAMPLAN" import tests/data/configs/qwen2.5-vl-7b-instruct.json 2>/dev/null |
	grep -v 'vision_hidden_size\|vision_intermediate_size\|vision_layers\|vision_merge_size\|vision_out_size' >"$cat"
for targets in all-linear q_proj,v_proj; do
	"$VRAMPLAN" estimate --catalog "$cat" --model qwen2.5-vl-7b-instruct --gpu a100-80gb --batch 1 --precision bf16 \
		--method lora --lora-r 16 --lora-targets $targets --format json 2>&1 | grep -E 'shapes|"params_trainable"' |
		sed 's/^[[:space:]]*//'
done
