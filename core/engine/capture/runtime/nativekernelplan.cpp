// NativeKernelPlan: the signature check and the call of one plan's program: kernels through their
// entry points, extern matmuls through LibTorch (AtenFunctions), outputs made and wrapped in C++.
// Compiled with LibTorch's headers: the extern calls take and return at::Tensor.
#include "runtime/nativekernelplan.h"

#include "atenfunctions.h"
#include "runtime/tensormemory.h"

#include <array>
#include <string>

namespace dynascope {

namespace {

using Plan = NativeKernelPlan;

// torch.empty_strided(size, stride, dtype=…) through a vectorcall: only used when LibTorch's
// allocator could not be found (TensorMemory::canAllocate()).
PyObject *emptyStridedFromPython(const Plan::Fresh &f, void **data) {
    static PyObject *emptyStrided = [] {
        PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
        return torch ? PyObject_GetAttrString(torch.get(), "empty_strided") : nullptr;
    }();
    static PyObject *dtypeName = PyTuple_Pack(1, PyUnicode_InternFromString("dtype"));
    if (!emptyStrided)
        return nullptr;
    PyObject *args[] = {f.size.get(), f.stride.get(), f.dtypeObject.get()};
    PyObject *t = PyObject_Vectorcall(emptyStrided, args, 2, dtypeName);
    if (t)
        *data = TensorMemory::dataPointer(t);
    return t;
}

// A view of `base` with the plan's geometry, sharing its storage and version counter: what
// as_strided makes, without a dispatcher call. No autograd view metadata: plans run without
// autograd (under no_grad, or inside a training plan's autograd.Function).
at::Tensor viewOf(const at::Tensor &base, const Plan::View &v) {
    at::Tensor view = at::detail::make_tensor<c10::TensorImpl>(
        c10::TensorImpl::VIEW, c10::Storage(base.storage()), base.key_set(), base.dtype());
    c10::TensorImpl *impl = view.unsafeGetTensorImpl();
    impl->set_sizes_and_strides(v.sizes, v.strides, base.storage_offset() + v.offset);
    impl->set_version_counter(base.unsafeGetTensorImpl()->version_counter());
    return view;
}

c10::Scalar scalarOf(const Plan::Number &n) {
    return n.isFloat ? c10::Scalar(n.f) : c10::Scalar(n.i);
}

std::string text(c10::IntArrayRef values) {
    std::string s = "[";
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? ", " : "") + std::to_string(values[i]);
    return s + "]";
}

using Results = std::array<at::Tensor, 3>; // an extern call's results (one but for
                                           // convolution_backward)

// convolution_backward: grad_input, grad_weight, grad_bias, each undefined when output_mask says.
Results convolutionBackward(const Plan::Convolution &c, const at::Tensor *const *arg) {
    std::vector<c10::SymInt> biasSizes(c.biasSizes.begin(), c.biasSizes.end());
    const c10::OptionalArrayRef<c10::SymInt> bias =
        c.hasBiasSizes ? c10::OptionalArrayRef<c10::SymInt>(biasSizes) : c10::nullopt;
    auto grads = AtenFunctions::get().convolutionBackward(
        *arg[0], *arg[1], *arg[2], bias, c.stride, c.padding, c.dilation, c.transposed,
        c.outputPadding, c.groups, {c.outputMask[0], c.outputMask[1], c.outputMask[2]});
    return {std::get<0>(grads), std::get<1>(grads), std::get<2>(grads)};
}

// The op on its tensors (an absent operand: an undefined tensor, only convolution's bias).
Results callOp(const Plan::Extern &e, const at::Tensor *const *arg) {
    const AtenFunctions &f = AtenFunctions::get();
    switch (e.op) {
    case ExternOp::Mm:
        return {f.mm(*arg[0], *arg[1])};
    case ExternOp::Addmm:
        return {f.addmm(*arg[0], *arg[1], *arg[2], scalarOf(e.beta), scalarOf(e.alpha))};
    case ExternOp::Bmm:
        return {f.bmm(*arg[0], *arg[1])};
    case ExternOp::Convolution: {
        const Plan::Convolution &c = e.convolution;
        const c10::optional<at::Tensor> bias =
            arg[2] ? c10::optional<at::Tensor>(*arg[2]) : c10::nullopt;
        return {f.convolution(*arg[0], *arg[1], bias, c.stride, c.padding, c.dilation, c.transposed,
                              c.outputPadding, c.groups)};
    }
    case ExternOp::Baddbmm:
        return {f.baddbmm(*arg[0], *arg[1], *arg[2], scalarOf(e.beta), scalarOf(e.alpha))};
    case ExternOp::Addmv:
        return {f.addmv(*arg[0], *arg[1], *arg[2], scalarOf(e.beta), scalarOf(e.alpha))};
    case ExternOp::Mv:
        return {f.mv(*arg[0], *arg[1])};
    case ExternOp::Dot:
        return {f.dot(*arg[0], *arg[1])};
    case ExternOp::ConvolutionBackward:
        return convolutionBackward(e.convolution, arg);
    case ExternOp::Count:
        break;
    }
    return {};
}

// Throws unless `result` has the layout the kernels after it were generated for (they read it
// by these strides).
void checkLayout(ExternOp op, const at::Tensor &result, int dtype,
                 const std::vector<int64_t> &sizes, const std::vector<int64_t> &strides) {
    if (!result.defined() || static_cast<int>(result.scalar_type()) != dtype ||
        !result.sizes().equals(sizes) || !result.strides().equals(strides))
        throw std::runtime_error(
            std::string("dynascope: extern aten.") + AtenFunctions::name(op) + " returned sizes " +
            text(result.defined() ? result.sizes() : c10::IntArrayRef()) + ", strides " +
            text(result.defined() ? result.strides() : c10::IntArrayRef()) +
            "; its plan was generated for " + text(sizes) + ", " + text(strides));
}

// Calls one extern op on its operands; throws what LibTorch throws, and when a result the plan
// reads is not laid out as generated.
Results callExtern(const Plan::Extern &e, const std::vector<Plan::View> &views,
                   const std::vector<const at::Tensor *> &bySlot) {
    at::Tensor viewed[3];
    const at::Tensor *arg[3] = {};
    for (size_t i = 0; i < e.operands.size() && i < 3; ++i) {
        const Plan::Operand &o = e.operands[i];
        if (o.absent())
            continue;
        if (o.view < 0) {
            arg[i] = bySlot[o.slot];
        } else {
            const Plan::View &v = views[o.view];
            viewed[i] = viewOf(*bySlot[v.slot], v);
            arg[i] = &viewed[i];
        }
    }
    Results results = callOp(e, arg);
    if (e.slot >= 0)
        checkLayout(e.op, results[0], e.dtype, e.sizes, e.strides);
    for (size_t i = 0; i < e.more.size() && i + 1 < results.size(); ++i)
        if (e.more[i].slot >= 0)
            checkLayout(e.op, results[i + 1], e.more[i].dtype, e.more[i].sizes, e.more[i].strides);
    return results;
}

// A new reference to a torch.Tensor for `t` (THPVariable_Wrap: the existing object if it has
// one); null with a Python error.
PyObject *wrap(at::Tensor t) {
    PyObject *object = AtenFunctions::get().wrap(std::move(t));
    if (!object && !PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "dynascope: a tensor could not be wrapped");
    return object;
}

} // namespace

