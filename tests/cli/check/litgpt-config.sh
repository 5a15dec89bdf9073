# A litgpt finetune config (the layout of litgpt's config_hub/finetune:
# tests/data/check/litgpt) is not a trainer config check reads. Before,
# check read it as TrainingArguments and said "no model". Now an error at
# checkpoint_dir gives the `vramplan estimate` command the file determines:
# the checkpoint's HF id, train.micro_batch_size, the precision, the
# quantization, the LoRA rank, dropout and targets (litgpt's defaults,
# query and value, where unstated), train.max_seq_length and, for LoRA,
# litgpt's chunked head and loss (full.py runs the head whole: the
# standard loss, since 2026-11-30).
for f in llama-3.2-3B-qlora llama-3.2-3B-full; do
	"$VRAMPLAN" check --gpu a100-80gb tests/data/check/litgpt/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --gpu a100-80gb --model gpt2 tests/data/check/litgpt/$f.yaml 2>/dev/null
	echo "exit $? with --model"
done
# Recognized by lora_r beside a Fabric precision too (no checkpoint_dir:
# --model M to fill); bf16-mixed is autocast, every target on; no
# max_seq_length leaves N. The finetune scripts build torch.optim.AdamW
# (setup()'s default) with no fused argument: adamw, its foreach path.
printf 'precision: bf16-mixed\nlora_r: 16\nlora_key: true\nlora_projection: true\nlora_mlp: true\nlora_head: true\ntrain:\n  micro_batch_size: 1\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
# bnb.int8-training is bitsandbytes' Linear8bitLt keeping its 16-bit
# weights (has_fp16_weights=True): plain LoRA, no --quant. Before, the
# value generation alone takes (bnb.int8) gave --quant int8 and this one
# nothing. Under any bitsandbytes quantization litgpt steps
# bnb.optim.PagedAdamW (instantiate_bnb_optimizer); SGD with a momentum
# otherwise.
printf 'checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\nprecision: bf16-true\nquantize: bnb.int8-training\nlora_r: 16\noptimizer:\n  class_path: torch.optim.AdamW\n  init_args:\n    lr: 0.0002\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'vramplan estimate [^;]*'
printf 'checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\noptimizer:\n  class_path: torch.optim.SGD\n  init_args:\n    momentum: 0.9\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'vramplan estimate [^;]*'
# Phi-3 (transformers' phi3) fuses q, k and v: all three are qkv_proj,
# and q and v alone too (PEFT adapts a linear whole), the remark says by
# how much litgpt's LoRAQKVLinear differs; before 2026-12-02 q and v alone
# dropped --lora-targets, lora_mlp's linears with it. lora_mlp adapts
# gate_up_proj, which litgpt splits into fc_1 and fc_2: the remark says
# that too (since 2026-12-02). 16-mixed is fp16 autocast.
printf 'checkpoint_dir: checkpoints/microsoft/Phi-3-mini-4k-instruct\nprecision: 16-mixed\nlora_r: 8\nlora_key: true\nlora_mlp: true\ntrain:\n  micro_batch_size: 4\n  max_seq_length: 1024\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
printf 'checkpoint_dir: checkpoints/microsoft/Phi-3-mini-4k-instruct\nprecision: 32-true\nlora_r: 8\nquantize: bnb.nf4-dq\ntrain:\n  micro_batch_size: 4\n  max_seq_length: 1024\n' |
	"$VRAMPLAN" check --gpu a100-80gb -
echo "exit $?"
printf 'checkpoint_dir: checkpoints/microsoft/Phi-3-mini-4k-instruct\nlora_r: 8\nlora_query: false\nlora_value: false\nlora_mlp: true\ntrain:\n  micro_batch_size: 4\n  max_seq_length: 1024\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--lora-targets [^ ]*' -e '; the fused .*'
# litgpt's GptNeoxMLP (fc, proj), the default mlp_class_name, which
# phi-2 and Falcon keep, is transformers' fc1/fc2 and
# dense_h_to_4h/dense_4h_to_h, and their attention's output is dense;
# Falcon fuses q, k and v in transformers too (query_key_value). Before
# 2026-12-02 both got Llama's names: phi-2's dense, fc1 and fc2 were left
# out and Falcon's command was refused (none of them names its linears).
for m in microsoft/phi-2 tiiuae/falcon-7b; do
	printf 'checkpoint_dir: checkpoints/%s\nlora_r: 8\nlora_projection: true\nlora_mlp: true\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 512\n' "$m" |
		"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--lora-targets [^ ]*' -e '; the fused .*'
done
# Qwen3's MoE entries are litgpt's LLaMAMoE, whose router (gate, a
# LoRALinear under lora_mlp) is transformers' mlp.gate beside the
# experts' Llama names. Before 2026-12-02 the router was left out.
printf 'checkpoint_dir: checkpoints/Qwen/Qwen3-30B-A3B-Instruct-2507\nlora_r: 8\nlora_mlp: true\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--lora-targets [^ ]*'
# TRL's ModelConfig has lora_r too: beside model_name_or_path the file is
# a trainer config, as before.
printf 'model_name_or_path: gpt2\nlora_r: 8\nuse_peft: true\nprecision: bf16-true\nper_device_train_batch_size: 2\n' |
	"$VRAMPLAN" check --gpu a100-80gb -q - >/dev/null
echo "exit $?"
# checkpoint_dir's last two parts are an HF id only as Hub names (up to 96
# letters, digits, '-', '_', '.'): a longer part was cut at 96 bytes into
# another model's name, a control character went into the command; either
# now leaves --model M.
long=$(printf '%0100d' 0)
printf 'checkpoint_dir: checkpoints/org/%s\ntrain:\n  micro_batch_size: 1\n' "$long" |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--model [^ ]*' -e '; M: [^;]*'
printf 'checkpoint_dir: "checkpoints/org/a\\x1b[0m"\ntrain:\n  micro_batch_size: 1\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o -e '--model [^ ]*' -e '; M: [^;]*'
# Unset, train.micro_batch_size is the script's TrainArgs default, which
# differs by script and release: a placeholder B, as estimate needs a
# batch (before, the command left --batch out and estimate refused it).
# global_batch_size // (devices * num_nodes) // micro_batch_size is each
# rank's accumulation (TrainArgs.gradient_accumulation_iters): --grad-accum.
# More than one device (devices x num_nodes) runs FSDPStrategy with
# activation_checkpointing_policy={Block} in lora.py, adapter.py and
# full.py: --gpus N --fsdp --grad-ckpt (before, a single-GPU command).
printf 'checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\ntrain:\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'vramplan estimate .*'
printf 'checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\ndevices: 2\nnum_nodes: 2\ntrain:\n  global_batch_size: 64\n  micro_batch_size: 2\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'vramplan estimate [^;]*'
# finetune/adapter.py and adapter_v2.py take quantize, full.py does not:
# quantize without lora_r is an adapter config, which vramplan does not
# model. Before, its command was a full fine-tune's with nothing said.
printf 'checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\nprecision: bf16-true\nquantize: bnb.nf4\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 512\n' |
	"$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep -o 'vramplan estimate .*'
