# The summary counts quality A and B only (../shared/groundtruth/README.md
# "Scoring"). A case with no quality, or a grade the schema does not
# define ("D"), still gets its row but is left out of scored=; stderr names
# it, where until 2026-11-30 it dropped out of the summary unseen. A case
# without one (absent or null) shows "-" in the quality column, so that a
# reader splitting the row at blanks finds the metric third: until
# 2026-12-01 the column was blank, and quality: null showed "null".
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/ungraded.yaml 2>&1 >/dev/null
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/ungraded.yaml 2>/dev/null | cut -c1-40
