# Seed 004: continual learning with EWC and an MER replay buffer of 5120
# samples: batch 8 x accumulation 4 (effective 32), 2048 tokens, AMP,
# checkpointing, target GPU utilisation 0.8. The story names no model or GPU;
# its estimate (~4.65 GiB of components, ~7.8 GiB left for batches) implies a
# ~16 GB card, and its learning rate (2e-4) a LoRA run: vramplan uses
# TinyLlama-1.1B with LoRA on a V100 16 GB (fp16 autocast: no bf16 there).
exec python3 - <<'PY'
import sys; sys.path.insert(0, "tests/cli/stories")
from lib import *

args = ["--model", "tinyllama", "--gpu", "v100-16gb", "--method", "lora", "--seq-len", "2048", "--grad-ckpt",
        "--util", "0.8",
        "--effective-batch", "32", "--ewc", "--replay-buffer", "5120"]
plan = run(*args)
s = plan["settings"]
claim(s["per_device_train_batch_size"] * s["gradient_accumulation_steps"] == 32,
      "batch x accumulation = the effective 32")
claim(plan["estimate"]["ewc_bytes"] > 0, "EWC's Fisher diagonal and anchor copy are counted on the GPU")
claim(plan["host"]["replay_bytes"] >= 5120 * 2048 * 24, "the 5120-sample replay buffer is counted in host RAM")
claim(plan["estimate"]["device_bytes"] <= plan["estimate"]["budget_bytes"],
      "the plan stays under 0.8 of the card with EWC")
no_ewc = run(*args[:-3])
claim(no_ewc["settings"]["per_device_train_batch_size"] >= s["per_device_train_batch_size"],
      "EWC never allows a larger batch")
note(f"the story's batch 8 x 4; vramplan plans {s['per_device_train_batch_size']} x "
     f"{s['gradient_accumulation_steps']} for this model and card")
done()
PY
