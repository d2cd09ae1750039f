// NativeKernelPlan: one input signature of a graph whose generated kernels and extern matmuls run
// without Python: the expected inputs, the pointer array B the kernels read (constants and
// temporaries filled once), the size array S, the program (kernel entry points and extern calls
// in order), the outputs to allocate, and what to return.
#pragma once

#include "guards/tensoraccess.h"
#include "python/pyref.h"

#include <Python.h>

#include <cstdint>
#include <string>
#include <vector>

namespace dynascope {

using KernelEntry = void (*)(void **, const int64_t *);

// The extern calls a plan makes itself through LibTorch (AtenFunctions); a plan with any other
// torch step keeps the Python runner.
enum class ExternOp {
    Mm,
    Addmm,
    Bmm,
    Convolution,
    Baddbmm,
    Addmv,
    Mv,
    Dot,
    ConvolutionBackward,
    Count
};

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
        int dtype = -1;                  // c10::ScalarType
        PyRef size, stride, dtypeObject; // torch.empty_strided's arguments (the fallback)
    };
    // A strided view of the tensor in one B slot; the signature fixes its geometry (offset in
    // elements from the base's own).
    struct View {
        int slot = -1;
        std::vector<int64_t> sizes, strides;
        int64_t offset = 0;
    };
    // A tensor an extern call reads: the one in `slot`, or views[view]; neither: absent
    // (convolution's bias None).
    struct Operand {
        int slot = -1;
        int view = -1;
        bool absent() const { return slot < 0 && view < 0; }
    };
    struct Number { // addmm's, baddbmm's and addmv's beta and alpha, int or float as in the graph
        bool isFloat = false;
        double f = 0;
        int64_t i = 1;
    };
    // aten::convolution's arguments after input, weight and bias; convolution_backward's
    // after grad_output, input and weight (bias_sizes first, output_mask last).
    struct Convolution {
        std::vector<int64_t> stride, padding, dilation, outputPadding;
        bool transposed = false;
        int64_t groups = 1;
        bool hasBiasSizes = false;
        std::vector<int64_t> biasSizes;
        bool outputMask[3] = {true, true, true};
    };
    struct Result { // one more result of an op with several (convolution_backward); slot -1: none
        int slot = -1;
        int dtype = -1;
        std::vector<int64_t> sizes, strides;
    };
    struct Extern { // one extern call; its result's data pointer goes into B[slot]
        ExternOp op = ExternOp::Mm;
        // the op's tensors in aten's order: mm/bmm/mv/dot two, addmm/baddbmm/addmv self and two,
        // convolution input, weight and bias (which may be absent)
        std::vector<Operand> operands;
        Number beta, alpha;
        Convolution convolution;
        // convolution_backward's second and third results (its first is slot/dtype/sizes/
        // strides below, slot -1 when output_mask leaves it out)
        std::vector<Result> more;
        int slot = -1;
        int dtype = -1; // the result's layout the kernels were generated for
        std::vector<int64_t> sizes, strides;
    };
    struct Step { // the program: a kernel entry point or an extern call, by index
        bool isExtern = false;
        int index = 0;
    };
    struct Output {
        // Tensor: the tensor in B slot `index` (an extern's result); View: views[index]
        enum class Kind { Fresh, Input, Constant, Tensor, View };
        Kind kind = Kind::Fresh;
        int index = 0; // into fresh, the inputs, B or views
        PyRef value;   // Constant
    };

    std::vector<Input> inputs;
    std::vector<void *> buffers; // B
    std::vector<int64_t> sizes;  // S: threads, then the size symbols' values
    std::vector<KernelEntry> segments;
    std::vector<Extern> externs;
    std::vector<Step> program;
    std::vector<View> views;
    std::vector<Fresh> fresh;
    std::vector<Output> outputs;
    std::vector<std::pair<int, PyRef>> resident; // B slot -> a constant or temporary tensor
    PyRef keep; // the Python runner: keeps the library, constants and temporaries alive
    long calls = 0;
    // An input requires grad (a module's parameter passed in): served under no_grad only, and
    // only when no tensor is passed twice (the Python side runs that eagerly).
    bool inputsRequireGrad = false;

    // Every slot inside B, every index inside its list, every tensor an extern call or an output
    // reads made before it, every extern op callable, at least S[0]; else a Python ValueError.
    bool consistent() const;
    // Whether `args` (the graph's inputs, a tuple) have this plan's signature.
    bool matches(PyObject *args) const;
    // Runs the program on `args` and appends the graph's outputs; false with a Python error.
    bool run(PyObject *args, std::vector<PyRef> &outputs);

    // The op's aten name ("mm", "addmm", "convolution" …).
    static const char *externName(ExternOp op);
    // How many tensors the op takes (Extern::operands).
    static size_t externArity(ExternOp op);
    // Why `op` cannot be called from C++ (its LibTorch symbol is missing, or
    // DYNASCOPE_KERNELS_EXTERNS leaves it out); empty when it can.
    static std::string externMissing(ExternOp op);
};

} // namespace dynascope
