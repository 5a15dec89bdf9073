# Seed 003: Llama-3.2-Korean-3B QLoRA (r 16 on every linear: 24.3M trainable
# parameters, as the story reports) without mixed precision, with gradient
# checkpointing, on a 24 GB card; KoBART beside it. Observed: batch 8 ran at
# 3.3 s/step, batch 16 at 8.0 s/step with memory saturated (~95%), batch 32
# ran out of memory. KoBART at batch 16 ran faster than at 8 (it fits easily).
# Both trained with --label_smoothing 0.1 (the HF Trainer's LabelSmoother).
exec python3 - <<'PY'
import sys; sys.path.insert(0, "tests/cli/stories")
from lib import *

llama = ["estimate", "--model", "llama-3.2-korean-3b", "--gpu", "rtx3090", "--method", "qlora",
         "--lora-r", "16", "--lora-targets", "all-linear", "--precision", "fp32", "--grad-ckpt",
         "--seq-len", "512", "--label-smoothing", "0.1"]
card = 24576 * 2**20
e8, e16, e32 = (run(*llama, "--batch", str(b))["estimate"] for b in (8, 16, 32))
claim(run(*llama, "--batch", "8")["model"]["params_trainable"] == 24313856,
      "24.3M trainable parameters, as the story's log says")
claim(e8["fits"], f"batch 8 fits under 80% of the card ({gib(e8['device_bytes']):.1f} GiB)")
claim(not e16["fits"] and e16["device_bytes"] > 0.8 * card,
      f"batch 16 is over the 80% budget ({gib(e16['device_bytes']):.1f} GiB): the saturation that made "
      "each step 2.4x slower")
plain8 = run(*llama[:-2], "--batch", "8")["estimate"]
claim(e8["logits_bytes"] > plain8["logits_bytes"],
      f"the LabelSmoother holds more than the model's own loss at batch 8 "
      f"({gib(e8['logits_bytes']):.2f} against {gib(plain8['logits_bytes']):.2f} GiB of logits)")
claim(e32["device_bytes"] > card, f"batch 32 does not fit on 24 GB ({gib(e32['device_bytes']):.1f} GiB), as observed")
plan = run("--model", "llama-3.2-korean-3b", "--gpu", "rtx3090", "--method", "qlora", "--lora-r", "16",
           "--lora-targets", "all-linear", "--precision", "fp32", "--grad-ckpt", "--seq-len", "512",
           "--label-smoothing", "0.1")
b = plan["settings"]["per_device_train_batch_size"]
claim(8 <= b < 16, f"the plan picks batch {b}: at least the story's 8 (~70%), below the 16 that saturated the card")
claim(plan["estimate"]["device_bytes"] <= 0.8 * card, "the plan's batch stays under the 80% budget")
kob = run("--model", "kobart", "--gpu", "rtx3090", "--precision", "amp-fp16", "--seq-len", "512",
          "--target-len", "128", "--label-smoothing", "0.1")
claim(kob["settings"]["per_device_train_batch_size"] >= 16, "KoBART fits batch 16 easily (it ran 39% faster)")
done()
PY
