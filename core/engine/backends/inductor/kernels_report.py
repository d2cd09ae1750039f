"""`dynascope explain --kernels` (a Kernels section after the capture report, or a "kernels"
key in its JSON document) and `--code DIR` (every generated source written to DIR)."""

import json
import os

from _dynascope_shim import kernels_config


def _from(graph, item):
    """"  <- G1: mul, add": the captured-graph nodes a kernel or torch step came from."""
    return f"  <- {graph}: {', '.join(item['captured'])}" if item.get("captured") else ""


def _text(records):
    lines = ["", f"Kernels (backend=\"inductor\"): {len(records)} graph signature(s)"]
    for r in records:
        times = ", ".join(f"{k} {v * 1e3:.1f} ms" for k, v in r["times"].items())
        part = f" {r['part']}" if r.get("part") else ""  # a training plan's forward/backward
        lines.append(f"graph {r['graph']}{part} [{', '.join(map(str, r['signature']))}]: {r['status']}"
                     + (f", cache {r['cache']}" if r["cache"] else "")
                     + (f"; {times}" if times else ""))
        split = r.get("partition")
        if split and r.get("part") == "forward":
            lines.append(f"  saved for backward ({split['kind']}, {split['saved_bytes']} bytes): "
                         f"{', '.join(split['saved'])}" + (f"; {split['note']}" if split["note"] else ""))
        graph = r.get("captured_graph") or "captured graph"
        for k in r["kernels"]:
            lines.append(f"  {k['name']}  lines {k['lines'][0]}-{k['lines'][1]}  "
                         f"{', '.join(k['origins'])}" + _from(graph, k))
        for e in r["externs"]:
            lines.append(f"  extern {e['node']} ({e['op']}) through torch" + _from(graph, e))
        for f in r["fallbacks"]:
            lines.append(f"  fallback {f['node']} ({f['op']}): {f['reason']}" + _from(graph, f))
        for d in r["decisions"]:
            lines.append(f"  - {d}")
        if r["path"]:
            lines.append(f"  source: {r['path']}")
    return "\n".join(lines) + "\n"


def write_code(records, directory):
    os.makedirs(directory, exist_ok=True)
    written = []
    for n, r in enumerate(records):
        if not r["source"]:
            continue
        path = os.path.join(directory, f"graph{r['graph']}_{n}.cpp")
        with open(path, "w", encoding="utf-8") as f:
            f.write(r["source"])
        written.append(path)
    return written


def explain(options):
    """The capture report with the kernel records added (called by `dynascope explain` with
    {"report", "json", "kernels", "code_dir"})."""
    report, as_json = options["report"], options["json"]
    kernels, code_dir = options["kernels"], options.get("code_dir") or ""
    if "_dynascope_shim.kernels_backend" in __import__("sys").modules:
        __import__("_dynascope_shim.kernels_backend").kernels_backend.wait()
    records = kernels_config.records()
    written = write_code(records, code_dir) if code_dir else []
    if as_json:
        doc = json.loads(report)
        if kernels:
            doc["kernels"] = [{k: v for k, v in r.items() if k != "aten_graph"} for r in records]
        if code_dir:
            doc["kernel_sources"] = written
        return json.dumps(doc, indent=1) + "\n"
    out = report + (_text(records) if kernels else "")
    if code_dir:
        out += f"\nwrote {len(written)} kernel source(s) to {code_dir}\n"
    return out


def records_event(options):
    """The worker's "kernels" event body, or null when no graph went through the generator."""
    import sys

    if "_dynascope_shim.kernels_backend" not in sys.modules:
        return "null"
    sys.modules["_dynascope_shim.kernels_backend"].wait()
    records = [{k: v for k, v in r.items() if k != "aten_graph"} for r in kernels_config.records()]
    return json.dumps({"records": records}) if records else "null"
