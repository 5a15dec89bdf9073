# check's option errors read as the other commands' do: a value given to an
# option that takes none, a missing value, an unknown or ambiguous long
# option, and an unknown short option inside a cluster (no raw byte from
# getopt's optopt, which holds a long option's id).
f=examples/configs/seed000-stage4.yaml
for opts in "--expandable-segments=1" "--quiet=1" "--help=x" "--gpu" "--gp" "-g" "--bogus=3" "--m x" "-qx" \
	"-x"; do
	# shellcheck disable=SC2086
	out=$("$VRAMPLAN" check "$f" $opts 2>&1)
	echo "exit $?: $(echo "$out" | head -n 1)"
done
