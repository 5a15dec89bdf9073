# A batch whose estimate passes the estimator's 2^60 bytes while batch 1
# estimates: the batch fits no GPU, a verdict (exit 1) like eval batch
# 100000's, not an input error; the eval batch's own key is the place
# (it was the train batch's, 2:1, with exit 2). The evaluation's forward
# alone stays under 2^60 bytes at eval batch 2^31 - 1 (0.87e18 bytes) and
# is printed as a number; until 2026-11-30 the eval estimate ran a training
# step at the eval batch for its resident bytes, and that step's overflow
# made it "past 2^60 bytes" too.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\nper_device_eval_batch_size: 2147483647\n' >"$d/eval.yaml"
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 2147483647\n' >"$d/train.yaml"
printf 'model_name_or_path: google/mt5-base\nper_device_train_batch_size: 1\nper_device_eval_batch_size: 100000\n' >"$d/eval100k.yaml"
cd "$d" || exit 1
"$VRAMPLAN" check -q eval.yaml eval100k.yaml train.yaml --gpu rtx3090
echo "exit $?"
GITHUB_ACTIONS=true "$VRAMPLAN" check -q eval.yaml train.yaml --gpu rtx3090 | grep "^::"
"$VRAMPLAN" check -q eval.yaml --gpu rtx3090 --format json | tr -d '\t' | grep -A2 '"peak_bytes"'
