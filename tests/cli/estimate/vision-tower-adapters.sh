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
for m in gemma-3-4b-it mistral-small-3.1-24b-instruct-2503; do
	echo "$m: $("$VRAMPLAN" estimate --model tests/data/configs/$m.json --gpu a100-80gb --batch 1 \
		--precision bf16 --method lora --lora-r 16 --lora-targets all-linear --format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
done
echo "gemma-3-4b-it, llamafactory: $("$VRAMPLAN" estimate --model tests/data/configs/gemma-3-4b-it.json \
	--gpu a100-80gb --batch 1 --precision bf16 --method lora --lora-r 16 --lora-targets all-linear --profile llamafactory \
	--format json | grep -m1 '"params_trainable"' | tr -dc 0-9)"
