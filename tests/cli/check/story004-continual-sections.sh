# Story 004's config keeps its continual-learning methods in sections of
# their own (ewc: {lambda, normalize}, mer: {buffer_size: 5120, ...}). check
# counts EWC's Fisher diagonal and anchor copy, and a replay buffer in host
# RAM, only from the vramplan: block (or --set), so each section gets a
# warning that names the block's key (until 2026-11-30 both were in the
# "ignored keys" note, and their memory was left out without a word).
f=tests/data/check/seed004-mer-block.yaml
"$VRAMPLAN" check $f --gpu rtx3060 2>&1 >/dev/null | grep -e "key 'ewc'" -e "key 'mer'"
# said in the block (here by --set): a note that the sections' memory is counted
"$VRAMPLAN" check $f --gpu rtx3060 --set ewc=true --set replay_buffer=5120 2>&1 >/dev/null |
	grep -e "key 'ewc'" -e "key 'mer'"
# a run that trains nothing counts neither
sed 's/^per_device_train_batch_size: 8/do_train: false\ndo_eval: true\nper_device_train_batch_size: 8/' $f |
	"$VRAMPLAN" check - --gpu rtx3060 2>&1 >/dev/null | grep -e "key 'ewc'" -e "key 'mer'"
# other names of the same: a flag naming EWC, a replay buffer's size at the top level
printf 'model_name_or_path: tinyllama\nper_device_train_batch_size: 1\nuse_ewc: true\nreplay_buffer_size: 1000\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 >/dev/null | grep "ignored key"
# a shuffle buffer is no replay buffer
printf 'model_name_or_path: tinyllama\nper_device_train_batch_size: 1\nshuffle_buffer_size: 10000\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 >/dev/null | grep "ignored key"
# a switch that is off (false, null, a buffer of 0) asks nothing of the
# vramplan: block: no 'did you mean ewc: true' (until the review of
# 2026-11-30 use_ewc: false was told to set ewc: true)
printf 'model_name_or_path: tinyllama\nper_device_train_batch_size: 1\nuse_ewc: false\newc:\nreplay_buffer_size: 0\nmer: {buffer_size: 0}\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 >/dev/null | grep "ignored key"
# every key naming the method is softened where the block says it, not
# the last one alone (until the review of 2026-11-30 use_ewc beside
# ewc_lambda, and replay_buffer_size beside mer:, kept their 'did you mean')
printf 'model_name_or_path: tinyllama\nper_device_train_batch_size: 1\nuse_ewc: true\newc_lambda: 5000\nreplay_buffer_size: 100\nmer: {buffer_size: 100}\nvramplan: {ewc: true, replay_buffer: 100}\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 >/dev/null | grep "ignored key"
