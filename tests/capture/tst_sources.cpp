// Sources against their own spelling: a Source's text is Dynamo's guard expression (L['x'],
// G['w'], L['self'].lin.weight, L['xs'][0]), so Python evaluating that text over L and G is the
// oracle for what fetch() must return, for every kind and for values that are gone.
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "sources/source.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

class TestSources : public QObject {
    Q_OBJECT
    std::unique_ptr<Interpreter> m_interpreter;
    std::unique_ptr<PythonScratch> m_python;
    std::vector<PyRef> m_locals; // slot 0: self, 1: xs, 2: a cell holding 7
    std::vector<PyRef> m_stack;

    PyRef run(const char *code, int start) {
        if (start == Py_eval_input)
            return m_python->eval(code);
        m_python->exec(code);
        return {};
    }
    SourceEnv env() const {
        return {&m_locals, &m_stack, m_python->globals().get(), PyEval_GetBuiltins()};
    }
    // Evaluates a source's text as Dynamo would: L maps names to the frame's values (a cell's
    // contents under its own name; stack slots as ___stackN), G is the globals dict.
    PyRef evalText(const std::string &text) {
        PyRef scope = PyRef::steal(PyDict_New());
        PyRef frame = PyRef::steal(PyDict_New());
        PyDict_SetItemString(frame.get(), "self", m_locals[0].get());
        PyDict_SetItemString(frame.get(), "xs", m_locals[1].get());
        PyDict_SetItemString(frame.get(), "counter", PyCell_GET(m_locals[2].get()));
        for (size_t i = 0; i < m_stack.size(); ++i)
            PyDict_SetItemString(frame.get(), ("___stack" + std::to_string(i)).c_str(),
                                 m_stack[i].get());
        PyDict_SetItemString(scope.get(), "L", frame.get());
        PyDict_SetItemString(scope.get(), "G", m_python->globals().get());
        PyRef r = PyRef::steal(PyRun_String(text.c_str(), Py_eval_input, scope.get(), scope.get()));
        PyErr_Clear();
        return r;
    }

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_sources"});
        m_python = std::make_unique<PythonScratch>();
        run("class Lin:\n    def __init__(self):\n        self.weight = [1.5]\n"
            "class Model:\n    def __init__(self):\n        self.lin = Lin()\n"
            "w = 'global w'\nself_ = Model()\nxs = [10, 20, {'k': 'v'}]\n",
            Py_file_input);
        m_locals = {run("self_", Py_eval_input), run("xs", Py_eval_input),
                    PyRef::steal(PyCell_New(PyRef::steal(PyLong_FromLong(7)).get()))};
        m_stack = {run("'on the stack'", Py_eval_input)};
    }

    void textAndFetchAgreeWithPython_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("text");
        QTest::newRow("local") << 0 << "L['self']";
        QTest::newRow("stack") << 1 << "L['___stack0']";
        QTest::newRow("global") << 2 << "G['w']";
        QTest::newRow("builtin") << 3 << "G['__builtins__']['len']";
        QTest::newRow("attr chain") << 4 << "L['self'].lin.weight";
        QTest::newRow("item") << 5 << "L['xs'][0]";
        QTest::newRow("item of item") << 6 << "L['xs'][2]['k']";
        QTest::newRow("cell of a local") << 7 << "L['counter']";
        QTest::newRow("attr then item") << 8 << "L['self'].lin.weight[0]";
    }
    void textAndFetchAgreeWithPython() {
        QFETCH(int, which);
        QFETCH(QString, text);
        SourcePtr self = Source::local(0, "self");
        SourcePtr xs = Source::local(1, "xs");
        PyRef zero = PyRef::steal(PyLong_FromLong(0));
        PyRef two = PyRef::steal(PyLong_FromLong(2));
        PyRef k = PyRef::steal(PyUnicode_FromString("k"));
        SourcePtr weight = Source::attr(Source::attr(self, "lin"), "weight");
        const std::vector<SourcePtr> sources = {
            self,
            Source::stack(0),
            Source::global("w"),
            Source::builtin("len"),
            weight,
            Source::item(xs, zero),
            Source::item(Source::item(xs, two), k),
            Source::cellContents(Source::local(2, "counter"), "counter"),
            Source::item(weight, zero)};
        const SourcePtr &source = sources.at(which);
        QCOMPARE(QString::fromStdString(source->text()), text);
        PyRef expected = evalText(source->text());
        QVERIFY2(expected, "the text is not a Python expression over L and G");
        PyRef fetched = source->fetch(env());
        QVERIFY(fetched);
        QCOMPARE(PyObject_RichCompareBool(fetched.get(), expected.get(), Py_EQ), 1);
        QCOMPARE(source->isFrameSlot(), which <= 1);
    }

    void aGlobalFallsBackToBuiltinsAsLoadGlobalDoes() {
        PyRef fetched = Source::global("len")->fetch(env());
        QCOMPARE(fetched.get(), PyDict_GetItemString(PyEval_GetBuiltins(), "len"));
    }

    void aValueThatIsGoneFetchesNullWithTheErrorCleared_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("missing attribute") << 0;
        QTest::newRow("index out of range") << 1;
        QTest::newRow("missing global") << 2;
        QTest::newRow("local slot past the frame") << 3;
        QTest::newRow("stack slot past the stack") << 4;
        QTest::newRow("cell contents of a non-cell") << 5;
    }
    void aValueThatIsGoneFetchesNullWithTheErrorCleared() {
        QFETCH(int, which);
        PyRef nine = PyRef::steal(PyLong_FromLong(9));
        const std::vector<SourcePtr> sources = {
            Source::attr(Source::local(0, "self"), "no_such_attribute"),
            Source::item(Source::local(1, "xs"), nine),
            Source::global("no_such_global"),
            Source::local(17, "ghost"),
            Source::stack(3),
            Source::cellContents(Source::local(1, "xs"), "xs")};
        QVERIFY(!sources.at(which)->fetch(env()));
        QVERIFY(!PyErr_Occurred());
        QVERIFY(!evalText(sources.at(which)->text()) || which == 5); // Python agrees it is gone
    }

    void reprIsShortenedForTexts() {
        PyRef longList = run("list(range(1000))", Py_eval_input);
        std::string text = pyRepr(longList.get(), 20);
        QCOMPARE(text.size(), size_t(20));
        QCOMPARE(text.substr(17), std::string("..."));
        QCOMPARE(QString::fromStdString(pyRepr(nullptr)), QString("<null>"));
    }
};

QTEST_GUILESS_MAIN(TestSources)
#include "tst_sources.moc"
