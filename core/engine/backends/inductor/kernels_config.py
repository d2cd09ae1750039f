"""Switches of the kernel generator, exposed as torch._inductor.config (and its `cpp` part), and
the per-graph records that explain --kernels, bench and the GUI read. Imports nothing heavy, so
the shim can install it without loading the generator."""

import os
import types


class _Cpp:
    def __init__(self):
        self.threads = 0  # OpenMP threads in kernels; 0 or -1 = torch.get_num_threads()


class Config(types.ModuleType):
    """torch._inductor.config: what each switch does is listed in docs/architecture.md."""

    def __init__(self):
        super().__init__("torch._inductor.config", Config.__doc__)
        # Build in a background thread while the first calls run eagerly (DYNASCOPE_KERNELS_SYNC=1
        # in the environment: build before the first call returns, as tests need).
        self.async_compile = os.environ.get("DYNASCOPE_KERNELS_SYNC") != "1"
        self.debug = False  # print each graph's generated C++ when it is generated
        self.enabled = True  # False: the inductor backend runs graphs eagerly
        # Dynascope's own: plans of kernels only run from C++ on a cache hit (False: every call
        # goes through the Python runner, as bench's before/after comparison needs).
        self.native_calls = os.environ.get("DYNASCOPE_KERNELS_NATIVE") != "0"
        self.cpp = _Cpp()
        # Dynascope's own: how a training graph is split into forward and backward ("min-cut":
        # recompute cheap pointwise values in the backward; "save-all": save every value read).
        self.partitioner = "min-cut"
        self.compile_threads = 1  # accepted (torch's name); builds run one at a time here
        self.max_autotune = False  # accepted; there is nothing to autotune in these kernels
        self.triton = types.SimpleNamespace(cudagraphs=False)  # accepted, CPU only

    @property
    def threads(self):
        return self.cpp.threads

    def apply_options(self, options):
        """torch.compile(options={...}): known keys set switches, unknown keys raise."""
        for key, value in (options or {}).items():
            target, _, name = key.rpartition(".")
            holder = self.cpp if target == "cpp" else self
            if target not in ("", "cpp") or not hasattr(holder, name):
                raise RuntimeError(f"Unexpected optimization option {key}")
            setattr(holder, name, value)


config = Config()
_records = []
_native = []  # (record, handle): plans the capture core runs from C++ (attach_native_plan)


def records():
    """One dict per graph and input signature: status, kernels, fallbacks, times, source, and
    `call_path` ("native": calls run from C++, counted in `native_calls`; "python")."""
    if _native:
        import _dynascope_capture

        for record, handle in _native:
            record["native_calls"] = _dynascope_capture.native_calls(handle)
    return list(_records)
