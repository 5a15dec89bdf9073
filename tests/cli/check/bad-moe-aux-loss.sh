# moe_aux_loss_coef must be a number: the error names the line and column
printf 'model_name_or_path: Qwen/Qwen3-30B-A3B\nstage: sft\nfinetuning_type: lora\nmoe_aux_loss_coef: [1]\n' |
	"$VRAMPLAN" check --gpu h200 -
