"""Pointwise operations of the kernel generator: aten op -> C expression in a compute type.

Each entry takes the operands' C expressions (already cast to the compute type), the C type and
whether it is a floating type; transcendental functions call libm by name (the float32 variant
has the f suffix) and the generated file declares their SIMD variants so loops vectorise.
"""

import math

import torch

aten = torch.ops.aten
prims = torch.ops.prims

# libm functions with SIMD variants in glibc's libmvec (x86_64, glibc >= 2.35).
LIBM = ["sin", "cos", "tan", "exp", "log", "tanh", "erf", "erfc", "expm1", "log1p", "log2",
        "log10", "exp2", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh",
        "cbrt", "pow", "atan2"]
TRANSCENDENTAL_COST = 4

# Functions the generated file defines itself (name -> C++ definition), emitted only when used.
# dynascope_erff: erf for float32 as a clamped odd rational function x * P(x^2) / Q(x^2) (the
# minimax fit Eigen and XLA use for float erf), pure arithmetic so the loop around it vectorises
# at any width with no call. glibc's libmvec has an erff variant, but it costs about twice as
# much per element on AVX-512 and is not in every libmvec. Outside +-3.8325 float erf rounds to
# +-1, returned exactly; NaN propagates (both comparisons are false); -0 stays -0. Accuracy
# against erf computed in double (tests/kernels/erf_accuracy.py): at most 4.9 ulp with FMA
# (-march=native), 6.5 without; glibc's scalar erff is within ~1, libmvec's within 4. double
# keeps libm's erf (libmvec's variant vectorises it).
HELPERS = {
    # float -> int32/int64 as eager's x86 conversions give it: NaN or out of range is the type's
    # lowest value (cvttss2si's "integer indefinite"). A plain static_cast is undefined there, and
    # g++ used that: (float)(uint8_t)x folded back to x, so sqrt of a cast negative was NaN.
    "dynascope_f2i32": """static inline int32_t dynascope_f2i32(double f) {
    return (f >= -2147483648.0 && f < 2147483648.0) ? static_cast<int32_t>(f)
                                                    : static_cast<int32_t>(-2147483647 - 1);
}""",
    "dynascope_f2i64": """static inline int64_t dynascope_f2i64(double f) {
    return (f >= -9223372036854775808.0 && f < 9223372036854775808.0)
               ? static_cast<int64_t>(f) : static_cast<int64_t>(-9223372036854775807LL - 1);
}""",
    "dynascope_erff": """static inline float dynascope_erff(float x) {
#ifdef __FMA__
#define DYNASCOPE_MADD(a, b, c) __builtin_fmaf(a, b, c)
#else
#define DYNASCOPE_MADD(a, b, c) ((a) * (b) + (c))
#endif
    const float edge = 3.832506856900711f;  // erf(x) rounds to 1 above it
    const float c = x < -edge ? -edge : (x > edge ? edge : x);
    const float c2 = c * c;
    float p = -2.72614225801306e-10f;
    p = DYNASCOPE_MADD(p, c2, 2.77068142495902e-08f);
    p = DYNASCOPE_MADD(p, c2, -2.10102402082508e-06f);
    p = DYNASCOPE_MADD(p, c2, -5.69250639462346e-05f);
    p = DYNASCOPE_MADD(p, c2, -7.34990630326855e-04f);
    p = DYNASCOPE_MADD(p, c2, -2.95459980854025e-03f);
    p = DYNASCOPE_MADD(p, c2, -1.60960333262415e-02f);
    float q = -1.45660718464996e-05f;
    q = DYNASCOPE_MADD(q, c2, -2.13374055278905e-04f);
    q = DYNASCOPE_MADD(q, c2, -1.68282697438203e-03f);
    q = DYNASCOPE_MADD(q, c2, -7.37332916720468e-03f);
    q = DYNASCOPE_MADD(q, c2, -1.42647390514189e-02f);
#undef DYNASCOPE_MADD
    const float r = c * (p / q);  // c * p would lose precision for subnormal c
    return x < -edge ? -1.0f : (x > edge ? 1.0f : r);
}""",
}


