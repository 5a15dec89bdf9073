# On PyTorch 1.x the plan follows what that stack runs: eager attention (no
# scaled_dot_product_attention), transformers' adamw_torch (adamw_torch_fused
# needs 2.0), the gradients kept between steps (zero_grad's set_to_none was
# False), and no expandable-segments hint (new in 2.1). Its batch is at most
# the current stack's.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --torch-version 1.13.1 -v 2>&1 | grep -E "^vramplan: note: (attention|optimizer)|^# (setup|train batch)|^#   gradients|expandable|^optim:|^per_device_train"
