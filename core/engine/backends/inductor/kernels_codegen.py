"""C++17 code generation: one translation unit per graph, one static function per kernel group,
one extern "C" entry per segment (the kernels between two torch steps).

Entry signature: void segmentN(void** B, const int64_t* S) — B holds every buffer's data
pointer (index = position in Source.buffer_names), S[0] the thread count, S[1 + k] the value of
size symbol s<k>. Outer loops run under OpenMP only when threads > 1 and the work passes
PARALLEL_THRESHOLD (a plain serial copy of the loop otherwise: an idle parallel region costs
microseconds), and a plan of one thread gets only the serial loops; inner loops carry `#pragma
omp simd` and libm's SIMD variants are declared so sinf/expf/… vectorise (glibc declares them
only under __FAST_MATH__, which the build flags do not define); erf for float32 is an inline
helper (kernels_ops.HELPERS)."""

import re

from _dynascope_shim import kernels_ir as ir
from _dynascope_shim import kernels_ops as ops
from _dynascope_shim import kernels_schedule as sched

GENERATOR_VERSION = "3"
PARALLEL_THRESHOLD = 32768


class Source:
    def __init__(self):
        self.text = ""
        self.buffer_names = []
        self.segments = []  # entry names in execution order (between torch steps)
        self.kernel_lines = {}  # kernel name -> (first line, last line), 1-based
        self.node_lines = {}  # computed node name -> (first line, last line)


class Writer:
    def __init__(self):
        self.lines = []
        self.depth = 0

    def line(self, text=""):
        self.lines.append(("    " * self.depth + text) if text else "")

    def open(self, text):
        self.line(text + " {")
        self.depth += 1

    def close(self, suffix=""):
        self.depth -= 1
        self.line("}" + suffix)


def _store(buf, index):
    return f"{buf.name}[{ir.offset(index, buf.stride_syms())}]"


def _ctype(dtype):
    return ir.C_TYPES[dtype]


def _limits(ctype, low):
    if ctype in ("float", "double"):
        suffix = "f" if ctype == "float" else ""
        return f"(-__builtin_inf{suffix}())" if low else f"__builtin_inf{suffix}()"
    if ctype == "uint8_t":
        return "0" if low else "255"
    bits = {"int64_t": 63, "int32_t": 31}.get(ctype)
    if bits is None:  # bool
        return "0" if low else "1"
    return f"(-(int64_t)0x7fffffffffffffff - 1)" if (low and bits == 63) else (
        "(int64_t)0x7fffffffffffffff" if bits == 63 else ("(-2147483647 - 1)" if low else "2147483647"))


def _loops(w, vars_, sizes, pragma_inner, pragma_outer=None):
    """Opens nested loops; the innermost gets pragma_inner, the outermost pragma_outer."""
    for n, (v, size) in enumerate(zip(vars_, sizes)):
        if n == 0 and pragma_outer:
            w.line(pragma_outer)
        elif n == len(vars_) - 1 and pragma_inner:
            w.line(pragma_inner)
        w.open(f"for (int64_t {v} = 0; {v} < {size}; ++{v})")


def _close_loops(w, count):
    for _ in range(count):
        w.close()


_LOAD = re.compile(r"\b([a-z]+\d+)\[([^\[\]]*)\]")


def _hoist(w, expr, k, buffers):
    """Loads that do not depend on the node's own loop become locals before the loop (GCC does
    not vectorise a loop that re-reads a value stored earlier in the same outer iteration)."""
    hoisted = {}

    def invariant(index):
        for var in re.findall(r"\b([ir])(\d+)\b", index):
            if var[0] == "r" or int(var[1]) >= k:
                return False
        return True

    def replace(m):
        text = m.group(0)
        if not invariant(m.group(2)) or m.group(1) not in buffers:
            return text
        if text not in hoisted:
            name = f"h{len(hoisted)}"
            hoisted[text] = name
            w.line(f"const {_ctype(buffers[m.group(1)].dtype)} {name} = {text};")
        return hoisted[text]

    return _LOAD.sub(replace, expr)


