// Value helpers: constructors, conversion to Python, and printable value kinds.
#include "trace/value.h"

#include "guards/guard.h"

namespace dynascope {

ValuePtr Value::null() {
    return ofKind(Kind::Null);
}

ValuePtr Value::constant(PyRef object) {
    return ofKind(Kind::Constant, std::move(object));
}

ValuePtr Value::ofKind(Kind kind, PyRef object, SourcePtr source) {
    auto v = std::make_shared<Value>();
    v->kind = kind;
    v->object = std::move(object);
    v->source = std::move(source);
    return v;
}

ValuePtr Value::sequence(Kind kind, std::vector<ValuePtr> items) {
    auto v = ofKind(kind);
    v->items = std::move(items);
    return v;
}

ValuePtr Value::method(Kind kind, ValuePtr self, const std::string &name, PyRef fn) {
    auto v = ofKind(kind, std::move(fn));
    v->self = std::move(self);
    v->name = name;
    return v;
}

PyRef Value::asPython() const {
    switch (kind) {
    case Kind::Constant:
        return object;
    case Kind::Tuple:
    case Kind::List: {
        PyRef out = PyRef::steal(kind == Kind::Tuple ? PyTuple_New(items.size())
                                                     : PyList_New(items.size()));
        for (size_t i = 0; i < items.size(); ++i) {
            PyRef item = items[i]->asPython();
            if (!item)
                return {};
            if (kind == Kind::Tuple)
                PyTuple_SET_ITEM(out.get(), i, item.release());
            else
                PyList_SET_ITEM(out.get(), i, item.release());
        }
        if (!pyType)
            return out;
        // A named tuple is made with its _make (its constructor takes the fields as arguments),
        // a structseq or deque from the sequence itself.
        PyRef make = kind == Kind::Tuple
                         ? PyRef::steal(PyObject_GetAttrString(pyType.get(), "_make"))
                         : PyRef();
        PyErr_Clear();
        PyRef typed =
            PyRef::steal(PyObject_CallOneArg(make ? make.get() : pyType.get(), out.get()));
        if (!typed)
            PyErr_Clear();
        return typed;
    }
    case Kind::Dict: {
        PyRef out = PyRef::steal(PyDict_New());
        for (size_t i = 0; i < items.size(); ++i) {
            PyRef item = items[i]->asPython();
            if (!item)
                return {};
            PyDict_SetItem(out.get(), keys[i].get(), item.get());
        }
        if (!pyType)
            return out;
        PyRef factory = self ? self->asPython() : PyRef();
        if (self && !factory)
            return {};
        PyRef typed = PyRef::steal(
            factory ? PyObject_CallFunctionObjArgs(pyType.get(), factory.get(), out.get(), nullptr)
                    : PyObject_CallOneArg(pyType.get(), out.get()));
        if (!typed)
            PyErr_Clear();
        return typed;
    }
    case Kind::UserFunction:
    case Kind::TorchFunction:
    case Kind::Builtin:
    case Kind::PyModule:
        return object;
    case Kind::DictView: {
        PyRef d = self ? self->asPython() : PyRef();
        if (!d)
            return {};
        PyRef view = PyRef::steal(PyObject_CallMethod(d.get(), name.c_str(), nullptr));
        if (!view)
            PyErr_Clear();
        return view;
    }
    default:
        return {};
    }
}

const char *kindName(Value::Kind kind) {
    switch (kind) {
    case Value::Kind::Null:
        return "NullVariable";
    case Value::Kind::Constant:
        return "ConstantVariable";
    case Value::Kind::Tensor:
        return "TensorVariable";
    case Value::Kind::Tuple:
        return "TupleVariable";
    case Value::Kind::List:
        return "ListVariable";
    case Value::Kind::Dict:
        return "ConstDictVariable";
    case Value::Kind::Iterator:
        return "ListIteratorVariable";
    case Value::Kind::UserFunction:
        return "UserFunctionVariable";
    case Value::Kind::NestedFunction:
        return "NestedUserFunctionVariable";
    case Value::Kind::BoundMethod:
        return "UserMethodVariable";
    case Value::Kind::TensorMethod:
        return "GetAttrVariable";
    case Value::Kind::TorchFunction:
        return "TorchVariable";
    case Value::Kind::Builtin:
        return "BuiltinVariable";
    case Value::Kind::ObjectMethod:
        return "GetAttrVariable";
    case Value::Kind::PyModule:
        return "PythonModuleVariable";
    case Value::Kind::NNModule:
        return "NNModuleVariable";
    case Value::Kind::Cell:
        return "CellVariable";
    case Value::Kind::UserObject:
        return "UserDefinedObjectVariable";
    case Value::Kind::GradMode:
        return "GradModeVariable";
    case Value::Kind::DictView:
        return "DictViewVariable";
    case Value::Kind::Super:
        return "SuperVariable";
    case Value::Kind::SymInt:
        return "SymNodeVariable";
    }
    return "?";
}

std::string shortDtype(PyObject *dtype) {
    static const std::pair<const char *, const char *> names[] = {
        {"float32", "f32"}, {"float64", "f64"}, {"float16", "f16"}, {"bfloat16", "bf16"},
        {"int64", "i64"},   {"int32", "i32"},   {"int16", "i16"},   {"int8", "i8"},
        {"uint8", "u8"},    {"bool", "b8"}};
    std::string n = dtypeName(dtype);
    for (const auto &p : names)
        if (n == p.first)
            return p.second;
    return n;
}

std::vector<std::string> shapeStrings(const Value &tensor) {
    std::vector<std::string> out;
    if (!tensor.meta)
        return out;
    PyRef shape = PyRef::steal(PyObject_GetAttrString(tensor.meta.get(), "shape"));
    if (!shape) {
        PyErr_Clear();
        return out;
    }
    Py_ssize_t n = PyTuple_Size(shape.get());
    for (Py_ssize_t i = 0; i < n; ++i) {
        if (i < static_cast<Py_ssize_t>(tensor.dims.size()) && !tensor.dims[i].empty())
            out.push_back(tensor.dims[i]);
        else
            out.push_back(std::to_string(PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i))));
    }
    return out;
}

