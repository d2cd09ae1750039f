// The value classes' behaviour: construction by kind, conversion to Python, printable kinds,
// truth and Python types.
#include "trace/value.h"

#include "guards/guard.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"

namespace dynascope {

ValuePtr Value::null() {
    return std::make_shared<ObjectValue>(Kind::Null);
}

ValuePtr Value::constant(PyRef object) {
    return std::make_shared<ConstantValue>(std::move(object));
}

ValuePtr Value::ofKind(Kind kind, PyRef object, SourcePtr source) {
    switch (kind) {
    case Kind::Constant:
        return std::make_shared<ConstantValue>(std::move(object), std::move(source));
    case Kind::Null:
    case Kind::PyModule:
    case Kind::NNModule:
    case Kind::UserObject:
        return std::make_shared<ObjectValue>(kind, std::move(object), std::move(source));
    case Kind::UserFunction:
    case Kind::TorchFunction:
    case Kind::Builtin:
        return std::make_shared<FunctionValue>(kind, std::move(object), std::move(source));
    case Kind::Tuple:
    case Kind::List:
        return std::make_shared<SequenceValue>(kind, std::vector<ValuePtr>{}, std::move(object),
                                               std::move(source));
    case Kind::Dict:
        return std::make_shared<DictValue>(std::move(object), std::move(source));
    case Kind::Iterator:
        return std::make_shared<IteratorValue>(std::vector<ValuePtr>{}, std::move(object),
                                               std::move(source));
    case Kind::Cell:
        return std::make_shared<CellValue>(std::move(object), std::move(source));
    case Kind::SymInt:
        return std::make_shared<SymIntValue>(std::move(object), std::move(source));
    case Kind::Tensor:
    case Kind::NestedFunction:
    case Kind::BoundMethod:
    case Kind::TensorMethod:
    case Kind::ObjectMethod:
    case Kind::GradMode:
    case Kind::DictView:
    case Kind::Super:
    case Kind::NewObject:
    case Kind::Exception:
    case Kind::Set:
    case Kind::Partial:
        break; // made through their own constructors: they need their fields
    }
    throw ValueKindError(std::string("Value::ofKind(") + kindName(kind) + ")");
}

void Value::throwKindError(const char *wanted) const {
    throw ValueKindError(std::string("internal: a ") + kindName(kind) + " used as a " + wanted);
}

std::string Value::describe() const {
    return std::string(kindName(kind)) + "()";
}

PyObject *Value::pythonType() const {
    return object ? reinterpret_cast<PyObject *>(Py_TYPE(object.get())) : nullptr;
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
    case Value::Kind::NewObject:
        return "UserDefinedObjectVariable";
    case Value::Kind::Exception:
        return "ExceptionVariable";
    case Value::Kind::Set:
        return "SetVariable";
    case Value::Kind::Partial:
        return "FunctoolsPartialVariable";
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

// ---- constants and objects ----

std::string ConstantValue::describe() const {
    return std::string(kindName(kind)) + "(" + pyRepr(object.get(), 40) + ")";
}

bool ConstantValue::isTrue() const {
    int r = PyObject_IsTrue(object.get());
    if (r < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnknownValue, "truth value of " + describe());
    }
    return r == 1;
}

std::string ObjectValue::describe() const {
    if (kind == Kind::NNModule || kind == Kind::UserObject)
        return std::string(kindName(kind)) + "(" + (object ? Py_TYPE(object.get())->tp_name : "?") +
               ")";
    return Value::describe();
}

bool ObjectValue::isTrue() const {
    if (kind == Kind::Null)
        throw GraphBreak(BreakId::UnknownValue, "truth value of NULL");
    if (kind == Kind::PyModule)
        return true;
    // Objects without __bool__/__len__ are true.
    PyTypeObject *t = Py_TYPE(object.get());
    if ((!t->tp_as_number || !t->tp_as_number->nb_bool) &&
        (!t->tp_as_mapping || !t->tp_as_mapping->mp_length) &&
        (!t->tp_as_sequence || !t->tp_as_sequence->sq_length))
        return true;
    throw GraphBreak(BreakId::UnknownValue, "truth value of " + describe());
}

// ---- objects made during the trace ----

ValuePtr NewObjectValue::attr(const std::string &name) const {
    for (const auto &a : attrs)
        if (a.first == name)
            return a.second;
    return nullptr;
}

void NewObjectValue::setAttr(const std::string &name, ValuePtr value) {
    for (auto &a : attrs)
        if (a.first == name) {
            a.second = std::move(value);
            return;
        }
    attrs.emplace_back(name, std::move(value));
}

std::string NewObjectValue::describe() const {
    return std::string(kindName(kind)) + "(" +
           reinterpret_cast<PyTypeObject *>(cls.get())->tp_name + ", new)";
}

bool NewObjectValue::isTrue() const {
    // Without __bool__/__len__ an instance is true; one that has them would need them inlined.
    auto *t = reinterpret_cast<PyTypeObject *>(cls.get());
    if ((!t->tp_as_number || !t->tp_as_number->nb_bool) &&
        (!t->tp_as_mapping || !t->tp_as_mapping->mp_length) &&
        (!t->tp_as_sequence || !t->tp_as_sequence->sq_length))
        return true;
    throw GraphBreak(BreakId::UnsupportedCall,
                     std::string("truth value of a new ") + t->tp_name + " (its __bool__/__len__)");
}

int NewObjectValue::isCallable() const {
    return reinterpret_cast<PyTypeObject *>(cls.get())->tp_call ? 1 : 0;
}

// ---- functions and methods ----

std::string FunctionValue::describe() const {
    if (kind == Kind::TorchFunction)
        return std::string(kindName(kind)) + "(" + name + ")";
    PyRef qn =
        object ? PyRef::steal(PyObject_GetAttrString(object.get(), "__qualname__")) : PyRef();
    PyErr_Clear();
    const char *s = qn && PyUnicode_Check(qn.get()) ? PyUnicode_AsUTF8(qn.get()) : "?";
    return std::string(kindName(kind)) + "(" + s + ")";
}

bool ExceptionValue::matches(PyObject *type) const {
    if (!cls)
        return false;
    int r = PyErr_GivenExceptionMatches(cls.get(), type);
    PyErr_Clear();
    return r == 1;
}

std::string ExceptionValue::describe() const {
    if (!cls)
        return "ExceptionStateVariable()";
    return std::string(kindName(kind)) + "(" +
           reinterpret_cast<PyTypeObject *>(cls.get())->tp_name + ")";
}

std::string PartialValue::describe() const {
    return std::string(kindName(kind)) + "(" + func->describe() + ")";
}

PyObject *NestedFunctionValue::pythonType() const {
    return reinterpret_cast<PyObject *>(&PyFunction_Type);
}

std::string MethodValue::describe() const {
    if (kind == Kind::BoundMethod)
        return Value::describe();
    return std::string(kindName(kind)) + "(" + name + ")";
}

// ---- tensors ----

std::vector<std::string> TensorValue::shapeStrings() const {
    std::vector<std::string> out;
    if (!meta)
        return out;
    PyRef shape = PyRef::steal(PyObject_GetAttrString(meta.get(), "shape"));
    if (!shape) {
        PyErr_Clear();
        return out;
    }
    Py_ssize_t n = PyTuple_Size(shape.get());
    for (Py_ssize_t i = 0; i < n; ++i) {
        if (i < static_cast<Py_ssize_t>(dims.size()) && !dims[i].empty())
            out.push_back(dims[i]);
        else
            out.push_back(std::to_string(PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i))));
    }
    return out;
}