def _pointwise(w, node, k, table, parallel):
    buf = node.buffer
    expr, _ = node.bodies
    if len(node.ranges) > k:
        expr = _hoist(w, expr, k, table_buffers)
    n = len(node.ranges)
    vars_ = [f"i{d}" for d in range(k, n)]
    sizes = table.syms(node.ranges[k:])
    store = _store(buf, [f"i{d}" for d in range(n)])
    ctype = _ctype(buf.dtype)
    if not vars_:
        w.line(f"{store} = {expr};")
        return
    if parallel and len(vars_) == 1:
        _loops(w, vars_, sizes, None, "#pragma omp parallel for simd num_threads(nt)")
    else:
        _loops(w, vars_, sizes, "#pragma omp simd",
               "#pragma omp parallel for num_threads(nt)" if parallel else None)
    w.line(f"{store} = static_cast<{ctype}>({expr});")
    _close_loops(w, len(vars_))


def _reduction(w, node, k, table, parallel, mean_of=None):
    """mean_of: a mean node over the same values as this var node; its result is the var's
    first pass, stored here instead of summing the row again."""
    buf = node.buffer
    expr, _ = node.bodies
    expr = _hoist(w, expr, k, table_buffers)
    kind = node.reduction
    out_t = _ctype(buf.dtype)
    src_t = _ctype(node.source.dtype)
    rvars = [f"r{d}" for d in range(len(node.inner))]
    rsizes = table.syms(node.inner)
    numel = ir.iprod(rsizes)
    store = _store(buf, node.store_index())
    if kind in ("argmax", "argmin"):
        cmp = ">" if kind == "argmax" else "<"
        w.line(f"{src_t} best = 0; int64_t besti = 0; bool first = true;")
        _loops(w, rvars, rsizes, None)
        flat, acc = [], []
        for v, size in reversed(list(zip(rvars, rsizes))):
            flat.append(ir.imul(v, ir.iprod(acc)))
            acc.append(size)
        w.line(f"const {src_t} v = {expr};")
        w.line(f"if (first || (best == best && (v != v || v {cmp} best))) "
               f"{{ best = v; besti = {ir.iadd(*flat)}; first = false; }}")
        _close_loops(w, len(rvars))
        w.line(f"{store} = besti;")
        return
    acc_t = out_t if kind not in ("max", "min", "any", "all") else src_t
    if kind in ("any", "all"):
        acc_t = "int"
    passes = [("mean_", "sum")] if kind == "var" else []
    passes.append(("acc", {"mean": "sum", "var": "m2"}.get(kind, kind)))
    for var, how in passes:
        init = {"sum": "0", "m2": "0", "prod": "1", "any": "0", "all": "1",
                "max": _limits(acc_t, True), "min": _limits(acc_t, False)}[how]
        clause = {"sum": f"reduction(+:{var})", "m2": f"reduction(+:{var})",
                  "prod": f"reduction(*:{var})", "any": f"reduction(|:{var})",
                  "all": f"reduction(&:{var})", "max": f"reduction(max:{var})",
                  "min": f"reduction(min:{var})"}[how]
        nan = how in ("max", "min") and acc_t in ("float", "double")
        if nan:
            clause += f" reduction(|:{var}_nan)"
            w.line(f"int {var}_nan = 0;")
        w.line(f"{acc_t} {var} = {init};")
        outer_p = None
        inner_p = f"#pragma omp simd {clause}"
        if parallel:
            if len(rvars) == 1:
                inner_p, outer_p = None, f"#pragma omp parallel for simd {clause} num_threads(nt)"
            else:
                outer_p = f"#pragma omp parallel for {clause} num_threads(nt)"
        _loops(w, rvars, rsizes, inner_p, outer_p)
        if how in ("any", "all"):  # nonzero of the value itself (a cast to int made 0.3 false)
            w.line(f"const {acc_t} v = (({expr}) != 0);")
        elif src_t in ("float", "double") and acc_t in ("int64_t", "int32_t"):  # sum(dtype=int64)
            w.line(f"const {acc_t} v = dynascope_f2i{acc_t[3:5]}({expr});")
        else:
            w.line(f"const {acc_t} v = static_cast<{acc_t}>({expr});")
        update = {"sum": "{v} += v;", "m2": "{v} += (v - mean_) * (v - mean_);",
                  "prod": "{v} *= v;", "any": "{v} |= (v != 0);", "all": "{v} &= (v != 0);"}
        if how in update:
            w.line(update[how].replace("{v}", var))
        else:
            if nan:  # only a floating type has NaN (an integer max has no {var}_nan)
                w.line(f"{var}_nan |= (v != v);")
            w.line(f"{var} = (v {'>' if how == 'max' else '<'} {var}) ? v : {var};")
        _close_loops(w, len(rvars))
        if nan:
            w.line(f"if ({var}_nan) {var} = {ops.literal(float('nan'), acc_t)};")
        if var == "mean_":
            w.line(f"mean_ = mean_ / static_cast<{acc_t}>({numel});")
            if mean_of is not None:
                w.line(f"{_store(mean_of.buffer, mean_of.store_index())} = mean_;")
    if kind == "mean":
        w.line(f"{store} = acc / static_cast<{acc_t}>({numel});")
    elif kind == "var":
        # an empty row: NaN as in eager (the mean is 0/0, and no squared deviation carries it)
        w.line(f"{store} = ({numel}) == 0 ? {ops.literal(float('nan'), acc_t)} : "
               f"acc / static_cast<{acc_t}>({numel} - {node.correction});")
    else:
        w.line(f"{store} = static_cast<{out_t}>(acc);")


