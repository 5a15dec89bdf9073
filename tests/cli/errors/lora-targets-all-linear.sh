# all-linear is PEFT's shorthand only as the whole of target_modules,
# compared lowercased (peft tuners_utils.py _maybe_include_all_linear_layers);
# in a list PEFT reads it as a module name. ALL-LINEAR alone is all-linear;
# beside other names plan and check refuse it (exit 2) rather than read every
# linear layer plus the names.
for targets in ALL-LINEAR all-linear,q q,All-Linear; do
	echo "== --lora-targets $targets"
	"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --method lora --batch 1 --lora-targets "$targets" >"$TMPDIR/out" 2>&1
	echo "exit $?"
	grep -E '^vramplan:|# setup' "$TMPDIR/out"
done
for targets in '[all-linear, q]' '[ALL-LINEAR]' 'ALL-LINEAR'; do
	echo "== check lora_target_modules: $targets"
	printf 'model_name_or_path: google/mt5-base\nuse_peft: true\nlora_target_modules: %s\nper_device_train_batch_size: 1\n' "$targets" |
		"$VRAMPLAN" check - --gpu rtx3090 >"$TMPDIR/out" 2>&1
	echo "exit $?"
	grep -E 'lora|all-linear|lora_target_modules' "$TMPDIR/out"
done
