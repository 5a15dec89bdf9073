# The `vramplan estimate` command that check's error gives for a torchtune
# or litgpt config (tests/cli/check/torchtune-config.sh, litgpt-config.sh)
# runs as printed once its placeholders are filled: G a GPU, N a length.
for f in tests/data/check/torchtune/*.yaml tests/data/check/litgpt/*.yaml; do
	cmd=$("$VRAMPLAN" check --gpu a100-80gb "$f" 2>&1 | sed -n 's/.*: \(vramplan estimate [^;]*\).*/\1/p')
	[ -n "$cmd" ] || { echo "$f: no command"; continue; }
	set -- $(echo "$cmd" | sed 's/ G / a100-80gb /; s/ N$/ 1024/')
	shift
	"$VRAMPLAN" "$@" >"${TMPDIR:-/tmp}/estimate.yaml"
	rc=$?
	sed -n 's/^# setup: /setup: /p' "${TMPDIR:-/tmp}/estimate.yaml"
	echo "$f: exit $rc"
done
