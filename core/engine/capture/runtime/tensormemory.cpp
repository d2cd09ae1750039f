// TensorMemory: data pointers read from the at::Tensor behind a torch.Tensor, and output tensors
// allocated without a Python call. Compiled against LibTorch's headers, linked with c10 only: the
// two functions that live in libtorch_cpu and libtorch_python are looked up in the libraries that
// `import torch` loaded (dl_iterate_phdr + dlsym), so starting dynascope loads neither.
#include "runtime/tensormemory.h"

#include <ATen/EmptyTensor.h>
#include <torch/csrc/autograd/python_variable.h>

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace dynascope {

namespace {

// The signatures come from the headers (unevaluated: no link dependency); the mangled names are
// torch 1.13's, checked by dlsym: a torch whose names differ falls back to torch.empty_strided.
using EmptyStridedCpu = decltype(static_cast<at::TensorBase (*)(
                                     c10::IntArrayRef, c10::IntArrayRef, c10::ScalarType, bool)>(
    &at::detail::empty_strided_cpu));
using WrapVariable = decltype(&THPVariable_Wrap);

const char *const kEmptyStridedCpu =
    "_ZN2at6detail17empty_strided_cpuEN3c108ArrayRefIlEES3_NS1_10ScalarTypeEb";
const char *const kWrapVariable = "_Z16THPVariable_WrapN2at10TensorBaseE";

struct TorchFunctions {
    EmptyStridedCpu emptyStrided = nullptr;
    WrapVariable wrap = nullptr;
};

// The path of the first loaded library whose file name starts with `stem`.
std::string loadedLibrary(const char *stem) {
    struct Search {
        const char *stem;
        std::string path;
    } search{stem, {}};
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *data) {
            auto *s = static_cast<Search *>(data);
            const char *slash = info->dlpi_name ? std::strrchr(info->dlpi_name, '/') : nullptr;
            if (slash && std::strncmp(slash + 1, s->stem, std::strlen(s->stem)) == 0) {
                s->path = info->dlpi_name;
                return 1;
            }
            return 0;
        },
        &search);
    return search.path;
}

void *loadedSymbol(const char *libraryStem, const char *symbol) {
    std::string path = loadedLibrary(libraryStem);
    if (path.empty())
        return nullptr;
    // RTLD_NOLOAD: only a library torch already loaded; the handle stays open (it is loaded).
    void *handle = dlopen(path.c_str(), RTLD_LAZY | RTLD_NOLOAD);
    return handle ? dlsym(handle, symbol) : nullptr;
}

const TorchFunctions &torchFunctions() {
    static TorchFunctions functions = [] {
        TorchFunctions f;
        // DYNASCOPE_KERNELS_ALLOCATOR=python: always torch.empty_strided (tests that path).
        const char *choice = std::getenv("DYNASCOPE_KERNELS_ALLOCATOR");
        if (choice && std::strcmp(choice, "python") == 0)
            return f;
        f.emptyStrided =
            reinterpret_cast<EmptyStridedCpu>(loadedSymbol("libtorch_cpu.so", kEmptyStridedCpu));
        f.wrap = reinterpret_cast<WrapVariable>(loadedSymbol("libtorch_python.so", kWrapVariable));
        if (!f.emptyStrided || !f.wrap)
            f = {};
        return f;
    }();
    return functions;
}

} // namespace

void *TensorMemory::dataPointer(PyObject *tensor) {
    return THPVariable_Unpack(tensor).data_ptr();
}

bool TensorMemory::requiresGrad(PyObject *tensor) {
    return THPVariable_Unpack(tensor).requires_grad();
}

bool TensorMemory::canAllocate() {
    return torchFunctions().emptyStrided != nullptr;
}

PyObject *TensorMemory::emptyStrided(const std::vector<int64_t> &sizes,
                                     const std::vector<int64_t> &strides, int dtype,
                                     void **data) {
    const TorchFunctions &f = torchFunctions();
    if (!f.emptyStrided)
        return nullptr;
    try {
        at::TensorBase t = f.emptyStrided(c10::IntArrayRef(sizes), c10::IntArrayRef(strides),
                                          static_cast<c10::ScalarType>(dtype), false);
        *data = t.data_ptr();
        return f.wrap(std::move(t));
    } catch (const std::exception &e) { // c10::Error: out of memory
        PyErr_SetString(PyExc_RuntimeError, e.what());
        return nullptr;
    }
}

} // namespace dynascope
