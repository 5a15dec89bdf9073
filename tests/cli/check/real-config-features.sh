# More real training configs, verbatim (tests/data/trainconfig/corpus/
# README.md gives each file's repository, path and commit), chosen for what
# real-config-corpus.sh's did not use: preference, reward and PPO stages,
# GaLore, BAdam, LLaMA Pro and mixture-of-depths, FSDP QLoRA, a bitsandbytes
# NPU config, a GPTQ and a vision-language base, Liger under FSDP with
# parameter offload, axolotl's LoRA kernels, its CutCrossEntropyPlugin, a Hub
# attention kernel, TRL's APO-zero DPO and NEFTune. Each directory is a
# repository's root, as the trainers are launched from there. What they
# found, fixed on 2026-11-30 (and since 2026-12-01 LLaMA-Factory's
# examples/train_lora/qwen2_5vl_lora_sft.yaml, whose Qwen/Qwen2.5-VL-7B-Instruct
# was an unknown model, is checked as the catalogue's qwen2.5-vl-7b: a
# text-only fine-tune, with a warning that its images are not modelled, and
# since, as its qwen2_vl template feeds images, a FITS that is a lower bound
# at image_max_pixels: docs/check.md "Image inputs"):
#  - LLaMA-Factory examples/extras/mod/llama3_full_sft.yaml: its
#    mixture_of_depths: convert (another model: MoD routes a fraction of
#    the tokens through each block) was listed as ignored and the plain
#    model checked; now refused at its value, as use_galore is
#  - axolotl examples/gpt-oss/gpt-oss-20b-sft-lora-singlegpu.yaml: its
#    attn_implementation, a Hub kernel repo (kernels-community/vllm-flash-
#    attn3, which transformers runs behind its flash-attention forward),
#    was an unknown value (exit 2); now read as flash attention
#  - the same file and examples/qwen3/32b-qlora.yaml load the
#    CutCrossEntropyPlugin, whose cut_cross_entropy defaults to true: CCE
#    never keeps the logits, which check counts; plugins was ignored
#    without a word, now a note says so (an overestimate)
#  - alignment-handbook recipes/gemma-7b/sft/config_full_neftune.yaml on 8
#    GPUs fails at its eval batch on logits kept for a compute_metrics its
#    SFTTrainer does not get (assumed for an hf config), with no word; now
#    a note says so (with prediction_loss_only: true it fits)
#  - examples/qwen3/32b-qlora.yaml's optimizer adamw_torch_4bit (torchao's
#    AdamW4bit) was refused as unmodelled; modelled from source since
#    (docs/memory-model.md "Optimizer states"), the file is checked: it fits
# Left as they are: Qwen2.5-VL and the GPTQ re-upload
# are unknown models; the DPO/KTO/RM/PPO/ORPO stages, GaLore, BAdam and
# freeze tuning are refused; gemma-7b's neftune_noise_alpha (one more
# embedding-sized tensor in training) is listed as ignored (since
# 2026-11-30 with a note saying what it adds). fft-8b-liger-fsdp.yaml's
# liger_rms_norm and liger_rope were listed as ignored too; since
# 2026-11-30 its Liger RMSNorm is counted (train batch 2 17.50 -> 17.11 GiB)
# and liger_rope is read (it keeps what transformers' RoPE keeps).
c=tests/data/trainconfig/corpus
root=$PWD

echo "== LLaMA-Factory (hiyouga/LLaMA-Factory)"
cd "$root/$c/llamafactory" || exit 1
for f in examples/train_lora/qwen3_lora_dpo.yaml examples/train_lora/qwen3_lora_reward.yaml \
	examples/train_lora/llama3_lora_ppo.yaml examples/train_lora/qwen2_5vl_lora_sft.yaml \
	examples/train_qlora/llama3_lora_sft_gptq.yaml examples/extras/galore/llama3_full_sft.yaml \
	examples/extras/badam/llama3_full_sft.yaml examples/extras/llama_pro/llama3_freeze_sft.yaml \
	examples/extras/mod/llama3_full_sft.yaml; do
	"$VRAMPLAN" check -q --gpu a100-80gb "$f"
	echo "exit $?"
done
"$VRAMPLAN" check --gpu rtx4090 examples/train_qlora/qwen3_lora_sft_bnb_npu.yaml
echo "exit $?"
# the FSDP QLoRA example runs on two GPUs under accelerate's FSDP config,
# which the file does not name
"$VRAMPLAN" check --gpu rtx4090 --gpus 2 --fsdp examples/extras/fsdp_qlora/llama3_lora_sft.yaml
echo "exit $?"

echo "== axolotl (axolotl-ai-cloud/axolotl)"
cd "$root/$c/axolotl" || exit 1
for f in examples/qwen2/dpo.yaml examples/qwen2/prm.yaml examples/qwen3/32b-qlora.yaml; do
	"$VRAMPLAN" check -q --gpu a100-80gb "$f"
	echo "exit $?"
done
"$VRAMPLAN" check --gpu a100-80gb --gpus 8 examples/llama-3/fft-8b-liger-fsdp.yaml
echo "exit $? (--gpus 8)"
# NousResearch/Llama-3.2-1B is a re-upload the catalogue does not name (as
# qlora-1b.yml's in real-config-corpus.sh)
"$VRAMPLAN" check --gpu rtx4090 --model llama-3.2-1b examples/llama-3/lora-1b-kernels.yml
echo "exit $? (--model llama-3.2-1b)"
"$VRAMPLAN" check --gpu h100-80gb examples/gpt-oss/gpt-oss-20b-sft-lora-singlegpu.yaml
echo "exit $?"

echo "== TRL recipes (huggingface/alignment-handbook)"
cd "$root/$c/alignment-handbook" || exit 1
for f in recipes/zephyr-7b-beta/dpo/config_qlora.yaml recipes/smollm3/dpo/apo.yaml; do
	"$VRAMPLAN" check -q --gpu a100-80gb "$f"
	echo "exit $?"
done
# the recipe runs on 8 GPUs under accelerate's DeepSpeed ZeRO-3
"$VRAMPLAN" check --gpu a100-80gb --gpus 8 --zero 3 recipes/gemma-7b/sft/config_full_neftune.yaml
echo "exit $? (--gpus 8 --zero 3)"
