"""torch.compile, torch._dynamo.optimize/disable/reset and OptimizedModule over the capture core."""

import functools
import inspect
import warnings

import torch
from torch.nn.modules import module as _nn_module

from _dynascope_shim import backends, kernels_bench

_VALID_MODES = ("default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs")


class OptimizedModule(torch.nn.Module):
    """What torch.compile(module) returns: calls run the module's forward under capture; every
    other attribute is the original module's (`_orig_mod`), as in Dynamo."""

    _torchdynamo_orig_callable = None

    def __init__(self, mod, compiled_forward):
        super().__init__()
        self._orig_mod = mod  # registered as a child: state_dict keys read "_orig_mod.…"
        self._compiled_forward = compiled_forward

    def forward(self, *args, **kwargs):
        mod = self._orig_mod
        if not _has_call_hooks(mod):
            return self._compiled_forward(*args, **kwargs)
        # The module's own hooks (forward pre-hooks such as a lazy module's initialisation,
        # forward hooks, backward hooks) run around the compiled forward, as nn.Module.__call__
        # runs them around forward (Dynamo compiles the module's __call__ for the same reason):
        # for this call the compiled forward stands in for mod.forward.
        own = mod.__dict__.get("forward", _ABSENT)
        mod.__dict__["forward"] = self._compiled_forward
        try:
            # _call_impl, not mod(): nn.Module.__call__ would send a module compiled in place
            # (module.compile()) back here.
            return _MODULE_CALL_IMPL(mod, *args, **kwargs)
        finally:
            if own is _ABSENT:
                mod.__dict__.pop("forward", None)
            else:
                mod.__dict__["forward"] = own

    def __call__(self, *args, **kwargs):
        if _has_global_hooks():
            warnings.warn(
                "torch.compile(module) while global module hooks are registered "
                "(register_module_forward_hook and the like): the wrapper torch.compile returns is "
                "a module too, so those hooks fire once more, for it, on every call (as in "
                "PyTorch 2.5+). module.compile() compiles the module in place without a wrapper; "
                "hooks registered on the module itself fire once.", stacklevel=2)
        return super().__call__(*args, **kwargs)

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            if name == "_orig_mod":
                raise
            return getattr(self._orig_mod, name)

    def __setattr__(self, name, value):
        # Stores go to the wrapped module, as Dynamo's OptimizedModule forwards them (a value set
        # through the wrapper is what the compiled forward reads and writes); the wrapper's own
        # fields and `training` (nn.Module.train sets it on every module) stay here.
        if name in ("_orig_mod", "_compiled_forward", "training") or \
                "_orig_mod" not in self.__dict__.get("_modules", {}):
            super().__setattr__(name, value)
        else:
            setattr(self._orig_mod, name, value)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(dir(self._orig_mod)))

    def __repr__(self):
        return f"OptimizedModule(\n  (_orig_mod): {self._orig_mod!r}\n)"


_ABSENT = object()


def _has_global_hooks():
    # (On every compiled module call: the module is imported once, above.)
    return bool(_nn_module._global_backward_hooks or _nn_module._global_forward_hooks
                or _nn_module._global_forward_pre_hooks)


def _has_call_hooks(mod):
    """Whether nn.Module.__call__ would run hooks around mod.forward (the test it makes)."""
    return bool(mod._backward_hooks or mod._forward_hooks or mod._forward_pre_hooks
                or _has_global_hooks())


def _wrapped_call_impl(self, *args, **kwargs):
    """nn.Module.__call__ as PyTorch 2.2+ defines it: a module compiled in place by
    module.compile() runs its compiled call, any other its _call_impl (torch 1.13's __call__)."""
    if self._compiled_call_impl is not None:
        return self._compiled_call_impl(*args, **kwargs)
    # nn.Module's own _call_impl, not self._call_impl: torch.jit replaces that name on script
    # modules with a stub that raises (their calls go through nn.Module.__call__ all the same).
    return _MODULE_CALL_IMPL(self, *args, **kwargs)


_MODULE_CALL_IMPL = torch.nn.Module._call_impl


def install_module_compile(capture):
    """nn.Module.compile(**torch.compile's options), PyTorch 2.2+'s in-place compile: the module
    stays itself (its type, state_dict keys and hooks unchanged); calls run the compiled forward
    with the module's hooks around it, as OptimizedModule runs them, without a wrapper module."""

    def compile(self, *args, **kwargs):
        compiled = capture.compile(self, *args, **kwargs)
        # disable=True gives the module back: calls stay plain.
        self._compiled_call_impl = compiled.forward if isinstance(compiled, OptimizedModule) \
            else None

    torch.nn.Module._compiled_call_impl = None
    torch.nn.Module.__call__ = _wrapped_call_impl
    torch.nn.Module.compile = compile