def fn(name, ctype):
    return name + ("f" if ctype == "float" else "")


def literal(value, ctype):
    if ctype == "bool":
        return "true" if value else "false"
    if ctype in ("float", "double"):
        value = float(value)
        suffix = "f" if ctype == "float" else ""
        if math.isnan(value):
            return f'__builtin_nan{suffix}("")'
        if math.isinf(value):
            return f"({'-' if value < 0 else ''}__builtin_inf{suffix}())"
        text = repr(value)
        if "e" not in text and "." not in text:
            text += ".0"
        return f"{text}{suffix}" if value >= 0 else f"({text}{suffix})"
    value = int(value)
    text = f"(int64_t){value}" if value >= 0 else f"((int64_t)({value}))"
    # A narrower integer type takes the scalar as eager does: converted (wrapped) to that type,
    # so int32 x > 2**40 compares with 0 and uint8 x + (-1) adds 255.
    return text if ctype == "int64_t" else f"static_cast<{ctype}>({text})"


# C++ computes int32/uint8/bool arithmetic in int (or int64 with an int64 literal); eager keeps
# the tensor's type, wrapping. An integer result of these types is cast back after every op.
NARROW_INTEGERS = ("int32_t", "uint8_t", "bool")


def _sqrt(a, t):
    return f"__builtin_sqrt{'f' if t == 'float' else ''}({a})"


def _abs(a, t, fl):
    return f"__builtin_fabs{'f' if t == 'float' else ''}({a})" if fl else f"({a} < 0 ? -{a} : {a})"


def _maximum(a, b):
    return f"(({a} > {b} || {a} != {a}) ? {a} : {b})"


def _minimum(a, b):
    return f"(({a} < {b} || {a} != {a}) ? {a} : {b})"


def _pow(a, b, t):
    if b == literal(2, t):
        return f"({a} * {a})"
    if b in ("0.5f", "0.5"):
        return _sqrt(a, t)
    if b == literal(3, t):
        return f"({a} * {a} * {a})"
    return f"{fn('pow', t)}({a}, {b})"


def _sigmoid(a, t):
    one = literal(1, t)
    return f"({one} / ({one} + {fn('exp', t)}(-{a})))"


