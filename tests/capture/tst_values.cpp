// The value classes: checked downcasts are internal errors, not graph breaks; and what a value
// answers alone (asPython, truth, type, callable, iteration, describe) is compared with what
// CPython answers for the same Python object (the oracle).
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "trace/breakcatalogue.h"
#include "trace/value.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;
using K = Value::Kind;

Q_DECLARE_METATYPE(dynascope::ValuePtr)

class TestValues : public QObject {
    Q_OBJECT
    std::unique_ptr<Interpreter> m_interpreter;
    std::unique_ptr<PythonScratch> m_python;

    PyRef eval(const char *code) { return m_python->eval(code); }
    ValuePtr constant(const char *code) { return Value::constant(eval(code)); }
    bool equal(PyObject *a, PyObject *b) { return PyObject_RichCompareBool(a, b, Py_EQ) == 1; }
    // A dict value {'a': 1, 'b': [2, 3]} of `type` (null: plain dict).
    std::shared_ptr<DictValue> sampleDict() {
        auto d = std::make_shared<DictValue>();
        d->keys = {eval("'a'"), eval("'b'")};
        d->values = {constant("1"), SequenceValue::make(K::List, {constant("2"), constant("3")})};
        return d;
    }

    // The values of the oracle tests, each with the Python expression CPython builds the same
    // object from.
    std::vector<std::pair<ValuePtr, const char *>> samples() {
        auto pair = SequenceValue::make(K::Tuple, {constant("1"), constant("'x'")});
        pair->pyType = eval("Pair");
        pair->fieldNames = {eval("'a'"), eval("'b'")};
        auto deque = SequenceValue::make(K::List, {constant("4")});
        deque->pyType = eval("collections.deque");
        auto ordered = sampleDict();
        ordered->pyType = eval("collections.OrderedDict");
        auto defaulted = sampleDict();
        defaulted->pyType = eval("collections.defaultdict");
        defaulted->defaultFactory = Value::ofKind(K::Builtin, eval("list"));
        auto emptyDict = std::make_shared<DictValue>();
        return {
            {constant("0"), "0"},
            {constant("2.5"), "2.5"},
            {constant("''"), "''"},
            {constant("None"), "None"},
            {constant("len"), "len"},
            {SequenceValue::make(K::Tuple, {}), "()"},
            {SequenceValue::make(K::List, {constant("1"), constant("2")}), "[1, 2]"},
            {pair, "Pair(1, 'x')"},
            {deque, "collections.deque([4])"},
            {emptyDict, "{}"},
            {sampleDict(), "{'a': 1, 'b': [2, 3]}"},
            {ordered, "collections.OrderedDict(a=1, b=[2, 3])"},
            {defaulted, "collections.defaultdict(list, a=1, b=[2, 3])"},
            {std::make_shared<DictViewValue>(sampleDict(), "items"),
             "{'a': 1, 'b': [2, 3]}.items()"},
            {Value::ofKind(K::Builtin, eval("len")), "len"},
            {Value::ofKind(K::UserFunction, eval("Box.scale")), "Box.scale"},
            {Value::ofKind(K::PyModule, eval("collections")), "collections"},
        };
    }

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_values"});
        m_python = std::make_unique<PythonScratch>();
        m_python->exec("import collections\nclass Box:\n    def scale(self, k):\n"
                       "        return 10 * k\nPair = collections.namedtuple('Pair', 'a b')\n"
                       "box = Box()\n");
    }

    void aDowncastToAnotherClassIsAnInternalErrorNotABreak() {
        ValuePtr list = SequenceValue::make(K::List, {});
        QVERIFY(list->as<SequenceValue>() != nullptr);
        QVERIFY(list->as<ContainerValue>() != nullptr);
        QVERIFY(list->tryAs<DictValue>() == nullptr);
        bool internal = false, graphBreak = false;
        try {
            list->as<TensorValue>();
        } catch (const GraphBreak &) {
            graphBreak = true;
        } catch (const ValueKindError &e) {
            internal = true;
            QVERIFY(QByteArray(e.what()).contains("ListVariable"));
            QVERIFY(QByteArray(e.what()).contains("TensorValue"));
        }
        QVERIFY(internal);
        QVERIFY(!graphBreak);
        QVERIFY_THROWS_EXCEPTION(ValueKindError, Value::ofKind(K::Tensor));
    }

    void theClassOfAKindIsFixedWhenMade_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("cls");
        QTest::addRow("tuple") << int(K::Tuple) << "SequenceValue";
        QTest::addRow("list") << int(K::List) << "SequenceValue";
        QTest::addRow("dict") << int(K::Dict) << "DictValue";
        QTest::addRow("iterator") << int(K::Iterator) << "IteratorValue";
        QTest::addRow("cell") << int(K::Cell) << "CellValue";
        QTest::addRow("module") << int(K::NNModule) << "ObjectValue";
        QTest::addRow("builtin") << int(K::Builtin) << "FunctionValue";
    }
    void theClassOfAKindIsFixedWhenMade() {
        QFETCH(int, kind);
        QFETCH(QString, cls);
        ValuePtr v = Value::ofKind(static_cast<K>(kind), eval("len"));
        QCOMPARE(v->kind, static_cast<K>(kind));
        QMap<QString, bool> held{
            {"SequenceValue", v->is<SequenceValue>()}, {"DictValue", v->is<DictValue>()},
            {"IteratorValue", v->is<IteratorValue>()}, {"CellValue", v->is<CellValue>()},
            {"ObjectValue", v->is<ObjectValue>()},     {"FunctionValue", v->is<FunctionValue>()}};
        for (auto it = held.begin(); it != held.end(); ++it)
            QCOMPARE(it.value(), it.key() == cls);
    }

    void asPythonBuildsWhatCPythonBuilds() {
        for (const auto &[value, expression] : samples()) {
            PyRef expected = eval(expression);
            PyRef built = value->asPython();
            QVERIFY2(built, expression);
            QVERIFY2(Py_TYPE(built.get()) == Py_TYPE(expected.get()), expression);
            if (PyDict_Check(expected.get()) || PyList_Check(expected.get()) ||
                PyTuple_Check(expected.get()) || PyAnySet_Check(expected.get()))
                QVERIFY2(equal(built.get(), expected.get()), expression);
            else if (Py_TYPE(expected.get())->tp_name == std::string("dict_items") ||
                     Py_TYPE(expected.get())->tp_name == std::string("collections.deque"))
                QVERIFY2(equal(PyRef::steal(PySequence_List(built.get())).get(),
                               PyRef::steal(PySequence_List(expected.get())).get()),
                         expression);
            else
                QVERIFY2(equal(built.get(), expected.get()), expression);
        }
        // defaultdict's factory survives: a missing key gives a new list, as in CPython.
        auto d = sampleDict();
        d->pyType = eval("collections.defaultdict");
        d->defaultFactory = Value::ofKind(K::Builtin, eval("list"));
        PyRef built = d->asPython();
        PyRef missing = PyRef::steal(PyObject_GetItem(built.get(), eval("'zz'").get()));
        QVERIFY(missing && PyList_CheckExact(missing.get()));
    }

    void truthTypeAndCallableAgreeWithCPython() {
        for (const auto &[value, expression] : samples()) {
            PyRef expected = eval(expression);
            QCOMPARE(value->isTrue(), PyObject_IsTrue(expected.get()) == 1);
            // A dict view does not say its type (type() of one is left to CPython).
            PyObject *type = value->pythonType();
            QCOMPARE(type == nullptr, value->is<DictViewValue>());
            if (type)
                QVERIFY2(type == reinterpret_cast<PyObject *>(Py_TYPE(expected.get())), expression);
            QCOMPARE(value->isCallable(), PyCallable_Check(expected.get()));
        }
        // An object that defines no __bool__/__len__ is true; one with __len__ is not known.
        QVERIFY(Value::ofKind(K::UserObject, eval("box"))->isTrue());
        QVERIFY_THROWS_EXCEPTION(
            GraphBreak, Value::ofKind(K::UserObject, eval("collections.Counter()"))->isTrue());
    }

    void aTensorsTruthIsADataDependentBreak() {
        auto t = std::make_shared<TensorValue>();
        try {
            t->isTrue();
            QFAIL("a tensor's truth is not known at trace time");
        } catch (const GraphBreak &b) {
            QCOMPARE(b.id(), BreakId::DataDependentBranch);
        }
        QCOMPARE(t->isCallable(), 0);
    }

    void iterationYieldsWhatAForLoopYields() {
        for (const auto &[value, expression] : samples()) {
            std::optional<std::vector<ValuePtr>> items = value->iterationItems();
            PyRef expected = eval(expression);
            bool container = value->is<ContainerValue>() || value->is<DictViewValue>();
            QCOMPARE(items.has_value(), container);
            if (!items)
                continue;
            PyRef list = PyRef::steal(PySequence_List(expected.get()));
            QCOMPARE(static_cast<Py_ssize_t>(items->size()), PyList_Size(list.get()));
            for (size_t i = 0; i < items->size(); ++i)
                QVERIFY2(equal((*items)[i]->asPython().get(), PyList_GET_ITEM(list.get(), i)),
                         expression);
        }
    }

    void aDictViewReadsTheDictWhenUsed() {
        auto d = sampleDict();
        auto keys = std::make_shared<DictViewValue>(d, "keys");
        d->keys.push_back(eval("'c'"));
        d->values.push_back(constant("5"));
        std::optional<std::vector<ValuePtr>> items = keys->iterationItems();
        QVERIFY(items);
        QCOMPARE(items->size(), size_t(3));
        QVERIFY(equal((*items)[2]->asPython().get(), eval("'c'").get()));
        QVERIFY(equal(keys->asPython().get(), eval("{'a': 1, 'b': [2, 3], 'c': 5}.keys()").get()));
    }

    void describeSpellsDynamosVariableNames_data() {
        QTest::addColumn<ValuePtr>("value");
        QTest::addColumn<QString>("expected");
        QTest::addRow("constant") << constant("2") << "ConstantVariable(2)";
        QTest::addRow("tuple") << ValuePtr(SequenceValue::make(K::Tuple, {constant("1")}))
                               << "TupleVariable(length 1)";
        QTest::addRow("dict") << ValuePtr(sampleDict()) << "ConstDictVariable()";
        QTest::addRow("builtin") << Value::ofKind(K::Builtin, eval("len"))
                                 << "BuiltinVariable(len)";
        QTest::addRow("method") << ValuePtr(std::make_shared<MethodValue>(K::ObjectMethod,
                                                                          constant("'s'"), "upper"))
                                << "GetAttrVariable(upper)";
        QTest::addRow("object") << Value::ofKind(K::UserObject, eval("box"))
                                << "UserDefinedObjectVariable(Box)";
        QTest::addRow("grad mode")
            << ValuePtr(std::make_shared<GradModeValue>(0)) << "GradModeVariable()";
    }
    void describeSpellsDynamosVariableNames() {
        QFETCH(ValuePtr, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(value->describe()), expected);
    }
};

QTEST_GUILESS_MAIN(TestValues)
#include "tst_values.moc"
