# The estimator on the published measurements (tests/data/groundtruth, a copy
# of ../shared/groundtruth): the summary must stay within the bounds that the
# current model achieves, so a change that makes it worse fails here.
# README's "Accuracy" table is this program's output.
out=$("$VRAMPLAN_ACCURACY" --cases tests/data/groundtruth/cases.yaml) || exit 1
line=$(printf '%s\n' "$out" | tail -n 1)
get() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
fail=0
check() { # name value op bound
	if ! awk -v v="$2" -v b="$4" "BEGIN { exit !(v $3 b) }"; then
		echo "accuracy: $1=$2, expected $3 $4" >&2
		fail=1
	fi
}
check scored "$(get scored)" "==" 50
check unsupported "$(get unsupported)" "==" 0
check median_abs_err_pct "$(get median_abs_err_pct)" "<=" 8.5
check p90_abs_err_pct "$(get p90_abs_err_pct)" "<=" 27.0
check unsafe "$(get unsafe)" "<=" 22
# --explain quotes VP_ACCURACY_P90_PCT as its uncertainty band: it must
# cover the measured p90.
band=$(sed -n 's/^#define VP_ACCURACY_P90_PCT \([0-9.]*\).*/\1/p' include/vramplan/accuracy_band.h)
check VP_ACCURACY_P90_PCT "$band" ">=" "$(get p90_abs_err_pct)"
[ $fail -eq 0 ] && echo "accuracy within bounds"
exit $fail
