# A full fine-tune over a quantized base, stated with vramplan.method: full
# (or --set method=full) beside a 4- or 8-bit base, is refused at the
# method, as use_peft: false, adapter: none, finetuning_type: full and plan's
# --quant without --method lora are: the HF Trainer refuses to fine-tune a
# purely quantized model. Before, check estimated the step ("full nf4") and
# gave it a verdict.
printf 'model_name_or_path: flan-t5-base\nper_device_train_batch_size: 8\nvramplan:\n  gpu: t4\n  quant: nf4\n  method: full\n' |
	"$VRAMPLAN" check -q -
echo "exit $?"
printf 'model_name_or_path: gpt2\nload_in_4bit: true\nper_device_train_batch_size: 8\nvramplan:\n  gpu: t4\n' |
	"$VRAMPLAN" check -q - --method full
echo "exit $?"
printf 'base_model: gpt2\nmicro_batch_size: 8\nsequence_len: 512\nadapter: lora\nload_in_8bit: true\nvramplan:\n  gpu: t4\n' |
	"$VRAMPLAN" check -q - --set method=full
echo "exit $?"
# and plan refuses the same setup
"$VRAMPLAN" plan --model gpt2 --gpu t4 --method full --quant nf4
echo "exit $?"
