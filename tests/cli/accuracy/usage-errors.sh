# vramplan-accuracy's usage errors and write errors as vramplan's own CLI
# reports them: one line naming the problem and a "Try" line (exit 2), not
# getopt's message and the whole usage (a stray operand got no reason at
# all); help or version text that cannot be written is exit 3, not 0.
# An unknown short option inside a cluster (-xv) is named, not the argument
# before it (until 2026-11-30: "unknown option: --verbose").
for args in "--cases" "--cases F extra" "--bogus" "-x" "--help=1" "-v" "--verbose -xv" "--cases=F -xv"; do
	echo "== $args"
	# shellcheck disable=SC2086 # the words are the arguments
	"$VRAMPLAN_ACCURACY" $args 2>&1 >/dev/null
	echo "exit $?"
done
for args in --help --version; do
	echo "== $args >/dev/full"
	"$VRAMPLAN_ACCURACY" $args 2>&1 >/dev/full
	echo "exit $?"
done
