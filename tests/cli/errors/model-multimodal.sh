# a multimodal checkpoint whose vision tower is not modelled (LLaVA-1.5: a
# CLIP tower beside a llama model): refused, naming the part vramplan
# models (Gemma 3's multimodal checkpoints are read: estimate/gemma3-multimodal)
"$VRAMPLAN" --model tests/data/cli/multimodal-llava.json --gpu h100
