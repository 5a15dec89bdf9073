# The estimator on the published measurements (tests/data/groundtruth, a copy
# of ../shared/groundtruth): the summary must stay within the bounds that the
# current model achieves, so a change that makes it worse fails here.
# README's "Accuracy" table is this program's output.
. tests/cli/accuracy/summary.lib
summary_of tests/data/groundtruth/cases.yaml
check scored "$(get scored)" "==" 50
check unsupported "$(get unsupported)" "==" 0
# the median of the 50 rows is the mean of the 25th and 26th errors since
# 2026-11-30 (summary-statistics.sh): 5.3, where the 25th alone gave 4.9
check median_abs_err_pct "$(get median_abs_err_pct)" "<=" 5.3
check p90_abs_err_pct "$(get p90_abs_err_pct)" "<=" 33.7
check unsafe "$(get unsafe)" "<=" 15
# --explain quotes VP_ACCURACY_P90_PCT as its uncertainty band: it must
# cover the measured p90.
band=$(sed -n 's/^#define VP_ACCURACY_P90_PCT \([0-9.]*\).*/\1/p' include/vramplan/accuracy_band.h)
check VP_ACCURACY_P90_PCT "$band" ">=" "$(get p90_abs_err_pct)"
[ $fail -eq 0 ] && echo "accuracy within bounds"
exit $fail
