# The planner's invariants (scripts/invariants.py, which says what each one
# is and which exceptions are modelled on purpose) over a fixed list of
# setups: a plan's batches fit and the next ones do not, a refusal does not
# refuse what fits and says what to change, the estimate grows with the
# batch and the length, the YAML, --explain, JSON and sweep agree, no number
# is NaN, negative or absurd. `python3 scripts/invariants.py --n 3000` draws
# thousands of combinations over the catalogue instead (about a minute).
python3 scripts/invariants.py --quick "$VRAMPLAN"
