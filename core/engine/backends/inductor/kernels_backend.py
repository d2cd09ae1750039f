"""The `inductor` backend: compile_graph(gm, example_inputs) -> a callable that runs generated
C++ kernels. Per input signature (sizes, strides, dtypes) the graph is traced to aten ops,
lowered, scheduled and turned into C++; the build runs in a background thread while the first
calls run eagerly (config.async_compile), and a signature whose source is byte-identical reuses
the same binary. Anything that cannot be lowered runs eagerly with a warning naming the reason."""

import itertools
import threading
import time
import warnings

import _dynascope_capture
import torch

from _dynascope_shim import kernels_autograd
from _dynascope_shim import kernels_bench
from _dynascope_shim import kernels_build as build
from _dynascope_shim import kernels_codegen as codegen
from _dynascope_shim import kernels_config
from _dynascope_shim import kernels_runner
from _dynascope_shim import kernels_training
from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_origins as origins
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


def _repeats(inputs, params):
    ids = [id(t) for t in inputs if isinstance(t, torch.Tensor)] + [id(p) for p in params]
    return len(set(ids)) != len(ids)


class Plan:
    """One input signature: generated source, the loaded segments, the buffers."""

    def __init__(self, record):
        self.record = record
        self.ready = False
        self.failed = False
        self.run = None
        self.native = None  # the capture core's handle when C++ serves this plan


def new_record(graph_id, name, sig, part=""):
    """part: "" (an inference graph), "forward" or "backward" (the halves of a training plan)."""
    record = {"graph": graph_id, "name": name, "part": part,
              "signature": [list(s[0]) if isinstance(s[0], torch.Size) else repr(s[1]) for s in sig],
              "status": "compiling", "kernels": [], "fallbacks": [], "externs": [],
              "decisions": [], "times": {}, "cache": "", "source": "", "path": ""}
    records.append(record)
    return record


def generate(fx, inputs, record):
    """Lowers, schedules and generates one aten graph; fills the record. Raises
    lower.Unlowerable (or a generator bug) when the graph cannot run as kernels."""
    t1 = time.perf_counter()
    lowered = lower.lower(fx, inputs)
    schedule = sched.schedule(lowered)
    t2 = time.perf_counter()
    lowered.order = ["kernel" if isinstance(i, sched.Group) else i for i in schedule.items]
    source = codegen.generate(schedule, _threads())
    t3 = time.perf_counter()
    record["times"].update({"lower": t2 - t1, "codegen": t3 - t2})
    record["source"] = source.text
    record["fallbacks"] = [{"node": n, "op": op, "reason": r} for n, op, r in lowered.fallbacks]
    record["externs"] = [{"node": s.node, "op": str(s.target)} for s in lowered.steps
                         if isinstance(s, ir.TorchStep) and s.kind == "extern"]
    record["decisions"] = schedule.decisions
    record["kernels"] = [{"name": g.name, "nodes": [n.name for n in g.nodes],
                          "origins": sorted({o for n in g.nodes for o in n.origins}),
                          "lines": list(source.kernel_lines.get(g.name, (0, 0)))}
                         for g in schedule.groups()]
    origins.annotate(record, lowered)
    record["aten_graph"] = fx.code
    if config.debug:
        print(source.text)
    return lowered, source


def load(lowered, source, record):
    """Builds (or finds in the cache) and loads one generated source; returns its runner.
    Raises build.BuildError; the record says what happened either way."""
    built = build.build(source.text)
    record["times"].update({"compile": built.compile_s, "load": built.load_s})
    record["cache"] = "hit" if built.hit else "miss"
    record["path"] = built.path
    if built.note:
        warnings.warn(f"dynascope: {built.note}", KernelWarning)
    return kernels_runner.make_runner(lowered, source, built.library, _threads())


def attach_native(graph, plan, inputs):
    """Hands a ready plan of kernels and extern matmuls to the capture core: from the next call
    with this signature on, a cache hit runs it from C++ (runtime/nativekernels.h) and this
    graph's __call__ is not called. Plans with fallbacks, or whose graph switches grad mode, stay
    with the Python runner (and so do calls that need autograd); the record's `call_path` says
    which, and `call_path_reason` why not C++."""
    spec, reason = plan.run.native
    handle = None
    if not config.native_calls:
        reason = "switched off (native_calls)"
    elif graph.switches_grad:
        reason = "the graph switches grad mode"
    elif spec is not None:
        try:
            made = _dynascope_capture.native_plan(tuple(inputs), *spec, plan.run)
            handle = _dynascope_capture.attach_native_plan(graph, made, list(graph.params))
            reason = None if handle is not None else "C++ serves no more signatures of this graph"
        except Exception as e:  # the Python runner still serves the plan
            reason = f"{type(e).__name__}: {e}"
            warnings.warn(f"dynascope: graph {graph.graph_id} calls its kernels from Python "
                          f"({reason})", KernelWarning)
    plan.native = handle
    plan.record["call_path"] = "native" if handle is not None else "python"
    if reason:
        plan.record["call_path_reason"] = reason
    if handle is not None:
        plan.record["native_calls"] = 0
        kernels_config._native.append((plan.record, handle))


