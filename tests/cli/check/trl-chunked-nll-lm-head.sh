# TRL's chunked_nll reads the LM head's weight directly, so SFTTrainer
# raises ValueError when LoRA wraps lm_head (trl/trainer/sft_trainer.py,
# huggingface/trl#5676). check refuses loss_type: chunked_nll beside a
# target lm_head (an input error at the key), warns when loss_type is unset
# (TRL >= 1.7 runs chunked_nll), and passes nll, all-linear (PEFT leaves the
# output layer out) and a full fine-tune. `plan --profile trl --loss
# chunked` with lm_head among --lora-targets would print the refused keys:
# an input error.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
base='model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 2\nmax_length: 1024\nbf16: true\ngradient_checkpointing: true\n'
for extra in 'use_peft: true\nlora_target_modules: [q_proj, v_proj, lm_head]\nloss_type: chunked_nll' \
	'use_peft: true\nlora_target_modules: [q_proj, v_proj, lm_head]' \
	'use_peft: true\nlora_target_modules: [q_proj, v_proj, lm_head]\nloss_type: nll' \
	'use_peft: true\nlora_target_modules: all-linear\nloss_type: chunked_nll' \
	'use_peft: true\nlora_target_modules: [q_proj, v_proj]\nloss_type: chunked_nll' \
	'loss_type: chunked_nll'; do
	printf "$base$extra\n" >c.yaml
	echo "== $(printf "$extra" | tr '\n' ' ')"
	"$VRAMPLAN" check c.yaml --gpu a100-80gb >out 2>&1
	rc=$?
	grep -o "FITS: train batch [0-9]*\|c.yaml:[0-9]*:[0-9]*: loss_type: chunked_nll with LoRA.*\|warning: .*LoRA on lm_head.*" out
	echo "exit $rc"
done
for targets in q_proj,v_proj,lm_head all-linear; do
	"$VRAMPLAN" plan -m llama-3.2-1b -g rtx4090 --profile trl --method lora --loss chunked --lora-targets "$targets" -q >/dev/null 2>err
	rc=$?
	grep -o "refuses with LoRA on lm_head" err
	echo "plan --lora-targets $targets: exit $rc"
done
