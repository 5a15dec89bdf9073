# every profile's YAML loads, and its keys are the tool's own
for p in hf lightning deepspeed axolotl llamafactory; do
	"$VRAMPLAN" --model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --zero 2 --compile --profile $p |
	python3 -c '
import sys, yaml
p = sys.argv[1]
d = yaml.safe_load(sys.stdin)
flat = sorted(k if not isinstance(v, dict) else k + "." + ",".join(v) for k, v in d.items())
print(p + ":", " ".join(flat))
' $p
done
