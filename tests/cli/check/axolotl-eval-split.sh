# axolotl evaluates only with an evaluation split (val_set_size > 0, its
# default 0.0, or test_datasets): without one there is no eval check; a
# val_set_size that is not a number is an input error at its value
sed '/^val_set_size/d' examples/configs/seed003-llama-qlora-axolotl.yaml | "$VRAMPLAN" check -q -
sed 's/^val_set_size: 0.04/val_set_size: a few/' examples/configs/seed003-llama-qlora-axolotl.yaml | "$VRAMPLAN" check -q -
echo "exit $?"