std::string Value::describe() const {
    std::string k = kindName(kind);
    switch (kind) {
    case Kind::Tensor: {
        std::string s;
        for (const std::string &d : shapeStrings(*this))
            s += (s.empty() ? "" : ", ") + d;
        PyRef dtype = meta ? PyRef::steal(PyObject_GetAttrString(meta.get(), "dtype")) : PyRef();
        PyErr_Clear();
        return k + "(" + (dtype ? shortDtype(dtype.get()) : "?") + "[" + s + "])";
    }
    case Kind::Constant:
        return k + "(" + pyRepr(object.get(), 40) + ")";
    case Kind::SymInt:
        return k + "(int, example " + pyRepr(object.get(), 40) + ")";
    case Kind::Tuple:
    case Kind::List:
        return k + "(length " + std::to_string(items.size()) + ")";
    case Kind::TensorMethod:
    case Kind::ObjectMethod:
    case Kind::TorchFunction:
        return k + "(" + name + ")";
    case Kind::NNModule:
    case Kind::UserObject:
        return k + "(" + (object ? Py_TYPE(object.get())->tp_name : "?") + ")";
    case Kind::UserFunction:
    case Kind::Builtin: {
        PyRef qn =
            object ? PyRef::steal(PyObject_GetAttrString(object.get(), "__qualname__")) : PyRef();
        PyErr_Clear();
        const char *s = qn && PyUnicode_Check(qn.get()) ? PyUnicode_AsUTF8(qn.get()) : "?";
        return k + "(" + s + ")";
    }
    default:
        return k + "()";
    }
}

} // namespace dynascope
