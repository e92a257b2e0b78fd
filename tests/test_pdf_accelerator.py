"""ReportLab's C accelerator (``rl_accel``): installed, picked up, and changing no byte of a
kit. The same kit is built in two fresh processes, one with the accelerator and one with
ReportLab's pure-Python fallbacks (the accelerator hidden before ReportLab is imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BUILD = """
import hashlib, json, sys
if sys.argv[1] == "plain":
    sys.modules["_rl_accel"] = None  # ReportLab falls back to its Python functions
from reportlab.lib import rl_accel
from printables.build import build, render_bytes
from printables.layout import PrintSettings
settings = PrintSettings(**json.loads(sys.argv[3]))
pdf = render_bytes(build(sys.argv[2], settings, "http://192.168.1.20:8000")[0])
print(json.dumps({"accelerated": sorted(rl_accel._c_funcs), "python": sorted(rl_accel._py_funcs),
                  "sha256": hashlib.sha256(pdf).hexdigest(), "bytes": len(pdf)}))
"""


def built(mode: str, game_id: str, settings: dict[str, object]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", BUILD, mode, game_id, json.dumps(settings)],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=300, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_reportlab_uses_the_accelerator() -> None:
    from reportlab.lib import rl_accel

    assert rl_accel._py_funcs == {}, f"pure-Python fallbacks in use: {rl_accel._py_funcs}"
    assert {"fp_str", "escapePDF", "instanceStringWidthTTF", "calcChecksum"} <= set(
        rl_accel._c_funcs)


@pytest.mark.parametrize(("game_id", "settings"), [
    ("casse-toi-pov-con", {}),
    ("storm-candidate", {"lang": "ko", "low_ink": True}),
])
def test_a_kit_is_byte_identical_with_and_without_the_accelerator(
        game_id: str, settings: dict[str, object]) -> None:
    fast = built("accelerated", game_id, settings)
    slow = built("plain", game_id, settings)
    assert fast["python"] == [] and "fp_str" in fast["accelerated"]  # type: ignore[operator]
    assert slow["accelerated"] == [] and "fp_str" in slow["python"]  # type: ignore[operator]
    assert fast["bytes"] == slow["bytes"] and fast["sha256"] == slow["sha256"]
