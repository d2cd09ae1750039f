// Tracer: the symbolic interpreter over 3.11 bytecode (Dynamo's InstructionTranslator). It runs
// one region of a frame on Values, records the graph and guards, and stops at a return or at the
// first instruction it must leave to CPython (a graph break).
#pragma once

#include "guards/guardset.h"
#include "model/graph.h"
#include "model/tracestep.h"
#include "trace/breakcatalogue.h"
#include "trace/codeview.h"
#include "trace/graphbuilder.h"
#include "trace/value.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace dynascope {

class ShapePolicy;

// A write to a Python object that existed before the region; replayed after the graph runs.
struct SideEffect {
    enum class Kind { SetAttr, SetCell, SetGlobal, DeleteGlobal, SetItem, Rebuild, Advance };
    Kind kind;
    ValuePtr target;  // the object (with a concrete object or a source); *Global: the dict
    std::string name; // attribute / global name
    ValuePtr key;     // SetItem
    ValuePtr value;   // Advance: how many items the trace took from the iterator `target`
    // SetAttr: written as object.__setattr__ writes it (the class's own Python __setattr__ ran
    // in the trace; replaying through it would run it twice).
    bool plain = false;
};

// A Python exception the traced code raises (RAISE_VARARGS, or one the tracer detects where
// CPython would raise it: a missing dict key, an exhausted iterator). The raising frame's exception
// table, or an inlined caller's, catches it (Tracer::step); one that leaves the root frame is the
// python_exception break it derives from, and CPython then raises it for real. A handler that
// models a library call running user code in its own order turns one that crossed a frame into a
// plain break (`crossedFrame`): CPython might have raised it at another point.
class RaisedException : public GraphBreak {
public:
    explicit RaisedException(ValuePtr exception);
    bool isInstance(PyObject *type) const;
    ValuePtr exception;
    bool crossedFrame = false;
};

// Runs `body`; an exception raised in user code it inlined (one that crossed a frame) and, when
// `only` is set, an instance of it, becomes a plain python_exception break.
template <class F> auto sealRaises(F &&body, PyObject *only = nullptr) -> decltype(body()) {
    try {
        return body();
    } catch (RaisedException &r) {
        if (!r.crossedFrame || (only && !r.isInstance(only)))
            throw;
        throw GraphBreak(BreakId::PythonException, r.context() + " (in code a library call ran)");
    }
}

// What one trace of a region produced.
struct TraceResult {
    enum class Exit { Return, Break };
    Exit exit = Exit::Return;
    int stopOffset = -1; // Break: the root-frame offset where CPython takes over
    ValuePtr returnValue;
    std::vector<ValuePtr> locals; // root frame at the exit (null: unchanged since region start)
    std::vector<ValuePtr> stack;
    std::vector<SideEffect> sideEffects;
    std::shared_ptr<GraphBuilder> graph;
    std::shared_ptr<GuardSet> guards;
    std::vector<std::pair<int, GraphBreakInfo>> breaks; // (root offset, break) met while tracing
    std::vector<TraceStep> traceSteps;
    // The grad mode the frame continues in (1/0). At a break inside grad-mode with-blocks the
    // graph ends by restoring the region's starting mode (as Dynamo's graphs do), so the runtime
    // sets this mode again before the break step; it also stands in for a graph that only
    // switched modes and was not compiled.
    int gradModeAfter = -1;
};

// What a region trace starts from: the frame's concrete state at the region start.
struct TraceStart {
    PyObject *code = nullptr;
    PyObject *function = nullptr; // the frame's function object (closure, defaults)
    PyObject *globals = nullptr;
    PyObject *builtins = nullptr;
    const std::vector<PyRef> *locals = nullptr;
    const std::vector<PyRef> *stack = nullptr;
    int offset = 0;       // first instruction to trace
    int regionStart = 0;  // the region's key offset (0 for the function entry)
    std::set<int> stopAt; // root offsets where the trace must stop (known breaks)
    ShapePolicy *shapes = nullptr;
    bool recordSteps = false;
    bool fullgraph = false;
    // Lent by the runtime (trace never includes it): the callable a runtime wrapper such as a
    // CompiledFunction wraps (borrowed), or null when `object` is no such wrapper.
    PyObject *(*unwrapCallable)(PyObject *object) = nullptr;
};

