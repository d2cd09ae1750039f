// Exit plans: how a region's exit state is rebuilt from the graph's outputs and the region's
// start state. Each recipe kind is built against a real start state and compared with what
// CPython gives for the same Python expression (the oracle), including the writes to objects
// older than the region (attributes, cells, globals, lists and dicts changed in place, whose
// identity must survive as it does in CPython).
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "runtime/exitplan.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

class TestExitPlan : public QObject {
    Q_OBJECT
    std::unique_ptr<Interpreter> m_interpreter;
    std::unique_ptr<PythonScratch> m_python;
    std::vector<PyRef> m_locals; // 0: box (an object), 1: items (a list), 2: table (a dict)
    std::vector<PyRef> m_stack;
    std::vector<PyRef> m_outputs; // what "the graph" returned

    PyRef eval(const char *code) { return m_python->eval(code); }
    SourceEnv env() const {
        return {&m_locals, &m_stack, m_python->globals().get(), PyEval_GetBuiltins()};
    }
    bool equal(PyObject *a, const char *expected) {
        return PyObject_RichCompareBool(a, eval(expected).get(), Py_EQ) == 1;
    }
    static Recipe output(int index) {
        Recipe r;
        r.kind = Recipe::Kind::Output;
        r.index = index;
        return r;
    }
    static Recipe constant(PyRef value) {
        Recipe r;
        r.kind = Recipe::Kind::Const;
        r.constant = std::move(value);
        return r;
    }
    static Recipe fetch(SourcePtr source) {
        Recipe r;
        r.kind = Recipe::Kind::Fetch;
        r.source = std::move(source);
        return r;
    }
    static Recipe of(Recipe::Kind kind, std::vector<Recipe> items) {
        Recipe r;
        r.kind = kind;
        r.items = std::move(items);
        return r;
    }

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_exitplan"});
        m_python = std::make_unique<PythonScratch>();
        m_python->exec(
            "import collections\nclass Box:\n    def scale(self, k):\n        return 10 * k\n"
            "Pair = collections.namedtuple('Pair', 'a b')\n"
            "box = Box(); items = [1, 2]; table = {'a': 1}; counter = 0\n");
    }
    void init() {
        m_locals = {eval("box"), eval("items"), eval("table")};
        m_stack = {eval("'pending'")};
        m_outputs = {eval("3.5"), eval("'out1'")};
    }

    void aReturnBuildsNestedContainersFromOutputsFetchesAndConstants() {
        ExitPlan plan;
        plan.isReturn = true;
        Recipe dict = of(Recipe::Kind::Dict, {output(1), fetch(Source::local(1, "items"))});
        dict.keys = {eval("'x'"), eval("'y'")};
        Recipe pair = of(Recipe::Kind::Tuple, {output(0), constant(eval("None"))});
        pair.constant = eval("Pair");
        plan.returnValue =
            of(Recipe::Kind::Tuple,
               {output(0), of(Recipe::Kind::List, {constant(eval("7"))}), dict, pair});
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QVERIFY(equal(returned.get(), "(3.5, [7], {'x': 'out1', 'y': [1, 2]}, Pair(3.5, None))"));
        QCOMPARE(std::string(Py_TYPE(PyTuple_GET_ITEM(returned.get(), 3))->tp_name),
                 std::string("Pair"));
        // A fetched object is the object itself, not a copy.
        PyObject *dictOut = PyTuple_GET_ITEM(returned.get(), 2);
        QCOMPARE(PyDict_GetItemString(dictOut, "y"), m_locals[1].get());
    }

    void aBreakKeepsUnchangedLocalsAndRebuildsTheStack() {
        ExitPlan plan;
        plan.isReturn = false;
        Recipe keep;
        keep.kind = Recipe::Kind::Keep;
        Recipe null;
        null.kind = Recipe::Kind::Null;
        plan.locals = {keep, output(0), null};
        plan.stack = {fetch(Source::stack(0)),
                      of(Recipe::Kind::Iter, {constant(eval("1")), constant(eval("2"))})};
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QCOMPARE(locals.size(), size_t(3));
        QCOMPARE(locals[0].get(), m_locals[0].get());
        QVERIFY(equal(locals[1].get(), "3.5"));
        QVERIFY(!locals[2]); // an unbound local (DELETE_FAST) stays unbound
        QCOMPARE(stack[0].get(), m_stack[0].get());
        PyRef rest = PyRef::steal(PySequence_List(stack[1].get())); // an iterator, consumed here
        QVERIFY(equal(rest.get(), "[1, 2]"));
    }

    void inPlaceRecipesKeepTheObjectsIdentity() {
        ExitPlan plan;
        Recipe list = of(Recipe::Kind::ListInPlace, {output(1), constant(eval("5"))});
        list.source = Source::local(1, "items");
        Recipe dict = of(Recipe::Kind::DictInPlace, {output(0)});
        dict.source = Source::local(2, "table");
        dict.keys = {eval("'b'")};
        plan.returnValue = of(Recipe::Kind::Tuple, {list, dict});
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QCOMPARE(PyTuple_GET_ITEM(returned.get(), 0), m_locals[1].get());
        QCOMPARE(PyTuple_GET_ITEM(returned.get(), 1), m_locals[2].get());
        QVERIFY(equal(m_locals[1].get(), "['out1', 5]")); // items[:] = ['out1', 5]
        QVERIFY(equal(m_locals[2].get(), "{'b': 3.5}"));  // table.clear(); table.update(b=3.5)
    }

    void sideEffectsWriteAttributesCellsAndGlobalsAsCPythonWould() {
        ExitPlan plan;
        plan.returnValue = constant(eval("None"));
        EffectRecipe attr{
            SideEffect::Kind::SetAttr, fetch(Source::local(0, "box")), "label", {}, output(1)};
        PyRef cell = PyRef::steal(PyCell_New(eval("0").get()));
        EffectRecipe setCell{SideEffect::Kind::SetCell, constant(cell), "", {}, output(0)};
        EffectRecipe global{SideEffect::Kind::SetGlobal,
                            constant(m_python->globals()),
                            "counter",
                            {},
                            constant(eval("41 + 1"))};
        plan.effects = {attr, setCell, global};
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QVERIFY(equal(PyRef::steal(PyObject_GetAttrString(m_locals[0].get(), "label")).get(),
                      "'out1'"));
        QVERIFY(equal(PyCell_GET(cell.get()), "3.5"));
        QVERIFY(equal(eval("counter").get(), "42"));
    }

    void boundMethodsAndGetattrCallLikeTheOriginal() {
        ExitPlan plan;
        Recipe bound;
        bound.kind = Recipe::Kind::BoundMethod;
        bound.constant = eval("Box.scale");
        bound.items = {fetch(Source::local(0, "box"))};
        Recipe getattr;
        getattr.kind = Recipe::Kind::Getattr;
        getattr.name = "scale";
        getattr.items = {fetch(Source::local(0, "box"))};
        plan.returnValue = of(Recipe::Kind::Tuple, {bound, getattr});
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        for (int i = 0; i < 2; ++i) {
            PyRef result =
                PyRef::steal(PyObject_CallFunction(PyTuple_GET_ITEM(returned.get(), i), "i", 4));
            QVERIFY(equal(result.get(), "box.scale(4)"));
        }
    }

    // An object made during the trace: object.__new__ then its attributes (its __init__, which
    // raises here, is not run again); one object per share, also where it refers to itself or is
    // reached twice; a __slots__ member is set through its descriptor.
    void aNewObjectIsMadeOnceWithoutRunningItsInit() {
        m_python->exec("class Made:\n    def __init__(self):\n        raise AssertionError()\n"
                       "class Slotted:\n    __slots__ = ('a',)\n");
        Recipe made;
        made.kind = Recipe::Kind::NewObject;
        made.share = 0;
        made.constant = eval("Made");
        Recipe backReference = made; // what the planner gives for a reference inside itself
        made.keys = {eval("'value'"), eval("'me'")};
        made.items = {output(0), backReference};
        Recipe slotted;
        slotted.kind = Recipe::Kind::NewObject;
        slotted.share = 1;
        slotted.constant = eval("Slotted");
        slotted.keys = {eval("'a'")};
        slotted.items = {made};
        ExitPlan plan;
        plan.returnValue = of(Recipe::Kind::Tuple, {made, made, slotted});
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        PyObject *first = PyTuple_GET_ITEM(returned.get(), 0);
        QCOMPARE(first, PyTuple_GET_ITEM(returned.get(), 1));
        QCOMPARE(reinterpret_cast<PyObject *>(Py_TYPE(first)), eval("Made").get());
        QVERIFY(equal(PyRef::steal(PyObject_GetAttrString(first, "value")).get(), "3.5"));
        QCOMPARE(PyRef::steal(PyObject_GetAttrString(first, "me")).get(), first);
        PyObject *third = PyTuple_GET_ITEM(returned.get(), 2);
        QCOMPARE(reinterpret_cast<PyObject *>(Py_TYPE(third)), eval("Slotted").get());
        QCOMPARE(PyRef::steal(PyObject_GetAttrString(third, "a")).get(), first);
    }

    // Sets: a new set or frozenset of its members; a set older than the region changed in place
    // (the object survives, members it lost are discarded, new ones added, CPython's result for
    // the same changes); a deque older than the region refilled in place.
    void setsAndDequesAreRebuiltAsCPythonWouldHaveThem() {
        m_python->exec("import collections\n"
                       "tags = {1, 2, 3}\nsame_tags = tags\nwant = set(tags)\n"
                       "want.discard(2)\nwant.add(9)\n"
                       "q = collections.deque([1, 2])\nsame_q = q\n");
        Recipe fresh = of(Recipe::Kind::Set, {constant(eval("4")), output(0), constant(eval("4"))});
        Recipe frozen = fresh;
        frozen.constant = eval("frozenset");
        Recipe inPlace = of(Recipe::Kind::SetInPlace,
                            {constant(eval("1")), constant(eval("3")), constant(eval("9"))});
        inPlace.source = Source::global("tags");
        Recipe deque = of(Recipe::Kind::ListInPlace, {constant(eval("'a'")), output(0)});
        deque.source = Source::global("q");
        ExitPlan plan;
        plan.returnValue = of(Recipe::Kind::Tuple, {fresh, frozen, inPlace, deque});
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QVERIFY(equal(PyTuple_GET_ITEM(returned.get(), 0), "{4, 3.5}"));
        QVERIFY(PySet_CheckExact(PyTuple_GET_ITEM(returned.get(), 0)));
        QVERIFY(PyFrozenSet_CheckExact(PyTuple_GET_ITEM(returned.get(), 1)));
        QCOMPARE(PyTuple_GET_ITEM(returned.get(), 2), eval("same_tags").get());
        QVERIFY(equal(PyTuple_GET_ITEM(returned.get(), 2), "want"));
        QCOMPARE(PyTuple_GET_ITEM(returned.get(), 3), eval("same_q").get());
        QVERIFY(equal(PyTuple_GET_ITEM(returned.get(), 3), "collections.deque(['a', 3.5])"));
    }

    // Every fetch reads the start state before any in-place write: a list rebuilt in place
    // without its last item (a pop in the trace) while the stack holds that item, fetched from
    // the list's old slot (L['items'][1]), as a list.pop() between two breaks leaves them.
    void fetchesReadTheStartStateBeforeInPlaceWrites() {
        m_python->exec("items[:] = [1, 2]\n"); // earlier tests rewrote it
        ExitPlan plan;
        plan.isReturn = false;
        Recipe keep;
        keep.kind = Recipe::Kind::Keep;
        Recipe list = of(Recipe::Kind::ListInPlace,
                         {fetch(Source::item(Source::local(1, "items"), eval("0")))});
        list.source = Source::local(1, "items");
        plan.locals = {keep, list, keep};
        plan.stack = {fetch(Source::item(Source::local(1, "items"), eval("1")))};
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(plan.build(m_outputs, env(), returned, locals, stack));
        QCOMPARE(locals[1].get(), m_locals[1].get());
        QVERIFY(equal(m_locals[1].get(), "[1]"));
        QVERIFY(equal(stack[0].get(), "2"));
    }

    void aValueThatCannotBeFetchedFailsWithAPythonError() {
        ExitPlan plan;
        plan.returnValue = fetch(Source::attr(Source::local(0, "box"), "missing"));
        PyRef returned;
        std::vector<PyRef> locals, stack;
        QVERIFY(!plan.build(m_outputs, env(), returned, locals, stack));
        QVERIFY(PyErr_ExceptionMatches(PyExc_RuntimeError));
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        PyRef text = PyRef::steal(PyObject_Str(value));
        QCOMPARE(QString(PyUnicode_AsUTF8(text.get())),
                 QString("dynascope: cannot fetch L['box'].missing"));
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(traceback);
    }
};

QTEST_GUILESS_MAIN(TestExitPlan)
#include "tst_exitplan.moc"
