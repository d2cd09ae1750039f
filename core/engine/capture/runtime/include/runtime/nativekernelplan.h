// NativeKernelPlan: one input signature of a graph whose generated kernels run without Python:
// the expected inputs, the pointer array B the kernels read (constants and temporaries filled
// once), the size array S, the entry points, the outputs to allocate, and what to return.
#pragma once

#include "guards/tensoraccess.h"
#include "python/pyref.h"

#include <Python.h>

#include <cstdint>
#include <vector>

namespace dynascope {

using KernelEntry = void (*)(void **, const int64_t *);

struct NativeKernelPlan {
    struct Input {
        PyTypeObject *type = nullptr; // exact type (torch.Tensor, Parameter, int …)
        bool tensor = false;
        TensorFacts facts; // tensor: dtype, device, sizes, strides, requires_grad, dispatch keys
        PyRef value;       // not a tensor: the value the plan was generated for
        int slot = -1;     // B position of the tensor's data pointer
    };
    struct Fresh { // an output allocated on every call
        int slot = -1;
        std::vector<int64_t> sizes, strides;
        int dtype = -1;          // c10::ScalarType
        PyRef size, stride, dtypeObject; // torch.empty_strided's arguments (the fallback)
    };
    struct Output {
        enum class Kind { Fresh, Input, Constant };
        Kind kind = Kind::Fresh;
        int index = 0; // into fresh, or into the inputs
        PyRef value;   // Constant
    };

    std::vector<Input> inputs;
    std::vector<void *> buffers; // B
    std::vector<int64_t> sizes;  // S: threads, then the size symbols' values
    std::vector<KernelEntry> segments;
    std::vector<Fresh> fresh;
    std::vector<Output> outputs;
    PyRef keep; // the Python runner: keeps the library, constants and temporaries alive
    long calls = 0;
    // An input requires grad (a module's parameter passed in): served under no_grad only, and
    // only when no tensor is passed twice (the Python side runs that eagerly).
    bool inputsRequireGrad = false;

    // Every slot inside B, every output index inside fresh or the inputs, at least S[0].
    bool consistent() const;
    // Whether `args` (the graph's inputs, a tuple) have this plan's signature.
    bool matches(PyObject *args) const;
    // Runs the kernels on `args` and appends the graph's outputs; false with a Python error.
    bool run(PyObject *args, std::vector<PyRef> &outputs);
};

} // namespace dynascope
