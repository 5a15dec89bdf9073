# tgt_len null on a seq2seq case: read as seq_len, stated in the note, with
# the head stated or null (a null head once counted the case unsupported:
# "an encoder-decoder model needs a target length"). The three cases are
# the same setup, so the estimate column (field 5) must agree.
out=$("$VRAMPLAN_ACCURACY" --cases tests/data/cases/seq2seq-tgt-null.yaml) || exit 1
printf '%s\n' "$out" | awk '/^S2S-/ { print $1, ($5 == e || e == "") ? "same" : "DIFFERENT"; e = $5 }'
printf '%s\n' "$out" | awk '/^S2S-/ { sub(/.*peak in [a-z]*/, ""); sub(/; unstated:.*/, ""); print }'
printf '%s\n' "$out" | tail -n 1 | sed 's/.*unsupported=/unsupported=/'
