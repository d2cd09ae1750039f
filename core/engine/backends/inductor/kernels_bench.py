"""`dynascope bench`: times every compiled function of a script against the same function run
eagerly, in interleaved rounds, and splits the compiled time into guards/dispatch, graphs and
kernels. With DYNASCOPE_BENCH=1 torch.compile's results remember their last arguments (a
wrapper per call; only in this mode) and each graph its last inputs."""

import functools
import json
import os
import statistics
import time

import torch

TRACKING = os.environ.get("DYNASCOPE_BENCH") == "1"
NOISY_SPREAD = 0.2  # (p90 - p10) / median above this: the figure is flagged noisy
_functions = []
_current = [None]


class Tracked:
    def __init__(self, name, original, compiled):
        self.name = name
        self.original = original
        self.compiled = compiled
        self.args = None
        self.graphs = []


def track(fn, compiled):
    """Wraps a compiled callable so bench can call it again with its last arguments."""
    if not TRACKING:
        return compiled
    t = Tracked(getattr(fn, "__qualname__", None) or repr(fn), fn, compiled)
    _functions.append(t)

    def tracked(*args, **kwargs):
        t.args = (args, kwargs)
        saved, _current[0] = _current[0], t
        try:
            return compiled(*args, **kwargs)
        finally:
            _current[0] = saved

    try:
        functools.update_wrapper(tracked, fn)
    except (AttributeError, TypeError):
        pass
    for attr in ("_torchdynamo_orig_callable", "_dynascope_compiled"):
        if hasattr(compiled, attr):
            setattr(tracked, attr, getattr(compiled, attr))
    return tracked


def graph_created(graph):
    if TRACKING and _current[0] is not None:
        _current[0].graphs.append(graph)


def _calibrate(fn, target_s):
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= target_s or n >= 1 << 20:
            return n
        n = max(n * 2, int(n * target_s / max(elapsed, 1e-9)))


def _stats(samples):
    s = sorted(samples)
    med = statistics.median(s)
    p10 = s[int(0.1 * (len(s) - 1))]
    p90 = s[int(round(0.9 * (len(s) - 1)))]
    return {"median_us": med * 1e6, "p10_us": p10 * 1e6, "p90_us": p90 * 1e6,
            "samples": len(s), "noisy": med > 0 and (p90 - p10) / med > NOISY_SPREAD}


def measure(fns, rounds, target_s=0.002):
    """{name: fn} -> {name: stats}: interleaved rounds (the order alternates every round), each
    sample the mean of enough calls to last target_s."""
    counts = {name: _calibrate(fn, target_s) for name, fn in fns.items()}
    samples = {name: [] for name in fns}
    names = list(fns)
    for r in range(rounds):
        for name in (names if r % 2 == 0 else reversed(names)):
            fn, n = fns[name], counts[name]
            start = time.perf_counter()
            for _ in range(n):
                fn()
            samples[name].append((time.perf_counter() - start) / n)
    return {name: _stats(v) for name, v in samples.items()}


def _graph_call(graph, plan, inputs):
    """The compiled graph alone, as a cache hit runs it: from C++ when the core serves the plan
    (call_native: the same code path without the guards), else the Python runner."""
    if getattr(plan, "native", None) is not None:
        import _dynascope_capture

        args = tuple(inputs)
        if _dynascope_capture.call_native(graph, args) is not None:
            return lambda: _dynascope_capture.call_native(graph, args)
    return lambda: plan.run(inputs)


def run(rounds=20):
    """The figures of every tracked function that was called (a list of dicts)."""
    from _dynascope_shim import kernels_backend

    kernels_backend.wait()
    out = []
    for t in _functions:
        if t.args is None:
            continue
        args, kwargs = t.args
        fns = {"T_base": lambda: t.original(*args, **kwargs),
               "T_comp": lambda: t.compiled(*args, **kwargs)}
        graphs = []
        for g in t.graphs:
            plan = g.current_plan()
            if plan is None:
                continue
            inputs = g.last_inputs
            fns[f"eager{g.graph_id}"] = lambda g=g, i=inputs: g.eager(*i)
            if plan.ready:
                fns[f"graph{g.graph_id}"] = _graph_call(g, plan, inputs)
            graphs.append((g, plan, inputs))
        stats = measure(fns, rounds)
        entry = {"name": t.name, "T_base": stats["T_base"], "T_comp": stats["T_comp"],
                 "graphs": []}
        graph_time = 0.0
        for g, plan, inputs in graphs:
            record = plan.record
            gstats = stats.get(f"graph{g.graph_id}")
            item = {"graph": g.graph_id, "status": record["status"], "cache": record["cache"],
                    "call_path": record.get("call_path", ""),
                    "times_ms": {k: v * 1e3 for k, v in record["times"].items()},
                    "eager": stats[f"eager{g.graph_id}"], "compiled": gstats, "kernels": []}
            graph_time += (gstats or stats[f"eager{g.graph_id}"])["median_us"]
            if plan.ready:
                item["kernels"] = _kernel_figures(plan.run, inputs, record, rounds)
            if hasattr(plan, "backward_run"):  # a training plan: its backward half too
                item["part"] = "forward"
                item["backward"] = _backward_figures(g, plan, inputs, rounds)
            entry["graphs"].append(item)
        comp = stats["T_comp"]["median_us"]
        entry["t_guard_us"] = max(0.0, comp - graph_time)
        entry["speedup"] = stats["T_base"]["median_us"] / comp if comp > 0 else 0.0
        entry["noisy"] = stats["T_base"]["noisy"] or stats["T_comp"]["noisy"]
        out.append(entry)
    return out


