# When the Trainer evaluates decides the eval check and the host's peak:
# eval_strategy "no" (without do_eval) evaluates nothing; at epoch ends
# without persistent workers the eval DataLoader's workers replace the
# training's; persistent (or mid-epoch) they add to them.
"$VRAMPLAN" check -q tests/data/check/eval-strategy-no.yaml
echo "exit $?"
"$VRAMPLAN" check -q tests/data/check/eval-at-epochs.yaml
echo "exit $?"
sed 's/^dataloader_persistent_workers: false/dataloader_persistent_workers: true/' tests/data/check/eval-at-epochs.yaml |
	"$VRAMPLAN" check -q -
echo "exit $?"
# no eval_strategy at all: the check assumes evaluation mid-epoch and, when
# that is what overflows the host, says so
sed '/^eval_strategy/d' tests/data/check/eval-strategy-no.yaml | "$VRAMPLAN" check - 2>&1 | grep -E "FIT|eval_strategy"
