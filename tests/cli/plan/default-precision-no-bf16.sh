# without bf16 the default is fp16 autocast
"$VRAMPLAN" --model eenzeenee --gpu v100-16gb | grep -E "^(# setup|bf16|fp16)"
