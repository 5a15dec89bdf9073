# An unknown long option is quoted up to 60 bytes: cut before a character
# that does not fit, not inside it (29 two-byte letters after the dashes
# fill 60 bytes; the 30th was cut in half, and the message was not UTF-8),
# and a control character in it shows as '?' (one line per message).
"$VRAMPLAN" --model mt5 --gpu rtx3090 "--$(printf 'e%.0s' $(seq 57))é"
echo "exit $?"
nl='
'
"$VRAMPLAN" --model mt5 --gpu rtx3090 "--bad${nl}name"
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090 "--bad$(printf '\033')[31mname"
echo "exit $?"
