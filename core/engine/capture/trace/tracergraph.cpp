// Graph calls: Values to node arguments and to meta arguments, shape inference on meta tensors,
// and the breaks for operators whose output depends on tensor data.
#include "shapes/shapepolicy.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <structmember.h>

#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

NodeArg toNodeArg(const ValuePtr &v) {
    switch (v->kind) {
    case K::Tensor:
    case K::SymInt: // its node made by the caller (Tracer::symIntNode)
        return NodeArg::ofNode(v->as<GraphValue>()->node);
    case K::Tuple:
    case K::List: {
        std::vector<NodeArg> items;
        for (const ValuePtr &i : v->as<SequenceValue>()->items)
            items.push_back(toNodeArg(i));
        return NodeArg::ofItems(v->kind == K::Tuple ? NodeArg::Kind::Tuple : NodeArg::Kind::List,
                                items);
    }
    default: {
        PyRef p = v->asPython();
        if (!p)
            throw GraphBreak(BreakId::UnknownValue, "graph argument " + v->describe());
        return NodeArg::ofConst(p);
    }
    }
}

// mode 0: meta tensors; mode 1: real zero tensors of the same shape (fallback).
PyRef toExample(const ValuePtr &v, int mode) {
    switch (v->kind) {
    case K::Tensor: {
        const PyRef &meta = v->as<TensorValue>()->meta;
        if (mode == 0)
            return meta;
        PyRef shape = PyRef::steal(PyObject_GetAttrString(meta.get(), "shape"));
        PyRef dtype = PyRef::steal(PyObject_GetAttrString(meta.get(), "dtype"));
        PyRef zeros = PyRef::steal(PyObject_GetAttrString(py::torch(), "zeros"));
        PyRef args = PyRef::steal(PyTuple_Pack(1, shape.get()));
        PyRef kw = PyRef::steal(PyDict_New());
        PyDict_SetItemString(kw.get(), "dtype", dtype.get());
        return PyRef::steal(PyObject_Call(zeros.get(), args.get(), kw.get()));
    }
    case K::Tuple:
    case K::List: {
        PyRef out = PyRef::steal(PyList_New(0));
        for (const ValuePtr &i : v->as<SequenceValue>()->items) {
            PyRef e = toExample(i, mode);
            if (!e)
                return {};
            PyList_Append(out.get(), e.get());
        }
        if (v->kind == K::Tuple)
            return PyRef::steal(PyList_AsTuple(out.get()));
        return out;
    }
    case K::SymInt:
        return v->object; // this trace's example value
    default:
        return v->asPython();
    }
}

std::string errorText() {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    std::string text = type ? reinterpret_cast<PyTypeObject *>(type)->tp_name : "error";
    if (value) {
        PyRef s = PyRef::steal(PyObject_Str(value));
        if (s)
            text += std::string(": ") + PyUnicode_AsUTF8(s.get());
    }
    PyErr_Clear();
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return text.substr(0, 300);
}

bool isPythonScalar(PyObject *o) {
    // None is not one: an op returning None is run for its effect (operator.setitem).
    if (PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) || PyUnicode_Check(o))
        return true;
    std::string type = Py_TYPE(o)->tp_name;
    return type == "torch.dtype" || type == "torch.device" || type == "torch.memory_format";
}

bool isDataDependentShapeOp(const std::string &target) {
    static const std::set<std::string> ops = {
        "nonzero",           "masked_select", "unique", "_unique2", "unique_consecutive",
        "repeat_interleave", "bincount",      "histc",  "argwhere", "masked_scatter"};
    auto dot = target.rfind('.');
    return ops.count(dot == std::string::npos ? target : target.substr(dot + 1)) > 0;
}

PyRef callExample(PyObject *metaFn, const std::string &op, const std::string &target,
                  const std::vector<ValuePtr> &args,
                  const std::vector<std::pair<std::string, ValuePtr>> &kwargs, int mode) {
    PyRef list = PyRef::steal(PyList_New(0));
    for (const ValuePtr &a : args) {
        PyRef e = toExample(a, mode);
        if (!e)
            return {};
        PyList_Append(list.get(), e.get());
    }
    PyRef kw = PyRef::steal(PyDict_New());
    for (const auto &k : kwargs) {
        PyRef e = toExample(k.second, mode);
        if (!e)
            return {};
        PyDict_SetItemString(kw.get(), k.first.c_str(), e.get());
    }
    PyRef callable;
    if (op == "call_method") {
        callable =
            PyRef::steal(PyObject_GetAttrString(PyList_GetItem(list.get(), 0), target.c_str()));
        PySequence_DelItem(list.get(), 0);
    } else {
        callable = PyRef::borrow(metaFn);
    }
    if (!callable)
        return {};
    PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
    return PyRef::steal(PyObject_Call(callable.get(), tuple.get(), kw.get()));
}

} // namespace

