// NativePlanReader: parses native_plan's arguments into a NativeKernelPlan and checks it
// (NativeKernelPlan::consistent) before the capture core runs anything from it.
#include "runtime/nativeplanreader.h"

#include "sources/pyobjects.h"

#include <string>

namespace dynascope {

namespace {

using Plan = NativeKernelPlan;

std::vector<int64_t> int64List(PyObject *sequence) {
    std::vector<int64_t> out;
    PyRef fast = PyRef::steal(PySequence_Fast(sequence, "a sequence of ints"));
    if (!fast)
        return out;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast.get()); ++i)
        out.push_back(PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast.get(), i)));
    return out;
}

// Calls `item(element)` for each element of `sequence`; false with a Python error.
template <typename Item> bool eachOf(PyObject *sequence, const char *what, Item item) {
    PyRef fast = PyRef::steal(PySequence_Fast(sequence, what));
    if (!fast)
        return false;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast.get()); ++i)
        if (!item(PySequence_Fast_GET_ITEM(fast.get(), i)) || PyErr_Occurred())
            return false;
    return true;
}

// TensorAccess reads a torch.Tensor's memory layout directly: anything else is refused first.
bool tensorArgument(PyObject *value, const char *what) {
    if (py::isTensor(value))
        return true;
    PyErr_Format(PyExc_TypeError, "native_plan: %s is not a tensor", what);
    return false;
}

bool readNumber(PyObject *value, Plan::Number &n) {
    n.isFloat = PyFloat_Check(value);
    if (n.isFloat)
        n.f = PyFloat_AsDouble(value);
    else
        n.i = PyLong_AsLongLong(value); // bool and int
    return !PyErr_Occurred();
}

bool externOpNamed(const char *name, ExternOp &op) {
    for (int i = 0; i < static_cast<int>(ExternOp::Count); ++i)
        if (std::string(name) == Plan::externName(static_cast<ExternOp>(i))) {
            op = static_cast<ExternOp>(i);
            return true;
        }
    PyErr_Format(PyExc_ValueError, "native_plan: no extern op %s", name);
    return false;
}

// convolution's (stride, padding, dilation, transposed, output_padding, groups).
bool readConvolution(PyObject *params, Plan::Convolution &c) {
    PyObject *stride = nullptr, *padding = nullptr, *dilation = nullptr, *outputPadding = nullptr;
    int transposed = 0;
    long long groups = 1;
    if (!PyArg_ParseTuple(params, "OOOpOL:native_plan convolution", &stride, &padding, &dilation,
                          &transposed, &outputPadding, &groups))
        return false;
    c.stride = int64List(stride);
    c.padding = int64List(padding);
    c.dilation = int64List(dilation);
    c.outputPadding = int64List(outputPadding);
    c.transposed = transposed != 0;
    c.groups = groups;
    return !PyErr_Occurred();
}

// convolution_backward's (bias_sizes or None, convolution's six, output_mask).
bool readConvolutionBackward(PyObject *params, Plan::Convolution &c) {
    if (!PyTuple_Check(params) || PyTuple_GET_SIZE(params) != 8) {
        PyErr_SetString(PyExc_TypeError, "native_plan: convolution_backward takes 8 parameters");
        return false;
    }
    PyRef shared = PyRef::steal(PyTuple_GetSlice(params, 1, 7));
    if (!shared || !readConvolution(shared.get(), c))
        return false;
    PyObject *biasSizes = PyTuple_GET_ITEM(params, 0);
    c.hasBiasSizes = biasSizes != Py_None;
    if (c.hasBiasSizes)
        c.biasSizes = int64List(biasSizes);
    std::vector<int64_t> mask = int64List(PyTuple_GET_ITEM(params, 7));
    if (!PyErr_Occurred() && mask.size() != 3)
        PyErr_SetString(PyExc_ValueError, "native_plan: output_mask has three entries");
    for (size_t i = 0; i < 3 && i < mask.size(); ++i)
        c.outputMask[i] = mask[i] != 0;
    return !PyErr_Occurred();
}

