# Seed 001: a guide of batch sizes for mT5 XLSum ("mt5") and
# eenzeenee/t5-base-korean-summarization on a V100 16 GB, an A100 40 GB and an
# RTX 3080/4090. Its numbers are guesses ("안전", "권장"), not measurements, and
# it calls mT5 "1.2B" (mT5-base has 0.58B parameters). vramplan plans each
# pair with fp16 autocast on the V100 (no bf16) and bf16 elsewhere.
exec python3 - <<'PY'
import sys; sys.path.insert(0, "tests/cli/stories")
from lib import *

guide = {  # (model, gpu): the story's per_device_train_batch_size
    ("mt5", "v100-16gb"): 1, ("eenzeenee", "v100-16gb"): 4,
    ("mt5", "a100-40gb"): 4, ("eenzeenee", "a100-40gb"): 8,
    ("mt5", "rtx3080"): 1, ("eenzeenee", "rtx3080"): 2,
    ("mt5", "rtx4090"): 1, ("eenzeenee", "rtx4090"): 2,
}
for (model, gpu), story in guide.items():
    plan = run("--model", model, "--gpu", gpu, "--seq-len", "512", "--target-len", "128", expect_exit=(0, 1))
    if plan is None:
        # nothing fits at batch 1 under the 80% budget without checkpointing
        ck = run("--model", model, "--gpu", gpu, "--seq-len", "512", "--target-len", "128", "--grad-ckpt",
                 expect_exit=(0, 1))
        if ck is None:
            # full fine-tuning's weights, gradients and AdamW states alone
            # (16 bytes per parameter: 8.7 GiB for mT5-base) exceed 80% of 10 GB
            lora = run("--model", model, "--gpu", gpu, "--seq-len", "512", "--target-len", "128",
                       "--method", "lora")
            note(f"{model} on {gpu}: full fine-tuning does not fit even at batch 1 (the story guessed {story}); "
                 f"with LoRA the plan is {lora['settings']['per_device_train_batch_size']}")
            claim(lora["settings"]["per_device_train_batch_size"] >= story,
                  f"{model} on {gpu}: LoRA gives at least the story's batch {story}")
            continue
        b = ck["settings"]["per_device_train_batch_size"]
        note(f"{model} on {gpu}: batch 1 needs more than 80% of the card; with --grad-ckpt the plan is "
             f"{b} (story: {story})")
        claim(b >= story, f"{model} on {gpu}: with checkpointing at least the story's batch {story}")
        continue
    b = plan["settings"]["per_device_train_batch_size"]
    claim(b >= 1 and plan["estimate"]["device_bytes"] <= plan["estimate"]["budget_bytes"],
          f"{model} on {gpu}: batch {b} fits the budget (story: {story})")
    if b != story:
        note(f"{model} on {gpu}: vramplan plans {b}, the story guessed {story}")
# The smaller model always gets at least as large a batch as mT5 on the same card.
for gpu in ("v100-16gb", "a100-40gb", "rtx3080", "rtx4090"):
    pm = run("--model", "mt5", "--gpu", gpu, "--method", "lora")
    pe = run("--model", "eenzeenee", "--gpu", gpu, "--method", "lora")
    claim(pe["settings"]["per_device_train_batch_size"] >= pm["settings"]["per_device_train_batch_size"],
          f"{gpu}: eenzeenee's batch is at least mT5's")
done()
PY
