# Every option that takes a name refuses an unknown one with exit 2 and a
# line that lists what it expected; a list of names says which item is
# wrong; more catalogue files than vramplan reads is refused while parsing.
many=""
i=0
while [ $i -lt 33 ]; do
	many="$many --catalog x"
	i=$((i + 1))
done
for opt in "--method dora" "--quant awq" "--optimizer rmsprop" "--attn flash3" "--head qa" "--loss focal" \
	"--lora-targets q_proj,,v_proj" "$many"; do
	# shellcheck disable=SC2086
	out=$("$VRAMPLAN" --model mt5 --gpu rtx3090 $opt 2>&1)
	echo "exit $?: $(echo "$out" | head -n 1)"
done
out=$("$VRAMPLAN" list everything 2>&1)
echo "exit $?: $(echo "$out" | head -n 1)"
out=$("$VRAMPLAN" import 2>&1)
echo "exit $?: $(echo "$out" | head -n 1)"