// A torch function given no tensor (torch.are_deterministic_algorithms_enabled(),
// torch.get_default_dtype()) answers from global state: the folded answer holds only while the
// function, called again with the same arguments, still gives it (Dynamo's GLOBAL_STATE covers
// the deterministic flag and the default dtype the same way).
void Tracer::guardStateRead(const std::string &op, PyObject *fn, const std::vector<ValuePtr> &args,
                            const std::vector<std::pair<std::string, ValuePtr>> &kwargs,
                            PyObject *value) {
    if (op != "call_function")
        return;
    for (const ValuePtr &a : args)
        if (a->kind == K::Tensor)
            return;
    for (const auto &k : kwargs)
        if (k.second->kind == K::Tensor)
            return;
    PyRef list = PyRef::steal(PyList_New(0));
    PyRef kw = PyRef::steal(PyDict_New());
    for (const ValuePtr &a : args) {
        PyRef e = toExample(a, 0);
        if (!e || PyList_Append(list.get(), e.get()) < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnsupportedCall, "a state read with unguardable arguments");
        }
    }
    for (const auto &k : kwargs) {
        PyRef e = toExample(k.second, 0);
        if (!e || PyDict_SetItemString(kw.get(), k.first.c_str(), e.get()) < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnsupportedCall, "a state read with unguardable arguments");
        }
    }
    PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
    addGuard(Guard::stateRead(fn, tuple.get(), kw.get(), value));
}