def _kernel_figures(run, inputs, record, rounds):
    nodes = {k["name"]: k for k in record["kernels"]}
    return [{"name": name, "kind": kind, "time": s, "nodes": nodes.get(name, {}).get("origins", [])}
            for name, kind, s in run.profile(
                inputs, lambda fn: measure({"k": fn}, max(5, rounds // 2))["k"])]


def _backward_figures(graph, plan, inputs, rounds):
    """A training plan's backward half alone: the generated backward on the saved values of one
    compiled forward, against torch.autograd.grad over one eager forward (kept with
    retain_graph), both with tangents of ones. {"status", "eager", "compiled", "kernels"}."""
    from _dynascope_shim import kernels_autograd

    record = plan.backward_record
    figures = {"status": record["status"], "cache": record["cache"], "eager": None,
               "compiled": None, "kernels": []}
    if not plan.ready:
        figures["note"] = f"not timed: the training plan is not ready ({record['status']})"
        return figures
    joint = plan.joint
    primals = list(inputs) + list(graph.params)
    tangents = [torch.ones(shape, dtype=dtype) for shape, dtype in joint.tangent_layouts]
    with torch.no_grad():
        saved = list(plan.forward_run(primals))[joint.num_outputs:]
    args = kernels_autograd.conform(saved + tangents, plan.backward_layouts)
    with torch.enable_grad():
        outs = graph.eager(*inputs)
    wanted = [outs[i] for i in joint.tangent_outputs]
    wrt = [primals[i] for i in joint.grad_inputs]
    stats = measure({"eager": lambda: torch.autograd.grad(wanted, wrt, tangents, retain_graph=True,
                                                          allow_unused=True),
                     "compiled": lambda: plan.backward_run(args)}, rounds)
    figures.update(stats)
    figures["kernels"] = _kernel_figures(plan.backward_run, args, record, rounds)
    return figures


def _fmt(us):
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.1f} us"


def _line(label, s):
    return (f"  {label:<10} {_fmt(s['median_us']):>10}  [{_fmt(s['p10_us'])} .. {_fmt(s['p90_us'])}]"
            + ("  (noisy)" if s["noisy"] else ""))


def _kernel_lines(lines, kernels):
    for k in kernels:
        lines.append(_line(k["name"], k["time"]) + f"  {k['kind']}"
                     + (f": {', '.join(k['nodes'])}" if k["nodes"] else ""))


def report(options):
    """The text (or JSON) of `dynascope bench`; options = {"rounds": N, "json": bool}."""
    rounds, as_json = int(options.get("rounds", 20)), bool(options.get("json"))
    results = run(rounds)
    doc = {"threads": torch.get_num_threads(), "rounds": rounds, "functions": results}
    if as_json:
        return json.dumps(doc, indent=1)
    lines = [f"dynascope bench: {len(results)} compiled function(s), {rounds} interleaved rounds, "
             f"{doc['threads']} thread(s); medians [p10 .. p90]"]
    if not results:
        lines.append("no compiled function was called")
    for f in results:
        lines.append("")
        lines.append(f"{f['name']}: S = T_base / T_comp = {f['speedup']:.2f}x"
                     + ("  (noisy)" if f["noisy"] else ""))
        lines.append(_line("T_base", f["T_base"]))
        lines.append(_line("T_comp", f["T_comp"]))
        lines.append(f"  {'t_guard':<10} {_fmt(f['t_guard_us']):>10}  (T_comp minus its graphs: "
                     "guards and dispatch)")
        for g in f["graphs"]:
            times = ", ".join(f"{k} {v:.1f} ms" for k, v in g["times_ms"].items())
            lines.append(f"  graph {g['graph']}: {g['status']}"
                         + (f", cache {g['cache']}" if g["cache"] else "")
                         + (f", called from {'C++' if g['call_path'] == 'native' else 'Python'}"
                            if g["call_path"] else "")
                         + (f"; {times}" if times else ""))
            lines.append(_line("eager", g["eager"]))
            if g["compiled"]:
                lines.append(_line("compiled", g["compiled"]))
            _kernel_lines(lines, g["kernels"])
            back = g.get("backward")
            if back:
                lines.append(f"  graph {g['graph']} backward: {back['status']}"
                             + (f"; {back['note']}" if back.get("note") else ""))
                if back["eager"]:
                    lines.append(_line("eager", back["eager"]))
                    lines.append(_line("compiled", back["compiled"]))
                _kernel_lines(lines, back["kernels"])
    return "\n".join(lines) + "\n"


def timing_event(options):
    """The worker's "timing" event body ("Run compiled kernels"), or null without torch."""
    import sys

    if "torch" not in sys.modules or not _functions:
        return "null"
    return report({"rounds": options.get("rounds", 10), "json": True})
