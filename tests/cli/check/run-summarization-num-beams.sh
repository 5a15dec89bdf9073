# run_summarization.py (and run_translation.py) read num_beams as a data
# argument and copy it over generation_num_beams ("training_args.
# generation_num_beams = data_args.num_beams if data_args.num_beams is not
# None else training_args.generation_num_beams"), so a KoBART summarizer's
# config that says `num_beams: 4` evaluates with four beams. Until
# 2026-11-30 check listed num_beams as ignored and checked one beam: the
# eval batch's generation (its KV cache, beams x tokens) was a quarter.
printf 'model_name_or_path: gogamza/kobart-base-v2\nmax_source_length: 512\nmax_target_length: 128\nper_device_train_batch_size: 16\nper_device_eval_batch_size: 64\nfp16: true\npredict_with_generate: true\ngeneration_max_length: 128\nnum_beams: 4\n' |
	"$VRAMPLAN" check --gpu t4 - 2>&1 | grep -v ": default "
# both given: num_beams wins, in either order, and the other is named
printf 'model_name_or_path: kobart\npredict_with_generate: true\ngeneration_num_beams: 2\nnum_beams: 4\n' |
	"$VRAMPLAN" check --gpu t4 - 2>&1 | grep -v ": default "
printf 'model_name_or_path: kobart\npredict_with_generate: true\nnum_beams: 4\ngeneration_num_beams: 2\n' |
	"$VRAMPLAN" check --gpu t4 --format json - 2>/dev/null |
	python3 -c 'import json,sys; d=json.load(sys.stdin)[0]; print(d["eval"]["peak_moment"], [(i["key"], i["line"]) for i in d["ignored_keys"]])'