class Tracer {
public:
    explicit Tracer(const TraceStart &start);
    ~Tracer();
    // Traces until the region exits. Throws GraphBreak (with root offset in breakOffset()) when
    // the trace meets a break that is not in stopAt yet.
    TraceResult run();
    int breakOffset() const { return m_breakOffset; }
    const std::vector<SourceSite> &breakStack() const { return m_breakStack; }

    // Opcode coverage, for the test that every 3.11 opcode is handled or declared unsupported.
    static std::vector<std::string> handledOpcodes();
    static std::vector<std::string> unsupportedOpcodes();

    // ---- used by the handler files ----
    struct Frame {
        std::shared_ptr<const CodeView> view;
        PyRef globals, builtins;
        std::vector<ValuePtr> locals;
        std::vector<ValuePtr> stack;
        int ip = 0; // index into view->instructions()
        PyRef kwNames;
        int callSeqStart = -1;
        bool root = false;
        bool returned = false;
        bool generator = false; // an inlined generator function (Tracer::resumeGenerator)
        ValuePtr yielded;       // generator: what the last YIELD_VALUE gave, until taken
        ValuePtr result;
        SourcePtr functionSource; // source of the function object (closure cells), may be null
    };
    using Handler = void (Tracer::*)(const CodeInstruction &);

    Frame &frame() { return *m_frames.back(); }
    ValuePtr pop();
    std::vector<ValuePtr> popN(int n);
    void push(ValuePtr v) { frame().stack.push_back(std::move(v)); }
    ValuePtr &top(int depth = 1) { return frame().stack[frame().stack.size() - depth]; }
    void jumpTo(int offset);

    // Wraps a concrete object read from `source` into a Value, installing its guards.
    ValuePtr wrap(PyObject *object, SourcePtr source);
    // A Value for a concrete object made or found during the trace (no guards).
    ValuePtr wrapUnguarded(PyObject *object);
    void addGuard(Guard guard);
    // The concrete object `source` names in the frame's state at the region start (null, error
    // cleared, when it is gone).
    PyRef fetchAtStart(const SourcePtr &source) const;
    // Python value of a Value known at trace time, or throws a break of `why`.
    PyRef constantOf(const ValuePtr &v, const char *why);
    bool truthOf(const ValuePtr &v); // throws data_dependent_branch for tensors