const char *NativeKernelPlan::externName(ExternOp op) {
    return AtenFunctions::name(op);
}

size_t NativeKernelPlan::externArity(ExternOp op) {
    switch (op) {
    case ExternOp::Addmm:
    case ExternOp::Convolution:
    case ExternOp::Baddbmm:
    case ExternOp::Addmv:
    case ExternOp::ConvolutionBackward:
        return 3;
    case ExternOp::Count:
        return 0;
    default:
        return 2;
    }
}

std::string NativeKernelPlan::externMissing(ExternOp op) {
    return AtenFunctions::get().missing[static_cast<int>(op)];
}

bool NativeKernelPlan::consistent() const {
    const int slotCount = static_cast<int>(buffers.size());
    auto inB = [slotCount](int slot) { return slot >= 0 && slot < slotCount; };
    std::vector<bool> made(buffers.size(), false); // the slots that hold a tensor so far
    for (const Input &in : inputs) {
        if (in.tensor && !inB(in.slot))
            return false;
        if (in.tensor)
            made[in.slot] = true;
    }
    for (const Fresh &f : fresh) {
        if (!inB(f.slot) || f.sizes.size() != f.strides.size())
            return false;
        made[f.slot] = true;
    }
    for (const auto &r : resident) {
        if (!inB(r.first))
            return false;
        made[r.first] = true;
    }
    for (const View &v : views)
        if (!inB(v.slot) || v.sizes.size() != v.strides.size())
            return false;
    auto readable = [&](int slot, int view) {
        if (view >= 0)
            return view < static_cast<int>(views.size()) && made[views[view].slot];
        return inB(slot) && made[slot];
    };
    const AtenFunctions &aten = AtenFunctions::get();
    for (const Step &step : program) {
        const size_t limit = step.isExtern ? externs.size() : segments.size();
        if (step.index < 0 || static_cast<size_t>(step.index) >= limit)
            return false;
        if (!step.isExtern)
            continue;
        const Extern &e = externs[step.index];
        const bool several = e.op == ExternOp::ConvolutionBackward; // results may be absent
        if (e.op == ExternOp::Count || !aten.has(e.op) || e.operands.size() != externArity(e.op) ||
            !(inB(e.slot) || (several && e.slot == -1)) || e.sizes.size() != e.strides.size() ||
            e.more.size() > (several ? 2u : 0u))
            return false;
        for (const Result &r : e.more)
            if (!(inB(r.slot) || r.slot == -1) || r.sizes.size() != r.strides.size())
                return false;
        for (size_t i = 0; i < e.operands.size(); ++i) {
            const Operand &o = e.operands[i];
            const bool mayBeAbsent = e.op == ExternOp::Convolution && i == 2; // bias None
            if (!(mayBeAbsent && o.absent()) && !readable(o.slot, o.view))
                return false;
        }
        if (e.slot >= 0)
            made[e.slot] = true;
        for (const Result &r : e.more)
            if (r.slot >= 0)
                made[r.slot] = true;
    }
    for (const Output &o : outputs) {
        switch (o.kind) {
        case Output::Kind::Fresh:
        case Output::Kind::Input:
            if (o.index < 0 || static_cast<size_t>(o.index) >=
                                   (o.kind == Output::Kind::Fresh ? fresh.size() : inputs.size()))
                return false;
            break;
        case Output::Kind::Tensor:
        case Output::Kind::View:
            if (!aten.wrap ||
                !(o.kind == Output::Kind::Tensor ? readable(o.index, -1) : readable(-1, o.index)))
                return false;
            break;
        case Output::Kind::Constant:
            break;
        }
    }
    return !sizes.empty();
}

