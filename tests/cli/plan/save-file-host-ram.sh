# Every save of the HF Trainer writes its files through save_pretrained and
# safetensors' save_file, which builds a whole file's bytes in the saving
# process's host RAM before writing it (safetensors torch.py _flatten ->
# _tobytes); transformers 5 writes files of up to 50 GB. Llama 2 7B trained
# in full under autocast saves its 6,738,415,616 fp32 parameters as one
# 26,953,662,464-byte file: 11 GiB of host RAM in training, 36.10 GiB at a
# save with 4 workers. Before 2026-12-02 the plan said 11 GiB and gave 4
# workers on a 32 GiB host, which the first save took past it; now the
# save is the largest moment, and on 32 GiB one worker fits beside it.
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --host-ram 48GiB | grep '^# host RAM'
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --host-ram 32GiB 2>&1 |
	grep -e '^# host RAM' -e 'dataloader_num_workers' -e 'warning'
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --format json |
	python3 -c 'import json, sys
h = json.load(sys.stdin)["host"]
print(h["save_bytes"], h["save_total_bytes"], h["total_bytes"], h["peak_phase"])'
# In bf16 the module holds 2 bytes a parameter: half the file.
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --precision bf16 --no-eval --format json |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["host"]["save_bytes"])'
# A LoRA model writes its adapters alone (r 8, the default, on q and v:
# 4,194,304 parameters, in fp32: 16,777,216 bytes).
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method lora --lora-targets q_proj,v_proj --no-eval --format json |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["host"].get("save_bytes"))'
# A Lightning job's ModelCheckpoint saves through _atomic_save, which until
# Lightning PR #21824 (2026-07) ran torch.save into an io.BytesIO before
# writing: the whole checkpoint in host RAM, the fp32 weights
# (26,953,662,464 bytes) and the fused AdamW's two fp32 states
# (53,907,324,928), 80,860,987,392 bytes; until 2026-12-02 counted as
# nothing. Under ZeRO Lightning's DeepSpeedStrategy saves through the
# engine's save_checkpoint, and a DeepSpeed job's loop too: torch.save to a
# file, one storage at a time, nothing counted.
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --profile lightning --format json |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["host"].get("save_bytes"))'
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --profile lightning --zero 2 --gpus 8 --format json |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["host"].get("save_bytes"))'
"$VRAMPLAN" --model meta-llama/Llama-2-7b-hf --gpu h200 --method full --no-eval --profile deepspeed --zero 2 --gpus 8 --format json |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["host"].get("save_bytes"))'
# When the save alone is over the limit with no worker left to drop (the
# loading moment fitting), the plan fails (exit 1) and says why. Llama 3.2
# 1B in full: 8,164,483,072 bytes loading, 8,165,036,032 at a save.
"$VRAMPLAN" --model meta-llama/Llama-3.2-1B --gpu h200 --method full --no-eval --host-ram 8164700000B >/dev/null
echo "exit $?"
# FSDP: the HF profile's fsdp string is FSDP1's, whose FULL_STATE_DICT saves
# gather every parameter onto rank 0's CPU (4,943,257,600 bytes for Llama
# 3.2 1B under autocast) and build the file from that copy (as many); the
# axolotl profile writes fsdp_version 2, whose saves are sharded: none
"$VRAMPLAN" --model meta-llama/Llama-3.2-1B --gpu h100 --gpus 2 --fsdp --method full --no-eval 2>&1 |
	grep '^# host RAM at each save'
"$VRAMPLAN" --model meta-llama/Llama-3.2-1B --gpu h100 --gpus 2 --fsdp --method full --no-eval --profile axolotl \
	--format json 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["host"].get("save_bytes"))'
