# --max-batch caps the train batch below what memory allows: the plan says
# that the cap, not memory, set it (limit "max batch")
"$VRAMPLAN" --model bert-base-uncased --gpu h100 --max-batch 4 --format json
