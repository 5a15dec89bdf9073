# auto_find_batch_size: a batch that does not fit is still a failure, and
# the verdict says where the Trainer's retries (int(0.9 x batch) after each
# out-of-memory error, accelerate find_executable_batch_size) would settle
"$VRAMPLAN" check -q --gpu rtx3090 tests/data/check/auto-find-batch.yaml
"$VRAMPLAN" check -q --format json --gpu rtx3090 tests/data/check/auto-find-batch.yaml | grep -A3 '"auto_find_batch_size"'
