# A config of a model_type vramplan does not model but whose keys are a
# Llama decoder's (hfconfig.c llama_clone: orion, MiniCPM) is estimated
# as Llama with a warning. Until 2026-11-30 import wrote such an entry as
# `model_type: llama`, so loaded back with --catalog it lost the warning,
# took PEFT's Llama default targets instead of "no defaults for this type",
# and was offered --liger, which Liger applies by model_type and would not
# honour. The entry now keeps the model_type and says `read_as: llama`: the
# round trip plans as the config itself does, warnings and suggestions alike.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for f in orion-14b-base minicpm-2b-sft-bf16; do
	"$VRAMPLAN" import -q "tests/data/configs/$f.json" >"$d/$f.yaml" || exit 1
	grep -E '^  (model_type|read_as):' "$d/$f.yaml"
	name=$(sed -n 's/^- name: //p' "$d/$f.yaml")
	for method in full lora; do
		"$VRAMPLAN" plan --model "tests/data/configs/$f.json" --gpu a100-80gb --method $method --seq-len 512 >"$d/a.out" 2>"$d/a.err"
		"$VRAMPLAN" plan --catalog "$d/$f.yaml" --model "$name" --gpu a100-80gb --method $method --seq-len 512 >"$d/b.out" 2>"$d/b.err"
		# the model's name and where it came from differ, nothing else
		sed "s|tests/data/configs/$f.json|MODEL|g; s|'$name'|'MODEL'|g; s|$name|MODEL|g" "$d/a.out" "$d/a.err" >"$d/a"
		sed "s|'$name'|'MODEL'|g; s|$name|MODEL|g" "$d/b.out" "$d/b.err" >"$d/b"
		if cmp -s "$d/a" "$d/b"; then echo "$f $method: the same plan, warnings and suggestions"; else
			echo "$f $method: differs"; diff "$d/a" "$d/b"; fi
	done
done
# a model_type vramplan models is read as itself; read_as only takes llama
printf 'models:\n  - name: x\n    model_type: mistral\n    read_as: llama\n    source: s\n    hidden_size: 64\n    intermediate_size: 128\n    vocab_size: 100\n    num_layers: 2\n    num_heads: 4\n' >"$d/bad1.yaml"
printf 'models:\n  - name: x\n    model_type: orion\n    read_as: mistral\n    source: s\n    hidden_size: 64\n    intermediate_size: 128\n    vocab_size: 100\n    num_layers: 2\n    num_heads: 4\n' >"$d/bad2.yaml"
cd "$d" || exit 1
"$VRAMPLAN" list models --catalog bad1.yaml >/dev/null
echo "exit $?"
"$VRAMPLAN" list models --catalog bad2.yaml >/dev/null
echo "exit $?"
