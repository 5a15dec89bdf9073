# a multimodal checkpoint (Gemma 3 4B: a SigLIP tower beside a gemma3_text
# model): refused, naming the part vramplan models
"$VRAMPLAN" --model tests/data/cli/multimodal-gemma3.json --gpu h100
