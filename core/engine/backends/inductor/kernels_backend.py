"""The `inductor` backend: compile_graph(gm, example_inputs) -> a callable that runs generated
C++ kernels. Per input signature (sizes, strides, dtypes) the graph is traced to aten ops,
lowered, scheduled and turned into C++; the build runs in a background thread while the first
calls run eagerly (config.async_compile), and a signature whose source is byte-identical reuses
the same binary. Anything that cannot be lowered runs eagerly with a warning naming the reason."""

import itertools
import threading
import time
import warnings

import torch

from _dynascope_shim import kernels_bench
from _dynascope_shim import kernels_build as build
from _dynascope_shim import kernels_codegen as codegen
from _dynascope_shim import kernels_config
from _dynascope_shim import kernels_runner
from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_schedule as sched
from _dynascope_shim import kernels_ir as ir


class KernelWarning(UserWarning):
    pass


_TRACK = kernels_bench.TRACKING  # set before the script runs (dynascope bench)
config = kernels_config.config
records = kernels_config._records
_ids = itertools.count()


def _threads():
    return config.cpp.threads if config.cpp.threads > 0 else torch.get_num_threads()


def _signature(inputs):
    Tensor = torch.Tensor
    return tuple([(t.shape, t.stride(), t.dtype, t.requires_grad) if isinstance(t, Tensor)
                  else (type(t), t) for t in inputs])


class Plan:
    """One input signature: generated source, the loaded segments, the buffers."""

    def __init__(self, record):
        self.record = record
        self.ready = False
        self.failed = False
        self.run = None


class CompiledGraph:
    def __init__(self, gm, example_inputs):
        self.gm = gm
        self.eager = gm.forward
        self.graph_id = next(_ids)
        self.plans = {}
        self.last_inputs = None
        # A graph that switches grad mode itself (a break inside a no_grad block resumes with
        # grad off and turns it back on) may build autograd history whatever the mode at call.
        self.switches_grad = any("set_grad_enabled" in str(n.target) for n in gm.graph.nodes)
        kernels_bench.graph_created(self)

    def current_plan(self):
        """The plan of the last call's signature (bench), or None."""
        if self.last_inputs is None:
            return None
        return self.plans.get(_signature(self.last_inputs))

    def __call__(self, *inputs):
        if _TRACK:
            self.last_inputs = inputs
        sig = _signature(inputs)
        plan = self.plans.get(sig)
        if plan is None:
            plan = self.prepare(sig, inputs)
        if plan.ready and not (plan.grad and (torch.is_grad_enabled() or self.switches_grad)):
            return plan.run(inputs)
        return self.eager(*inputs)  # compiling, failed, or inputs that need autograd

    def prepare(self, sig, inputs):
        record = {"graph": self.graph_id, "name": getattr(self.gm, "_dynascope_name", ""),
                  "signature": [list(s[0]) if isinstance(s[0], torch.Size) else repr(s[1]) for s in sig],
                  "status": "compiling", "kernels": [], "fallbacks": [], "externs": [],
                  "decisions": [], "times": {}, "cache": "", "source": "", "path": ""}
        plan = Plan(record)
        plan.grad = any(isinstance(t, torch.Tensor) and t.requires_grad for t in inputs)
        self.plans[sig] = plan
        records.append(record)
        try:
            t0 = time.perf_counter()
            fx = lower.trace_aten(self.eager, list(inputs))
            t1 = time.perf_counter()
            lowered = lower.lower(fx, inputs)
            schedule = sched.schedule(lowered)
            t2 = time.perf_counter()
            lowered.order = ["kernel" if isinstance(i, sched.Group) else i for i in schedule.items]
            source = codegen.generate(schedule)
            t3 = time.perf_counter()
        except lower.Unlowerable as e:
            return self._eager(plan, f"not lowered: {e}")
        except Exception as e:  # a bug in the generator must not break the user's program
            return self._eager(plan, f"generator error: {type(e).__name__}: {e}")
        record["times"] = {"trace": t1 - t0, "lower": t2 - t1, "codegen": t3 - t2}
        record["source"] = source.text
        record["fallbacks"] = [{"node": n, "op": op, "reason": r} for n, op, r in lowered.fallbacks]
        record["externs"] = [{"node": s.node, "op": str(s.target)} for s in lowered.steps
                             if isinstance(s, ir.TorchStep) and s.kind == "extern"]
        record["decisions"] = schedule.decisions
        record["kernels"] = [{"name": g.name, "nodes": [n.name for n in g.nodes],
                              "origins": sorted({o for n in g.nodes for o in n.origins}),
                              "lines": list(source.kernel_lines.get(g.name, (0, 0)))}
                             for g in schedule.groups()]
        record["aten_graph"] = fx.code
        if not source.segments:
            return self._eager(plan, "no kernels (every node runs through torch)", warn=False)
        if config.debug:
            print(source.text)

        def finish():
            try:
                built = build.build(source.text)
            except build.BuildError as e:
                plan.failed = True
                record["status"] = f"eager: {e}"
                record["path"] = e.path
                warnings.warn(f"dynascope: graph {self.graph_id} runs eagerly: {e}"
                              + (f" [source: {e.path}]" if e.path else ""), KernelWarning)
                return
            record["times"].update({"compile": built.compile_s, "load": built.load_s})
            record["cache"] = "hit" if built.hit else "miss"
            record["path"] = built.path
            if built.note:
                warnings.warn(f"dynascope: {built.note}", KernelWarning)
            try:
                plan.run = kernels_runner.make_runner(lowered, source, built.library, _threads())
            except Exception as e:
                plan.failed = True
                record["status"] = f"eager: loading failed: {e}"
                return
            record["status"] = "compiled"
            plan.ready = True

        if config.async_compile:
            threading.Thread(target=finish, name=f"dynascope-kernels-{self.graph_id}",
                             daemon=True).start()
        else:
            finish()
        return plan

    def _eager(self, plan, reason, warn=True):
        plan.failed = True
        plan.record["status"] = f"eager: {reason}"
        if warn:
            warnings.warn(f"dynascope: graph {self.graph_id} runs eagerly ({reason})", KernelWarning)
        return plan


def sig_text(sig):
    parts = []
    for s in sig:
        if isinstance(s[0], torch.Size):
            parts.append(f"{str(s[2]).replace('torch.', '')}{list(s[0])}")
        else:
            parts.append(repr(s[1]))
    return ", ".join(parts)


def compile_graph(gm, example_inputs, **kwargs):
    """The inductor backend entry: Dynamo's contract (gm, example_inputs) -> callable."""
    if not config.enabled:
        return gm.forward
    return CompiledGraph(gm, example_inputs)


def wait(timeout=600.0):
    """Blocks until every background build has finished (tests and benchmarks)."""
    deadline = time.time() + timeout
    for t in threading.enumerate():
        if t.name.startswith("dynascope-kernels-"):
            t.join(max(0.0, deadline - time.time()))
