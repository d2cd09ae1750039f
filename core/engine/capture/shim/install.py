"""Puts torch.compile, torch._dynamo (and its submodules), torch.compiler and the `dynascope`
module into the running interpreter, on top of the capture core `_dynascope_capture`."""

import collections
import sys
import types

import torch

from _dynascope_shim import (api, backends, config, exc, explain, graphmodule, kernels_config,
                             report, testing)


def _module(name, doc, package=False, **attrs):
    module = types.ModuleType(name, doc)
    if package:
        module.__path__ = []
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module


def _is_compiling():
    # False when called for real; the tracer folds a traced call to True (it recognises the
    # function by the `_dynascope_is_compiling` mark), as Dynamo does while it traces.
    return False


_is_compiling._dynascope_is_compiling = True


def _identity_decorator(fn=None, *args, **kwargs):
    return fn


def install(core=None):
    if core is None:
        try:
            import _dynascope_capture as core
        except ImportError as e:
            raise ImportError("the Dynascope capture core (_dynascope_capture) is not installed; "
                              "installCaptureModule() must run before installTorchShim()") from e
    if getattr(core, "Unsupported", None) is not None and isinstance(core.Unsupported, type):
        exc.Unsupported = core.Unsupported  # what the core raises for fullgraph=True breaks
    if getattr(core, "UserError", None) is not None and isinstance(core.UserError, type):
        exc.UserError = core.UserError  # its subclass for a user_error break
    if getattr(core, "InternalError", None) is not None and isinstance(core.InternalError, type):
        exc.InternalTorchDynamoError = core.InternalError  # a bug in the core, not a break
    capture = api.Capture(core)
    api.install_module_compile(capture)
    backends.counters = collections.defaultdict(collections.Counter)
    if getattr(core, "set_break_counter", None) is not None:
        # counters["graph_break"][reason]: one per break met while compiling, as Dynamo counts.
        core.set_break_counter(lambda reason: backends.counters["graph_break"].update((reason,)))

    def explain_(fn, *extra_args, **extra_kwargs):
        return explain.explain(core, capture.reset, fn, *extra_args, **extra_kwargs)

    explain_.__doc__ = "torch._dynamo.explain(fn)(*args) -> ExplainOutput"

    cfg = config.ConfigModule("torch._dynamo.config", getattr(core, "set_config", None))
    sys.modules["torch._dynamo.config"] = cfg
    exc_module = _module("torch._dynamo.exc", exc.__doc__, **{
        k: v for k, v in vars(exc).items() if isinstance(v, type) and issubclass(v, BaseException)})
    testing_module = _module(
        "torch._dynamo.testing", testing.__doc__, CompileCounter=testing.CompileCounter,
        CompileCounterWithBackend=testing.CompileCounterWithBackend,
        EagerAndRecordGraphs=testing.EagerAndRecordGraphs, same=testing.same,
        normalize_gm=testing.normalize_gm, standard_test=testing.standard_test,
        unsupported=core.disable(testing.unsupported), three=testing.three,
        rand_strided=testing.rand_strided, reduce_to_scalar_loss=testing.reduce_to_scalar_loss)
    utils_module = _module("torch._dynamo.utils", "torch._dynamo.utils (counters, same)",
                           counters=backends.counters, same=testing.same)
    eval_frame = _module("torch._dynamo.eval_frame", "OptimizedModule",
                         OptimizedModule=api.OptimizedModule, explain=explain_)
    registry = _module("torch._dynamo.backends.registry", "backend registry",
                       register_backend=backends.register_backend,
                       lookup_backend=backends.lookup_backend, list_backends=backends.list_backends)
    debugging = _module("torch._dynamo.backends.debugging", "debugging backends",
                        ExplainOutput=explain.ExplainOutput,
                        ExplainWithBackend=explain.ExplainWithBackend)
    backends_module = _module("torch._dynamo.backends", "backends", package=True,
                              registry=registry, debugging=debugging)

    dynamo = _module(
        "torch._dynamo", "TorchDynamo's user API, provided by Dynascope's capture core.",
        package=True,
        explain=explain_, reset=capture.reset, disable=capture.disable,
        graph_break=core.graph_break, mark_dynamic=capture.mark_dynamic,
        maybe_mark_dynamic=capture.mark_dynamic, mark_static=_identity_decorator,
        optimize=capture.optimize, optimize_assert=capture.optimize_assert, run=capture.run,
        allow_in_graph=_identity_decorator, assume_constant_result=_identity_decorator,
        is_compiling=_is_compiling, list_backends=backends.list_backends,
        register_backend=backends.register_backend, OptimizedModule=api.OptimizedModule,
        config=cfg, exc=exc_module, testing=testing_module, utils=utils_module,
        eval_frame=eval_frame, backends=backends_module)
    compiler = _module(
        "torch.compiler", "torch.compiler, provided by Dynascope.",
        compile=capture.compile, reset=capture.reset, disable=capture.disable,
        list_backends=backends.list_backends, allow_in_graph=_identity_decorator,
        assume_constant_result=_identity_decorator, is_compiling=_is_compiling,
        is_dynamo_compiling=_is_compiling)
    inductor = _module("torch._inductor", "Dynascope's kernel generator (backend='inductor').",
                       package=True, config=kernels_config.config)
    sys.modules["torch._inductor.config"] = kernels_config.config
    torch._inductor = inductor
    torch.compile = capture.compile
    torch._dynamo = dynamo
    torch.compiler = compiler

    def records():
        return core.records()

    def report_text(as_json=False, path=None):
        return report.write(core, path=path, as_json=as_json)

    _module("dynascope", "Dynascope's own API: compile (= torch.compile), records, report.",
            compile=capture.compile, explain=explain_, reset=capture.reset, records=records,
            report=report_text, GraphModule=graphmodule.GraphModule,
            kernel_records=kernels_config.records)
    return dynamo
