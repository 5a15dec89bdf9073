# estimate --profile counts the run a profile's keys set up, as plan does:
# at the plan's train batch it gives the plan's peak to the byte. A 16-bit
# plan differs by profile (the hf profile prints bf16: false, no autocast;
# axolotl's and LLaMA-Factory's bf16: true runs the Trainer's autocast
# over the weights, which keeps phi-1.5's gelu_new chain in fp32), so an
# estimate without the plan's profile would not be the plan's run
for p in hf axolotl llamafactory trl; do
	plan=$("$VRAMPLAN" plan --model phi-1.5 --gpu l4 --method lora --precision bf16 --profile "$p" --format json 2>/dev/null)
	batch=$(printf '%s' "$plan" | python3 -c 'import json,sys; print(json.load(sys.stdin)["plan"]["train_batch"])')
	planned=$(printf '%s' "$plan" | python3 -c 'import json,sys; print(json.load(sys.stdin)["estimate"]["device_bytes"])')
	est=$("$VRAMPLAN" estimate --model phi-1.5 --gpu l4 --method lora --precision bf16 --profile "$p" --batch "$batch" --format json 2>/dev/null |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["estimate"]["device_bytes"])')
	if [ "$est" = "$planned" ]; then echo "$p: batch $batch, same peak"; else echo "$p: batch $batch, plan $planned, estimate $est"; fi
done