// The results after the first of an op with several: (slot, sizes, strides, example) or None.
bool readMoreResults(PyObject *more, Plan::Extern &e) {
    return eachOf(more, "more results", [&e](PyObject *item) {
        Plan::Result r;
        if (item != Py_None) {
            PyObject *sizes = nullptr, *strides = nullptr, *example = nullptr;
            if (!PyArg_ParseTuple(item, "iOOO:native_plan result", &r.slot, &sizes, &strides,
                                  &example) ||
                !tensorArgument(example, "an extern's result example"))
                return false;
            r.sizes = int64List(sizes);
            r.strides = int64List(strides);
            r.dtype = TensorAccess::read(example).dtype;
        }
        e.more.push_back(std::move(r));
        return true;
    });
}

bool readStep(Plan &plan, PyObject *item) {
    const char *kind = nullptr;
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 2 ||
        !(kind = PyUnicode_AsUTF8(PyTuple_GET_ITEM(item, 0)))) {
        PyErr_SetString(PyExc_TypeError, "native_plan: a program step is (kind, ...)");
        return false;
    }
    Plan::Step step;
    if (std::string(kind) == "segment") {
        step.index = static_cast<int>(plan.segments.size());
        plan.segments.push_back(
            reinterpret_cast<KernelEntry>(PyLong_AsLongLong(PyTuple_GET_ITEM(item, 1))));
        plan.program.push_back(step);
        return !PyErr_Occurred();
    }
    Plan::Extern e;
    const char *op = nullptr;
    PyObject *operands = nullptr, *beta = nullptr, *alpha = nullptr, *sizes = nullptr,
             *strides = nullptr, *example = nullptr, *params = nullptr, *more = nullptr;
    if (!PyArg_ParseTuple(item, "ssOOOiOOO|OO:native_plan extern", &kind, &op, &operands, &beta,
                          &alpha, &e.slot, &sizes, &strides, &example, &params, &more) ||
        !externOpNamed(op, e.op) || !readNumber(beta, e.beta) || !readNumber(alpha, e.alpha))
        return false;
    const bool convolution = e.op == ExternOp::Convolution;
    const bool backward = e.op == ExternOp::ConvolutionBackward;
    if ((convolution || backward) &&
        !(params && (convolution ? readConvolution(params, e.convolution)
                                 : readConvolutionBackward(params, e.convolution)))) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "native_plan: a convolution needs its parameters");
        return false;
    }
    if (more && more != Py_None && !readMoreResults(more, e))
        return false;
    if (!eachOf(operands, "operands", [&e](PyObject *o) {
            Plan::Operand operand;
            if (!PyArg_ParseTuple(o, "ii", &operand.slot, &operand.view))
                return false;
            e.operands.push_back(operand);
            return true;
        }))
        return false;
    e.sizes = int64List(sizes);
    e.strides = int64List(strides);
    if (!tensorArgument(example, "an extern's result example"))
        return false;
    e.dtype = TensorAccess::read(example).dtype;
    step.isExtern = true;
    step.index = static_cast<int>(plan.externs.size());
    plan.externs.push_back(std::move(e));
    plan.program.push_back(step);
    return true;
}

bool readInputs(Plan &plan, PyObject *inputs, PyObject *slots) {
    std::vector<int64_t> slotList = int64List(slots);
    if (PyErr_Occurred())
        return false;
    if (slotList.size() != static_cast<size_t>(PyTuple_GET_SIZE(inputs))) {
        PyErr_SetString(PyExc_ValueError, "native_plan: one slot per input");
        return false;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(inputs); ++i) {
        PyObject *value = PyTuple_GET_ITEM(inputs, i);
        Plan::Input in;
        in.type = Py_TYPE(value);
        in.slot = static_cast<int>(slotList[i]);
        in.tensor = in.slot >= 0;
        if (in.tensor) {
            if (!tensorArgument(value, "an input with a slot"))
                return false;
            in.facts = TensorAccess::read(value);
            plan.inputsRequireGrad = plan.inputsRequireGrad || in.facts.requiresGrad;
        } else {
            in.value = PyRef::borrow(value);
        }
        plan.inputs.push_back(std::move(in));
    }
    return true;
}

