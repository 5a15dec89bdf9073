# a closed stdout is an I/O error (exit 3), reported once
"$VRAMPLAN" --version >&-
