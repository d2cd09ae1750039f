# erf for float32 in generated kernels (kernels_ops.HELPERS["dynascope_erff"], a clamped rational
# function inlined into the loop): a dense sweep against erf computed in double, GELU against
# eager GELU, special values; that the loop around it vectorises (g++ -fopt-info-vec-optimized on
# the generated source, with the generator's own flags); that double keeps libm's erf; and that
# loading a kernel leaves subnormal arithmetic in this thread alone (no flush-to-zero).
# Prints "ERF OK" and the measured errors; any failed check raises.
import os
import re
import subprocess
import tempfile

import torch
import torch._inductor.config

import dynascope
from _dynascope_shim import kernels_build

torch._inductor.config.async_compile = False
F = torch.nn.functional

# Bounds. Measured on x86-64 (AVX-512, g++ 12): 4.9 ulp / 2.9e-7 with FMA (-march=native), 6.5 ulp
# / 3.8e-7 without; glibc's libmvec erff is within 4 ulp, its scalar erff within ~1. The kernel
# suite compares with rtol=1e-4, atol=1e-5, far above either.
MAX_ULP = 8
MAX_ABS = 5e-7
SUITE_RTOL, SUITE_ATOL = 1e-4, 1e-5


def float_spacing(ref):
    """The distance between float32 neighbours at each (double) reference value."""
    mag = ref.float().abs().double().clamp(min=2.0 ** -126)
    return torch.ldexp(torch.ones_like(mag), (torch.frexp(mag)[1] - 24).to(torch.int32))


def last_record():
    record = dynascope.kernel_records()[-1]
    assert record["status"] == "compiled", record["status"]
    return record


# Every 1009th float32 bit pattern in [0, 5] (subnormals, tiny, the whole curve, saturation),
# both signs, and the special values: 2.1 M inputs.
bits = torch.arange(0, 0x40A00000, 1009, dtype=torch.int64).to(torch.int32)
positive = bits.view(torch.float32)
special = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1e-45, -1e-40,
                        3.8325, -3.8326, 10.0, -1e30, 3.4e38])
x = torch.cat([positive, -positive, special]).contiguous()

got = torch.compile(lambda t: torch.erf(t))(x)
source = last_record()["source"]
assert "dynascope_erff(" in source and not re.search(r"\berff\(", source), "erf not inlined"
ref = torch.erf(x.double())
finite = ~torch.isnan(x)
err = (got.double() - ref).abs()[finite]
ulps = err / float_spacing(ref)[finite]
worst = int(ulps.argmax())
assert ulps.max() <= MAX_ULP, f"erf: {ulps.max():.2f} ulp at x={x[finite][worst].item()!r}"
assert err.max() <= MAX_ABS, f"erf: abs error {err.max():.3g}"
assert torch.equal(torch.isnan(got), torch.isnan(x)), "NaN in, NaN out"
tail = got[-len(special):].tolist()
assert str(tail[0]) == "0.0" and str(tail[1]) == "-0.0", f"signed zeros: {tail[:2]}"
assert tail[2] == 1.0 and tail[3] == -1.0 and tail[9] == 1.0 and tail[10] == -1.0, tail
assert tail[5] != 0.0 and tail[6] != 0.0, "subnormal inputs were flushed to zero"

# GELU (decomposed to erf) against eager over the same sweep, scaled to GELU's interesting range.
g_in = (x[finite] * 1.5).contiguous()
g_got = torch.compile(lambda t: F.gelu(t))(g_in)
g_exp = F.gelu(g_in)
torch.testing.assert_close(g_got, g_exp, rtol=SUITE_RTOL, atol=SUITE_ATOL, equal_nan=True)
g_err = (g_got.double() - g_exp.double()).abs().nan_to_num(0.0).max().item()

# The loop vectorises: the generated GELU source, compiled with the generator's flags and
# -fopt-info-vec-optimized, reports the line of the loop that calls dynascope_erff.
gelu_source = last_record()["source"]
lines = gelu_source.splitlines()
call_line = next(i for i, line in enumerate(lines, 1)
                 if "dynascope_erff(" in line and "static inline" not in line)
with tempfile.TemporaryDirectory() as tmp:
    cpp = os.path.join(tmp, "gelu.cpp")
    with open(cpp, "w", encoding="utf-8") as f:
        f.write(gelu_source)
    flags, _ = kernels_build.source_flags(gelu_source)
    cmd = [kernels_build.compiler(), *[f for f in kernels_build.FLAGS if f != "-shared"], *flags,
           "-c", "-fopt-info-vec-optimized", "-o", os.path.join(tmp, "gelu.o"), cpp]
    report = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stderr
vectorised = {int(n) for n in re.findall(r"gelu\.cpp:(\d+):\d+: optimized: loop vectorized", report)}
loop_line = max(n for n in vectorised if n <= call_line) if vectorised else 0
assert loop_line and call_line - loop_line <= 2, \
    f"the erf loop (line {call_line}) did not vectorise:\n{report}"

# double keeps libm's erf, declared with its SIMD variant (libmvec has erf for double).
xd = torch.linspace(-6, 6, 10001, dtype=torch.float64)
torch.testing.assert_close(torch.compile(lambda t: torch.erf(t))(xd), torch.erf(xd))
assert re.search(r"\berf\(", last_record()["source"]) and "dynascope_erff" not in last_record()["source"]

# Loading kernels did not turn on flush-to-zero in this thread (crtfastmath.o, linked by -ffast-math).
tiny = torch.tensor([1e-40])
assert (tiny * 1.0).item() != 0.0, "a loaded kernel turned on flush-to-zero"

print(f"ERF OK max {ulps.max():.2f} ulp, max abs {err.max():.3g}, gelu max abs vs eager {g_err:.3g}, "
      f"erf loop vectorised (line {loop_line})")
