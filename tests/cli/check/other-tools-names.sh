# keys of other tools, and trainer keys nested under a stage: a warning each,
# since their defaults would apply without a word
"$VRAMPLAN" check tests/data/check/other-tools-names.yaml --gpu rtx3090
