# A torchtune recipe config (the layout of torchtune's recipes/configs:
# tests/data/check/torchtune) is not a trainer config check reads. Before,
# check read it as TrainingArguments and said "no model: the config names
# none (model_name_or_path)". Now an error at model._component_ names the
# builder and gives the `vramplan estimate` command the file determines:
# the catalogue entry of the builder's checkpoint, batch_size, dtype, the
# LoRA builder's rank, dropout and targets in transformers' names,
# checkpointing, offloading, the optimizer, optimizer_in_bwd, compile, the
# chunked loss, packing and tokenizer.max_seq_len (a placeholder N when it
# is null). --model on the command line changes nothing.
for f in llama3_2-3B-lora-single-device llama3_2-3B-full-single-device llama3_1-8B-qlora-single-device; do
	"$VRAMPLAN" check --gpu a100-80gb tests/data/check/torchtune/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --gpu a100-80gb --model gpt2 tests/data/check/torchtune/$f.yaml 2>/dev/null
	echo "exit $? with --model"
done
# A builder the catalogue has no entry for (llama2_70b) leaves --model M to
# fill; Phi-3's q and v alone are part of transformers' fused qkv_proj,
# which has no name for them, so --lora-targets is left out; an 8-bit
# torchao AdamW and SGD with momentum; fp32. Without batch_size (the
# recipes read cfg.batch_size) --batch B is to fill: before, the command
# left --batch out and estimate refused it.
printf 'model:\n  _component_: torchtune.models.llama2.lora_llama2_70b\n  lora_attn_modules: [q_proj, v_proj]\nbatch_size: 1\ndtype: fp32\noptimizer:\n  _component_: torchao.optim.AdamW8bit\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
printf 'model:\n  _component_: torchtune.models.phi3.lora_phi3_mini\n  lora_attn_modules: [q_proj, v_proj]\n  lora_rank: 16\n  quantize_base: True\noptimizer:\n  _component_: torch.optim.SGD\n  momentum: 0.9\ntokenizer:\n  _component_: torchtune.models.phi3.phi3_mini_tokenizer\n  max_seq_len: 1024\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
# A recipe whose model is the user's own module: recognized by a torchtune
# section beside batch_size, with no --model to give.
printf 'model:\n  _component_: my_project.models.tiny_decoder\ntokenizer:\n  _component_: torchtune.models.llama3.llama3_tokenizer\n  max_seq_len: 512\nbatch_size: 8\ndtype: bf16\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
# A trainer config with a model keeps its reading: a model: section of its
# own (a key TrainingArguments does not have) is ignored as before.
printf 'model_name_or_path: gpt2\nper_device_train_batch_size: 2\nmodel:\n  _component_: torchtune.models.llama3_2.llama3_2_1b\nbatch_size: 4\n' |
	"$VRAMPLAN" check --gpu a100-80gb -q - >/dev/null
echo "exit $?"
# Every flag at once: the message holds 767 bytes (include/vramplan/error.h),
# and the command stays whole. gradient_accumulation_steps above 1 is
# --grad-accum (until 2026-11-30 a remark that --batch is a micro-batch).
printf 'model:\n  _component_: torchtune.models.qwen3.qlora_qwen3_moe_30b_a3b_instruct\n  lora_attn_modules: [q_proj, k_proj, v_proj, output_proj]\n  apply_lora_to_mlp: True\n  apply_lora_to_output: True\n  lora_rank: 128\n  lora_dropout: 0.05\n  use_dora: True\nbatch_size: 16\ndtype: bf16\nenable_activation_checkpointing: True\nenable_activation_offloading: True\noptimizer:\n  _component_: bitsandbytes.optim.PagedAdamW8bit\noptimizer_in_bwd: True\ncompile: True\nloss:\n  _component_: torchtune.modules.loss.LinearCrossEntropyLoss\ndataset:\n  packed: True\ntokenizer:\n  max_seq_len: null\ngradient_accumulation_steps: 4\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
# The longest message: a builder the catalogue lacks (M), every flag, no
# batch_size (B) and no length (N). The remark, the reason's details and
# then the reason give way so that the command and what its placeholders
# stand for end whole (before, the N line was cut at 767 bytes).
printf 'model:\n  _component_: torchtune.models.qwen3.qlora_qwen3_moe_30b_a3b_instructXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n  lora_attn_modules: [q_proj, k_proj, v_proj, output_proj]\n  apply_lora_to_mlp: True\n  apply_lora_to_output: True\n  lora_rank: 10000000\n  lora_dropout: 0.0500000001\n  use_dora: True\ndtype: fp32\nenable_activation_checkpointing: True\nenable_activation_offloading: True\noptimizer:\n  _component_: bitsandbytes.optim.PagedAdamW8bit\noptimizer_in_bwd: True\ncompile: True\nloss:\n  _component_: torchtune.modules.loss.LinearCrossEntropyLoss\ndataset:\n  packed: True\ngradient_accumulation_steps: 10000000\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | sed 's/.*does not read these//'
# A recipe that runs more than one model or sequence a sample, which the
# command does not count (as check refuses TRL's DPO and GRPO keys), says
# so: knowledge distillation's teacher_model (llama3_2/8B_to_1B_KD_lora_
# single_device.yaml) and torchtune.rlhf's DPOLoss (llama3_2/3B_lora_dpo_
# single_device.yaml). Before, its SFT command came with nothing said.
printf 'model:\n  _component_: torchtune.models.llama3_2.lora_llama3_2_1b\n  lora_attn_modules: [q_proj, v_proj, output_proj]\n  apply_lora_to_mlp: True\n  lora_rank: 64\nteacher_model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\nbatch_size: 4\ndtype: bf16\nloss:\n  _component_: torchtune.modules.loss.CEWithChunkedOutputLoss\nkd_loss:\n  _component_: torchtune.modules.loss.ForwardKLWithChunkedOutputLoss\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'teacher_model: .*'
printf 'model:\n  _component_: torchtune.models.llama3_2.lora_llama3_2_3b\n  lora_attn_modules: [q_proj, v_proj, output_proj]\nbatch_size: 4\ndtype: bf16\nloss:\n  _component_: torchtune.rlhf.loss.DPOLoss\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'its loss is .*'
# torchao's 4-bit AdamW is adamw-4bit (before: left to the default).
printf 'model:\n  _component_: torchtune.models.llama3_2.llama3_2_1b\nbatch_size: 2\noptimizer:\n  _component_: torchao.optim.AdamW4bit\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--optimizer [^ ]*'
