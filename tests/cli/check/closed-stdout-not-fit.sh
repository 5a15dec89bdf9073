# A check whose results cannot be written is an I/O error (exit 3) even when
# a config does not fit (exit 1): the worst status wins (docs/check.md "Exit
# status", README "Exit codes": a closed stdout is 3); until 2026-11-29 it
# exited 1 and said nothing about the lost output
"$VRAMPLAN" check -q examples/configs/seed000-stage1.yaml --gpu rtx3090 >&-
