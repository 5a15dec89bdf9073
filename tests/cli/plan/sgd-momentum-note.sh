# TrainingArguments' optim "sgd" builds torch.optim.SGD with the learning
# rate alone: Trainer.get_optimizer_cls_and_kwargs hands optim_args to
# bitsandbytes' RMSprop, GaLore, AdEMAMix and others, never to SGD
# (huggingface/transformers src/transformers/trainer.py). So the plan of an
# SGD-with-momentum run must not tell the user to add optim_args (the run
# would be plain SGD, whose missing momentum buffer the plan counted): hf
# names Trainer's optimizer_cls_and_kwargs, and the profiles whose tool
# builds the Trainer (trl, LLaMA-Factory, axolotl, which hands its
# optimizer and optim_args to TrainingArguments: core/builders/base.py
# _configure_optimizer) say no key adds momentum.
for p in hf trl llamafactory axolotl; do
	out=$("$VRAMPLAN" plan --model llama-3.2-1b --gpu rtx-3090 --seq-len 1024 --optimizer sgd-momentum --profile $p)
	echo "$out" | grep -E '^(# note: sgd|optim:|optimizer:)'
	if echo "$out" | grep -q 'optim_args:'; then
		echo "FAIL: $p tells the user to set optim_args, which SGD never gets"
	fi
done
