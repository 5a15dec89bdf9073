# near the budget, --explain gives the allocator setting the stories used
"$VRAMPLAN" --model mt5 --gpu rtx3090 --batch-multiple 1 --explain 2>&1 >/dev/null | grep -A1 -E "^(train batch|headroom|advice)"
