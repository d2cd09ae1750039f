"""The per-call runner of a built plan: writes the data pointers of inputs and fresh outputs
into the pointer array B, calls the segments (ctypes) and the torch steps in order, and returns
the outputs; a graph of kernels only takes a short path. profile() times each kernel alone, and
`native` is what the capture core's C++ path needs to run the plan (kernels_native.spec)."""

import ctypes
import functools
import re

import torch

from _dynascope_shim import kernels_ir as ir
from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_native as native


def _resolve(a, env):
    if isinstance(a, lower.StepRef):
        return env[a.name]
    if isinstance(a, lower.StepView):
        return a.resolve(env)
    if isinstance(a, (list, tuple)):
        return type(a)(_resolve(x, env) for x in a)
    return a


def _binder(value):
    """env -> the value of a torch step's argument, built once per plan; None for a constant."""
    if isinstance(value, lower.StepRef):
        name = value.name
        return lambda env: env[name]
    if isinstance(value, lower.StepView):
        return value.resolve
    if isinstance(value, (list, tuple)):
        parts = [_binder(v) for v in value]
        if all(p is None for p in parts):
            return None
        kind = type(value)
        parts = [p if p is not None else (lambda env, v=v: v) for p, v in zip(parts, value)]
        return lambda env: kind([p(env) for p in parts])
    return None


def _invoker(step):
    """env -> the step's result: the op called with its arguments resolved, its positions and
    the OpOverload's C++ entry found once (no generic walk over the arguments per call)."""
    fn = getattr(step.target, "_op", step.target)
    args, kwargs = list(step.args), dict(step.kwargs)
    dynamic = [(i, b) for i, b in enumerate(map(_binder, args)) if b is not None]
    dynamic_kw = [(k, b) for k, b in ((k, _binder(v)) for k, v in kwargs.items()) if b is not None]

    def invoke(env):
        a = args[:]
        for i, b in dynamic:
            a[i] = b(env)
        if dynamic_kw:
            kw = dict(kwargs)
            for k, b in dynamic_kw:
                kw[k] = b(env)
            return fn(*a, **kw)
        return fn(*a, **kwargs)

    return invoke


class StepMismatch(Exception):
    """A fallback's result is not the tensor the fake-tensor trace described (torch 1.13's meta
    kernel of arange(4.0) says int64; eager gives float32), so the kernels after it would read
    it wrongly: the plan is given up and the graph runs eagerly (CompiledGraph)."""


def _conformer(step, lowered, source_text):
    """result -> the result in the planned layout, for the kernels that read a fallback's
    outputs: they index each buffer by the planned dtype and strides. Another dtype or shape
    raises StepMismatch; other strides (where a dim has more than one element) give a copy in the
    planned ones (torch 1.13's meta flip keeps a sliced input's strides; eager's result is
    contiguous). The runner keeps the result itself for outputs and later torch steps."""
    expected = {}
    for name in step.outputs:
        # only what a kernel reads (eval-mode batch norm's saved mean is empty, traced as [C])
        if name is not None and re.search(rf"\b{name}\b", source_text):
            buf = lowered.buffers[name]
            expected[name] = (buf.dtype, tuple(buf.sizes), tuple(buf.strides))

    def conform(name, t):
        if name not in expected:
            return t
        dtype, sizes, strides = expected[name]
        if not isinstance(t, torch.Tensor) or t.dtype != dtype or tuple(t.shape) != sizes:
            got = f"{t.dtype}{list(t.shape)}" if isinstance(t, torch.Tensor) else type(t).__name__
            raise StepMismatch(f"{step.node} ({step.target}) gave {got}, the trace said "
                               f"{dtype}{list(sizes)}")
        if any(n > 1 and a != b for n, a, b in zip(sizes, t.stride(), strides)):
            if any(n > 1 and b == 0 for n, b in zip(sizes, strides)):
                # traced as an expanded layout (flip of an expanded tensor): no copy can be laid
                # out so, and the kernels would read one element for the whole dim
                raise StepMismatch(f"{step.node} ({step.target}) gave strides {t.stride()}, the "
                                   f"trace said {list(strides)}")
            t = torch.empty_strided(sizes, strides, dtype=dtype).copy_(t)
        return t

    return conform


