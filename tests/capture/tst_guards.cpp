// Every guard kind with values that pass and values that fail each of its checks: the slow,
// explanatory check words the failure as TorchDynamo does (the texts of
// test/dynamo/test_recompile_ux.py: test_verbose_tensor_check, test_mismatched_type,
// test_multiple_guard_fails_report_all), and the compiled C++ tree (GuardTree) agrees with it on
// every input: same verdict, same failed guard, same message.
#include "guards/guardset.h"
#include "model/failuretext.h"
#include "python/interpreter.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

namespace {

PyObject *g_namespace = nullptr;

PyRef eval(const QString &expression) {
    PyRef r = PyRef::steal(
        PyRun_String(expression.toUtf8().constData(), Py_eval_input, g_namespace, g_namespace));
    if (!r) {
        PyErr_Print();
        qFatal("cannot evaluate %s", qPrintable(expression));
    }
    return r;
}

void exec(const char *code) {
    PyRef r = PyRef::steal(PyRun_String(code, Py_file_input, g_namespace, g_namespace));
    if (!r) {
        PyErr_Print();
        qFatal("cannot run %s", code);
    }
}

// One guard on L['x'] (and for relations L['y']) made from `made`, checked against `value`.
struct Case {
    GuardSet guards;
    std::vector<PyRef> locals;
};

std::unique_ptr<Case> makeCase(const QString &kind, PyObject *made) {
    auto c = std::make_unique<Case>();
    SourcePtr x = Source::local(0, "x");
    if (kind == "TYPE_MATCH")
        c->guards.add(Guard::typeMatch(x, made));
    else if (kind == "ID_MATCH")
        c->guards.add(Guard::idMatch(x, made));
    else if (kind == "EQUALS_MATCH")
        c->guards.add(Guard::equalsMatch(x, made));
    else if (kind == "SEQUENCE_LENGTH")
        c->guards.add(Guard::sequenceLength(x, made));
    else if (kind == "DICT_KEYS")
        c->guards.add(Guard::dictKeys(x, made));
    else if (kind == "HASATTR")
        c->guards.add(Guard::hasAttr(x, "w", PyObject_HasAttrString(made, "w") == 1));
    else if (kind == "GLOBAL_STATE")
        c->guards.add(Guard::globalState());
    else if (kind.startsWith("TENSOR_MATCH")) {
        Py_ssize_t rank =
            PyObject_Length(PyRef::steal(PyObject_GetAttrString(made, "shape")).get());
        std::vector<std::optional<long>> sizes;
        PyRef shape = PyRef::steal(PyObject_GetAttrString(made, "shape"));
        for (Py_ssize_t i = 0; i < rank; ++i)
            sizes.push_back(PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i)));
        std::vector<std::string> symbols(sizes.size());
        if (kind == "TENSOR_MATCH dynamic 0") {
            sizes[0] = std::nullopt;
            symbols[0] = "s0";
        }
        c->guards.add(Guard::tensorMatch(x, made, sizes, symbols));
    } else if (kind.startsWith("SHAPE_ENV")) {
        std::vector<std::optional<long>> sizes = {std::nullopt};
        c->guards.add(Guard::tensorMatch(x, made, sizes, {"s0"}));
        if (kind == "SHAPE_ENV >= 2")
            c->guards.add(Guard::dimAtLeastTwo(x, 0, "s0"));
        else if (kind == "SHAPE_ENV == 3")
            c->guards.add(Guard::dimEquals(x, 0, 3));
    }
    c->guards.compile();
    return c;
}

} // namespace

