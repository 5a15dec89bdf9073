# Standard input holds one training config: a second '-' was read as an
# empty one and checked (a verdict on nothing); it is a usage error.
echo "per_device_train_batch_size: 2" | "$VRAMPLAN" check - - --model mt5 --gpu rtx3090
