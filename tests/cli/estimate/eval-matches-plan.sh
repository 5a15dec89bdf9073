# estimate --batch N with an evaluation option gives the evaluation step at
# eval batch N as the plan gives its eval batch: the same function
# (plan.c vp_plan_eval_at), the same eval_accumulation_steps chosen against
# the same budget, EWC's copies beside it. Every key of the plan's "eval"
# object is compared, to the byte, at the plan's own eval batch: Seq2Seq
# generation with beams, a decoder's generation, kept logits whose
# eval_accumulation_steps the budget limits (the plan's eval batch held to
# 8 by --max-batch, which estimate does not take), EWC, --use-cache.
for setup in "--model mt5 --gpu rtx3090 --method lora --generate --num-beams 4 --max-new-tokens 84" \
	"--model mt5 --gpu v100 --precision fp32 --generate --num-beams 4 --max-new-tokens 84" \
	"--model llama-3.2-1b --gpu rtx4090 --method lora --generate --max-new-tokens 128" \
	"--model gpt2 --gpu rtx3090 --eval-predictions logits --max-batch 8" \
	"--model gpt2 --gpu rtx3090 --ewc --eval-predictions argmax" \
	"--model llama-3.2-1b --gpu rtx4090 --method lora --use-cache"; do
	# shellcheck disable=SC2086
	plan=$("$VRAMPLAN" plan $setup --format json 2>/dev/null)
	batch=$(printf '%s' "$plan" | python3 -c 'import json,sys; print(json.load(sys.stdin)["eval"]["batch"])')
	# shellcheck disable=SC2086
	est=$("$VRAMPLAN" estimate ${setup% --max-batch*} --batch "$batch" --format json 2>/dev/null)
	printf '%s\n%s\n' "$plan" "$est" | python3 -c '
import json, sys
docs = sys.stdin.read().split("\n{")
plan = json.loads(docs[0]); est = json.loads("{" + docs[1])
p, e = plan["eval"], est["eval"]
diff = [k for k in p if p[k] != e.get(k)]
steps = plan["plan"]["eval_accumulation_steps"]
same = "same" if not diff else "differs in " + ", ".join(diff)
print("%s: eval batch %d, %d keys %s; device %d, at the %s; accumulation %d/%d; fits %s/%s" % (
    sys.argv[1], p["batch"], len(p), same, e["device_bytes"], e["peak_moment"], steps,
    e["accumulation_steps"], plan["plan"]["eval_fits"], e["fits"]))
' "$setup"
done
