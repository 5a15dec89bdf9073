# bf16 asked for on a GPU without it: a warning, and the plan goes on
"$VRAMPLAN" --model eenzeenee --gpu v100-16gb --precision amp-bf16 | grep -E "^(# setup|bf16|fp16)"
