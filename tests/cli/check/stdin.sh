# FILE "-" reads standard input; diagnostics name it <stdin>.
"$VRAMPLAN" check -q - < examples/configs/seed000-stage3.yaml
printf 'model_name_or_path: t5-small\nper_device_train_batch_size: "8"\n' | "$VRAMPLAN" check -q --gpu t4 -
