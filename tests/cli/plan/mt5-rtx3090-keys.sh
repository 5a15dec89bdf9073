# yaml.safe_load sees only TrainingArguments keys
"$VRAMPLAN" --model mt5 --gpu rtx3090 | python3 -c '
import sys, yaml
d = yaml.safe_load(sys.stdin)
want = {"per_device_train_batch_size", "per_device_eval_batch_size",
        "gradient_accumulation_steps", "gradient_checkpointing", "bf16", "fp16",
        "optim", "dataloader_num_workers", "dataloader_pin_memory",
        "dataloader_persistent_workers", "dataloader_prefetch_factor"}
optional = {"eval_accumulation_steps"}
assert want <= set(d) <= want | optional, sorted(set(d) ^ want)
assert all(isinstance(d[k], int) and not isinstance(d[k], bool) for k in
           ("per_device_train_batch_size", "per_device_eval_batch_size",
            "gradient_accumulation_steps", "dataloader_num_workers"))
assert d["bf16"] is True and d["fp16"] is False and d["optim"] == "adamw_torch_fused"
assert d["per_device_train_batch_size"] >= 1
print("ok")
' 