def _shared_means(group):
    """var node name -> a mean node of the same group over the same values (layer norm's
    var_mean): the var's first pass is that mean, so the row is summed once, not twice."""
    pairs, taken = {}, set()
    for v in group.nodes:
        if v.kind != "reduction" or v.reduction != "var":
            continue
        for m in group.nodes:
            if (m.kind == "reduction" and m.reduction == "mean" and m.name not in taken
                    and m.inner == v.inner and m.buffer.dtype == v.buffer.dtype
                    and group.bodies[m.name][0] == group.bodies[v.name][0]):
                pairs[v.name] = m
                taken.add(m.name)
                break
    return pairs


def _node_block(w, node, group, table, parallel, source, mean_of=None):
    """mean_of: the mean node stored by this var node's block (_shared_means)."""
    first = len(w.lines) + 1
    nodes = [node] + ([mean_of] if mean_of is not None else [])
    what = ("var and mean" if mean_of is not None else node.reduction
            if node.kind == "reduction" else "pointwise")
    origins = dict.fromkeys(o for n in nodes for o in n.origins)
    w.line(f"// {', '.join(n.name for n in nodes)} = {what} of {', '.join(origins)}")
    w.open("")
    node.bodies = group.bodies[node.name]
    if node.kind == "reduction":
        _reduction(w, node, group.k, table, parallel, mean_of)
    else:
        _pointwise(w, node, group.k, table, parallel)
    w.close()
    for n in nodes:
        source.node_lines.setdefault(n.name, (first, len(w.lines)))


def _node_blocks(w, group, table, parallel, source):
    """Every node of the group in order; a var and its shared mean where the first of the two
    stands (both read the same values, available there)."""
    means = _shared_means(group)
    var_of_mean = {m.name: v for v, m in means.items()}
    by_name = {n.name: n for n in group.nodes}
    done = set()
    for node in group.nodes:
        if node.name in done:
            continue
        var = by_name[var_of_mean[node.name]] if node.name in var_of_mean else node
        mean = means.get(var.name)
        _node_block(w, var, group, table, parallel, source, mean)
        done.update([var.name] + ([mean.name] if mean is not None else []))