class Capture:
    """The pieces bound to one capture core module (`_dynascope_capture`)."""

    def __init__(self, core):
        self.core = core

    # torch.compile -----------------------------------------------------------------------
    def compile(self, model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None,
                options=None, disable=False):
        if model is None:
            def decorate(m):
                return self.compile(m, fullgraph=fullgraph, dynamic=dynamic, backend=backend,
                                    mode=mode, options=options, disable=disable)
            return decorate
        if mode is not None and options is not None:
            raise RuntimeError("Either mode or options can be specified, but both can't be "
                               "specified at the same time.")
        if mode is not None and mode not in _VALID_MODES:
            raise RuntimeError(f"Unrecognized mode={mode}, should be one of: {', '.join(_VALID_MODES)}")
        if not callable(model):
            raise RuntimeError(f"torch.compile expects a function or a module, got {type(model).__name__}")
        compiler_fn = backends.lookup_backend(backend)
        if options and backend == "inductor":
            from _dynascope_shim import kernels_config

            kernels_config.config.apply_options(options)  # unknown keys raise, as in torch
        if disable:
            return model
        return self.optimize_callable(model, compiler_fn, fullgraph=fullgraph, dynamic=dynamic)

    def optimize_callable(self, model, compiler_fn, *, fullgraph=False, dynamic=None):
        core_fn = backends.core_backend(compiler_fn)
        if isinstance(model, OptimizedModule):
            model = model._orig_mod
        if isinstance(model, torch.nn.Module):
            compiled = self._optimize(model.forward, core_fn, fullgraph, dynamic)
            wrapper = OptimizedModule(model, kernels_bench.track(model.forward, compiled))
            return wrapper
        fn = getattr(model, "_torchdynamo_orig_callable", None) or model
        compiled = self._optimize(fn, core_fn, fullgraph, dynamic)
        if _looks_like(compiled, fn):
            # The core's CompiledFunction itself: no extra Python frame per call, and the tracer
            # recognises it (and inlines fn) when one compiled function calls another.
            return kernels_bench.track(fn, compiled)  # itself unless `dynascope bench` runs
        if inspect.isfunction(fn) or inspect.ismethod(fn):
            @functools.wraps(fn)
            def compiled_function(*args, **kwargs):
                return compiled(*args, **kwargs)
        else:
            def compiled_function(*args, **kwargs):
                return compiled(*args, **kwargs)
        compiled_function._torchdynamo_orig_callable = fn
        compiled_function._dynascope_compiled = compiled
        return kernels_bench.track(fn, compiled_function)

    def _optimize(self, fn, core_fn, fullgraph, dynamic):
        kwargs = {"fullgraph": bool(fullgraph)}
        if dynamic is not None:
            kwargs["dynamic"] = dynamic
        return self.core.optimize(fn, core_fn, **kwargs)

    # torch._dynamo.optimize (the PyTorch 2.0 spelling) -----------------------------------
    def optimize(self, backend="inductor", *, nopython=False, guard_export_fn=None, disable=False,
                 dynamic=None):
        return _OptimizeContext(self, backend, nopython, dynamic, disable)

    def optimize_assert(self, backend="inductor", *, dynamic=None, **kwargs):
        return _OptimizeContext(self, backend, True, dynamic, False)

    # torch._dynamo.disable ---------------------------------------------------------------
    def disable(self, fn=None, recursive=True, *, reason=None):
        # recursive=False (skip only this frame, still trace its callees) is treated as True.
        if fn is None:
            return functools.partial(self.disable, recursive=recursive, reason=reason)
        if isinstance(fn, torch.nn.Module):
            fn.forward = self.core.disable(fn.forward)
            return fn
        return self.core.disable(fn)

    def reset(self):
        self.core.reset()
        if backends.counters is not None:
            backends.counters.clear()

    def mark_dynamic(self, t, index, *, min=None, max=None):
        for dim in (index if isinstance(index, (list, tuple)) else [index]):
            self.core.mark_dynamic(t, dim)

    def run(self, fn=None):
        """Dynamo's run(): fn's own function, called with the caches its code already has (from
        any torch.compile of it) and never compiling: a call no entry fits runs uncompiled."""
        if fn is None:
            return self.run
        if isinstance(fn, OptimizedModule):
            fn = fn._orig_mod
        if isinstance(fn, torch.nn.Module):
            fn.forward = self.core.run_only(getattr(fn.forward, "_dynascope_compiled", fn.forward))
            return fn
        return self.core.run_only(getattr(fn, "_dynascope_compiled", fn))


def _looks_like(compiled, fn):
    """Gives `compiled` fn's name, doc and attributes, as functools.wraps would (the core's
    object has a read-only __wrapped__, so update_wrapper itself cannot be used)."""
    try:
        for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
            if hasattr(fn, attr):
                setattr(compiled, attr, getattr(fn, attr))
        compiled.__dict__.update(getattr(fn, "__dict__", {}))
        compiled._torchdynamo_orig_callable = fn
        return True
    except (AttributeError, TypeError):
        return False


class _OptimizeContext:
    """torch._dynamo.optimize(backend)(fn). The `with optimize(...):` form (compile every frame
    entered) is not supported: it raises with a clear message."""

    def __init__(self, capture, backend, nopython, dynamic, disable):
        self._capture = capture
        self._compiler_fn = backends.lookup_backend(backend)
        self._nopython = nopython
        self._dynamic = dynamic
        self._disable = disable

    def __call__(self, fn):
        if self._disable:
            return fn
        return self._capture.optimize_callable(fn, self._compiler_fn, fullgraph=self._nopython,
                                               dynamic=self._dynamic)

    def __enter__(self):
        raise NotImplementedError("Dynascope: 'with torch._dynamo.optimize(...)' is not supported; "
                                  "decorate the function instead: torch._dynamo.optimize(backend)(fn)")

    def __exit__(self, *exc_info):
        return False
