"""Named backends and the adaptor between a torch.compile backend and the capture core.

`inductor` (the default) generates C++ kernels (core/engine/backends/inductor/, embedded as
kernels_*.py); the other named backends run the graph eagerly. With DYNASCOPE_KERNELS_ALL=1 in
the environment every graph a backend would run eagerly is compiled too (the scenario suite runs
this way to check the generator on every captured graph while the backends' counts stay theirs).
"""

import functools
import os
import weakref

import torch

from _dynascope_shim import exc
from _dynascope_shim.graphmodule import GraphModule

# Stats in the spirit of torch._dynamo.utils.counters.
counters = None


def _eager(gm, example_inputs, **kwargs):
    return gm.forward


def _inductor(gm, example_inputs, **kwargs):
    from _dynascope_shim import kernels_backend  # loads make_fx and the decompositions

    return kernels_backend.compile_graph(gm, example_inputs)


# name -> compiler_fn(gm, example_inputs).
_REGISTRY = {
    "eager": _eager,
    "aot_eager": _eager,
    "aot_eager_decomp_partition": _eager,
    "inductor": _inductor,
    "cudagraphs": _eager,
}


def register_backend(compiler_fn=None, name=None):
    """Dynamo's decorator: @register_backend or register_backend(name="x", compiler_fn=fn)."""
    if compiler_fn is None:
        return functools.partial(register_backend, name=name)
    _REGISTRY[name or compiler_fn.__name__] = compiler_fn
    return compiler_fn


def list_backends(exclude_tags=()):
    return sorted(_REGISTRY)


def lookup_backend(backend):
    if isinstance(backend, str):
        if backend not in _REGISTRY:
            raise exc.InvalidBackend(
                f"Invalid backend: {backend!r}, known backends: {', '.join(list_backends())}")
        return _REGISTRY[backend]
    if not callable(backend):
        raise exc.InvalidBackend(f"backend must be a name or a callable, not {type(backend).__name__}")
    return backend


def as_tuple(out):
    if isinstance(out, tuple):
        return out
    if isinstance(out, list):
        return tuple(out)
    return (out,)


_core_backends = weakref.WeakKeyDictionary()


def core_backend(compiler_fn):
    """What the capture core calls: (graph_spec, example_inputs) -> compiled(*inputs) -> tuple.
    One per backend object: two wrappers compiled with the same backend share cache entries (the
    core compares backends by identity), as Dynamo's do."""
    try:
        return _core_backends[compiler_fn]
    except (KeyError, TypeError):  # TypeError: not weakly referenceable or not hashable
        pass
    core_fn = _new_core_backend(compiler_fn)
    try:
        _core_backends[compiler_fn] = core_fn
    except TypeError:
        pass
    return core_fn


def _new_core_backend(compiler_fn):
    def compile_graph(spec, example_inputs):
        gm = GraphModule(spec)
        if counters is not None:
            counters["stats"]["unique_graphs"] += 1
            counters["stats"]["calls_captured"] += sum(1 for n in gm.graph.nodes if "call" in n.op)
        try:
            compiled = compiler_fn(gm, list(example_inputs))
        except exc.TorchDynamoException:
            raise
        except Exception as e:
            raise exc.BackendCompilerFailed(compiler_fn, e) from e
        if compiled is None or not callable(compiled):
            raise exc.BackendCompilerFailed(
                compiler_fn, TypeError(f"the backend returned {compiled!r}, not a callable"))
        if (compiled == gm.forward or compiled is gm) and os.environ.get("DYNASCOPE_KERNELS_ALL") == "1":
            compiled = _inductor(gm, list(example_inputs))
        if compiled == gm.forward or compiled is gm:
            return gm.forward  # already returns a tuple: no wrapper on the hot path
        if hasattr(compiled, "plans"):
            return compiled  # generated kernels: returns a tuple already

        def run(*inputs):
            return as_tuple(compiled(*inputs))

        return run

    compile_graph.compiler_fn = compiler_fn
    return compile_graph
