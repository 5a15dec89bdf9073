# gpt-oss-20b under TRL's SFT keys: all-linear reaches q, k, v and o only,
# lora_target_parameters is said to be unmodelled, and batch 4 x 2048 is
# over an H100's default budget (the peak is the 201,088-token loss)
"$VRAMPLAN" check tests/data/check/trl-gpt-oss-sft.yaml --gpu h100-80gb
