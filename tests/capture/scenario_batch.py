# Runs scenario scripts one after another in this interpreter (torch is imported once, not once
# per script) and appends one JSON line per script to RESULTS: {"script", "ok", "error"}.
# Usage: dynascope run scenario_batch.py RESULTS.jsonl SCRIPT...
# Each script runs as __main__ in a fresh namespace after torch._dynamo.reset() and
# torch.manual_seed(0), so its random inputs are the same in every run and a failure reproduces
# (an unseeded sin near -pi/2 once failed one run in six: the kernel's sinf is an ulp from
# eager's and `+ 1` cancels); a crash of the whole process is detected by the caller (missing
# lines) and those scripts rerun one by one.
import json
import os
import runpy
import sys
import time
import traceback

import torch
import torch._dynamo

results_path, scripts = sys.argv[1], sys.argv[2:]
with open(results_path, "a", encoding="utf-8") as results:
    for script in scripts:
        torch._dynamo.reset()
        torch.manual_seed(0)
        start = time.perf_counter()
        ok, error = True, ""
        saved_argv = sys.argv
        sys.argv = [script]
        try:
            runpy.run_path(script, run_name="__main__")
        except SystemExit as e:
            ok = e.code in (None, 0)
            error = "" if ok else f"SystemExit({e.code!r})"
        except BaseException:
            ok, error = False, traceback.format_exc()
        finally:
            sys.argv = saved_argv
        results.write(json.dumps({"script": os.path.basename(script), "ok": ok, "error": error,
                                  "seconds": round(time.perf_counter() - start, 3)}) + "\n")
        results.flush()
torch._dynamo.reset()
