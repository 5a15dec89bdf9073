# LLaMA-Factory's flash_attn: a plain `off` is the boolean false to PyYAML,
# which configure_attn_implementation (model/model_utils/attention.py) does
# not know ("Unknown attention type: False"): an input error at the value,
# exit 2; until 2026-11-29 it was read as eager. Quoted "off" (the older
# name of disabled) and disabled are eager.
lf='model_name_or_path: gpt2\nstage: sft\ndo_train: true\nfinetuning_type: lora\ncutoff_len: 512\n'
printf "${lf}flash_attn: off\n" | "$VRAMPLAN" check --gpu a10g -q -; echo "exit $?"
printf "${lf}flash_attn: \"off\"\n" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | grep 'config, model'
printf "${lf}flash_attn: disabled\n" | "$VRAMPLAN" check --gpu a10g - 2>&1 >/dev/null | grep 'config, model'
