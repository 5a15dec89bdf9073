# PEFT's all-linear adapts every nn.Linear but the output embedding (peft
# tuners_utils.py _maybe_include_all_linear_layers), a multimodal model's
# vision tower's and projector's too: they exist, print_trainable_parameters
# counts them, though a text-only batch never runs them. By hand at r 16:
# gemma-3-4b-it's SigLIP tower, 27 layers x 16 x (4 x (1152 + 1152) +
# 2 x (1152 + 4304)) = 8,695,296 beside the text model's 29,802,496:
# 38,497,792; Mistral Small 3.1's Pixtral tower, 24 layers x 16 x
# (4 x (1024 + 1024) + 3 x (1024 + 4096)) = 9,043,968, and its projector's
# merging_layer 16 x (4096 + 1024), linear_1 16 x (1024 + 5120) and linear_2
# 16 x (5120 + 5120), 344,064, beside the text model's 92,405,760:
# 101,793,792. LLaMA-Factory drops the tower and the projector from its
# targets (freeze_vision_tower, freeze_multi_modal_projector): the text
# model's 29,802,496. Until 2026-12-01 the tower's adapters were not counted.
# Qwen2.5-VL-7B's visual (modeling_qwen2_5_vl.py), 32 blocks x 16 x
# (attn.qkv 1280 + 3840, attn.proj 2 x 1280, mlp.gate/up/down_proj
# 3 x (1280 + 3420)) = 11,151,360, and the merger's mlp.0 16 x (5120 + 5120),
# mlp.2 16 x (5120 + 3584), 303,104, beside the text model's (Qwen2.5-7B's)
# 40,370,176: 51,824,640; Qwen2-VL-7B's (modeling_qwen2_vl.py: fc1, fc2 of
# 1280 x 5120), 32 x 16 x (5120 + 2560 + 2 x 6400) + 303,104 = 10,788,864:
# 51,159,040. Until 2026-12-01 Qwen's were not counted either, and warned so.
printf '%s' '{"architectures": ["Qwen2VLForConditionalGeneration"], "model_type": "qwen2_vl", "hidden_size": 3584,
"intermediate_size": 18944, "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
"vocab_size": 152064, "rms_norm_eps": 1e-06, "tie_word_embeddings": false, "vision_config": {"depth": 32,
"embed_dim": 1280, "mlp_ratio": 4, "num_heads": 16, "hidden_size": 3584, "spatial_merge_size": 2}}' >"$TMPDIR/qwen2-vl-7b.json"
for m in tests/data/configs/gemma-3-4b-it.json tests/data/configs/mistral-small-3.1-24b-instruct-2503.json \
	tests/data/configs/qwen2.5-vl-7b-instruct.json "$TMPDIR/qwen2-vl-7b.json"; do
	echo "$(basename "$m" .json): $("$VRAMPLAN" estimate --model "$m" --gpu a100-80gb --batch 1 \
		--precision bf16 --method lora --lora-r 16 --lora-targets all-linear --format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
done
# q_proj,v_proj reach no Qwen tower linear (they are attn.qkv): the text
# model's 28 x 16 x (7,168 + 4,096) = 5,046,272
echo "qwen2.5-vl-7b-instruct, q_proj,v_proj: $("$VRAMPLAN" estimate --model tests/data/configs/qwen2.5-vl-7b-instruct.json \
	--gpu a100-80gb --batch 1 --precision bf16 --method lora --lora-r 16 --lora-targets q_proj,v_proj \
	--format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
echo "gemma-3-4b-it, llamafactory: $("$VRAMPLAN" estimate --model tests/data/configs/gemma-3-4b-it.json \
	--gpu a100-80gb --batch 1 --precision bf16 --method lora --lora-r 16 --lora-targets all-linear --profile llamafactory \
	--format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
