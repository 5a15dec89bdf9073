# A verdict that rests on keys check reads but does not model says so
# (cmd_check.c verdict_bound). bound-upper.yaml's context parallelism and
# tiled MLP would lower the peak (each note: "an overestimate"): its
# DOES NOT FIT is "as counted (an upper bound: ...)". bound-lower.yaml's
# QAT would raise it ("an underestimate"): its FITS is "as counted (a lower
# bound: ...)". bound-plain.yaml has neither: its verdict as before. The
# exit status is the counted verdict's (1 for the upper bound: the gate
# stays on the safe side). JSON gives each check upper_bound_keys,
# lower_bound_keys and verdict_bound; GitHub annotations say it too (a
# lower-bound fit as a warning at its first key).
d=tests/data/check
for f in upper lower plain; do
	"$VRAMPLAN" check -q --gpu h100 $d/bound-$f.yaml
	echo "exit $?"
done
"$VRAMPLAN" check --format json --gpu h100 $d/bound-upper.yaml $d/bound-lower.yaml $d/bound-plain.yaml 2>/dev/null |
	python3 -c '
import json, sys
for r in json.load(sys.stdin):
    print(r["file"], "fits" if r["fits"] else "does not fit", "verdict_bound", r["verdict_bound"],
          "upper", r["upper_bound_keys"], "lower", r["lower_bound_keys"])
'
echo "exit $?"
for f in upper lower plain; do
	GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu h100 $d/bound-$f.yaml | grep '^::'
done
for f in bound-target-params-full bound-lisa-no-interval bound-fsdp-config-no-fsdp; do
	"$VRAMPLAN" check -q --gpu h100 $d/$f.yaml
	echo "exit $?"
	"$VRAMPLAN" check --format json --gpu h100 $d/$f.yaml 2>/dev/null |
		python3 -c 'import json, sys; r = json.load(sys.stdin)[0]; print(r["verdict_bound"], r["upper_bound_keys"], r["lower_bound_keys"])'
done
# Image inputs (docs/check.md "Image inputs"), which the check of a
# multimodal checkpoint does not count (a text-only fine-tune): LLaMA-Factory's
# own Qwen2.5-VL LoRA example (template qwen2_vl, image_max_pixels) was a plain
# FITS until 2026-12-01, now a lower bound at its first media key (line 5: the
# corpus copy's header is two lines); its text-only twin (template qwen, no
# media key) keeps its verdict; the multimodal template alone, the tower and
# projector let train (freeze_vision_tower, freeze_multi_modal_projector:
# false) and axolotl's processor_type bound it too, the annotation at the
# first of them.
mm="tests/data/trainconfig/corpus/llamafactory/examples/train_lora/qwen2_5vl_lora_sft.yaml
$d/bound-lf-vl-text.yaml $d/bound-lf-vl-tower.yaml $d/bound-axolotl-vision.yaml"
"$VRAMPLAN" check -q --gpu h100 $mm
echo "exit $?"
"$VRAMPLAN" check --format json --gpu h100 $mm 2>/dev/null |
	python3 -c '
import json, sys
for r in json.load(sys.stdin):
    print(r["file"], "fits" if r["fits"] else "does not fit", "verdict_bound", r["verdict_bound"],
          "lower", r["lower_bound_keys"])
'
GITHUB_ACTIONS=true "$VRAMPLAN" check -q --gpu h100 $mm | grep '^::'
# LLaMA-Factory's freeze_language_model: true on a multimodal checkpoint
# trains none of its language model (get_forbidden_modules), which the check
# counts trained: a DOES NOT FIT is an upper bound at the key (until
# 2026-12-01 listed as ignored, a plain DOES NOT FIT); on a text model
# LLaMA-Factory ignores it (not in COMPOSITE_MODELS), as the check does
for m in Qwen2.5-VL-7B-Instruct Qwen2.5-7B; do
	sed "s#Qwen/Qwen2.5-VL-7B-Instruct#Qwen/$m#" $d/bound-lf-vl-lm-frozen.yaml |
		"$VRAMPLAN" check -q --format json --gpu h100 - 2>/dev/null |
		python3 -c 'import json, sys; r = json.load(sys.stdin)[0]; print(r["fits"], r["verdict_bound"], r["upper_bound_keys"])'
done
exit 0
