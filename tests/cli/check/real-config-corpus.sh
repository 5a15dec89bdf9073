# Real training configs, verbatim, from the trainers' own repositories and
# their users (tests/data/trainconfig/corpus/README.md gives each file's
# repository, path and commit), checked as they are on plausible GPUs: a
# golden of what check reads from each, so that a change in the reader
# shows up here on configs nobody wrote for vramplan. Each directory is a
# repository's root, as the trainers are launched from there (axolotl's
# and LLaMA-Factory's examples name their DeepSpeed files from it).
# Files are grouped into few processes (the suite also runs under
# valgrind). The globs read real-config-features.sh's files too (added
# 2026-11-30): their summary lines, and the refusals of two DPO recipes
# that make the TrainingArguments group exit 2. What the corpus found, fixed on 2026-11-30:
#  - axolotl examples/mistral/mixtral.yml: the ZeRO-Offload warning of the
#    DeepSpeed file it names was cut at 384 bytes ("zero2.json, lin"), and
#    its null unfrozen_parameters got "did you mean 'unfrozen_parameters'?"
#  - DeepSpeedExamples cifar/ds_config.json: "cpu_offload": true, ZeRO-
#    Offload's first name, which DeepSpeed still reads as offload_optimizer
#    {device: cpu}, was listed as ignored and the states counted on the GPU;
#    fp16_master_weights_and_grads was ignored without a word
#  - axolotl's eval_table_size and do_causal_lm_eval (callbacks that
#    generate in evaluation) were ignored without a word; since, an
#    eval_table_size without a logger (mistral/qlora.yml and phi3-ft.yml
#    leave wandb_project empty) adds no callback, and bounds no FITS
#  - axolotl lora_target_modules after lora_target_linear: true dropped the
#    linear layers axolotl adds (the union; examples/mistral/qlora.yml has
#    both, which for Mistral are the same modules)
#  - a DeepSpeed file with "auto" batch keys alone (LLaMA-Factory's
#    examples/deepspeed/, axolotl's deepspeed_configs/) said "no model ...
#    give --model", after which it said the micro-batch "auto" cannot be
#    checked on its own: now that, first
c=tests/data/trainconfig/corpus
root=$PWD
summary() {
	python3 "$root/tests/data/trainconfig/corpus-summary.py"
}

echo "== axolotl (axolotl-ai-cloud/axolotl)"
cd "$root/$c/axolotl" || exit 1
"$VRAMPLAN" check --gpu rtx4090 --gpu a100-80gb examples/llama-3/lora-8b.yml examples/llama-3/qlora-1b.yml \
	examples/llama-3/fft-8b.yaml examples/mistral/qlora.yml examples/mistral/mixtral.yml examples/gemma/qlora.yml \
	examples/phi/phi3-ft.yml
echo "exit $?"
# the two whose base_model is a re-upload the catalogue does not name (no
# config.json of NousResearch/Llama-3.2-1B or mhenrichsen/gemma-7b was found
# to make them aliases, docs/catalogue.md): the error says which entry is
# meant, and with it the rest of the file is read
"$VRAMPLAN" check --gpu rtx4090 --model llama-3.2-1b examples/llama-3/qlora-1b.yml
echo "exit $? (--model llama-3.2-1b)"
"$VRAMPLAN" check --gpu rtx4090 --model gemma-7b examples/gemma/qlora.yml
echo "exit $? (--model gemma-7b)"
# FSDP QLoRA, made for two 24 GB cards
"$VRAMPLAN" check --gpu rtx4090 --gpus 2 examples/llama-3/qlora-fsdp-70b.yaml examples/qwen2/qlora-fsdp.yaml
echo "exit $? (--gpus 2)"
"$VRAMPLAN" check --format json --gpu a100-80gb examples/*/*.y*ml 2>/dev/null | summary

echo "== LLaMA-Factory (hiyouga/LLaMA-Factory)"
cd "$root/$c/llamafactory" || exit 1
"$VRAMPLAN" check --gpu rtx4090 --gpu a100-80gb examples/train_lora/llama3_lora_sft.yaml \
	examples/train_lora/llama3_lora_pretrain.yaml examples/train_qlora/llama3_lora_sft_otfq.yaml \
	examples/deepspeed/ds_z2_config.json
echo "exit $?"
# full fine-tunes under ZeRO-3, as LLaMA-Factory's README launches them on a node;
# qwen3_full_sft.yaml's Qwen/Qwen3-4B-Instruct-2507 is an alias of qwen3-4b
# since 2026-11-30 (until then an unknown model, checked again with --model)
"$VRAMPLAN" check --gpu a100-80gb --gpus 8 examples/train_full/llama3_full_sft.yaml \
	examples/train_full/qwen3_full_sft.yaml
echo "exit $? (--gpus 8)"
"$VRAMPLAN" check --format json --gpu a100-80gb examples/train_*/*.yaml examples/deepspeed/*.json 2>/dev/null | summary

echo "== TrainingArguments and TRL (huggingface/alignment-handbook, huggingface/trl)"
cd "$root" || exit 1
"$VRAMPLAN" check --gpu rtx4090 --gpu a100-80gb $c/alignment-handbook/recipes/*/*/*.yaml \
	$c/trl/examples/cli_configs/example_config.yaml
echo "exit $?"
# zephyr-7b-sft-full as its recipe runs: 8 GPUs, accelerate's DeepSpeed ZeRO-3
"$VRAMPLAN" check --gpu a100-80gb --gpus 8 --zero 3 $c/alignment-handbook/recipes/zephyr-7b-beta/sft/config_full.yaml
echo "exit $? (--gpus 8 --zero 3)"
"$VRAMPLAN" check --format json --gpu a100-80gb $c/alignment-handbook/recipes/*/*/*.yaml \
	$c/trl/examples/cli_configs/example_config.yaml 2>/dev/null | summary

echo "== DeepSpeed configs (huggingface/transformers, microsoft/DeepSpeedExamples, axolotl, LLaMA-Factory)"
# their models are not in the files (cifar's is a CNN): gpt2 stands in, to
# read the DeepSpeed keys
"$VRAMPLAN" check --gpu v100-16gb --model gpt2 $c/transformers/tests/deepspeed/ds_config_zero2.json \
	$c/DeepSpeedExamples/cifar/ds_config.json $c/DeepSpeedExamples/Megatron-LM/scripts/ds_zero2_config.json \
	$c/axolotl/deepspeed_configs/zero2.json $c/llamafactory/examples/deepspeed/ds_z3_offload_config.json
echo "exit $?"
"$VRAMPLAN" check --format json --gpu v100-16gb --model gpt2 $c/DeepSpeedExamples/*/ds_config.json \
	$c/DeepSpeedExamples/*/*/ds_zero2_config.json 2>/dev/null | summary