bool readView(Plan &plan, PyObject *item) {
    Plan::View v;
    PyObject *sizes = nullptr, *strides = nullptr;
    long long offset = 0;
    if (!PyArg_ParseTuple(item, "iOOL:native_plan view", &v.slot, &sizes, &strides, &offset))
        return false;
    v.sizes = int64List(sizes);
    v.strides = int64List(strides);
    v.offset = offset;
    plan.views.push_back(std::move(v));
    return true;
}

bool readFresh(Plan &plan, PyObject *item) {
    Plan::Fresh f;
    PyObject *size = nullptr, *stride = nullptr, *dtype = nullptr, *example = nullptr;
    if (!PyArg_ParseTuple(item, "iO!O!OO:native_plan fresh", &f.slot, &PyTuple_Type, &size,
                          &PyTuple_Type, &stride, &dtype, &example) ||
        !tensorArgument(example, "a fresh output's example"))
        return false;
    f.size = PyRef::borrow(size);
    f.stride = PyRef::borrow(stride);
    f.dtypeObject = PyRef::borrow(dtype);
    f.sizes = int64List(size);
    f.strides = int64List(stride);
    f.dtype = TensorAccess::read(example).dtype;
    plan.fresh.push_back(std::move(f));
    return true;
}

bool readOutput(Plan &plan, PyObject *item) {
    const char *kind = nullptr;
    PyObject *what = nullptr;
    if (!PyArg_ParseTuple(item, "sO:native_plan output", &kind, &what))
        return false;
    using Kind = Plan::Output::Kind;
    static const std::pair<const char *, Kind> kinds[] = {{"fresh", Kind::Fresh},
                                                          {"input", Kind::Input},
                                                          {"constant", Kind::Constant},
                                                          {"tensor", Kind::Tensor},
                                                          {"view", Kind::View}};
    Plan::Output o;
    bool known = false;
    for (const auto &k : kinds)
        if (std::string(kind) == k.first) {
            o.kind = k.second;
            known = true;
        }
    if (!known) {
        PyErr_Format(PyExc_ValueError, "native_plan: no output kind %s", kind);
        return false;
    }
    if (o.kind == Kind::Constant)
        o.value = PyRef::borrow(what);
    else
        o.index = static_cast<int>(PyLong_AsLong(what));
    plan.outputs.push_back(std::move(o));
    return true;
}

bool readResident(Plan &plan, PyObject *item) {
    int slot = -1;
    PyObject *tensor = nullptr;
    if (!PyArg_ParseTuple(item, "iO:native_plan resident", &slot, &tensor) ||
        !tensorArgument(tensor, "a resident buffer"))
        return false;
    plan.resident.emplace_back(slot, PyRef::borrow(tensor));
    return true;
}

} // namespace

std::shared_ptr<NativeKernelPlan> NativePlanReader::read(PyObject *args) {
    PyObject *inputs, *slots, *buffers, *sizes, *program, *views, *fresh, *outputs, *resident,
        *keep;
    if (!PyArg_ParseTuple(args, "O!OOOOOOOOO:native_plan", &PyTuple_Type, &inputs, &slots, &buffers,
                          &sizes, &program, &views, &fresh, &outputs, &resident, &keep))
        return nullptr;
    auto plan = std::make_shared<NativeKernelPlan>();
    Plan &p = *plan;
    if (!readInputs(p, inputs, slots))
        return nullptr;
    for (int64_t address : int64List(buffers))
        p.buffers.push_back(reinterpret_cast<void *>(address));
    p.sizes = int64List(sizes);
    if (PyErr_Occurred() ||
        !eachOf(program, "program", [&p](PyObject *i) { return readStep(p, i); }) ||
        !eachOf(views, "views", [&p](PyObject *i) { return readView(p, i); }) ||
        !eachOf(fresh, "fresh outputs", [&p](PyObject *i) { return readFresh(p, i); }) ||
        !eachOf(outputs, "outputs", [&p](PyObject *i) { return readOutput(p, i); }) ||
        !eachOf(resident, "resident", [&p](PyObject *i) { return readResident(p, i); }))
        return nullptr;
    if (!p.consistent()) {
        PyErr_SetString(PyExc_ValueError,
                        "native_plan: a slot or index out of range, a tensor read before it is "
                        "made, or an extern op that cannot be called from C++");
        return nullptr;
    }
    p.keep = PyRef::borrow(keep);
    return plan;
}

} // namespace dynascope
