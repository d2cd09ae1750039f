// AtenFunctions: the LibTorch functions the C++ call path calls (output allocation, wrapping an
// at::Tensor as a torch.Tensor, the extern matmuls), looked up once with dlsym in the libraries
// `import torch` loaded, by their torch 1.13 names, their types taken from the headers. Private to
// the runtime's files compiled with LibTorch's headers (dynascope_use_torch_headers).
#pragma once

#include "runtime/nativekernelplan.h"

#include <ATen/EmptyTensor.h>
#include <ATen/ops/addmm_ops.h>
#include <ATen/ops/addmv_ops.h>
#include <ATen/ops/baddbmm_ops.h>
#include <ATen/ops/bmm_ops.h>
#include <ATen/ops/convolution_backward_ops.h>
#include <ATen/ops/convolution_ops.h>
#include <ATen/ops/dot_ops.h>
#include <ATen/ops/mm_ops.h>
#include <ATen/ops/mv_ops.h>
#include <torch/csrc/autograd/python_variable.h>

#include <string>

namespace dynascope {

struct AtenFunctions {
    using EmptyStridedCpu =
        decltype(static_cast<at::TensorBase (*)(c10::IntArrayRef, c10::IntArrayRef, c10::ScalarType,
                                                bool)>(&at::detail::empty_strided_cpu));
    using WrapVariable = decltype(&THPVariable_Wrap);
    using Mm = decltype(&at::_ops::mm::call);
    using Addmm = decltype(&at::_ops::addmm::call);
    using Bmm = decltype(&at::_ops::bmm::call);
    using Convolution = decltype(&at::_ops::convolution::call);
    using Baddbmm = decltype(&at::_ops::baddbmm::call);
    using Addmv = decltype(&at::_ops::addmv::call);
    using Mv = decltype(&at::_ops::mv::call);
    using Dot = decltype(&at::_ops::dot::call);
    using ConvolutionBackward = decltype(&at::_ops::convolution_backward::call);

    EmptyStridedCpu emptyStrided = nullptr; // null: DYNASCOPE_KERNELS_ALLOCATOR=python too
    WrapVariable wrap = nullptr;
    Mm mm = nullptr; // null when missing or hidden by DYNASCOPE_KERNELS_EXTERNS
    Addmm addmm = nullptr;
    Bmm bmm = nullptr;
    Convolution convolution = nullptr;
    Baddbmm baddbmm = nullptr;
    Addmv addmv = nullptr;
    Mv mv = nullptr;
    Dot dot = nullptr;
    ConvolutionBackward convolutionBackward = nullptr;
    // Why each extern op cannot be called from C++ ("" when it can), by ExternOp.
    std::string missing[static_cast<int>(ExternOp::Count)];

    static const AtenFunctions &get();
    // The op's name as in aten ("mm", "addmm", "convolution" …).
    static const char *name(ExternOp op);
    bool has(ExternOp op) const { return missing[static_cast<int>(op)].empty(); }
};

} // namespace dynascope
