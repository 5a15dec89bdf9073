# A second round of real training configs, verbatim
# (tests/data/trainconfig/corpus-round2/README.md gives each file's
# repository, path and commit), chosen for what the trainers added in
# 2025-26 and the first two rounds (real-config-corpus.sh,
# real-config-features.sh) did not use: axolotl's ALST recipes
# (sequence_parallel_degree, tiled_mlp, activation_offloading: legacy, CCE,
# DeepSpeed ZeRO-3 offloading everything or FSDP2), its N-D parallel
# recipe (dp_shard_size, context_parallel_size, tensor_parallel_size), QAT
# and FP8 under FSDP2, KTO, a Qwen3 FSDP QLoRA; LLaMA-Factory's APOLLO,
# Adam-mini, Muon, PiSSA, OFT, KTO, an AWQ base and FP8 under FSDP;
# open-r1's Dr. GRPO recipe with vLLM. Each directory is a repository's
# root, as the trainers are launched from there. What they found, fixed on
# 2026-11-30:
#  - axolotl's dp_shard_size (the GPUs FSDP shards over) was listed as
#    ignored and the model counted whole on one GPU, "default data-parallel
#    GPUs: 1" (distributed-parallel/qwen3-8b-fsdp-tp-cp.yaml: 146.62 GiB
#    a GPU; read, 115.82 GiB over 2)
#  - its tensor_parallel_size was listed as ignored without a word (not
#    modelled: an overestimate, now said at the key)
#  - its qat block (torchao's FakeQuantizedLinear keeps a fake-quantized
#    copy of each weight for backward) was listed as ignored without a
#    word (an underestimate, now said at the key): 3b-qat-fsdp2.yaml
#  - LLaMA-Factory's fp8 (Fp8Arguments, accelerate's FP8 mixed precision)
#    was listed as ignored without a word, where axolotl's fp8 got a note:
#    extras/fp8/llama3_fp8_fsdp_sft.yaml
# Refused as before, each at its key: axolotl's rl: kto, LLaMA-Factory's
# use_apollo, use_adam_mini, use_muon, pissa_init, stage: kto,
# finetuning_type: oft, open-r1's GRPO (at beta); the AWQ re-upload is an
# unknown model.
c=tests/data/trainconfig/corpus-round2
root=$PWD
summary() {
	python3 "$root/tests/data/trainconfig/corpus-summary.py"
}

echo "== axolotl (axolotl-ai-cloud/axolotl)"
cd "$root/$c/axolotl" || exit 1
# ALST: a 500k-token sequence split over 8 GPUs, which check does not
# model (each GPU counted with the whole sequence: said at the key)
"$VRAMPLAN" check --gpu h100 --gpus 8 examples/alst/llama3-8b-deepspeed-alst.yaml examples/alst/llama3-8b-fsdp2-alst.yaml
echo "exit $? (--gpus 8)"
"$VRAMPLAN" check --gpu h100 --gpus 2 examples/llama-3/3b-qat-fsdp2.yaml examples/llama-3/3b-fp8-fsdp2.yaml
echo "exit $? (--gpus 2)"
"$VRAMPLAN" check --gpu rtx4090 --gpus 2 examples/qwen3/qlora-fsdp.yaml
echo "exit $? (--gpus 2)"
# dp_shard_size 2 x context_parallel_size 2 x tensor_parallel_size 2: FSDP
# shards over the 2 the file names
"$VRAMPLAN" check --gpu h100 examples/distributed-parallel/qwen3-8b-fsdp-tp-cp.yaml
echo "exit $?"
"$VRAMPLAN" check -q --gpu a100-80gb examples/llama-3/qlora-1b-kto.yaml
echo "exit $?"
"$VRAMPLAN" check --format json --gpu h100 examples/*/*.yaml 2>/dev/null | summary

echo "== LLaMA-Factory (hiyouga/LLaMA-Factory)"
cd "$root/$c/llamafactory" || exit 1
for f in examples/extras/apollo/llama3_full_sft.yaml examples/extras/adam_mini/qwen2_full_sft.yaml \
	examples/extras/muon/qwen2_full_sft.yaml examples/extras/pissa/llama3_lora_sft.yaml \
	examples/extras/oft/llama3_oft_sft.yaml examples/train_lora/qwen3_lora_kto.yaml \
	examples/train_qlora/llama3_lora_sft_awq.yaml; do
	"$VRAMPLAN" check -q --gpu a100-80gb "$f"
	echo "exit $?"
done
# FP8 needs a Hopper GPU; the FSDP example runs on a node of 8
"$VRAMPLAN" check --gpu h100 --gpus 8 examples/extras/fp8/llama3_fp8_fsdp_sft.yaml
echo "exit $? (--gpus 8)"
"$VRAMPLAN" check --format json --gpu h100 examples/extras/*/*.yaml examples/train_*/*.yaml 2>/dev/null | summary

echo "== TRL recipes (huggingface/open-r1)"
cd "$root/$c/open-r1" || exit 1
"$VRAMPLAN" check --gpu h100 recipes/Qwen2.5-Coder-7B-Instruct/grpo/config_codeforces.yaml
echo "exit $?"
