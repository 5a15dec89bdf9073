# --no-pin-memory: the DataLoader keeps no pinned host buffers (WSL 2 caps
# pinned memory, docs/planner.md "Windows and WSL 2"): the settings say
# dataloader_pin_memory: false, the rest of the plan is unchanged
"$VRAMPLAN" --model mt5 --gpu rtx3090 --no-pin-memory | grep -v "^#"
