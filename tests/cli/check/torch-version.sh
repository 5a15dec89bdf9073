# check --torch-version 1.13: an unstated attention becomes eager and its
# default note says why; a stated SDPA or fused AdamW is an error at its key.
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\n' |
	"$VRAMPLAN" check - --gpu a100-40gb --torch-version 1.13 2>&1 | grep -E "attn_implementation|PyTorch"
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\nattn_implementation: sdpa\n' |
	"$VRAMPLAN" check - --gpu a100-40gb --torch-version 1.13
echo "exit $?"
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\noptim: adamw_torch_fused\n' |
	"$VRAMPLAN" check - --gpu a100-40gb --torch-version 1.13.1
echo "exit $?"
# the vramplan: block can say it too; the command line wins
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\nattn_implementation: sdpa\nvramplan:\n  torch_version: 1.13\n' |
	"$VRAMPLAN" check - --gpu a100-40gb
echo "exit $?"
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\nattn_implementation: sdpa\nvramplan:\n  torch_version: 1.13\n' |
	"$VRAMPLAN" check - --gpu a100-40gb --torch-version 2.4 -q
echo "exit $?"
printf 'model_name_or_path: bert-base-uncased\nper_device_train_batch_size: 8\nvramplan:\n  torch_version: "0.4.1"\n' |
	"$VRAMPLAN" check - --gpu a100-40gb
echo "exit $?"
