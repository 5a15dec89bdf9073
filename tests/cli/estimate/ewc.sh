# EWC's Fisher diagonal and anchor copy (fp32, one of each per trained
# parameter) on top of the step's estimate, as the plan counts them (story
# 004's continual learning, TinyLlama LoRA on a T4 capped at 70%)
"$VRAMPLAN" estimate --model tinyllama --gpu t4 --method lora --grad-ckpt --seq-len 2048 --batch 4 --ewc \
	--memory-fraction 0.7 --format json | grep '"ewc_bytes"\|"device_bytes"\|"params_trainable"\|"fits"'