def in_background(graph_id, finish):
    """Runs `finish` (trace, lower, build, load) on a thread while the first calls run eagerly.
    The thread is not a daemon: a script that ends while it works waits for it (at most one
    compile, and the kernel lands in the disk cache for the next run). As a daemon it was ended
    by pthread_exit in the middle of a torch call when the interpreter finalised, and that
    forced unwind through C++ frames aborted the process after the script had finished
    ("terminate called without an active exception", exit 134: a crash to the GUI)."""
    if config.async_compile:
        threading.Thread(target=finish, name=f"dynascope-kernels-{graph_id}").start()
    else:
        finish()


class CompiledGraph:
    def __init__(self, gm, example_inputs):
        self.gm = gm
        self.eager = gm.forward
        self.graph_id = next(_ids)
        self.plans = {}
        self.last_inputs = None
        self.last_key = None
        # A graph that switches grad mode itself (a break inside a no_grad block resumes with
        # grad off and turns it back on) may build autograd history whatever the mode at call.
        self.switches_grad = any("set_grad_enabled" in str(n.target) for n in gm.graph.nodes)
        # Parameters the graph reads from modules: inputs of a training plan's joint graph.
        self.params = kernels_autograd.lifted_parameters(gm)
        kernels_bench.graph_created(self)

    def current_plan(self):
        """The plan of the last call's signature (bench), or None."""
        if self.last_inputs is None:
            return None
        return self.plans.get(self.last_key or _signature(self.last_inputs))

    def __call__(self, *inputs):
        sig = _signature(inputs)
        if (any(p.requires_grad for p in self.params)
                or any(t.requires_grad for t in inputs if isinstance(t, torch.Tensor))):
            if self.switches_grad or _repeats(inputs, self.params):
                # autograd history whatever the mode, or one tensor passed twice (its gradient
                # would be counted once per position): eager
                return self.eager(*inputs)
            if torch.is_grad_enabled():
                key = sig + (("train",) + tuple(p.requires_grad for p in self.params),)
                plan = self.plans.get(key)
                if plan is None:
                    plan = kernels_training.prepare(self, key, inputs)
                if _TRACK:
                    self.last_inputs, self.last_key = inputs, key
                if plan.ready:
                    try:
                        return plan(inputs, self.params)
                    except kernels_runner.StepMismatch as e:
                        return self._give_up(plan, e, inputs)
                if not plan.inference:
                    return self.eager(*inputs)  # compiling, or failed
                # no output needs a gradient: the inference plan below is exact
        if _TRACK:
            self.last_inputs, self.last_key = inputs, sig
        plan = self.plans.get(sig)
        if plan is None:
            plan = self.prepare(sig, inputs)
        if plan.ready:
            try:
                return plan.run(inputs)
            except kernels_runner.StepMismatch as e:
                return self._give_up(plan, e, inputs)
        return self.eager(*inputs)  # compiling or failed

    def _give_up(self, plan, error, inputs):
        """A ready plan whose fallback gave another tensor than traced: this signature runs
        eagerly from now on (a fallback has no effects, so running the graph again is safe; a
        random op's generator has moved on by then, on this one call)."""
        plan.ready = False
        plan.failed = True
        for record in (plan.record, getattr(plan, "backward_record", None)):
            if record is not None:  # a training plan has two
                record["status"] = f"eager: {error}"
        warnings.warn(f"dynascope: graph {self.graph_id} runs eagerly ({error})", KernelWarning)
        return self.eager(*inputs)

    def prepare(self, sig, inputs):
        record = new_record(self.graph_id, getattr(self.gm, "_dynascope_name", ""), sig)
        plan = Plan(record)
        self.plans[sig] = plan
        try:
            lower.check_on_cpu(list(inputs) + list(self.params))
            t0 = time.perf_counter()
            fx = lower.trace_aten(self.eager, list(inputs))
            record["times"]["trace"] = time.perf_counter() - t0
            lowered, source = generate(fx, inputs, record)
        except lower.Unlowerable as e:
            return self._eager(plan, f"not lowered: {e}")
        except Exception as e:  # a bug in the generator must not break the user's program
            return self._eager(plan, f"generator error: {type(e).__name__}: {e}")
        if not source.segments:
            return self._eager(plan, "no kernels (every node runs through torch)", warn=False)

        def finish():
            try:
                plan.run = load(lowered, source, record)
            except build.BuildError as e:
                plan.failed = True
                record["status"] = f"eager: {e}"
                record["path"] = e.path
                warnings.warn(f"dynascope: graph {self.graph_id} runs eagerly: {e}"
                              + (f" [source: {e.path}]" if e.path else ""), KernelWarning)
                return
            except Exception as e:
                plan.failed = True
                record["status"] = f"eager: loading failed: {e}"
                return
            record["status"] = "compiled"
            attach_native(self, plan, inputs)
            plan.ready = True

        in_background(self.graph_id, finish)
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
    build.preload()  # libmvec loads while this graph is traced (kernels_build.preload)
    return CompiledGraph(gm, example_inputs)


def wait(timeout=600.0):
    """Blocks until every background build has finished (tests and benchmarks)."""
    deadline = time.time() + timeout
    for t in threading.enumerate():
        if t.name.startswith("dynascope-kernels-"):
            t.join(max(0.0, deadline - time.time()))
