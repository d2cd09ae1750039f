// TensorMemory: data pointers read from the at::Tensor behind a torch.Tensor, and output tensors
// allocated without a Python call. Compiled against LibTorch's headers, linked with c10 only: the
// two functions that live in libtorch_cpu and libtorch_python come from AtenFunctions (dlsym).
#include "runtime/tensormemory.h"

#include "atenfunctions.h"

namespace dynascope {

void *TensorMemory::dataPointer(PyObject *tensor) {
    return THPVariable_Unpack(tensor).data_ptr();
}

bool TensorMemory::requiresGrad(PyObject *tensor) {
    return THPVariable_Unpack(tensor).requires_grad();
}

bool TensorMemory::canAllocate() {
    return AtenFunctions::get().emptyStrided != nullptr;
}

PyObject *TensorMemory::emptyStrided(const std::vector<int64_t> &sizes,
                                     const std::vector<int64_t> &strides, int dtype, void **data) {
    const AtenFunctions &f = AtenFunctions::get();
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
