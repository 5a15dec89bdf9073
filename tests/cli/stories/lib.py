"""Helpers for the story tests: run vramplan, read its JSON, check a claim.

Each story test states what the user's story (../shared/seeds, Korean)
observed or guessed, runs vramplan on the same setup, and prints one line per
claim: "ok: ..." when vramplan agrees, or "differs: ..." with the reason when
vramplan's answer deliberately differs from a story's guess. A false claim
that the story measured fails the test.
"""
import json
import os
import subprocess
import sys

GIB = 1024 ** 3
VRAMPLAN = os.environ["VRAMPLAN"]
failed = False


def run(*args, expect_exit=(0,)):
    p = subprocess.run([VRAMPLAN, *args, "--format", "json"], capture_output=True, text=True)
    if p.returncode not in expect_exit:
        sys.stderr.write(p.stderr)
        raise SystemExit(f"vramplan {' '.join(args)} exited {p.returncode}")
    if not p.stdout.strip():
        return None
    d = json.loads(p.stdout)
    # a plan that does not fit (exit 1) prints a document without settings
    if isinstance(d, dict) and "plan" in d and d.get("settings") is None:
        return None
    return d


def gib(n):
    return n / GIB


def claim(ok, text):
    global failed
    print(("ok: " if ok else "FAILED: ") + text)
    if not ok:
        failed = True


def note(text):
    print("differs: " + text)


def done():
    sys.exit(1 if failed else 0)
