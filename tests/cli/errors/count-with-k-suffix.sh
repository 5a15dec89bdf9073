# A count written as lengths are spoken ("--seq-len 2k", "max_seq_length:
# 4K", a string to PyYAML) is refused (exit 2) with the two numbers it can
# mean, 1024 or 1000 per k. Until 2026-11-30 the message said only "expected
# a whole number". Other junk gets no reading.
for v in 2k 4K 1.5k 128k 2kb 2.25k 0k; do
	out=$("$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --seq-len "$v" 2>&1)
	echo "exit $?: $out"
done
out=$("$VRAMPLAN" estimate --model llama-3.2-3b --gpu rtx4090 --batch 1k 2>&1)
echo "exit $?: $out"
# check: its shorthand, and a trainer key
printf 'model_name_or_path: gpt2\n' | "$VRAMPLAN" check - --gpu t4 --seq-len 2k
echo "exit $?"
printf 'model_name_or_path: gpt2\nmax_seq_length: 4K\n' | "$VRAMPLAN" check - --gpu t4
echo "exit $?"
