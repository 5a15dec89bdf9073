# -h after a command prints the same help
"$VRAMPLAN" estimate -h | cmp - tests/cli/basic/help.sh.stdout && echo same
