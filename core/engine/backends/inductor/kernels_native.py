"""The capture core's C++ call path for a built plan (runtime/nativekernels.h): the data
_dynascope_capture.native_plan takes — kernel entry points, extern calls (mm, addmm, bmm,
convolution, baddbmm, addmv, mv, dot, convolution_backward) with their operands as strided views,
outputs — or why the plan keeps the Python runner; and
`served`, a runner with the C++ path in front (a training plan's two halves)."""

import ctypes
import warnings

import _dynascope_capture
import torch

from _dynascope_shim import kernels_config
from _dynascope_shim import kernels_lower as lower

aten = torch.ops.aten
# The torch steps a native plan calls itself: name, tensor operands, other positional arguments
# (beta and alpha are keywords; convolution's stride, padding, dilation, transposed,
# output_padding and groups follow its input, weight and bias; convolution_backward's bias_sizes,
# those six and output_mask follow grad_output, input and weight).
EXTERNS = {aten.mm.default: ("mm", 2, 0), aten.addmm.default: ("addmm", 3, 0),
           aten.bmm.default: ("bmm", 2, 0), aten.convolution.default: ("convolution", 3, 6),
           aten.baddbmm.default: ("baddbmm", 3, 0), aten.addmv.default: ("addmv", 3, 0),
           aten.mv.default: ("mv", 2, 0), aten.dot.default: ("dot", 2, 0),
           aten.convolution_backward.default: ("convolution_backward", 3, 8)}


class NotNative(Exception):
    """Why a plan keeps the Python runner: the record's `call_path_reason`."""


def _geometry(buf, calls):
    """(sizes, strides, storage offset) of `calls` (view ops with their arguments) applied to a
    buffer, worked out once on a meta tensor: the signature fixes them."""
    t = torch.empty_strided(tuple(buf.sizes), tuple(buf.strides), dtype=buf.dtype, device="meta")
    for op, args, kwargs in calls:
        t = op(t, *args, **kwargs)
    return list(t.shape), list(t.stride()), t.storage_offset()


def _plain(value):
    """An int, a bool, None or a list of ints or bools (convolution's parameters as make_fx
    records them)."""
    if isinstance(value, (list, tuple)):
        return all(isinstance(v, int) for v in value)
    return value is None or isinstance(value, int)


class _Builder:
    def __init__(self, lowered, position):
        self.lowered, self.position = lowered, position
        self.views = []  # (slot, sizes, strides, offset)
        self.available = _dynascope_capture.native_externs()

    def view(self, name, calls):
        self.views.append((self.position[name], *_geometry(self.lowered.buffers[name], calls)))
        return len(self.views) - 1

    def operand(self, arg, step):
        if arg is None and step.target is aten.convolution.default:
            return (-1, -1)  # no bias
        if isinstance(arg, lower.StepRef):
            return (self.position[arg.name], -1)
        if isinstance(arg, lower.StepView):
            return (-1, self.view(arg.name, arg.calls))
        raise NotNative(f"extern {step.target} reads {arg!r}, not a tensor")

    def extern(self, step):
        if step.kind != "extern":
            raise NotNative(f"a fallback ({step.target}) runs through torch")
        name, arity, extra = EXTERNS.get(step.target, (None, 0, 0))
        if name is None:
            raise NotNative(f"extern {step.target} has no C++ call")
        if name not in self.available:  # a capture core older than this module
            raise NotNative(f"extern {step.target}: not known to the capture core")
        if self.available[name]:
            raise NotNative(f"extern {step.target}: {self.available[name]}")
        kwargs = dict(step.kwargs)
        beta, alpha = kwargs.pop("beta", 1), kwargs.pop("alpha", 1)
        params = tuple(step.args[arity:])
        if (kwargs or len(step.args) != arity + extra
                or not all(isinstance(n, (bool, int, float)) for n in (beta, alpha))
                or not all(_plain(p) for p in params)):
            raise NotNative(f"extern {step.target} with arguments {step.args}, {step.kwargs}")
        results = [self.result(n) for n in step.outputs]
        first = results[0] or (-1, [], [], torch.empty(0))
        return ("extern", name, [self.operand(a, step) for a in step.args[:arity]], beta, alpha,
                *first, params, results[1:])

    def result(self, name):
        """(slot, sizes, strides, example) of a result buffer; None for a result nothing reads
        (convolution_backward's output_mask)."""
        if name is None:
            return None
        out = self.lowered.buffers[name]
        return (self.position[name], list(out.sizes), list(out.strides),
                torch.empty(0, dtype=out.dtype))

    def output(self, kind, what, fresh_index, produced, may_view_input):
        if kind == "buffer":
            slot = self.position[what]
            if slot in fresh_index:
                return ("fresh", fresh_index[slot])
            if what in produced:
                return ("tensor", slot)
            raise NotNative(f"output {what} is not made per call")
        if kind in ("input", "constant"):
            return (kind, what)
        base, chain = what
        if base.startswith(("in", "const")) and not may_view_input:
            # a real view keeps autograd's link to its base (the user may write through it):
            # the Python runner makes it
            raise NotNative("an output is a view of an input or a constant")
        calls = [(n.target, tuple(n.args[1:]), dict(n.kwargs)) for n in chain]
        return ("view", self.view(base, calls))