bool NativeKernelPlan::matches(PyObject *args) const {
    if (PyTuple_GET_SIZE(args) != static_cast<Py_ssize_t>(inputs.size()))
        return false;
    for (size_t i = 0; i < inputs.size(); ++i) {
        PyObject *arg = PyTuple_GET_ITEM(args, i);
        const Input &in = inputs[i];
        if (Py_TYPE(arg) != in.type)
            return false;
        if (in.tensor) {
            int dim = 0;
            if (TensorAccess::compare(arg, in.facts, &dim) != TensorMismatch::None)
                return false;
        } else if (arg != in.value.get()) {
            int equal = PyObject_RichCompareBool(arg, in.value.get(), Py_EQ);
            if (equal != 1) {
                PyErr_Clear();
                return false;
            }
        }
    }
    return true;
}

bool NativeKernelPlan::run(PyObject *args, std::vector<PyRef> &out) {
    void **B = buffers.data();
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].slot >= 0)
            B[inputs[i].slot] = TensorMemory::dataPointer(PyTuple_GET_ITEM(args, i));
    // Small graphs have one or two outputs: no heap allocation for their references.
    PyObject *localMade[4];
    std::vector<PyObject *> heapMade;
    PyObject **made = localMade;
    if (fresh.size() > 4) {
        heapMade.resize(fresh.size());
        made = heapMade.data();
    }
    size_t madeCount = 0;
    auto release = [&] {
        for (size_t j = 0; j < madeCount; ++j)
            Py_DECREF(made[j]);
    };
    for (const Fresh &f : fresh) {
        PyObject *t = TensorMemory::emptyStrided(f.sizes, f.strides, f.dtype, &B[f.slot]);
        if (!t && !PyErr_Occurred())
            t = emptyStridedFromPython(f, &B[f.slot]);
        if (!t) {
            release();
            return false;
        }
        made[madeCount++] = t;
    }
    // The at::Tensor behind each slot, for extern calls and tensor outputs (kernels-only plans
    // skip this): inputs and fresh outputs borrowed from their Python objects, extern results
    // owned here until the call returns.
    const bool withTensors = !externs.empty() || !views.empty();
    std::vector<const at::Tensor *> bySlot(withTensors ? buffers.size() : 0, nullptr);
    std::vector<Results> results(externs.size());
    if (withTensors) {
        for (size_t i = 0; i < inputs.size(); ++i)
            if (inputs[i].slot >= 0)
                bySlot[inputs[i].slot] = &THPVariable_Unpack(PyTuple_GET_ITEM(args, i));
        for (const auto &r : resident)
            bySlot[r.first] = &THPVariable_Unpack(r.second.get());
        for (size_t i = 0; i < fresh.size(); ++i)
            bySlot[fresh[i].slot] = &THPVariable_Unpack(made[i]);
    }
    const size_t firstOutput = out.size();
    const int64_t *S = sizes.data();
    try {
        for (const Step &step : program) {
            if (!step.isExtern) {
                segments[step.index](B, S);
                continue;
            }
            const Extern &e = externs[step.index];
            Results &got = results[step.index];
            got = callExtern(e, views, bySlot);
            for (size_t r = 0; r <= e.more.size() && r < got.size(); ++r) {
                const int slot = r == 0 ? e.slot : e.more[r - 1].slot;
                if (slot >= 0) {
                    bySlot[slot] = &got[r];
                    B[slot] = got[r].data_ptr();
                }
            }
        }
        for (const Output &o : outputs) {
            switch (o.kind) {
            case Output::Kind::Fresh:
                out.push_back(PyRef::borrow(made[o.index]));
                break;
            case Output::Kind::Input:
                out.push_back(PyRef::borrow(PyTuple_GET_ITEM(args, o.index)));
                break;
            case Output::Kind::Constant:
                out.push_back(o.value);
                break;
            case Output::Kind::Tensor:
            case Output::Kind::View: {
                PyObject *t = o.kind == Output::Kind::Tensor
                                  ? wrap(*bySlot[o.index])
                                  : wrap(viewOf(*bySlot[views[o.index].slot], views[o.index]));
                if (!t)
                    throw std::runtime_error(""); // the Python error is set
                out.push_back(PyRef::steal(t));
                break;
            }
            }
        }
    } catch (const std::exception &e) { // c10::Error from LibTorch (out of memory, a bad shape)
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, e.what());
        out.resize(firstOutput);
        release();
        return false;
    }
    release();
    ++calls;
    return true;
}

} // namespace dynascope