std::string TensorValue::describe() const {
    std::string s;
    for (const std::string &d : shapeStrings())
        s += (s.empty() ? "" : ", ") + d;
    PyRef dtype = meta ? PyRef::steal(PyObject_GetAttrString(meta.get(), "dtype")) : PyRef();
    PyErr_Clear();
    return std::string(kindName(kind)) + "(" + (dtype ? shortDtype(dtype.get()) : "?") + "[" + s +
           "])";
}

bool TensorValue::isTrue() const {
    throw GraphBreak(BreakId::DataDependentBranch, "generic_jump on " + describe());
}

PyRef scalarTypeOf(PyObject *dtype) {
    auto flag = [&](const char *name) {
        PyRef v = dtype ? PyRef::steal(PyObject_GetAttrString(dtype, name)) : PyRef();
        PyErr_Clear();
        return v.get() == Py_True;
    };
    PyObject *type = reinterpret_cast<PyObject *>(&PyLong_Type);
    if (dtype && pyRepr(dtype) == "torch.bool")
        type = reinterpret_cast<PyObject *>(&PyBool_Type);
    else if (flag("is_complex"))
        type = reinterpret_cast<PyObject *>(&PyComplex_Type);
    else if (flag("is_floating_point"))
        type = reinterpret_cast<PyObject *>(&PyFloat_Type);
    return PyRef::borrow(type);
}

PyObject *TensorValue::pythonType() const {
    if (scalarType)
        return scalarType.get();
    return pyType ? pyType.get() : py::tensorType();
}

std::string SymIntValue::describe() const {
    return std::string(kindName(kind)) + "(int, example " + pyRepr(object.get(), 40) + ")";
}

} // namespace dynascope
