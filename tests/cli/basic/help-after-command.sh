# -h or --help after a command prints that command's help, not the full one:
# until 2026-11-30 every command printed `vramplan --help`, which offered
# options the command then refused ("option '--batch' does not apply to
# 'plan'"); now each command's help lists only what it takes (src/cli/main.c
# usage(), from the same table; help-options-apply.sh holds the two
# together). The command may come after the option or other options, as
# anywhere (hoist_command); without a command it is the full help.
for args in "estimate -h" "estimate --help" "-q estimate --help" "--help estimate" "list --help" "--help list"; do
	cmd=$(echo "$args" | tr ' ' '\n' | grep -v '^-')
	# shellcheck disable=SC2086
	if "$VRAMPLAN" $args | cmp -s - tests/cli/basic/help-$cmd.sh.stdout; then
		echo "vramplan $args: $cmd's help"
	else
		echo "vramplan $args: not $cmd's help"
	fi
done
"$VRAMPLAN" -h | cmp - tests/cli/basic/help.sh.stdout && echo "vramplan -h: the full help"
"$VRAMPLAN" -v --help | cmp - tests/cli/basic/help.sh.stdout && echo "vramplan -v --help: the full help"
