"""Builds generated C++ with the system g++ and keeps the shared objects in a disk cache:
$XDG_CACHE_HOME/dynascope/kernels/<key>/ (folder 0700), key = hash of source, full command,
compiler identity (path, size, mtime, version), CPU flags and generator version. Writes are
atomic (temporary name + rename), a lock file per key serialises builders, an entry whose
recorded SHA-256 does not match or that fails to load is rebuilt."""

import ctypes
import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
import time

from _dynascope_shim import kernels_codegen

# Inductor's flags (-O3 -march=native -ffast-math -fno-finite-math-only), spelled out as the
# parts of -ffast-math that remain, plus three that keep elementwise arithmetic bit-identical to
# eager torch (no reassociation, no x/y -> x*(1/y), no fused multiply-add): a debugger's compiled
# result should equal the eager one. Reductions still vectorise (their omp simd clauses allow
# it). -ffast-math itself is not passed: with it GCC 12 links crtfastmath.o into the shared
# object, whose constructor turns on flush-to-zero and denormals-are-zero in the thread that
# loads it, so loading a kernel would change what eager torch computes on subnormal numbers.
# -fwrapv: signed integer overflow wraps, as eager's does; without it g++ took (x + 1) > x to be
# true for every int64/int32 x, the largest too (eager: False there). -fno-signed-zeros is left
# out too: with it g++ dropped the sign of zeros eager keeps (1 / (x * 0.0) for x = -2 gave inf,
# eager -inf; atan2(-0.0, -1) gave pi, eager -pi; where(x == 0, 1 / x, x) read -0.0 as 0.0).
FLAGS = ["-O3", "-march=native", "-fno-math-errno", "-fno-trapping-math",
         "-fcx-limited-range", "-ffp-contract=off", "-fwrapv", "-fPIC", "-shared", "-std=c++17"]


def source_flags(source):
    """OpenMP's runtime only for a source with a parallel region (a serial source needs just its
    simd pragmas, and then loads without libgomp); libmvec and libm only for a source that
    declares libm functions (the generator's own helpers, erf for float32, are inline)."""
    flags = ["-fopenmp" if "omp parallel" in source else "-fopenmp-simd"]
    libs = ["-lmvec", "-lm"] if "__simd__" in source else []
    return flags, libs


_compiler_ids = {}
_compilers = {}  # (DYNASCOPE_CXX, PATH) -> the compiler's path, looked up once
_cpu = None
_loaded = {}  # key -> ctypes.CDLL (one load per process and binary)
_preloading = None  # the thread that loads libmvec (preload)


def preload():
    """Does, once per process and on a thread of its own, the work every process's first cached
    load would otherwise pay, when the backend starts (while the first graph is traced):
    loading libmvec (the SIMD sinf/expf/… generated kernels call; its dlopen costs 1–3 ms on
    this VM, mapping and relocating it), and the cache key's fixed parts (the compiler's path,
    identity and version, the CPU flags: ~0.5 ms). libc's dlopen is called through ctypes, which
    releases the GIL; a kernel loaded before the thread is done waits for it (dlopen's lock, or
    recomputes a key part), and that wait is in the record's "load". libmvec is never unloaded,
    as the first kernel that needs it would keep it. DYNASCOPE_KERNELS_PRELOAD=0 turns it off
    (bench's "before").

    Not a daemon: a daemon thread still inside dlopen (GIL released) when the interpreter
    finalises is ended by pthread_exit as it takes the GIL back, and that forced unwind through
    C++ frames aborted the process ("terminate called without an active exception") in short
    scripts under load. As an ordinary thread it is joined before exit; it takes milliseconds."""
    global _preloading
    if _preloading is not None or os.environ.get("DYNASCOPE_KERNELS_PRELOAD") == "0":
        return
    _preloading = threading.Thread(target=_preload, name="dynascope-preload")
    _preloading.start()


def _preload():
    try:
        dlopen = ctypes.CDLL(None).dlopen
        dlopen.restype, dlopen.argtypes = ctypes.c_void_p, [ctypes.c_char_p, ctypes.c_int]
        dlopen(b"libmvec.so.1", os.RTLD_LAZY)  # NULL when absent: kernels needing it say so
    except (OSError, AttributeError):
        pass
    try:
        cxx = compiler()
        _cpu_flags()
        if cxx is not None:
            _compiler_id(cxx)
    except OSError:
        pass  # the build itself reports what is wrong


class BuildError(Exception):
    """A compile that failed or could not run; .path names the source file kept for reading."""

    def __init__(self, message, path=""):
        super().__init__(message)
        self.path = path


class Built:
    def __init__(self, library, key, path, hit, compile_s, load_s, note=""):
        self.library = library
        self.key = key
        self.path = path  # the .cpp kept beside the .so
        self.hit = hit
        self.compile_s = compile_s
        self.load_s = load_s
        self.note = note


def compiler():
    name, path = os.environ.get("DYNASCOPE_CXX", "g++"), os.environ.get("PATH", "")
    if (name, path) not in _compilers:
        _compilers[(name, path)] = shutil.which(name)
    found = _compilers[(name, path)]
    return found if found is not None and os.path.exists(found) else None


