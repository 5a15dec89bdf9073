# THUDM/glm-4-9b-chat's config (model_type chatglm, THUDM's remote code, as
# LLaMA-Factory's log printed it): refused, pointing at transformers' glm
# conversion of the same weights
"$VRAMPLAN" estimate --model tests/data/cli/chatglm-glm-4-9b-chat.json --gpu a100-80gb --batch 1 --method lora
