"""The `inductor` backend: compile_graph(gm, example_inputs) -> a callable that runs generated
C++ kernels. Per input signature (sizes, strides, dtypes) the graph is traced to aten ops,
lowered, scheduled and turned into C++; the build runs in a background thread while the first
calls run eagerly (config.async_compile), and a signature whose source is byte-identical reuses
the same binary. Anything that cannot be lowered runs eagerly with a warning naming the reason."""

import ctypes
import itertools
import threading
import time
import warnings

import torch

from _dynascope_shim import kernels_build as build
from _dynascope_shim import kernels_codegen as codegen
from _dynascope_shim import kernels_config
from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_schedule as sched
from _dynascope_shim import kernels_ir as ir


class KernelWarning(UserWarning):
    pass


config = kernels_config.config
records = kernels_config._records
_ids = itertools.count()


def _threads():
    return config.cpp.threads if config.cpp.threads > 0 else torch.get_num_threads()


def _signature(inputs):
    sig = []
    for t in inputs:
        if isinstance(t, torch.Tensor):
            sig.append((t.shape, t.stride(), t.dtype, t.requires_grad))
        else:
            sig.append((type(t), t))
    return tuple(sig)


def _clone(t):
    if not isinstance(t, torch.Tensor):
        return t
    out = torch.empty_strided(t.size(), t.stride(), dtype=t.dtype)
    out.copy_(t.detach())
    return out


class Plan:
    """One input signature: generated source, the loaded segments, the buffers."""

    def __init__(self, record):
        self.record = record
        self.ready = False
        self.failed = False
        self.run = None


def _resolve(a, env):
    if isinstance(a, lower.StepRef):
        return env[a.name]
    if isinstance(a, (list, tuple)):
        return type(a)(_resolve(x, env) for x in a)
    return a


def _make_runner(lowered, source, library):
    """The per-call function of a plan: pointers into B, segments and torch steps in order."""
    names = source.buffer_names
    position = {n: i for i, n in enumerate(names)}
    B = (ctypes.c_void_p * max(len(names), 1))()
    S = (ctypes.c_int64 * (1 + len(lowered.table.values)))(_threads(), *lowered.table.values)
    inputs = [(i, position[n]) for i, n in enumerate(lowered.inputs) if n is not None]
    keep = []
    temps = {}
    for name, tensor in lowered.constants.items():
        B[position[name]] = tensor.data_ptr()
        keep.append(tensor)
    fresh = []  # (position, sizes, strides, dtype) allocated every call
    for name in names:
        buf = lowered.buffers[name]
        if name.startswith(("in", "const")):
            continue
        produced_by_step = any(isinstance(s, ir.TorchStep) and name in s.outputs for s in lowered.steps)
        if produced_by_step:
            continue
        if name in lowered.output_buffers:
            fresh.append((position[name], tuple(buf.sizes), tuple(buf.strides), buf.dtype))
        else:
            temp = torch.empty_strided(buf.sizes, buf.strides, dtype=buf.dtype)
            keep.append(temp)
            temps[name] = temp
            B[position[name]] = temp.data_ptr()
    entry = {}
    for seg in source.segments:
        fn = getattr(library, seg)
        fn.restype = None
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        entry[seg] = fn
    program = []  # ("segment", fn) | ("step", TorchStep)
    seg_iter = iter(source.segments)
    in_segment = False
    for item in sched_items(lowered, source):
        if item == "kernel":
            if not in_segment:
                program.append(("segment", entry[next(seg_iter)]))
                in_segment = True
        else:
            program.append(("step", item))
            in_segment = False
    outputs = lowered.outputs
    empty_strided = torch.empty_strided
    Bp, Sp = ctypes.addressof(B), ctypes.addressof(S)
    simple = all(kind == "segment" for kind, _ in program) and all(k == "buffer" for k, _ in outputs)
    if simple:
        out_pos = [position[n] for _, n in outputs]
        segs = [fn for _, fn in program]

        def run(args):
            for i, p in inputs:
                B[p] = args[i].data_ptr()
            env = {}
            for p, size, stride, dtype in fresh:
                t = empty_strided(size, stride, dtype=dtype)
                B[p] = t.data_ptr()
                env[p] = t
            for fn in segs:
                fn(Bp, Sp)
            return tuple(env[p] for p in out_pos)

        run.keep = (keep, B, S)  # the kernels hold raw addresses of these
        return run

    def run(args):
        env = {}
        for i, p in inputs:
            B[p] = args[i].data_ptr()
            env[names[p]] = args[i]
        env.update(lowered.constants)
        env.update(temps)
        for p, size, stride, dtype in fresh:
            t = empty_strided(size, stride, dtype=dtype)
            B[p] = t.data_ptr()
            env[names[p]] = t
        for kind, what in program:
            if kind == "segment":
                what(Bp, Sp)
                continue
            result = what.target(*_resolve(what.args, env), **_resolve(what.kwargs, env))
            results = result if isinstance(result, (tuple, list)) else [result]
            for name, t in zip(what.outputs, results):
                if name is None:
                    continue
                env[name] = t
                B[position[name]] = t.data_ptr()
        for p in range(len(names)):
            env.setdefault(names[p], None)
        out = []
        for kind, what in outputs:
            if kind == "buffer":
                out.append(env[what])
            elif kind == "input":
                out.append(args[what])
            elif kind == "view":
                base, chain = what
                t = env[base] if env.get(base) is not None else lowered.constants[base]
                for node in chain:
                    t = node.target(t, *node.args[1:], **node.kwargs)
                out.append(t)
            else:
                out.append(what)
        return tuple(out)

    run.keep = (keep, B, S)
    return run


def sched_items(lowered, source):
    """The execution order as 'kernel' markers and torch steps (segments follow the markers)."""
    return lowered.order


class CompiledGraph:
    def __init__(self, gm, example_inputs):
        self.gm = gm
        self.eager = gm.forward
        self.graph_id = next(_ids)
        self.plans = {}
        self.lock = threading.Lock()

    def __call__(self, *inputs):
        if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad for t in inputs):
            return self.eager(*inputs)
        sig = _signature(inputs)
        plan = self.plans.get(sig)
        if plan is None:
            plan = self.prepare(sig, inputs)
        if plan.ready:
            return plan.run(inputs)
        return self.eager(*inputs)

    def prepare(self, sig, inputs):
        record = {"graph": self.graph_id, "name": getattr(self.gm, "_dynascope_name", ""),
                  "signature": [list(s[0]) if isinstance(s[0], torch.Size) else repr(s[1]) for s in sig],
                  "status": "compiling", "kernels": [], "fallbacks": [], "externs": [],
                  "decisions": [], "times": {}, "cache": "", "source": "", "path": ""}
        plan = Plan(record)
        self.plans[sig] = plan
        records.append(record)
        try:
            t0 = time.perf_counter()
            fx = lower.trace_aten(self.eager, [_clone(t) for t in inputs])
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
                plan.run = _make_runner(lowered, source, built.library)
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