def spec(lowered, program, outputs, fresh, position, inputs, B, S, resident, views_from=None):
    """(native_plan's arguments after the inputs, None), or (None, why the plan keeps the Python
    runner). program: ("segment", ctypes function) |
    ("step", (invoke, outputs, TorchStep, conform));
    fresh: (slot, sizes, strides, dtype) per output made each call; inputs: (input index, slot);
    resident: {buffer name: tensor} of constants and temporaries; views_from: the outputs from
    that position on may be views of inputs made in C++ (sharing the input's storage and version
    counter, without autograd's view link): the values a training forward saves for its backward,
    and the gradients a backward returns."""
    try:
        build = _Builder(lowered, position)
        steps, produced = [], set()
        for kind, what in program:
            if kind == "segment":
                steps.append(("segment", ctypes.cast(what, ctypes.c_void_p).value))
            else:
                steps.append(build.extern(what[2]))
                produced.update(n for n in what[2].outputs if n is not None)
        fresh_index = {p: i for i, (p, _, _, _) in enumerate(fresh)}
        out = [build.output(kind, what, fresh_index, produced,
                            views_from is not None and i >= views_from)
               for i, (kind, what) in enumerate(outputs)]
    except NotNative as e:
        return None, str(e)
    slots = [-1] * len(lowered.inputs)
    for i, p in inputs:
        slots[i] = p
    made = [(p, tuple(int(n) for n in size), tuple(int(n) for n in stride), dtype,
             torch.empty(0, dtype=dtype)) for p, size, stride, dtype in fresh]
    kept = [(position[name], t) for name, t in resident.items()]
    return (slots, [B[i] or 0 for i in range(len(B))], list(S), steps, build.views, made, out,
            kept), None


def served(run, record, label, views_from):
    """`run` (a plan's Python runner: run(args) -> outputs, args in the layouts the plan was
    generated for) with the C++ path in front: the native plan is made on the first call (those
    inputs give its signature) and serves every call whose inputs match it, in one C++ call;
    other inputs, and plans that cannot be native (the record says why), go to `run`.
    `.try_native(args)` asks C++ alone (None when it does not serve them). views_from: see
    spec."""
    spec_, reason = run.native_spec(views_from)
    if not kernels_config.config.native_calls:
        spec_, reason = None, "switched off (native_calls)"
    if spec_ is None:
        record["call_path"] = "python"
        record["call_path_reason"] = reason
        run.try_native = lambda args: None
        return run
    state = {"handle": None, "failed": False}
    run_native = _dynascope_capture.run_native_plan

    def call(args):
        handle = state["handle"]
        if handle is None:
            if state["failed"]:
                return run(args)
            handle = _make(tuple(args), spec_, run, record, label, state)
            if handle is None:
                return run(args)
        out = run_native(handle, tuple(args))
        return run(args) if out is None else out

    def try_native(args):
        """The outputs from C++ when a native plan exists and `args` match it, else None (the
        caller then brings them to the generated layout and calls `call`)."""
        handle = state["handle"]
        return None if handle is None else run_native(handle, tuple(args))

    call.try_native = try_native
    call.profile, call.keep, call.native = run.profile, run.keep, run.native
    record["call_path"] = "native"
    record["native_calls"] = 0
    return call


def _make(args, spec_, run, record, label, state):
    try:
        handle = _dynascope_capture.native_plan(args, *spec_, run)
    except Exception as e:  # the Python runner still serves the plan
        from _dynascope_shim import kernels_backend as backend

        state["failed"] = True
        record["call_path"] = "python"
        record["call_path_reason"] = f"{type(e).__name__}: {e}"
        warnings.warn(f"dynascope: {label} calls its kernels from Python "
                      f"({record['call_path_reason']})", backend.KernelWarning)
        return None
    state["handle"] = handle
    kernels_config._native.append((record, handle))
    return handle
