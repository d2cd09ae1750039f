"""torch._dynamo.explain and ExplainOutput, built from the backend calls and the core's records.

Layout of str(ExplainOutput) follows Dynamo 2.1+. Two deliberate differences, both recorded in
docs: break_reasons lists every break the core met (Dynamo lists only breaks that ended a
non-empty graph), and graph_break_count is len(break_reasons) (Dynamo: graph_count - 1); the two
agree whenever each break ends a graph.
"""

import time
import traceback
import warnings

from _dynascope_shim import backends


class BreakReason:
    """One graph break: reason, user_stack (traceback.FrameSummary, outermost first), type."""

    def __init__(self, info):
        self.reason = info.get("reason", "")
        self.break_type = info.get("break_type", "")
        self.hint = info.get("hint", "")
        self.graph_id = info.get("after_graph", "") or None
        self.resume_graph_id = info.get("before_graph", "") or None
        self.graph_break = True
        self.user_stack = [
            traceback.FrameSummary(site.get("file", "?"), site.get("line", 0),
                                   site.get("function", "?"), lookup_line=False)
            for site in info.get("user_stack") or []
        ]

    def __repr__(self):
        return f"BreakReason(reason={self.reason!r}, break_type={self.break_type!r})"


class Guard:
    """One installed guard, printed as Dynamo prints its guards (name, source kind, function)."""

    def __init__(self, info, region_start=0):
        self.name = info.get("source", "")
        self.create_fn_name = info.get("kind", "")
        self.code_list = [info.get("text", "")] if info.get("text") else []
        self.region_start = region_start

    @property
    def source(self):
        if self.name.startswith("L["):
            return "local"
        if self.name.startswith("G[") or self.create_fn_name == "GLOBAL_STATE":
            return "global"
        return "shape_env" if self.create_fn_name == "SHAPE_ENV" else "other"

    def __str__(self):
        text = (f'Name: "{self.name}"\n        Source: {self.source}\n'
                f"        Create Function: {self.create_fn_name}\n")
        if self.code_list:
            text += f"        Guard Code: {self.code_list}\n"
        return text

    def __repr__(self):
        return f"Guard({self.create_fn_name}, {self.name!r})"


class ExplainOutput:
    """What torch._dynamo.explain(fn)(*args) returns."""

    def __init__(self, graphs, graph_count, graph_break_count, break_reasons, op_count,
                 ops_per_graph=None, out_guards=None, compile_times=None):
        self.graphs = graphs
        self.graph_count = graph_count
        self.graph_break_count = graph_break_count
        self.break_reasons = break_reasons
        self.op_count = op_count
        self.ops_per_graph = ops_per_graph
        self.out_guards = out_guards
        self.compile_times = compile_times

    def __str__(self):
        out = [f"Graph Count: {self.graph_count}",
               f"Graph Break Count: {self.graph_break_count}",
               f"Op Count: {self.op_count}",
               "Break Reasons:"]
        for i, reason in enumerate(self.break_reasons, 1):
            out.append(f"  Break Reason {i}:")
            out.append(f"    Reason: {reason.reason}")
            out.append("    User Stack:")
            out.extend(f"      {frame!r}" for frame in reason.user_stack)
        if self.ops_per_graph is not None:
            out.append("Ops per Graph:")
            for i, ops in enumerate(self.ops_per_graph, 1):
                out.append(f"  Ops {i}:")
                out.extend(f"    {op}" for op in ops)
        if self.out_guards is not None:
            out.append("Out Guards:")
            for i, guard in enumerate(self.out_guards, 1):
                out.append(f"  Guard {i}:")
                out.append("    " + str(guard).rstrip("\n"))
        if self.compile_times is not None:
            out.append(f"Compile Times: {self.compile_times}")
        return "\n".join(out) + "\n"

    def __repr__(self):
        return (f"ExplainOutput(graph_count={self.graph_count}, "
                f"graph_break_count={self.graph_break_count}, op_count={self.op_count})")


def _call_function_targets(gm):
    # Dynamo counts only call_function nodes in explain (CompileCounter counts every call).
    return [node.target for node in gm.graph.nodes if node.op == "call_function"]


def break_reasons_from_records(records):
    return [BreakReason(b) for record in records for b in record.get("breaks", [])]


def guards_from_records(records):
    return [Guard(g, entry.get("region_start", 0))
            for record in records for entry in record.get("entries", [])
            for g in entry.get("guards", [])]


def explain(core, reset, fn, *extra_args, **extra_kwargs):
    def inner(*args, **kwargs):
        reset()
        graphs, ops_per_graph, seconds = [], [], []

        def accumulate(gm, example_inputs):
            start = time.perf_counter()
            graphs.append(gm)
            ops_per_graph.append(_call_function_targets(gm))
            seconds.append(time.perf_counter() - start)
            return gm.forward

        compiled = core.optimize(_callable_of(fn), backends.core_backend(accumulate))
        try:
            compiled(*args, **kwargs)
            records = core.records()
        finally:
            reset()
        reasons = break_reasons_from_records(records)
        # Dynascope times the backend calls only (tracing happens inside the core).
        times = "backend calls: " + ", ".join(f"{g.spec_id or i}: {s * 1e3:.3f} ms"
                                        for i, (g, s) in enumerate(zip(graphs, seconds), 1))
        return ExplainOutput(graphs, len(graphs), len(reasons), reasons,
                             sum(len(ops) for ops in ops_per_graph), ops_per_graph,
                             guards_from_records(records), times)

    if extra_args or extra_kwargs:
        # As Dynamo 2.1+ does: the old one-call form still works, with a warning.
        warnings.warn("explain(f, *args, **kwargs) is deprecated, use explain(f)(*args, **kwargs) instead.",
                      FutureWarning, stacklevel=3)
        return inner(*extra_args, **extra_kwargs)
    return inner


def _callable_of(fn):
    import torch
    if isinstance(fn, torch.nn.Module):
        return getattr(fn, "_orig_mod", fn).forward
    return getattr(fn, "_torchdynamo_orig_callable", fn)


class ExplainWithBackend:
    """A backend that records what explain() would report and then runs another backend."""

    def __init__(self, backend):
        self.backend = backends.lookup_backend(backend)
        self.graphs = []
        self.op_count = 0
        self.break_reasons = []

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        self.op_count += len(_call_function_targets(gm))
        return self.backend(gm, example_inputs)

    def output(self):
        return ExplainOutput(self.graphs, len(self.graphs), max(len(self.graphs) - 1, 0),
                             self.break_reasons, self.op_count)
