# A case id, a value and a GPU written with control characters (a newline,
# an escape sequence, a carriage return) keep the report one row a case:
# each is shown as '?', as the ignored keys' names are.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/control-characters.yaml | od -c | grep -c '033\|\\r' 
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/control-characters.yaml | wc -l
