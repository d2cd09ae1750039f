// NativePlanReader: a NativeKernelPlan from the data the inductor backend hands the capture core
// (_dynascope_capture.native_plan's arguments), checked before any of it is trusted.
#pragma once

#include "runtime/nativekernelplan.h"

#include <Python.h>

#include <memory>

namespace dynascope {

class NativePlanReader {
public:
    // native_plan(inputs, slots, buffers, sizes, program, views, fresh, outputs, resident, keep):
    //   inputs: the example inputs of the signature (a tuple); slots: B position per input (-1:
    //   not a tensor); buffers: B's initial contents (addresses); sizes: S;
    //   program: ("segment", entry address) | ("extern", op name, operands, beta, alpha, slot,
    //   sizes, strides, a tensor of the result's dtype), operands being (slot, view index or -1);
    //   views: (slot, sizes, strides, offset) of the strided views operands and outputs read;
    //   fresh: (slot, sizes, strides, dtype, a tensor of that dtype) per output made each call;
    //   outputs: ("fresh", i) | ("input", i) | ("constant", value) | ("tensor", slot) |
    //   ("view", i); resident: (slot, tensor) of the constants and temporaries;
    //   keep: what keeps the addresses valid.
    // Null with a Python error (TypeError, ValueError naming what is wrong).
    static std::shared_ptr<NativeKernelPlan> read(PyObject *args);
};

} // namespace dynascope