_ROW_LOAD = re.compile(r"\b([a-z]+\d+)\[i0\*(s\d+) \+ r0\]")
CACHE_LINE = 64


def _prefetch_next_row(w, group, n_outer):
    """A row kernel (one outer loop, reductions along the row) reads each row from memory once,
    in its first pass; the other passes find it in L1. Asking for the next row's cache lines
    before this row's passes lets that read overlap this row's compute (layer norm was 5–15 %
    above a copy without it)."""
    rows = {}
    for node in group.nodes:
        if node.kind == "reduction":
            for name, stride in _ROW_LOAD.findall(group.bodies[node.name][0]):
                if (name in table_buffers and name not in group.row_local
                        and stride == table_buffers[name].stride_syms()[0]):
                    rows.setdefault(name, stride)
    for name, stride in rows.items():
        step = CACHE_LINE // _size_of(table_buffers[name].dtype)
        w.line(f"if (xo + 1 < {n_outer})  // {name}'s next row on its way")
        w.line(f"    for (int64_t p = 0; p < {stride}; p += {step}) "
               f"__builtin_prefetch(&{name}[(i0 + 1)*{stride} + p]);")


def _keep_rows_local(w, start, group, parallel):
    """Rewrites a row loop's body (w.lines[start:]) so each buffer of group.row_local lives in
    one row of its memory: the serial loop reuses row 0; an OpenMP thread reuses the row of its
    own number (a static schedule gives work only to threads numbered below the row count). A
    buffer read or written in any other form is left as it was."""
    for name in sorted(group.row_local):
        buf = table_buffers[name]
        row = re.compile(rf"\b{name}\[i0\*{re.escape(buf.stride_syms()[0])} \+ ([ir]\d+)\]")
        body = [row.sub(rf"{name}_row[\1]", line) for line in w.lines[start:]]
        if any(re.search(rf"\b{name}\[", line) for line in body):
            continue
        slot = f" + omp_get_thread_num()*{buf.stride_syms()[0]}" if parallel else ""
        ctype = _ctype(buf.dtype)
        w.lines[start:] = [
            "    " * w.depth + f"{ctype}* __restrict__ {name}_row = {name}{slot};"
            f"  // {name}: one row, read only in this kernel"] + body


def _size_of(dtype):
    return {"float": 4, "double": 8, "int64_t": 8, "int32_t": 4}.get(_ctype(dtype), 1)


def _work(group, table):
    inner = []
    for node in group.nodes:
        sizes = node.inner if node.kind == "reduction" else node.ranges[group.k:]
        inner.append(ir.iprod(table.syms(sizes)))
    return ir.imul(ir.iprod(table.syms(group.outer)), inner[0] if len(inner) == 1 else
                   f"std_max({', '.join(inner)})" if len(inner) > 1 else "1")