ValuePtr Tracer::callGraph(const std::string &op, const std::string &target, PyRef targetObj,
                           PyObject *metaFn, const std::vector<ValuePtr> &args,
                           const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    std::vector<NodeArg> nodeArgs;
    for (const ValuePtr &a : args)
        nodeArgs.push_back(toNodeArg(a));
    std::vector<std::pair<std::string, NodeArg>> nodeKwargs;
    for (const auto &k : kwargs)
        nodeKwargs.push_back({k.first, toNodeArg(k.second)});
    // repeat_interleave's output size depends on data only when `repeats` is a tensor.
    bool intRepeats = false;
    if (target.size() >= 17 && target.compare(target.size() - 17, 17, "repeat_interleave") == 0) {
        const ValuePtr *repeats = args.size() >= 2 ? &args[1] : nullptr;
        for (const auto &k : kwargs)
            if (k.first == "repeats")
                repeats = &k.second;
        intRepeats = repeats && (*repeats)->kind != K::Tensor;
    }
    if (isDataDependentShapeOp(target) && !intRepeats)
        throw GraphBreak(BreakId::DataDependentShape, target);
    // one_hot's class count is the input's max + 1 when num_classes is left out (or -1).
    if (target.size() >= 7 && target.compare(target.size() - 7, 7, "one_hot") == 0) {
        const ValuePtr *classes = args.size() >= 2 ? &args[1] : nullptr;
        for (const auto &k : kwargs)
            if (k.first == "num_classes")
                classes = &k.second;
        PyRef n = classes ? (*classes)->asPython() : PyRef();
        if (!classes || (n && PyLong_Check(n.get()) && PyLong_AsLong(n.get()) == -1))
            throw GraphBreak(BreakId::DataDependentShape, target + " without num_classes");
    }
    // The random stream's seeds are not metadata: folded at trace time they would be one fixed
    // number for every later call (torch.seed() draws a new one each time).
    for (const char *seedFn :
         {"torch.seed", "torch.random.seed", "torch.initial_seed", "torch.random.initial_seed"})
        if (target == seedFn)
            throw GraphBreak(BreakId::UnsupportedCall, target + "() reads the random generator");
    // Shape inference runs under the traced code's grad mode (requires_grad of the results).
    PyRef c = PyRef::steal(PyObject_GetAttrString(py::torch(), "_C"));
    PyRef setGrad = PyRef::steal(PyObject_GetAttrString(c.get(), "_set_grad_enabled"));
    PyRef isGrad = PyRef::steal(PyObject_GetAttrString(py::torch(), "is_grad_enabled"));
    PyRef before = PyRef::steal(PyObject_CallNoArgs(isGrad.get()));
    PyRef(PyRef::steal(PyObject_CallOneArg(setGrad.get(), gradMode() ? Py_True : Py_False)));
    struct Restore {
        PyObject *fn, *value;
        ~Restore() {
            PyObject *type, *v, *tb;
            PyErr_Fetch(&type, &v, &tb);
            Py_XDECREF(PyObject_CallOneArg(fn, value));
            PyErr_Restore(type, v, tb);
        }
    } restore{setGrad.get(), before.get()};
    // Inference must not draw from the program's random stream: a factory call (torch.randn(3))
    // has no meta argument and runs on the CPU, and the fallback below runs on real zeros.
    // Without this the compiled code's random numbers differ from eager's after manual_seed.
    PyRef generator = PyRef::steal(PyObject_GetAttrString(py::torch(), "default_generator"));
    PyRef rngState = PyRef::steal(PyObject_CallMethod(generator.get(), "get_state", nullptr));
    if (!rngState)
        PyErr_Clear();
    struct RestoreRng {
        PyObject *generator, *state;
        ~RestoreRng() {
            if (!generator || !state)
                return;
            PyObject *type, *v, *tb;
            PyErr_Fetch(&type, &v, &tb);
            Py_XDECREF(PyObject_CallMethod(generator, "set_state", "O", state));
            PyErr_Clear();
            PyErr_Restore(type, v, tb);
        }
    } restoreRng{generator.get(), rngState.get()};
    PyRef result = callExample(metaFn, op, target, args, kwargs, 0);
    bool onMeta = static_cast<bool>(result);
    if (!result) {
        std::string err = errorText();
        if (err.find("_local_scalar_dense") != std::string::npos)
            throw GraphBreak(BreakId::TensorItem, target + " needs a tensor's value");
        // No meta kernel: infer on zero-filled real tensors of the same shapes instead.
        result = callExample(metaFn, op, target, args, kwargs, 1);
        if (!result) {
            std::string err2 = errorText();
            throw GraphBreak(BreakId::UnsupportedCall, target + ": " + err2);
        }
    }
    if (isPythonScalar(result.get())) {
        // A Python value computed on meta tensors depends on metadata only (torch.numel,
        // torch.is_floating_point, x.dim()...): a constant, as Dynamo folds it, with symbolic
        // sizes it read specialised. Computed on stand-in zeros it would depend on data that
        // the trace does not have: a break, never a made-up constant.
        if (!onMeta)
            throw GraphBreak(BreakId::TensorItem,
                             target + " returns a Python value of tensor data");
        guardStateRead(op, metaFn, args, kwargs, result.get());
        for (const ValuePtr &a : args) {
            if (a->kind == K::Tensor)
                specializeDims(a);
            specializeSymInt(a); // the constant was computed from its example value
        }
        return Value::constant(result);
    }
    PyRef device;
    for (const ValuePtr &a : args)
        if (auto *t = a->tryAs<TensorValue>(); t && t->device) {
            device = t->device;
            break;
        }
    std::string nodeName = m_graph->addCall(op, target, targetObj, nodeArgs, nodeKwargs);
    GraphNodeSpec &node = m_graph->last();
    std::vector<SourceSite> stack = userStack();
    node.site = stack.back();
    if (stack.size() > 1)
        node.inlineStack.assign(stack.begin(), stack.end() - 1);

    auto tensorValue = [&](PyObject *t, const std::string &name) {
        auto v = std::make_shared<TensorValue>();
        PyRef devType = PyRef::steal(PyObject_GetAttrString(t, "is_meta"));
        v->meta = devType.get() == Py_True
                      ? PyRef::borrow(t)
                      : PyRef::steal(PyObject_CallMethod(t, "to", "s", "meta"));
        PyErr_Clear();
        v->node = name;
        v->device = device;
        if (!v->device) {
            PyRef dev = PyRef::steal(PyObject_GetAttrString(t, "device"));
            v->device = devType.get() == Py_True ? PyRef() : dev;
            PyErr_Clear();
        }
        PyRef shape = PyRef::steal(PyObject_GetAttrString(v->meta.get(), "shape"));
        for (Py_ssize_t i = 0; shape && i < PyTuple_Size(shape.get()); ++i) {
            long n = PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i));
            v->dims.push_back(m_start.shapes && n >= 2 ? m_start.shapes->symbolOfValue(n) : "");
        }
        return v;
    };
    auto setMeta = [&](GraphNodeSpec &n, const std::shared_ptr<TensorValue> &v) {
        n.shape = v->shapeStrings();
        PyRef dtype = PyRef::steal(PyObject_GetAttrString(v->meta.get(), "dtype"));
        n.dtype = dtypeName(dtype.get());
    };
    if (py::isTensor(result.get())) {
        auto v = tensorValue(result.get(), nodeName);
        setMeta(m_graph->last(), v);
        // Python arithmetic (operator.*, builtins, math) on captured Python numbers only
        // (item() results) gives a Python number; a torch call on one (torch.tensor(v)) gives a
        // tensor.
        bool numeric = target.rfind("operator.", 0) == 0 || target.rfind("builtins.", 0) == 0 ||
                       target.rfind("math.", 0) == 0;
        bool anyScalar = false, anyTensor = !numeric;
        auto look = [&](const ValuePtr &a) {
            if (const auto *t = a->tryAs<TensorValue>())
                (t->scalarType ? anyScalar : anyTensor) = true;
        };
        for (const ValuePtr &a : args)
            look(a);
        for (const auto &k : kwargs)
            look(k.second);
        if (anyScalar && !anyTensor) {
            PyRef dtype = PyRef::steal(PyObject_GetAttrString(v->meta.get(), "dtype"));
            v->scalarType = scalarTypeOf(dtype.get());
        }
        return v;
    }
    if (PyTuple_Check(result.get()) || PyList_Check(result.get())) {
        bool allTensors = true;
        Py_ssize_t n = PySequence_Size(result.get());
        for (Py_ssize_t i = 0; i < n; ++i) {
            PyRef e = PyRef::steal(PySequence_GetItem(result.get(), i));
            allTensors = allTensors && py::isTensor(e.get());
        }
        if (allTensors) {
            PyRef getitem = PyRef::steal(PyObject_GetAttrString(py::operatorModule(), "getitem"));
            std::vector<ValuePtr> items;
            for (Py_ssize_t i = 0; i < n; ++i) {
                PyRef e = PyRef::steal(PySequence_GetItem(result.get(), i));
                std::string itemName =
                    m_graph->addCall("call_function", "operator.getitem", getitem,
                                     {NodeArg::ofNode(nodeName),
                                      NodeArg::ofConst(PyRef::steal(PyLong_FromSsize_t(i)))},
                                     {});
                GraphNodeSpec &itemNode = m_graph->last();
                itemNode.site = stack.back();
                if (stack.size() > 1)
                    itemNode.inlineStack.assign(stack.begin(), stack.end() - 1);
                auto v = tensorValue(e.get(), itemName);
                setMeta(itemNode, v);
                items.push_back(v);
            }
            auto tuple = SequenceValue::make(K::Tuple, items);
            // torch.return_types.* (values/indices): keep the type and its field names.
            if (!PyTuple_CheckExact(result.get()) && PyTuple_Check(result.get())) {
                PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(result.get()));
                tuple->pyType = PyRef::borrow(type);
                PyRef fields = PyRef::steal(PyObject_GetAttrString(type, "_fields"));
                if (!fields) {
                    PyErr_Clear();
                    // structseq: field names from the members of the type.
                    for (Py_ssize_t i = 0; i < n; ++i) {
                        PyMemberDef *m = reinterpret_cast<PyTypeObject *>(type)->tp_members;
                        if (m && m[i].name)
                            tuple->fieldNames.push_back(
                                PyRef::steal(PyUnicode_FromString(m[i].name)));
                    }
                } else {
                    for (Py_ssize_t i = 0; i < PySequence_Size(fields.get()); ++i)
                        tuple->fieldNames.push_back(
                            PyRef::steal(PySequence_GetItem(fields.get(), i)));
                }
            }
            return tuple;
        }
    }
    if (result.get() == Py_None)
        return Value::constant(result);
    throw GraphBreak(BreakId::UnknownValue, target + " returned " + Py_TYPE(result.get())->tp_name);
}

} // namespace dynascope
