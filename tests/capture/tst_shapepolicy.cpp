// The shape policy one trace follows: which dims become symbols (s0, s1…) under
// dynamic=None/False/True, mark_dynamic and automatic dynamic, duck sizing (equal sizes share a
// symbol), 0 and 1 kept static, parameters static, and the SHAPE_ENV guards each choice adds.
// Facts from PyTorch: test/dynamo/test_misc.py test_dynamic_shapes_duck_size (equal sizes share a
// symbol), test_recompiles.py test_automatic_dynamic_reduce_recompiles (a changed dim becomes
// dynamic on the next compile), torch._dynamo.config.force_parameter_static_shapes (default True),
// and ShapeEnv's specialize_zero_one.
#include "python/interpreter.h"
#include "shapes/shapepolicy.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

namespace {

QStringList texts(const GuardSet &guards) {
    QStringList out;
    for (const Guard &g : guards.guards())
        out << QString::fromStdString(g.text());
    return out;
}

QStringList names(const std::vector<std::string> &symbols) {
    QStringList out;
    for (const std::string &s : symbols)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

class TestShapePolicy : public QObject {
    Q_OBJECT
    std::unique_ptr<Interpreter> m_interpreter;
    PyRef m_namespace;

    PyRef eval(const char *code) {
        PyRef r =
            PyRef::steal(PyRun_String(code, Py_eval_input, m_namespace.get(), m_namespace.get()));
        if (!r) {
            PyErr_Print();
            qFatal("cannot evaluate %s", code);
        }
        return r;
    }

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_shapepolicy"});
        m_namespace = PyRef::steal(PyDict_New());
        PyDict_SetItemString(m_namespace.get(), "__builtins__", PyEval_GetBuiltins());
        PyRef r = PyRef::steal(
            PyRun_String("import torch\n", Py_file_input, m_namespace.get(), m_namespace.get()));
        QVERIFY(r);
    }

    void staticModeMakesNothingSymbolic() {
        ShapePolicy policy(ShapePolicy::Mode::Static);
        policy.beginTrace();
        GuardSet guards;
        PyRef x = eval("torch.rand(4, 3)");
        auto symbols = policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 3}, guards);
        QCOMPARE(names(symbols), QStringList({"", ""}));
        QCOMPARE(guards.size(), size_t(0));
        policy.markChanged("L['x']", 0); // a change does not matter with dynamic=False
        symbols = policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 3}, guards);
        QCOMPARE(names(symbols), QStringList({"", ""}));
    }

    void automaticModeIsStaticUntilASizeChanged() {
        ShapePolicy policy;
        QCOMPARE(policy.mode(), ShapePolicy::Mode::Automatic);
        policy.beginTrace();
        GuardSet guards;
        PyRef x = eval("torch.rand(4, 3)");
        QCOMPARE(names(policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 3}, guards)),
                 QStringList({"", ""}));
        policy.markChanged("L['x']", 1);
        policy.beginTrace();
        GuardSet next;
        QCOMPARE(names(policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 3}, next)),
                 QStringList({"", "s0"}));
        QCOMPARE(texts(next), QStringList({"2 <= L['x'].size()[1]  # s0"}));
        // Another source's dims stay static: the change was recorded for L['x'] only.
        GuardSet other;
        QCOMPARE(names(policy.symbolsFor(Source::local(1, "y"), x.get(), {4, 3}, other)),
                 QStringList({"", ""}));
    }

    void dynamicModeDuckSizesAndKeepsZeroAndOneStatic() {
        ShapePolicy policy(ShapePolicy::Mode::Dynamic);
        policy.beginTrace();
        GuardSet guards;
        PyRef x = eval("torch.rand(4, 4, 1, 0)");
        PyRef y = eval("torch.rand(5, 4)");
        QCOMPARE(names(policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 4, 1, 0}, guards)),
                 QStringList({"s0", "s0", "", ""}));
        QCOMPARE(names(policy.symbolsFor(Source::local(1, "y"), y.get(), {5, 4}, guards)),
                 QStringList({"s1", "s0"}));
        QCOMPARE(
            texts(guards),
            QStringList({"2 <= L['x'].size()[0]  # s0", "L['x'].size()[1] == L['x'].size()[0]",
                         "2 <= L['y'].size()[0]  # s1", "L['y'].size()[1] == L['x'].size()[0]"}));
        QCOMPARE(QString::fromStdString(policy.symbolOfValue(5)), QString("s1"));
        QCOMPARE(QString::fromStdString(policy.symbolOfValue(3)), QString());
        // A new trace numbers its symbols from s0 again.
        policy.beginTrace();
        GuardSet again;
        QCOMPARE(names(policy.symbolsFor(Source::local(1, "y"), y.get(), {5, 4}, again)),
                 QStringList({"s0", "s1"}));
    }

    void parametersStayStaticUnlessMarked() {
        ShapePolicy policy(ShapePolicy::Mode::Dynamic);
        policy.beginTrace();
        GuardSet guards;
        PyRef weight = eval("torch.nn.Parameter(torch.rand(6, 3))");
        QVERIFY(isParameter(weight.get()));
        QVERIFY(!isParameter(eval("torch.rand(6, 3)").get()));
        SourcePtr source = Source::attr(Source::local(0, "self"), "weight");
        policy.markChanged(source->text(), 0); // automatic dynamic skips parameters too
        QCOMPARE(names(policy.symbolsFor(source, weight.get(), {6, 3}, guards)),
                 QStringList({"", ""}));
        QCOMPARE(guards.size(), size_t(0));
    }

    void markDynamicMakesAMarkedDimSymbolicInAutomaticMode() {
        PyRef x = eval("torch.rand(8, 3)");
        PyRef dims = eval("{0}");
        QCOMPARE(PyObject_SetAttrString(x.get(), "_dynascope_dynamic_dims", dims.get()), 0);
        QCOMPARE(markedDynamicDims(x.get()), std::set<int>({0}));
        QVERIFY(markedDynamicDims(eval("torch.rand(2)").get()).empty());
        QVERIFY(!PyErr_Occurred());
        ShapePolicy policy;
        policy.beginTrace();
        GuardSet guards;
        QCOMPARE(names(policy.symbolsFor(Source::local(0, "x"), x.get(), {8, 3}, guards)),
                 QStringList({"s0", ""}));
    }

    void specializingASymbolGuardsItsValue() {
        ShapePolicy policy(ShapePolicy::Mode::Dynamic);
        policy.beginTrace();
        GuardSet guards;
        PyRef x = eval("torch.rand(4, 3)");
        policy.symbolsFor(Source::local(0, "x"), x.get(), {4, 3}, guards);
        policy.specialize("s1", 3, guards);
        QCOMPARE(texts(guards).last(), QString("L['x'].size()[1] == 3"));
        const size_t before = guards.size();
        policy.specialize("s9", 3, guards); // an unknown symbol adds nothing
        QCOMPARE(guards.size(), before);
    }
};

QTEST_GUILESS_MAIN(TestShapePolicy)
#include "tst_shapepolicy.moc"