# name: (arity, cost, builder(args, ctype, is_float) -> C expression)
POINTWISE = {
    aten.add.Tensor: (2, 1, lambda a, t, f: f"({a[0]} + {a[1]})"),
    aten.sub.Tensor: (2, 1, lambda a, t, f: f"({a[0]} - {a[1]})"),
    aten.mul.Tensor: (2, 1, lambda a, t, f: f"({a[0]} * {a[1]})"),
    aten.div.Tensor: (2, 1, lambda a, t, f: f"({a[0]} / {a[1]})"),
    aten.maximum.default: (2, 1, lambda a, t, f: _maximum(*a)),
    aten.minimum.default: (2, 1, lambda a, t, f: _minimum(*a)),
    aten.pow.Tensor_Scalar: (2, 2, lambda a, t, f: _pow(a[0], a[1], t)),
    aten.pow.Tensor_Tensor: (2, TRANSCENDENTAL_COST, lambda a, t, f: f"{fn('pow', t)}({a[0]}, {a[1]})"),
    aten.atan2.default: (2, TRANSCENDENTAL_COST, lambda a, t, f: f"{fn('atan2', t)}({a[0]}, {a[1]})"),
    aten.neg.default: (1, 1, lambda a, t, f: f"(-{a[0]})"),
    aten.relu.default: (1, 1, lambda a, t, f: f"({a[0]} < 0 ? {literal(0, t)} : {a[0]})"),
    aten.abs.default: (1, 1, lambda a, t, f: _abs(a[0], t, f)),
    aten.sqrt.default: (1, 2, lambda a, t, f: _sqrt(a[0], t)),
    aten.rsqrt.default: (1, 2, lambda a, t, f: f"({literal(1, t)} / {_sqrt(a[0], t)})"),
    aten.reciprocal.default: (1, 1, lambda a, t, f: f"({literal(1, t)} / {a[0]})"),
    aten.sigmoid.default: (1, TRANSCENDENTAL_COST, lambda a, t, f: _sigmoid(a[0], t)),
    aten.floor.default: (1, 1, lambda a, t, f: f"__builtin_floor{'f' if t == 'float' else ''}({a[0]})" if f else a[0]),
    aten.ceil.default: (1, 1, lambda a, t, f: f"__builtin_ceil{'f' if t == 'float' else ''}({a[0]})" if f else a[0]),
    aten.trunc.default: (1, 1, lambda a, t, f: f"__builtin_trunc{'f' if t == 'float' else ''}({a[0]})" if f else a[0]),
    # sign(NaN) is 0 in eager (torch 1.13), as (x > 0) - (x < 0) gives
    aten.sign.default: (1, 1, lambda a, t, f: f"(({a[0]} > 0) - ({a[0]} < 0) + {literal(0, t)})"),
    aten.eq.Tensor: (2, 1, lambda a, t, f: f"({a[0]} == {a[1]})"),
    aten.ne.Tensor: (2, 1, lambda a, t, f: f"({a[0]} != {a[1]})"),
    aten.gt.Tensor: (2, 1, lambda a, t, f: f"({a[0]} > {a[1]})"),
    aten.ge.Tensor: (2, 1, lambda a, t, f: f"({a[0]} >= {a[1]})"),
    aten.lt.Tensor: (2, 1, lambda a, t, f: f"({a[0]} < {a[1]})"),
    aten.le.Tensor: (2, 1, lambda a, t, f: f"({a[0]} <= {a[1]})"),
    aten.logical_not.default: (1, 1, lambda a, t, f: f"(!{a[0]})"),
    aten.logical_and.default: (2, 1, lambda a, t, f: f"({a[0]} && {a[1]})"),
    aten.logical_or.default: (2, 1, lambda a, t, f: f"({a[0]} || {a[1]})"),
    aten.bitwise_not.default: (1, 1, lambda a, t, f: f"(!{a[0]})" if t == "bool" else f"(~{a[0]})"),
    aten.isnan.default: (1, 1, lambda a, t, f: f"({a[0]} != {a[0]})"),
}
SCALAR_ALIASES = {
    aten.add.Scalar: aten.add.Tensor, aten.sub.Scalar: aten.sub.Tensor,
    aten.mul.Scalar: aten.mul.Tensor, aten.div.Scalar: aten.div.Tensor,
    aten.eq.Scalar: aten.eq.Tensor, aten.ne.Scalar: aten.ne.Tensor, aten.gt.Scalar: aten.gt.Tensor,
    aten.ge.Scalar: aten.ge.Tensor, aten.lt.Scalar: aten.lt.Tensor, aten.le.Scalar: aten.le.Tensor,
    aten.rsub.Scalar: aten.sub.Tensor, aten.rsub.Tensor: aten.sub.Tensor,
}
for _name in ["sin", "cos", "tan", "exp", "log", "tanh", "erfc", "expm1", "log1p", "log2",
              "log10", "exp2", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh"]:
    POINTWISE[getattr(aten, _name).default] = (
        1, TRANSCENDENTAL_COST, (lambda name: lambda a, t, f: f"{fn(name, t)}({a[0]})")(_name))

POINTWISE[aten.erf.default] = (
    1, TRANSCENDENTAL_COST,
    lambda a, t, f: f"dynascope_erff({a[0]})" if t == "float" else f"erf({a[0]})")

# Ops whose compute type is the promoted type of the operands, not the output's (bool results).
COMPARISONS = {aten.eq.Tensor, aten.ne.Tensor, aten.gt.Tensor, aten.ge.Tensor, aten.lt.Tensor,
               aten.le.Tensor, aten.isnan.default}
LOGICAL = {aten.logical_not.default, aten.logical_and.default, aten.logical_or.default}