    // Graph building: a call node whose result is inferred on meta tensors.
    ValuePtr callGraph(const std::string &op, const std::string &target, PyRef targetObj,
                       PyObject *metaFn, const std::vector<ValuePtr> &args,
                       const std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    void guardStateRead(const std::string &op, PyObject *fn, const std::vector<ValuePtr> &args,
                        const std::vector<std::pair<std::string, ValuePtr>> &kwargs,
                        PyObject *value);
    ValuePtr call(const ValuePtr &fn, std::vector<ValuePtr> args,
                  std::vector<std::pair<std::string, ValuePtr>> kwargs);
    ValuePtr inlineCall(PyObject *code, PyObject *globals, const std::vector<ValuePtr> &defaults,
                        const ValuePtr &kwDefaults, const std::vector<ValuePtr> &closure,
                        SourcePtr fnSource, std::vector<ValuePtr> args,
                        std::vector<std::pair<std::string, ValuePtr>> kwargs);
    ValuePtr getAttr(const ValuePtr &obj, const std::string &name);
    ValuePtr objectAttr(const ValuePtr &obj, const std::string &name); // user objects, modules
    // The value of object `o`'s __dict__ when the trace read it (`o.__dict__`), else null.
    const ContainerValue *instanceDictValue(PyObject *o) const;
    ValuePtr namedTupleClassAttr(const ValuePtr &obj, const std::string &name);
    ValuePtr superAttr(const ValuePtr &sup, const std::string &name);
    // The traced code read this tensor's sizes as numbers: symbolic dims become guarded values.
    void specializeDims(const ValuePtr &tensor);
    ValuePtr binaryOp(int nbOp, const ValuePtr &a, const ValuePtr &b);
    ValuePtr compareOp(int op, const ValuePtr &a, const ValuePtr &b);
    ValuePtr subscript(const ValuePtr &obj, const ValuePtr &key);
    void storeSubscript(const ValuePtr &container, const ValuePtr &key, const ValuePtr &value);
    void deleteSubscript(const ValuePtr &container, const ValuePtr &key);
    bool isSameObject(const ValuePtr &a, const ValuePtr &b);  // `is`
    void guardConstantIdentity(const ValuePtr &a, const ValuePtr &b, bool same);
    bool contains(ValuePtr container, const ValuePtr &item); // `in`
    // A call of an operator-module function that has an operator's meaning (operator.iadd,
    // setitem, is_, contains...): what the operator does, the container changed in place;
    // null for the others.
    ValuePtr operatorCall(const std::string &name, const std::vector<ValuePtr> &args);
    void storeSlice(const ValuePtr &list, PyObject *slice, std::vector<ValuePtr> items);
    ValuePtr iterate(const ValuePtr &obj); // GET_ITER
    ValuePtr wrapIterator(PyObject *iterator, SourcePtr source);
    // The next item of an iterator value, or null when it is exhausted; advances the iterator
    // (and the iterators a lazy one reads from) as CPython's next() does.
    ValuePtr iterNext(const ValuePtr &it);
    void checkStrictZipEnd(IteratorValue &zip, size_t exhausted);
    // Runs a generator's frame from where it stopped to its next yield (that value) or its end
    // (null, and the generator is exhausted).
    ValuePtr resumeGenerator(IteratorValue &generator);
    // Every remaining item of `iterable`; an iterator is consumed, as by CPython's list(it).
    std::vector<ValuePtr> drain(const ValuePtr &iterable);
    std::vector<ValuePtr> unpack(const ValuePtr &obj, int n); // n < 0: any length
    ValuePtr callBuiltin(const ValuePtr &fn, std::vector<ValuePtr> &args,
                         std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr makeLibraryModule(const ValuePtr &cls, std::vector<ValuePtr> &args,
                               std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr callObjectMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                              std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr callDequeMethod(const ValuePtr &self, const std::string &name,
                             std::vector<ValuePtr> &args);
    // Sets (tracersets.cpp). The object a set holds for `member` (what CPython hashes: a
    // constant itself, an input tensor's or an identity-compared object's stand-in); a break
    // for members whose hash the trace cannot know.
    PyRef hashKey(const ValuePtr &member);
    // The object a dict value holds for `key`: any hashable constant itself (an enum member
    // hashes by its own __hash__, which folding runs), else hashKey's stand-in (a tensor, a
    // module, an object compared by identity: {param: 3}, d[module]).
    PyRef dictKey(const ValuePtr &key);
    // set(iterable) / frozenset(iterable) (null: empty), built as CPython builds it.
    std::shared_ptr<SetValue> makeSet(const ValuePtr &iterable, bool frozen);
    void setAdd(const ValuePtr &set, const ValuePtr &member);
    // The members in CPython's iteration order; a break where the trace cannot know it.
    std::vector<ValuePtr> setMembers(const ValuePtr &set);
    ValuePtr callSetMethod(const ValuePtr &self, const std::string &name,
                           std::vector<ValuePtr> &args,
                           std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    // a <op> b ("or_", "and_", "sub", "xor"…) and comparisons where an operand is a set value;
    // null when neither is.
    ValuePtr setBinaryOp(const std::string &op, bool inplace, const ValuePtr &a, const ValuePtr &b);
    ValuePtr setCompare(int op, const ValuePtr &a, const ValuePtr &b);
    bool setContains(const ValuePtr &set, const ValuePtr &item);
    // A set argument of constants (guarded by value), or null for other sets.
    ValuePtr wrapSet(PyObject *object, SourcePtr source);
    // Null when the call shape is not one the dict value models.
    ValuePtr callDictMethod(const ValuePtr &self, const std::string &name,
                            std::vector<ValuePtr> &args,
                            std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    // nn.Module's own methods on a module value (children, parameters…); null when `fn` is not
    // one of them or the call shape is not modelled (the method is then inlined).
    ValuePtr callModuleMethod(const ValuePtr &module, PyObject *fn, std::vector<ValuePtr> &args,
                              std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    // Calling a module (tracermodulecall.cpp), as nn.Module.__call__ runs it: a lazy module
    // initialised on the example values, then its forward pre-hooks, forward and forward hooks
    // inlined; a class's own __call__ instead where it has one.
    ValuePtr callModule(const ValuePtr &module, std::vector<ValuePtr> args,
                        std::vector<std::pair<std::string, ValuePtr>> kwargs);
    // nn.Module.__call__ itself (hooks and forward), whatever the class overrides: what
    // `nn.Module.__call__(mod, x)` and `mod._call_impl(x)` spelled out run.
    ValuePtr callModuleImpl(const ValuePtr &module, std::vector<ValuePtr> args,
                            std::vector<std::pair<std::string, ValuePtr>> kwargs);
    // Whether f is nn.Module.__call__ or nn.Module._call_impl.
    static bool isModuleCallImpl(PyObject *f);
    // The forward __call__ runs: an instance's own forward, else the class's.
    ValuePtr callForward(const ValuePtr &module, std::vector<ValuePtr> args,
                         std::vector<std::pair<std::string, ValuePtr>> kwargs);
    // The hooks in the module's dict `name` (_forward_hooks…) in call order, the dict's keys
    // guarded when the module has a source.
    std::vector<ValuePtr> moduleHooks(const ValuePtr &module, const char *name);
    // A lazy module (one still holding its _initialize_hook) runs _infer_parameters on the
    // example values of `args` now; nothing for any other module.
    void initializeLazyModule(const ValuePtr &module, const std::vector<ValuePtr> &args,
                              const std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    // `key in module` for a ModuleDict (its keys guarded); null for other modules.
    ValuePtr moduleContains(const ValuePtr &module, const ValuePtr &key);
    // Objects made during the trace (tracernewobject.cpp). `cls(...)` as type.__call__ runs it,
    // or null when `cls` is no plain Python class (its layout has a C base, or its metaclass
    // overrides __call__); object.__new__(cls) alone (null likewise).
    ValuePtr instantiate(const ValuePtr &cls, std::vector<ValuePtr> &args,
                         std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr makeNewObject(const ValuePtr &cls);
    // object.__new__/__init__/__setattr__ called with these arguments; null for another callee
    // or arguments they do not model.
    static bool isObjectSlot(PyObject *callee);
    ValuePtr callObjectSlot(PyObject *slot, std::vector<ValuePtr> &args,
                            std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr newObjectAttr(const ValuePtr &obj, const std::string &name);
    // obj.name = value on a new object (`viaObjectSetattr`: object.__setattr__, which skips the
    // class's own __setattr__).
    void storeNewObjectAttr(const ValuePtr &obj, const std::string &name, ValuePtr value,
                            bool viaObjectSetattr = false);
    // obj.name = value as the class `type` routes it: a property's Python setter inlined (true),
    // a break for setters and data descriptors not modelled or a store CPython refuses (no
    // __dict__, a read-only property); false: a plain store into the instance, the caller's.
    bool storeThroughClass(PyObject *type, const ValuePtr &obj, const std::string &name,
                           ValuePtr &value);
    ValuePtr bindClassAttr(const ValuePtr &self, const ValuePtr &cls, PyObject *descr,
                           const std::string &name);
    // A Python function inlined as written, whatever its module (guarded on its code when
    // `source` is set).
    ValuePtr userFunction(PyObject *fn, SourcePtr source);
    // A user object's protocol method (`__len__`, `__iter__`…) as CPython's slot lookup finds
    // it: on the class's MRO, never the instance; borrowed. Null when `v` is no user object (one
    // the trace wraps or one it made) or its class has no such attribute.
    PyObject *classDunder(const ValuePtr &v, const char *name);
    // _PyType_Lookup(cls, name), borrowed, with the answer guarded (CLASS_LOOKUP) for a Python
    // class.
    PyObject *classLookup(PyObject *cls, const std::string &name);
    // That method called with `v` first and inlined when it is a Python function; null when the
    // class has none or does it in C (the caller decides: a constant path or a break).
    ValuePtr callClassDunder(const ValuePtr &v, const char *name, std::vector<ValuePtr> rest = {});
    // len(v) by a Python __len__, checked as CPython checks it (an int >= 0); null as above.
    ValuePtr userLength(const ValuePtr &v);
    // a <op> b by the operands' Python dunders (`op` without underscores: "add"); null when
    // neither is a user object.
    ValuePtr userBinaryOp(const std::string &op, bool inplace, const ValuePtr &a,
                          const ValuePtr &b);
    // a <op> b (Py_LT…Py_GE) by the operands' Python rich comparisons; null when no user object
    // takes part or a class compares in C.
    ValuePtr userCompare(int op, const ValuePtr &a, const ValuePtr &b);
    ValuePtr scalarNode(const std::string &op, const std::string &target, PyRef targetObj,
                        const ValuePtr &operand, PyObject *dtype);
    ValuePtr callTensorMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                              std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    // Records a grad-mode switch as a graph node (torch._C._set_grad_enabled), as Dynamo does.
    void setGradMode(bool enabled);
    bool gradMode() const { return m_gradMode; }
    // Dynamic ints (tracersymint.cpp): whether `object` read from `source` is one; its Value
    // (type guard only); its graph node; the constant it is once its value is read (its inputs
    // guarded to their values); int arithmetic on it as a graph node (null: not int arithmetic).
    bool isDynamicInt(PyObject *object, const SourcePtr &source) const;
    ValuePtr wrapDynamicInt(PyObject *object, SourcePtr source);
    const std::string &symIntNode(const ValuePtr &v);
    // A SymInt becomes a constant; any other value has the SymInts it holds (tuple, list and
    // dict items, at any depth) specialised in place and is returned as it was.
    ValuePtr specializeSymInt(const ValuePtr &v);
    // Whether calling `fn` only binds its arguments into an inlined frame of Python code, so
    // the arguments are moved, not read (a SymInt among them stays symbolic).
    bool inlinesPlainly(const ValuePtr &fn) const;
    ValuePtr symIntArithmetic(const std::string &name, const ValuePtr &a, const ValuePtr &b);
    ValuePtr symIntUnary(const std::string &name, const ValuePtr &v); // -n, +n (null: not one)
    // functools (tracerfunctools.cpp): calling a Partial value, a partial object from outside
    // the trace and an lru_cache wrapper (null: `fn` is neither), and a Partial's attributes.
    ValuePtr callPartial(const ValuePtr &partial, std::vector<ValuePtr> args,
                         std::vector<std::pair<std::string, ValuePtr>> kwargs);
    ValuePtr callPartialObject(const ValuePtr &fn, std::vector<ValuePtr> &args,
                               std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr callLruCacheWrapper(const ValuePtr &fn, std::vector<ValuePtr> &args,
                                 std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    ValuePtr partialAttr(const ValuePtr &obj, const std::string &name);
    // warnings.catch_warnings (tracerwarnings.cpp): BEFORE_WITH on one made in the trace (false:
    // `ctx` is none), and whether `v` is the __exit__ such a block pushed.
    bool enterCatchWarnings(const ValuePtr &ctx);
    static bool isCatchWarningsExit(const ValuePtr &v);
    // Exceptions (tracerexceptions.cpp): an exception value for `cls(*args)` (null when the class
    // or call shape is not modelled); raising one; the handler lookup in `f` when `ins` raised
    // (false: the exception leaves the frame); attributes and str()/repr() of one.
    ValuePtr makeException(PyObject *cls, const std::vector<ValuePtr> &args,
                           const std::vector<std::pair<std::string, ValuePtr>> &kwargs);
    [[noreturn]] void raise(const ValuePtr &exception);
    // A new raise (RAISE_VARARGS with an exception, an error inside an instruction): chained
    // to the exception being handled first (__context__), as CPython's _PyErr_SetObject does.
    [[noreturn]] void raiseChained(const ValuePtr &exception);
    [[noreturn]] void raisePython(PyObject *cls, std::vector<ValuePtr> args);
    // The Python error set now (an operation on constants raised it): raised in the trace when
    // it is a builtin exception with constant args, else a python_exception break naming `what`.
    [[noreturn]] void raisePendingError(const std::string &what);
    bool unwindToHandler(Frame &f, const CodeInstruction &ins, const ValuePtr &exception);
    ValuePtr exceptionAttr(const ValuePtr &obj, const std::string &name);
    ValuePtr exceptionText(const ValuePtr &e, bool repr);
    ValuePtr loadCell(const ValuePtr &cell);
    void storeCell(const ValuePtr &cell, ValuePtr value);
    void recordSideEffect(SideEffect effect) { m_sideEffects.push_back(std::move(effect)); }
    // A module global written or deleted by the trace (STORE_GLOBAL/DELETE_GLOBAL, or an
    // attribute of a module object): later reads in the trace see it, and the write is
    // replayed into the dict after the graph. `source` gives the guard source of a global the
    // trace deletes without having stored it (null: the delete breaks).
    void storeGlobal(const PyRef &globals, const std::string &name, ValuePtr v);
    void deleteGlobal(const PyRef &globals, const std::string &name,
                      const std::function<SourcePtr()> &source);
    SourcePtr globalSource(const std::string &name);
    bool sameTensor(const ValuePtr &a, const ValuePtr &b) const;
    // obj.name = value (STORE_ATTR, or object.__setattr__ called on an existing object, which
    // skips the class's own __setattr__: `viaObjectSetattr`).
    void storeAttr(const ValuePtr &owner, const std::string &name, ValuePtr value,
                   bool viaObjectSetattr);
    // A class's Python __setattr__(obj, name, value), inlined (its object.__setattr__ comes
    // back as the plain store).
    void callSetattr(PyObject *setattr, const ValuePtr &obj, const std::string &name,
                     ValuePtr value);
    // nn.Module.__getattr__ on a module value: its parameter, buffer or child `name`, else
    // AttributeError raised in the trace (guarded where the module has a source).
    ValuePtr moduleRegisteredAttr(const ValuePtr &module, const std::string &name);
    // The grad the trace last stored on `tensor` (null when it stored none).
    ValuePtr tensorGradSet(const ValuePtr &tensor) const;
    // `tensor.grad = value`: checked as autograd checks it (None, or a tensor of the same
    // shape, dtype and device; otherwise a break where CPython raises), kept and replayed.
    void storeTensorGrad(const ValuePtr &tensor, const ValuePtr &value);
    // `a == b` as `in`, list.index/count/remove compare: identity first, then == (a break
    // where that is data: a tensor against another value).
    bool sameOrEqual(const ValuePtr &a, const ValuePtr &b);
    // Whether the trace set attribute `name` of `target` (a write replayed after the graph).
    bool setsAttr(const ValuePtr &target, const std::string &name) const {
        for (const SideEffect &e : m_sideEffects)
            if (e.kind == SideEffect::Kind::SetAttr && e.target == target && e.name == name)
                return true;
        return false;
    }
    std::map<std::pair<PyObject *, std::string>, ValuePtr> &attrOverrides() { return m_attrs; }
    ValuePtr rootLocal(int slot);
    SourceSite site() const;
    std::vector<SourceSite> userStack() const;

    // Handlers, one per opcode, named after it (tracer*.cpp).
#define DYNASCOPE_OPCODE(name) void op_##name(const CodeInstruction &ins);
#include "trace/opcodelist.h"
#undef DYNASCOPE_OPCODE

private:
    void step();
    void traceStepEvent(const CodeInstruction &ins, size_t nodesBefore, size_t guardsBefore);
    void addAliasingGuard();
    void addObjectAliasingGuard();
    // Before each instruction: specialises the dynamic ints on the stack it would read, and
    // says whether its load may make one (m_loadMayBeDynamic).
    void beginSymIntStep(const CodeInstruction &ins);
    bool keepsSymIntsAt(const CodeInstruction &ins) const;
    void specializeNestedSymInts(const ValuePtr &container, std::set<const Value *> &seen);
    void settleSymIntsAtExit();
    // An operator.<name> node on int operands whose result is again a SymInt.
    ValuePtr symIntCall(const std::string &name, const std::vector<ValuePtr> &operands);
    TraceStart m_start;
    std::vector<std::unique_ptr<Frame>> m_frames;
    std::shared_ptr<GraphBuilder> m_graph;
    std::shared_ptr<GuardSet> m_guards;
    std::vector<SideEffect> m_sideEffects;
    std::map<std::pair<PyObject *, std::string>, ValuePtr> m_attrs;
    std::map<PyObject *, ValuePtr> m_wrapped; // one Value per object read (aliasing)
    // Set keys standing in for objects hashed by identity: an input tensor's (by object: the
    // meta tensor of the first value read for it), a new object's (by value).
    std::map<PyObject *, PyRef> m_tensorKeys;
    std::map<const Value *, PyRef> m_identityKeys;
    // Every tensor read from a source, in reading order (the aliasing guard's inputs).
    std::vector<std::pair<PyObject *, SourcePtr>> m_tensorSources;
    // Every other object read from a source whose Value is shared by all its reads (m_wrapped:
    // containers, user objects), in reading order (the object aliasing guard's inputs); and
    // whether the trace compared two objects by identity (`is`, a default ==).
    std::vector<std::pair<PyObject *, SourcePtr>> m_objectSources;
    bool m_identityTested = false;
    // `t.grad = g` stores the trace made, in order (the tensor, the grad or None): reads of
    // t.grad after one answer from here (Tracer::tensorGradSet), and each is replayed on the
    // tensor after the graph.
    std::vector<std::pair<ValuePtr, ValuePtr>> m_tensorGrads;
    std::set<std::pair<PyObject *, std::string>> m_classLookups; // CLASS_LOOKUP guards made
    std::vector<TraceStep> m_traceSteps;
    std::vector<std::string> m_stepGuards;
    int m_breakOffset = -1;
    std::vector<SourceSite> m_breakStack;
    long m_instructionCount = 0;
    bool m_gradMode = true;
    bool m_gradSwitched = false;   // a grad-mode node was recorded
    // A dynamic int was read in this trace; the current instruction is a load that may read one.
    bool m_hasSymInts = false, m_loadMayBeDynamic = false;
    // The exception an `except` block of the trace is handling (sys.exc_info()'s), or null.
    ValuePtr m_handledException;
    TraceResult m_result;
};

struct SuspendedGenerator {
    std::unique_ptr<Tracer::Frame> frame; // null once the generator returned (or while running)
    ValuePtr returned;                    // what it returned (`x = yield from gen`)
    bool running = false;                 // between its resume and its next yield
};

} // namespace dynascope
