# preference training (TRL DPO keys, axolotl rl) is refused, not checked as SFT
"$VRAMPLAN" check tests/data/check/trl-dpo.yaml --gpu a100-80gb
printf 'base_model: meta-llama/Llama-3.2-1B\nmicro_batch_size: 2\nrl: dpo\n' | "$VRAMPLAN" check - --gpu a100-80gb
