# A YAML error at the end of a file without a final newline points at the
# end of its last line, not one line past it (docs/robustness.md F10).
"$VRAMPLAN" check --gpu rtx3090 fuzz/crashes/trainconfig/eof-error-line-past-end.yaml
