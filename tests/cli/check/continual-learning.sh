# vramplan.ewc puts EWC's copies on the GPU beside the step and
# vramplan.replay_buffer the replay samples in host RAM; without them the
# same config holds less
"$VRAMPLAN" check tests/data/check/continual-learning.yaml -v 2>&1 | grep "continual learning:\|FITS"
"$VRAMPLAN" check tests/data/check/continual-learning.yaml --format json | grep '"peak_bytes"\|"replay_bytes"'
sed '/  ewc: true/d; /  replay_buffer: 5120/d' tests/data/check/continual-learning.yaml |
	"$VRAMPLAN" check - --format json | grep '"peak_bytes"\|"replay_bytes"'