def _compiler_id(path):
    """path:size:mtime:version. The version (g++ -dumpfullversion, a process of ~30 ms) is asked
    once per compiler binary and kept beside the cache entries, so a cached load spawns nothing."""
    st = os.stat(path)
    ident = (path, st.st_size, st.st_mtime_ns)
    if ident not in _compiler_ids:
        name = f"{path}:{st.st_size}:{st.st_mtime_ns}"
        digest = hashlib.sha256(name.encode()).hexdigest()[:16]
        memo = os.path.join(cache_root(), "compiler-" + digest)
        try:
            with open(memo, encoding="utf-8") as f:
                version = f.read().strip()
        except OSError:
            version = ""
        if not version:
            try:
                version = subprocess.run([path, "-dumpfullversion"], capture_output=True, text=True,
                                         timeout=30).stdout.strip() or "?"
            except (OSError, subprocess.SubprocessError):
                version = "?"
            try:
                os.makedirs(cache_root(), mode=0o700, exist_ok=True)
                _write_atomic(memo, version)
            except OSError:
                pass  # an unwritable cache: asked again by the next process
        _compiler_ids[ident] = f"{name}:{version}"
    return _compiler_ids[ident]


def _cpu_flags():
    global _cpu
    if _cpu is None:
        _cpu = ""
        try:
            with open("/proc/cpuinfo", encoding="utf-8") as f:
                for line in f:
                    if line.startswith("flags"):
                        _cpu = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
    return _cpu


def cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "dynascope", "kernels")


def command(cxx, src, out, source):
    flags, libs = source_flags(source)
    return [cxx, *FLAGS, *flags, "-o", out, src, *libs]


def cache_key(source, cxx):
    h = hashlib.sha256()
    for part in (source, " ".join(command(cxx, "kernel.cpp", "kernel.so", source)),
                 _compiler_id(cxx),
                 _cpu_flags(), kernels_codegen.GENERATOR_VERSION):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _write_atomic(path, data):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(data)
    os.replace(tmp, path)


def _entry_dir():
    """The cache root (created 0700), or a private temporary folder when it is not writable."""
    root = cache_root()
    try:
        os.makedirs(root, mode=0o700, exist_ok=True)
        os.chmod(root, 0o700)
        probe = tempfile.NamedTemporaryFile(dir=root, prefix=".probe-")
        probe.close()
        return root, ""
    except OSError as e:
        tmp = tempfile.mkdtemp(prefix="dynascope-kernels-")
        return tmp, (f"kernel cache {root} is not writable ({e.strerror or e}); kernels are built "
                     f"in {tmp} and not kept")


def _try_load(entry):
    so = os.path.join(entry, "kernel.so")
    try:
        with open(os.path.join(entry, "kernel.sha256"), encoding="utf-8") as f:
            if f.read().strip() != _sha(so):
                return None
        return ctypes.CDLL(so)
    except OSError:  # no entry, a partial one, or a library that does not load: rebuilt
        return None


def build(source_text):
    """Returns Built, or raises BuildError (no compiler, compile error)."""
    cxx = compiler()
    if cxx is None:
        raise BuildError("no C++ compiler (g++) on PATH")
    start = time.perf_counter()
    key = cache_key(source_text, cxx)
    if key in _loaded:
        lib, path = _loaded[key]
        return Built(lib, key, path, True, 0.0, 0.0)
    # A hit reads the entry where it is: no folder made, no probe written (a cached load is the
    # key, two small reads and dlopen; its time is the record's "load").
    entry = os.path.join(cache_root(), key)
    cpp = os.path.join(entry, "kernel.cpp")
    lib = _try_load(entry)
    if lib is not None:
        _loaded[key] = (lib, cpp)
        return Built(lib, key, cpp, True, 0.0, time.perf_counter() - start)
    root, note = _entry_dir()
    entry = os.path.join(root, key)
    cpp = os.path.join(entry, "kernel.cpp")
    start = time.perf_counter()
    os.makedirs(entry, mode=0o700, exist_ok=True)
    with open(os.path.join(root, key + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            lib = _try_load(entry)  # another process may have built it while we waited
            if lib is not None:
                _loaded[key] = (lib, cpp)
                return Built(lib, key, cpp, True, 0.0, time.perf_counter() - start, note)
            _write_atomic(cpp, source_text)
            so = os.path.join(entry, "kernel.so")
            for stale in (so, os.path.join(entry, "kernel.sha256")):
                if os.path.exists(stale):
                    os.remove(stale)  # a corrupt entry: rebuilt below
            fd, tmp_so = tempfile.mkstemp(dir=entry, prefix=".tmp-", suffix=".so")
            os.close(fd)
            cmd = command(cxx, cpp, tmp_so, source_text)
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            except (OSError, subprocess.SubprocessError) as e:
                os.remove(tmp_so)
                raise BuildError(f"{os.path.basename(cxx)} could not run: {e}", cpp) from None
            compile_s = time.perf_counter() - start
            if done.returncode != 0:
                os.remove(tmp_so)
                log = os.path.join(entry, "build.log")
                _write_atomic(log, " ".join(cmd) + "\n" + done.stderr)
                first = next((l for l in done.stderr.splitlines() if "error" in l), done.stderr[:200])
                raise BuildError(f"compile error: {first.strip()} (full log: {log})", cpp)
            os.replace(tmp_so, so)
            _write_atomic(os.path.join(entry, "kernel.sha256"), _sha(so))
            start = time.perf_counter()
            lib = ctypes.CDLL(so)
            _loaded[key] = (lib, cpp)
            return Built(lib, key, cpp, False, compile_s, time.perf_counter() - start, note)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
