# A TrainingArguments config whose LoRA sits in a section of PEFT's
# LoraConfig names (lora: {r, lora_alpha, lora_dropout, target_modules}, as a
# script of one's own passes to LoraConfig(**section)) gets a warning at the
# section: check reads LoRA from TRL's ModelConfig names at the top level
# (use_peft, lora_r, lora_target_modules; trl/trainer/model_config.py), so
# the file is checked as a full fine-tune. Until 2026-11-29 the section had
# the nested-key hint toward lora_dropout alone (or only "ignored key"),
# and a run that trains LoRA failed at a full fine-tune's peak.
cfg='model_name_or_path: meta-llama/Llama-3.1-8B
per_device_train_batch_size: 2
bf16: true
gradient_checkpointing: true
max_seq_length: 1024
'
section='lora:
  r: 16
  lora_alpha: 32
  lora_dropout: 0.05
  target_modules: [q_proj, k_proj, v_proj, o_proj]
'
peak() {
	"$VRAMPLAN" check --gpu h100 --format json - 2>/dev/null | tr -d '\t' | sed -n 's/^"peak_bytes":\([0-9]*\),$/\1/p' | head -1
}
printf '%s%s' "$cfg" "$section" | "$VRAMPLAN" check --gpu h100 - 2>&1 >/dev/null | grep -E "warning"
# the section changes nothing: the same peak as without it, a full fine-tune's
a=$(printf '%s%s' "$cfg" "$section" | peak)
b=$(printf '%s' "$cfg" | peak)
c=$(printf '%suse_peft: true\nlora_r: 16\nlora_target_modules: [q_proj, k_proj, v_proj, o_proj]\n' "$cfg" | peak)
[ -n "$a" ] && [ "$a" = "$b" ] && echo "the section is not read: checked as a full fine-tune"
[ -n "$c" ] && [ "$c" -lt "$a" ] && echo "the top-level keys check LoRA, below the full fine-tune's peak"
# peft_config: the same; with use_peft at the top level the adapters are
# checked and the note only says why the section is not read
printf '%s%s' "$cfg" "$section" | sed 's/^lora:/peft_config:/' | "$VRAMPLAN" check --gpu h100 - 2>&1 >/dev/null |
	grep -E "peft_config"
printf 'use_peft: true\n%s%s' "$cfg" "$section" | "$VRAMPLAN" check --gpu h100 - 2>&1 >/dev/null | grep -E "'lora'"
# TRL's own names nested keep the nested-key hint, and so does a
# LLaMA-Factory config's section (whose parser refuses unknown keys anyway):
# the LoRA warning is for TrainingArguments configs
printf '%smodel:\n  use_peft: true\n  lora_r: 16\n' "$cfg" | "$VRAMPLAN" check --gpu h100 - 2>&1 >/dev/null | grep -E "'model'"
printf 'model_name_or_path: Qwen/Qwen2.5-0.5B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 2\n%s' "$section" |
	"$VRAMPLAN" check - --gpu rtx3090 2>&1 >/dev/null | grep -E "ignored"
