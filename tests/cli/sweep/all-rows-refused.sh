# every row an input error: the status says so too (exit 2), as plan's would
"$VRAMPLAN" sweep --model tests/data/configs/llama-3-8b-instruct-bnb-4bit.json --method full >/dev/null