def make_runner(lowered, source, library, threads):
    """The per-call function of a plan: pointers into B, segments and torch steps in order."""
    names = source.buffer_names
    position = {n: i for i, n in enumerate(names)}
    B = (ctypes.c_void_p * max(len(names), 1))()
    S = (ctypes.c_int64 * (1 + len(lowered.table.values)))(threads, *lowered.table.values)
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
    program = []  # ("segment", fn) | ("step", (invoke(env), output names))
    seg_iter = iter(source.segments)
    in_segment = False
    for item in lowered.order:
        if item == "kernel":
            if not in_segment:
                program.append(("segment", entry[next(seg_iter)]))
                in_segment = True
        else:
            conform = _conformer(item, lowered, source.text) if item.kind == "fallback" else None
            program.append(("step", (_invoker(item), item.outputs, item, conform)))
            in_segment = False
    outputs = lowered.outputs
    empty_strided = torch.empty_strided
    Bp, Sp = ctypes.addressof(B), ctypes.addressof(S)
    simple = all(kind == "segment" for kind, _ in program) and all(k == "buffer" for k, _ in outputs)

    resident = dict(lowered.constants)  # buffers that live as long as the plan
    resident.update(temps)

    def execute(args):
        env = resident.copy()
        for i, p in inputs:
            B[p] = args[i].data_ptr()
            env[names[p]] = args[i]
        for p, size, stride, dtype in fresh:
            t = empty_strided(size, stride, dtype=dtype)
            B[p] = t.data_ptr()
            env[names[p]] = t
        for kind, what in program:
            if kind == "segment":
                what(Bp, Sp)
                continue
            invoke, names_out, _, conform = what
            result = invoke(env)
            results = result if isinstance(result, (tuple, list)) else [result]
            for name, t in zip(names_out, results):
                if name is None:
                    continue
                env[name] = t  # torch steps and outputs take the result as eager made it
                if conform is not None:
                    planned = conform(name, t)
                    if planned is not t:  # the kernels read a copy in the planned layout
                        env[name + "#planned"] = planned
                        t = planned
                B[position[name]] = t.data_ptr()
        out = []
        for kind, what in outputs:
            if kind == "buffer":
                out.append(env.get(what))
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
        return env, tuple(out)

    def run(args):
        return execute(args)[1]

    def profile(args, measure):
        """Each kernel and torch step timed alone (measure(fn) -> stats), on buffers of one full
        run kept alive so every pointer in B stays valid."""
        env, _ = execute(args)
        timings = []
        for name in source.kernel_lines:
            fn = getattr(library, name)
            fn.restype = None
            fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
            timings.append((name, "kernel", measure(lambda fn=fn: fn(Bp, Sp))))
        for step in lowered.steps:
            if isinstance(step, ir.TorchStep):
                args_, kwargs_ = _resolve(step.args, env), _resolve(step.kwargs, env)
                timings.append((step.node, step.kind,
                                measure(lambda s=step, a=args_, k=kwargs_: s.target(*a, **k))))
        del env
        return timings

    run.keep = (keep, B, S, library)  # the kernels hold raw addresses of these
    run.profile = profile
    run.native_spec = functools.partial(native.spec, lowered, program, outputs, fresh, position,
                                        inputs, B, S, resident)
    run.native = run.native_spec()
    if simple:
        out_pos = [position[n] for _, n in outputs]
        segs = [fn for _, fn in program]

        def fast(args):
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

        fast.keep, fast.profile = run.keep, profile
        fast.native, fast.native_spec = run.native, run.native_spec
        return fast

    return run