def _kernel(w, group, table, index_of, source, parallel_copy):
    """parallel_copy: emit the OpenMP copy of the loops beside the serial one (threads > 1)."""
    first = len(w.lines) + 1
    w.line(f"// {group.name}: {', '.join(n.name for n in group.nodes)}")
    w.open(f'extern "C" void {group.name}(void** B, const int64_t* S)')
    body_start = len(w.lines)
    names = set()
    for node in group.nodes:
        names.add(node.buffer.name)
        names.update(name for name, _ in group.bodies[node.name][1])
    for name in sorted(names, key=index_of):
        buf = table_buffers[name]
        w.line(f"{_ctype(buf.dtype)}* __restrict__ {name} = ({_ctype(buf.dtype)}*)B[{index_of(name)}];")
    syms_at = len(w.lines)
    if parallel_copy:
        w.line("const int64_t nt = S[0];")
        w.line(f"const bool par = nt > 1 && ({_work(group, table)}) >= {PARALLEL_THRESHOLD};")
    k = group.k
    for parallel in ((True, False) if parallel_copy else (False,)):
        if parallel_copy:
            w.open("if (par)" if parallel else "else")
        if k:
            n_outer = ir.iprod(table.syms(group.outer))
            if parallel:
                w.line("#pragma omp parallel for schedule(static) num_threads(nt)")
            w.open(f"for (int64_t xo = 0; xo < {n_outer}; ++xo)")
            rest = "xo"
            for d in range(k - 1, -1, -1):
                size = table.sym(group.outer[d])
                if d == 0:
                    w.line(f"const int64_t i{d} = {rest};")
                else:
                    w.line(f"const int64_t i{d} = {ir.paren(rest)} % {size};")
                    rest = f"{ir.paren(rest)} / {size}"
            loop_body = len(w.lines)
            if k == 1:
                _prefetch_next_row(w, group, n_outer)
            _node_blocks(w, group, table, False, source)
            _keep_rows_local(w, loop_body, group, parallel)
            w.close()
        else:
            _node_blocks(w, group, table, parallel, source)
        if parallel_copy:
            w.close()
    text = "\n".join(w.lines[body_start:])
    used = sorted({int(m) for m in re.findall(r"\bs(\d+)\b", text)})
    decl = [("    " + f"const int64_t s{u} = S[{u + 1}];") for u in used]
    w.lines[syms_at:syms_at] = decl
    w.close()
    source.kernel_lines[group.name] = (first, len(w.lines))


table_buffers = {}


def _helpers(text):
    return [source for name, source in ops.HELPERS.items() if re.search(rf"\b{name}\(", text)]


def _declarations(text):
    out = []
    for name in ops.LIBM:
        for suffix, ctype in (("f", "float"), ("", "double")):
            if re.search(rf"\b{name}{suffix}\(", text):
                params = ", ".join([ctype] * (2 if name in ("pow", "atan2") else 1))
                out.append(f'__attribute__((__simd__("notinbranch"))) {ctype} {name}{suffix}({params}) noexcept;')
    return out


def generate(schedule, threads=1):
    """threads: the plan's thread count (S[0]); with one thread the source holds only the serial
    loops (a third less for g++ to compile, and no OpenMP runtime to load)."""
    lowered = schedule.lowered
    table = lowered.table
    global table_buffers
    table_buffers = lowered.buffers
    source = Source()
    source.buffer_names = list(lowered.buffers)
    position = {name: i for i, name in enumerate(source.buffer_names)}
    index_of = position.__getitem__
    w = Writer()
    segment, segments = [], []
    for item in schedule.items:
        if isinstance(item, sched.Group):
            _kernel(w, item, table, index_of, source, threads > 1)
            w.line()
            segment.append(item.name)
        elif segment:
            segments.append(segment)
            segment = []
    if segment:
        segments.append(segment)
    for n, kernels in enumerate(segments):
        w.open(f'extern "C" void segment{n}(void** B, const int64_t* S)')
        for k in kernels:
            w.line(f"{k}(B, S);")
        w.close()
        source.segments.append(f"segment{n}")
    body = "\n".join(w.lines)
    header = [f"// Generated by Dynascope's kernel generator v{GENERATOR_VERSION}.",
              "#include <cstdint>"] + (["#include <omp.h>"] if "omp_get_thread_num" in body else []) + [""]
    if "std_max(" in body:
        header += ["static inline int64_t std_max(int64_t a, int64_t b) { return a > b ? a : b; }",
                   "template <class... T> static inline int64_t std_max(int64_t a, int64_t b, "
                   "T... r) { return std_max(std_max(a, b), r...); }", ""]
    decls = _declarations(body)
    if decls:
        header += ['extern "C" {'] + decls + ["}", ""]
    for helper in _helpers(body):
        header += helper.split("\n") + [""]
    shift = len(header)
    source.kernel_lines = {k: (a + shift, b + shift) for k, (a, b) in source.kernel_lines.items()}
    source.node_lines = {k: (a + shift, b + shift) for k, (a, b) in source.node_lines.items()}
    source.text = "\n".join(header) + body + "\n"
    return source
