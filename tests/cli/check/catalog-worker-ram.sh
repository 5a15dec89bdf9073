# check takes --catalog (a GPU the built-in catalogue lacks, named by
# --gpu) and --worker-ram (one DataLoader worker's host memory): 4 GiB
# workers in the story's 60 GB container leave room for fewer of them
"$VRAMPLAN" check -q --catalog tests/data/cli/lab-gpu.yaml --gpu lab --worker-ram 4GiB examples/configs/seed000-stage4.yaml
