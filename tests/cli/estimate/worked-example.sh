# docs/worked-example.md recomputes this estimate by hand, to the byte: the
# numbers it quotes must stay the tool's.
"$VRAMPLAN" estimate --model bert-large-uncased --gpu v100 --batch 1 --seq-len 512 \
	--precision fp32 --optimizer adamw --attn eager --head sequence-classification \
	--num-labels 2 --torch-version 1.10 --format json |
	grep -E '"(peak_phase|forward_allocated_bytes|backward_allocated_bytes|weights_bytes|gradients_bytes|optimizer_bytes|activations_bytes|attention_scores_bytes|transient_bytes|allocated_bytes|allocator_bytes|reserved_bytes|context_bytes|device_bytes|params_total)"' | sort -u
# and the document quotes each of them
for n in 335,143,938 1,340,575,752 2,681,151,504 833,294,336 905,969,664 33,554,432 7,135,121,440 7,134,593,056 \
	103,907,328 354,563,686 7,593,592,454 1,576,009,728 9,169,602,182; do
	grep -q "$n" docs/worked-example.md || echo "docs/worked-example.md does not quote $n"
done
