# model_name_or_path as a config.json path relative to the config file, and
# the ZeRO stage from the config's deepspeed: file.
"$VRAMPLAN" check tests/data/check/local-model.yaml
