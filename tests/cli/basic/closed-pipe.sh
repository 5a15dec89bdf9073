# A pipe whose reader has gone (`vramplan ... | head -c0`, a launcher that
# stopped reading) is a closed stdout: exit 3 and one message on stderr, as
# README "Exit codes" says, for every command. Until 2026-11-30 the first
# write raised SIGPIPE and the process died with status 141 and no message.
# The reader is closed before vramplan starts, so no write can succeed.
python3 - "$VRAMPLAN" <<'PY'
import os, subprocess, sys
runs = (
    ["--model", "mt5", "--gpu", "rtx3090"],
    ["--model", "mt5", "--gpu", "rtx3090", "--format", "json"],
    ["estimate", "--model", "kobart", "--gpu", "t4", "--batch", "8", "--format", "json"],
    ["sweep", "--model", "kobart", "--format", "json"],
    ["check", "examples/configs/seed000-stage4.yaml", "--gpu", "rtx3090", "--format", "json"],
    ["list", "gpus"],
    ["--version"],
)
for args in runs:
    r, w = os.pipe()
    os.close(r)
    p = subprocess.run([sys.argv[1]] + args, stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    err = p.stderr.decode().splitlines()[-1:]
    print(" ".join(args), "-> exit", p.returncode, "|", " / ".join(err))
PY
