# Values in another spelling than the schema's (quoted numbers, a whole
# count written 4.0, a zero stage quoted or written 2.0, quoted true/false, schema words in
# other case or with '_' for '-', a lower-case grade, FSDP) are read as the
# obvious value and the row says so; every such case estimates as REF, its
# schema spelling, and the grade 'b' is scored. A word no spelling makes a
# schema word stays unsupported, as does a quoted stage with a leading 0
# ("02", read as 2 until 2026-11-30: octal plain, so in doubt) and "None"
# (Python's null; until 2026-11-30 an optimizer None was read as none).
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/respelled.yaml
