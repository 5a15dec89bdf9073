# Story 004: a mer: section holds a 'beta' (MER's); the ignored-key
# warnings suggest no preference key (beta, max_prompt_length), which would
# make check refuse the file, and still name a misspelt memory key.
"$VRAMPLAN" check tests/data/check/seed004-mer-block.yaml --gpu rtx3060 2>&1 >/dev/null | grep "ignored key"
