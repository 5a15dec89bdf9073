# docs/worked-example.md recomputes this estimate by hand, to the byte: the
# numbers it quotes must stay the tool's.
"$VRAMPLAN" estimate --model bert-large-uncased --gpu v100 --batch 1 --seq-len 512 \
	--precision fp32 --optimizer adamw --attn eager --head sequence-classification \
	--num-labels 2 --torch-version 1.10 --packed --format json |
	grep -E '"(peak_phase|forward_allocated_bytes|backward_allocated_bytes|weights_bytes|gradients_bytes|optimizer_bytes|activations_bytes|attention_scores_bytes|transient_bytes|allocated_bytes|allocator_bytes|reserved_bytes|context_bytes|device_bytes|params_total)"' | sort -u
# and the document quotes each of them, as the tool prints them now (a
# change to the estimate that the document does not follow fails here)
"$VRAMPLAN" estimate --model bert-large-uncased --gpu v100 --batch 1 --seq-len 512 \
	--precision fp32 --optimizer adamw --attn eager --head sequence-classification \
	--num-labels 2 --torch-version 1.10 --packed --format json |
	grep -E '"(params_total|weights_bytes|optimizer_bytes|activations_bytes|attention_scores_bytes|transient_bytes|allocated_bytes|backward_allocated_bytes|reserved_bytes|context_bytes|device_bytes)"' |
	sed 's/[^0-9]//g' | sort -u | while read -r n; do
		c=$(printf "%s" "$n" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta')
		grep -q "$c" docs/worked-example.md || echo "docs/worked-example.md does not quote $c"
	done
# and the two allocator terms it derives
for n in 103,907,328 354,563,686; do
	grep -q "$n" docs/worked-example.md || echo "docs/worked-example.md does not quote $n"
done
