# Host RAM over the limit: the verdict says how many DataLoader workers fit,
# as it says the largest batch for the GPU (seed 000 searched for that count
# by hand: 32 workers, then 16, both over its 60 GB container during
# evaluation; 12 fit, the count plan chooses). Where the trainer alone is
# over, no count fits, and JSON's largest_workers_that_fit is null.
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --host-ram 60GB -q | sed "s/.*; host RAM/host RAM/"
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --host-ram 3GB -q | sed "s/.*; host RAM/host RAM/"
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --host-ram 3GB -q --format json | grep largest_workers
