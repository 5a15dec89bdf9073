# OPT's project_in and project_out are nn.Linear modules outside the blocks
# where word_embed_proj_dim differs from hidden_size (OPT-350m: 512 -> 1024,
# model.decoder.project_in), which PEFT finds by name; OPTDecoder sets both to
# None where the widths agree (OPT-1.3B), so there PEFT stops as before.
"$VRAMPLAN" estimate --model opt-350m --gpu a100-40gb --method lora --lora-targets project_in,project_out --batch 1 --format json |
	grep -E '"params_trainable"'
"$VRAMPLAN" estimate --model opt-1.3b --gpu a100-40gb --method lora --lora-targets project_in --batch 1
