"""A training plan: one input signature of a graph called under grad mode with inputs or
parameters that require grad. Joint trace, partition, then the forward and the backward graph
generated and built like any graph (two records, parts "forward" and "backward", in the same
background build); a ready plan runs through kernels_autograd.CompiledFunction, each half in one
call of the capture core's C++ path when it has no fallback (kernels_native.served)."""

import time
import warnings

from _dynascope_shim import kernels_autograd as autograd
from _dynascope_shim import kernels_build as build
from _dynascope_shim import kernels_config
from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_native as native
from _dynascope_shim import kernels_partition as partition


class TrainingPlan:
    def __init__(self, forward_record, backward_record):
        self.record = forward_record  # what bench reports for the graph
        self.backward_record = backward_record
        self.ready = False
        self.failed = False
        self.inference = False  # no output needs a gradient: the inference plan serves the call
        self.joint = None
        self.forward_run = self.backward_run = None
        self.run = None  # the forward kernels alone: what bench times as the graph (has .profile)
        self.backward_layouts = []
        self.num_primals = 0

    def __call__(self, inputs, params):
        return autograd.CompiledFunction.apply(self, *inputs, *params)


def _layouts(gm):
    out = []
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            tm = node.meta["tensor_meta"]
            out.append((tuple(tm.shape), tuple(tm.stride), tm.dtype))
    return out


def prepare(graph, key, inputs):
    from _dynascope_shim import kernels_backend as backend

    name = getattr(graph.gm, "_dynascope_name", "")
    sig = key[:-1]
    fw_record = backend.new_record(graph.graph_id, name, sig, "forward")
    bw_record = backend.new_record(graph.graph_id, name, sig, "backward")
    plan = TrainingPlan(fw_record, bw_record)
    graph.plans[key] = plan
    primals = list(inputs) + list(graph.params)
    plan.num_primals = len(primals)

    def give_up(reason, warn=True):
        plan.failed = True
        for r in (fw_record, bw_record):  # both halves run eagerly, whichever failed
            r["status"] = f"eager: {reason}"
        if warn:
            warnings.warn(f"dynascope: graph {graph.graph_id} (training) runs eagerly ({reason})",
                          backend.KernelWarning)
        return plan

    try:
        lower.check_on_cpu(primals)
        t0 = time.perf_counter()
        joint = autograd.trace_joint(autograd.functional(graph.gm, graph.params), primals)
        t1 = time.perf_counter()
        if joint is None:
            plan.inference = True
            backend.records.remove(fw_record)
            backend.records.remove(bw_record)
            return plan
        plan.joint = joint
        part = partition.partition(joint.gm, joint.num_outputs, kernels_config.config.partitioner)
        t2 = time.perf_counter()
        for r in (fw_record, bw_record):
            r["times"].update({"trace": t1 - t0, "partition": t2 - t1})
            r["partition"] = {"kind": part.kind, "saved": part.saved,
                              "saved_bytes": part.saved_bytes, "note": part.note}
        fw_lowered, fw_source = backend.generate(part.forward, primals, fw_record)
        bw_examples = autograd.placeholder_examples(part.backward)
        bw_lowered, bw_source = backend.generate(part.backward, bw_examples, bw_record)
        plan.backward_layouts = _layouts(part.backward)
    except lower.Unlowerable as e:
        return give_up(f"not lowered: {e}")
    except Exception as e:  # a bug in the generator must not break the user's program
        return give_up(f"generator error: {type(e).__name__}: {e}")
    if part.note:
        warnings.warn(f"dynascope: graph {graph.graph_id}: {part.note}", backend.KernelWarning)

    def finish():
        try:
            forward = _load_or_torch(backend, fw_lowered, fw_source, fw_record)
            backward = _load_or_torch(backend, bw_lowered, bw_source, bw_record)
            label = f"graph {graph.graph_id}"
            # the values saved for the backward and the gradients may be views of inputs
            plan.forward_run = native.served(forward, fw_record, f"{label} forward",
                                             joint.num_outputs)
            plan.backward_run = native.served(backward, bw_record, f"{label} backward", 0)
        except build.BuildError as e:
            for r in (fw_record, bw_record):
                r["path"] = r["path"] or e.path
            give_up(f"{e}" + (f" [source: {e.path}]" if e.path else ""))
            return
        except Exception as e:
            give_up(f"loading failed: {e}", warn=False)
            return
        plan.run = _with_params(plan.forward_run, list(graph.params))
        plan.ready = True

    backend.in_background(graph.graph_id, finish)
    return plan


def _with_params(forward_run, params):
    """The forward kernels called with the graph's inputs alone (bench), lifted parameters added."""
    if not params:
        return forward_run

    def run(inputs):
        return forward_run(list(inputs) + params)

    run.profile = lambda inputs, measure: forward_run.profile(list(inputs) + params, measure)
    return run


def _load_or_torch(backend, lowered, source, record):
    """A half without kernels (a backward of matmuls only) still runs: every step through torch
    by the same runner, with no library to load."""
    if source.segments:
        run = backend.load(lowered, source, record)
        record["status"] = "compiled"
        return run
    from _dynascope_shim import kernels_runner

    record["status"] = "compiled"  # its externs and fallbacks are listed
    return kernels_runner.make_runner(lowered, source, None, backend._threads())

