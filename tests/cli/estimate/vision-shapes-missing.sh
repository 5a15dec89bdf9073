# A catalogue entry of a multimodal model with 'vision_params' but not the
# tower's shapes (written by an 'import' before 2026-12-01, or by hand)
# counts none of the LoRA adapters PEFT puts on the tower: the estimate says
# so, where it fell short without a word (gemma-3-4b-it's all-linear at
# r 16: 8,695,296 parameters missing).
cat=$(mktemp "${TMPDIR:-/tmp}/vp.XXXXXX")
"$VRAMPLAN" import tests/data/configs/gemma-3-4b-it.json 2>/dev/null | grep -v 'vision_hidden_size\|vision_intermediate_size\|vision_layers' >"$cat"
"$VRAMPLAN" estimate --catalog "$cat" --model gemma-3-4b-it --gpu a100-80gb --batch 1 --precision bf16 --method lora \
	--lora-r 16 --lora-targets all-linear --format json 2>&1 | grep -E 'vision|"params_trainable"' | sed 's/^[[:space:]]*//'