class TestGuards : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Interpreter> m_interpreter;

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_guards"});
        g_namespace = PyDict_New();
        PyDict_SetItemString(g_namespace, "__builtins__", PyEval_GetBuiltins());
        exec("import torch\n"
             "a = torch.rand(3, 4, 5)\n"
             "a_grad = a.clone(); a_grad.requires_grad = True\n"
             "a_marked1 = torch.rand(3, 4, 5); a_marked1._dynascope_dynamic_dims = {1}\n"
             "a_marked01 = torch.rand(3, 4, 5); a_marked01._dynascope_dynamic_dims = {0, 1}\n"
             "with torch.inference_mode():\n"
             "    a_inference = torch.rand(3, 4, 5)\n"
             "shared = [1, 2]\n"
             "class WithW:\n    w = 1\n"
             "class WithoutW:\n    pass\n");
    }

    // kind, the value the guard is made from, the value checked, the failure ("" = holds).
    void guardKinds_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("made");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("check");

        QTest::addRow("type holds") << "TYPE_MATCH"
                                    << "3"
                                    << "4"
                                    << ""
                                    << "";
        QTest::addRow("type fails") << "TYPE_MATCH"
                                    << "3"
                                    << "'a'"
                                    << "___check_type_id(L['x'], int)"
                                    << "type";
        QTest::addRow("id holds") << "ID_MATCH"
                                  << "shared"
                                  << "shared"
                                  << ""
                                  << "";
        QTest::addRow("id fails") << "ID_MATCH"
                                  << "shared"
                                  << "[1, 2]"
                                  << "___check_obj_id"
                                  << "id";
        QTest::addRow("equals holds") << "EQUALS_MATCH"
                                      << "3"
                                      << "3"
                                      << ""
                                      << "";
        QTest::addRow("equals value") << "EQUALS_MATCH"
                                      << "3"
                                      << "4"
                                      << "L['x'] == 3"
                                      << "value";
        QTest::addRow("equals type") << "EQUALS_MATCH"
                                     << "3"
                                     << "3.0"
                                     << "L['x'] == 3"
                                     << "type";
        QTest::addRow("equals str") << "EQUALS_MATCH"
                                    << "'ab'"
                                    << "'a' + 'b'"
                                    << ""
                                    << "";
        QTest::addRow("is None holds") << "EQUALS_MATCH"
                                       << "None"
                                       << "None"
                                       << ""
                                       << "";
        QTest::addRow("is None fails") << "EQUALS_MATCH"
                                       << "None"
                                       << "0"
                                       << "L['x'] is None"
                                       << "type";
        QTest::addRow("len holds") << "SEQUENCE_LENGTH"
                                   << "[4, 5, 6]"
                                   << "[7, 8, 9]"
                                   << ""
                                   << "";
        QTest::addRow("len fails") << "SEQUENCE_LENGTH"
                                   << "[4, 5, 6]"
                                   << "[7, 8]"
                                   << "len(L['x']) == 3"
                                   << "len";
        QTest::addRow("len type") << "SEQUENCE_LENGTH"
                                  << "[4, 5, 6]"
                                  << "(7, 8, 9)"
                                  << "___check_type_id(L['x'], list)"
                                  << "type";
        QTest::addRow("keys hold") << "DICT_KEYS"
                                   << "{'a': 1, 'b': 2}"
                                   << "{'a': 3, 'b': 4}"
                                   << ""
                                   << "";
        QTest::addRow("keys order") << "DICT_KEYS"
                                    << "{'a': 1, 'b': 2}"
                                    << "{'b': 1, 'a': 2}"
                                    << "list(L['x'].keys()) == ['a', 'b']"
                                    << "keys";
        QTest::addRow("keys fewer") << "DICT_KEYS"
                                    << "{'a': 1, 'b': 2}"
                                    << "{'a': 1}"
                                    << "list(L['x'].keys()) == ['a', 'b']"
                                    << "keys";
        QTest::addRow("keys type") << "DICT_KEYS"
                                   << "{'a': 1}"
                                   << "[('a', 1)]"
                                   << "___check_type_id(L['x'], dict)"
                                   << "type";
        QTest::addRow("tensor holds") << "TENSOR_MATCH"
                                      << "a"
                                      << "torch.rand(3, 4, 5)"
                                      << ""
                                      << "";
        // mark_dynamic's dims: a later tensor's marks must be a subset of the entry's (Dynamo's
        // _dynamo_dynamic_indices.issubset guard, test_misc.py test_py_guards_mark_dynamic).
        QTest::addRow("tensor marked subset holds") << "TENSOR_MATCH"
                                                    << "a_marked01"
                                                    << "a_marked1"
                                                    << ""
                                                    << "";
        QTest::addRow("tensor unmarked holds") << "TENSOR_MATCH"
                                               << "a_marked01"
                                               << "a"
                                               << ""
                                               << "";
        QTest::addRow("tensor marked dims")
            << "TENSOR_MATCH"
            << "a_marked1"
            << "a_marked01"
            << "tensor 'L['x']' has dims marked dynamic {0, 1}, not a subset of {1}"
            << "marked_dynamic";
        QTest::addRow("tensor size")
            << "TENSOR_MATCH"
            << "a"
            << "a[0:2, :, :]"
            << "tensor 'L['x']' size mismatch at index 0. expected 3, actual 2"
            << "size[0]";
        QTest::addRow("tensor stride")
            << "TENSOR_MATCH"
            << "a"
            << "a.clone().as_strided((3, 4, 5), stride=(1, 3, 12))"
            << "tensor 'L['x']' stride mismatch at index 0. expected 20, actual 1"
            << "stride[0]";
        QTest::addRow("tensor rank") << "TENSOR_MATCH"
                                     << "a"
                                     << "a[0, :, :]"
                                     << "tensor 'L['x']' rank mismatch. expected 3, actual 2"
                                     << "rank";
        QTest::addRow("tensor meta") << "TENSOR_MATCH"
                                     << "a"
                                     << "a.to('meta')"
                                     << "tensor 'L['x']' dispatch key set mismatch."
                                     << "dispatch_keys";
        QTest::addRow("tensor inference")
            << "TENSOR_MATCH"
            << "a"
            << "a_inference"
            << "tensor 'L['x']' dispatch key set mismatch. expected DispatchKeySet(CPU, "
               "ADInplaceOrView, AutogradCPU, AutocastCPU), actual DispatchKeySet(CPU, "
               "AutocastCPU)"
            << "dispatch_keys";
        QTest::addRow("tensor dtype") << "TENSOR_MATCH"
                                      << "a"
                                      << "a.to(torch.float16)"
                                      << "tensor 'L['x']' dtype mismatch. expected Float, "
                                         "actual Half"
                                      << "dtype";
        QTest::addRow("tensor grad")
            << "TENSOR_MATCH"
            << "a"
            << "a_grad"
            << "tensor 'L['x']' requires_grad mismatch. expected requires_grad=0"
            << "requires_grad";
        QTest::addRow("tensor type")
            << "TENSOR_MATCH"
            << "a"
            << "1"
            << "expected type of 'L['x']' to be a tensor type, ' but found <class 'int'>"
            << "type";
        QTest::addRow("tensor parameter")
            << "TENSOR_MATCH"
            << "a"
            << "torch.nn.Parameter(a)"
            << "expected type of 'L['x']' to be a tensor type, ' but found <class "
               "'torch.nn.parameter.Parameter'>"
            << "type";
        QTest::addRow("dynamic holds") << "TENSOR_MATCH dynamic 0"
                                       << "torch.rand(3, 4)"
                                       << "torch.rand(7, 4)"
                                       << ""
                                       << "";
        QTest::addRow("dynamic other dim")
            << "TENSOR_MATCH dynamic 0"
            << "torch.rand(3, 4)"
            << "torch.rand(7, 5)"
            << "tensor 'L['x']' size mismatch at index 1. expected 4, actual 5"
            << "size[1]";
        QTest::addRow("hasattr holds") << "HASATTR"
                                       << "WithW()"
                                       << "WithW()"
                                       << ""
                                       << "";
        QTest::addRow("hasattr fails") << "HASATTR"
                                       << "WithW()"
                                       << "WithoutW()"
                                       << "hasattr(L['x'], 'w')"
                                       << "hasattr w";
        QTest::addRow("not hasattr fails") << "HASATTR"
                                           << "WithoutW()"
                                           << "WithW()"
                                           << "not hasattr(L['x'], 'w')"
                                           << "hasattr w";
        QTest::addRow("global state holds") << "GLOBAL_STATE"
                                            << "None"
                                            << "None"
                                            << ""
                                            << "";
        QTest::addRow(">= 2 holds") << "SHAPE_ENV >= 2"
                                    << "torch.rand(3)"
                                    << "torch.rand(9)"
                                    << ""
                                    << "";
        QTest::addRow(">= 2 fails") << "SHAPE_ENV >= 2"
                                    << "torch.rand(3)"
                                    << "torch.rand(1)"
                                    << "2 <= L['x'].size()[0]  # s0"
                                    << "size()[0]";
        QTest::addRow("== 3 holds") << "SHAPE_ENV == 3"
                                    << "torch.rand(3)"
                                    << "torch.rand(3)"
                                    << ""
                                    << "";
        QTest::addRow("== 3 fails") << "SHAPE_ENV == 3"
                                    << "torch.rand(3)"
                                    << "torch.rand(4)"
                                    << "L['x'].size()[0] == 3"
                                    << "size()[0]";
    }

    void guardKinds() {
        QFETCH(QString, kind);
        QFETCH(QString, made);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QFETCH(QString, check);
        PyRef madeValue = eval(made);
        auto c = makeCase(kind, madeValue.get());
        c->locals = {eval(value)};
        SourceEnv env{&c->locals, nullptr, g_namespace, PyEval_GetBuiltins()};
        std::optional<GuardFailure> slow = c->guards.checkSlow(env);
        std::optional<GuardFailure> fast = c->guards.checkFast(env);
        QCOMPARE(bool(slow), !message.isEmpty());
        QCOMPARE(bool(fast), !message.isEmpty()); // the C++ tree agrees
        if (!slow)
            return;
        QVERIFY2(QString::fromStdString(slow->message).startsWith(message), slow->message.c_str());
        QCOMPARE(QString::fromStdString(slow->check), check);
        QCOMPARE(fast->guardIndex, slow->guardIndex);
        QCOMPARE(fast->message, slow->message);
        QVERIFY(!slow->expected.empty());
        QVERIFY(slow->expected != slow->actual);
        // A call event carries the failure compact (guard index, check, actual); the entry's
        // guards (sent once) give back the slow path's words, with no text in the call.
        const std::vector<GuardInfo> infos = c->guards.infos();
        const CompactFailure compact = compactFailure(*fast, &infos);
        QVERIFY2(!compact.expected, slow->message.c_str());
        // Only a subclass's str(type) (its module path) is not in the guard: that message
        // travels whole.
        QVERIFY2(!compact.message || slow->message.find("<class 'torch.nn.parameter.Parameter'>") !=
                                         std::string::npos,
                 slow->message.c_str());
        QCOMPARE(resolveFailure(compact, &infos), *slow);
    }

    void globalStateFails() {
        auto c = makeCase("GLOBAL_STATE", Py_None);
        c->locals = {PyRef::borrow(Py_None)};
        SourceEnv env{&c->locals, nullptr, g_namespace, PyEval_GetBuiltins()};
        exec("torch.set_grad_enabled(False)\n");
        std::optional<GuardFailure> slow = c->guards.checkSlow(env);
        std::optional<GuardFailure> fast = c->guards.checkFast(env);
        exec("torch.set_grad_enabled(True)\n");
        QVERIFY(slow && fast);
        QCOMPARE(QString::fromStdString(fast->message), QString("GLOBAL_STATE changed: grad_mode"));
        QCOMPARE(fast->expected, std::string("True"));
        QCOMPARE(fast->actual, std::string("False"));
        const std::vector<GuardInfo> infos = c->guards.infos();
        const CompactFailure compact = compactFailure(*fast, &infos);
        QVERIFY(!compact.expected && !compact.message);
        QCOMPARE(resolveFailure(compact, &infos), *slow);
        QVERIFY(!c->guards.checkFast(env)); // grad mode back on: holds again
    }

    // Two tensors sharing the symbol s0: the relation is read in C++ from both nodes' values.
    void sharedSymbol() {
        GuardSet guards;
        SourcePtr x = Source::local(0, "x"), y = Source::local(1, "y");
        PyRef tx = eval("torch.rand(3, 2)"), ty = eval("torch.rand(3)");
        guards.add(Guard::tensorMatch(x, tx.get(), {std::nullopt, 2}, {"s0", ""}));
        guards.add(Guard::tensorMatch(y, ty.get(), {std::nullopt}, {"s0"}));
        guards.add(Guard::dimAtLeastTwo(x, 0, "s0"));
        guards.add(Guard::dimsEqual(y, 0, x, 0));
        guards.compile();
        QVERIFY(guards.tree()->describe().find("L['y']") != std::string::npos);
        std::vector<PyRef> same = {eval("torch.rand(6, 2)"), eval("torch.rand(6)")};
        SourceEnv ok{&same, nullptr, g_namespace, nullptr};
        QVERIFY(!guards.checkFast(ok));
        QVERIFY(!guards.checkSlow(ok));
        std::vector<PyRef> differ = {eval("torch.rand(6, 2)"), eval("torch.rand(5)")};
        SourceEnv bad{&differ, nullptr, g_namespace, nullptr};
        std::optional<GuardFailure> fast = guards.checkFast(bad), slow = guards.checkSlow(bad);
        QVERIFY(fast && slow);
        QCOMPARE(QString::fromStdString(fast->message),
                 QString("L['y'].size()[0] == L['x'].size()[0]"));
        QCOMPARE(fast->guardIndex, slow->guardIndex);
        QCOMPARE(fast->expected, std::string("6"));
        QCOMPARE(fast->actual, std::string("5"));
        // The relation expects the other input's size, known only on the call: it travels.
        const std::vector<GuardInfo> infos = guards.infos();
        const CompactFailure compact = compactFailure(*fast, &infos);
        QCOMPARE(compact.expected.value_or(""), std::string("6"));
        QVERIFY(!compact.message);
        QCOMPARE(resolveFailure(compact, &infos), *slow);
    }

    // TENSOR_ALIASING: which inputs are the same object, compared after the walk.
    void aliasing() {
        GuardSet guards;
        SourcePtr x = Source::local(0, "x"), y = Source::local(1, "y");
        PyRef t = eval("torch.rand(2)");
        guards.add(Guard::tensorMatch(x, t.get(), {2}));
        guards.add(Guard::tensorMatch(y, t.get(), {2}));
        guards.add(Guard::tensorAliasing({x, y}, {0, 0})); // traced with y is x
        guards.compile();
        std::vector<PyRef> same = {t, t};
        SourceEnv ok{&same, nullptr, nullptr, nullptr};
        QVERIFY(!guards.checkFast(ok));
        QVERIFY(!guards.checkSlow(ok));
        std::vector<PyRef> distinct = {t, eval("torch.rand(2)")};
        SourceEnv bad{&distinct, nullptr, nullptr, nullptr};
        std::optional<GuardFailure> fast = guards.checkFast(bad), slow = guards.checkSlow(bad);
        QVERIFY(fast && slow);
        QCOMPARE(QString::fromStdString(fast->message),
                 QString("___check_no_aliasing(L['x']) and L['y'] is L['x']"));
        QCOMPARE(fast->guardIndex, 2);
        QCOMPARE(fast->message, slow->message);
        QCOMPARE(fast->expected, std::string("the object of L['x']"));
        QCOMPARE(fast->actual, std::string("a distinct object"));
        const std::vector<GuardInfo> infos = guards.infos();
        const CompactFailure compact = compactFailure(*fast, &infos);
        QVERIFY(!compact.expected && !compact.message);
        QCOMPARE(resolveFailure(compact, &infos), *slow);
        QCOMPARE(guards.guards()[2].info().terms,
                 (std::vector<std::string>{"distinct(x)", "y is x"}));
    }

    // Attribute, item and global sources become nodes of the tree, each fetched from its parent;
    // a missing attribute fails the guards below it.
    void nestedSources() {
        exec("class M:\n    pass\n"
             "m = M(); m.w = torch.rand(2); m.scale = 2\n"
             "k = 7\n");
        GuardSet guards;
        SourcePtr self = Source::local(0, "self");
        SourcePtr w = Source::attr(self, "w");
        SourcePtr scale = Source::attr(self, "scale");
        SourcePtr first = Source::item(Source::local(1, "xs"), PyRef::steal(PyLong_FromLong(0)));
        SourcePtr k = Source::global("k");
        PyRef m = eval("m"), xs = eval("[10, 20]");
        guards.add(Guard::typeMatch(self, m.get()));
        guards.add(Guard::tensorMatch(w, eval("m.w").get(), {2}));
        guards.add(Guard::equalsMatch(scale, eval("m.scale").get()));
        guards.add(Guard::equalsMatch(first, eval("10").get()));
        guards.add(Guard::equalsMatch(k, eval("7").get()));
        guards.compile();
        std::string tree = guards.tree()->describe();
        QVERIFY2(tree.find("GetAttrGuardAccessor L['self'].w") != std::string::npos, tree.c_str());
        QVERIFY2(tree.find("GetItemGuardAccessor L['xs'][0]") != std::string::npos, tree.c_str());
        QVERIFY2(tree.find("GlobalsGuardAccessor G['k']") != std::string::npos, tree.c_str());
        QCOMPARE(guards.tree()->nodeCount(), size_t(6));

        std::vector<PyRef> locals = {m, xs};
        SourceEnv env{&locals, nullptr, g_namespace, PyEval_GetBuiltins()};
        QVERIFY(!guards.checkFast(env));
        exec("m.scale = 3\n");
        std::optional<GuardFailure> f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->message), QString("L['self'].scale == 2"));
        exec("m.scale = 2\nk = 8\n");
        f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->message), QString("G['k'] == 7"));
        exec("k = 7\ndel m.w\n");
        f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->message), QString("L['self'].w is missing"));
        QCOMPARE(f->guardIndex, 1);
        const std::vector<GuardInfo> infos = guards.infos();
        const CompactFailure compact = compactFailure(*f, &infos);
        QVERIFY(!compact.expected && !compact.message);
        QCOMPARE(resolveFailure(compact, &infos), *guards.checkSlow(env));
        exec("m.w = torch.rand(2)\n");
        locals[1] = eval("[11, 20]");
        f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->message), QString("L['xs'][0] == 10"));
        locals[1] = eval("[10]");
        QVERIFY(!guards.checkFast(env));
    }

    // The node that failed last is checked first next time (most likely to fail first); the
    // verdicts do not change.
    void failingNodeMovesToFront() {
        GuardSet guards;
        PyRef t = eval("torch.rand(2)");
        for (int i = 0; i < 4; ++i)
            guards.add(Guard::tensorMatch(Source::local(i, "t" + std::to_string(i)), t.get(), {2}));
        guards.compile();
        auto firstRoot = [&] {
            std::string d = guards.tree()->describe();
            size_t at = d.find("L['");
            return d.substr(at, 7);
        };
        QCOMPARE(QString::fromStdString(firstRoot()), QString("L['t0']"));
        std::vector<PyRef> locals = {t, t, t, eval("torch.rand(3)")};
        SourceEnv env{&locals, nullptr, nullptr, nullptr};
        std::optional<GuardFailure> f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(f->guardIndex, 3);
        QCOMPARE(QString::fromStdString(firstRoot()), QString("L['t3']"));
        f = guards.checkFast(env);
        QVERIFY(f);
        QCOMPARE(f->guardIndex, 3);
        locals[3] = t;
        QVERIFY(!guards.checkFast(env));
    }

    // The conjunction terms the Guards view shows.
    void terms() {
        PyRef t = eval("torch.rand(2, 3)");
        Guard g = Guard::tensorMatch(Source::local(0, "x"), t.get(), {std::nullopt, 3}, {"s0", ""});
        std::vector<std::string> expected = {"type(x) = Tensor", "dtype(x) = float32",
                                             "device(x) = device(type='cpu')", "shape(x) = (s0, 3)",
                                             "grad(x) = False"};
        QCOMPARE(g.info().terms, expected);
        QCOMPARE(shortSourceText("L['self'].lin.weight"), std::string("self.lin.weight"));
        QCOMPARE(shortSourceText("G['__builtins__']['len']"), std::string("builtins['len']"));
    }
};

QTEST_GUILESS_MAIN(TestGuards)
#include "tst_guards.moc"
