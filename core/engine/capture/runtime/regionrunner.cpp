// RegionRunner: the region chain over a live 3.11 frame (internal frame layout: see
// ARCHITECTURE §5: localsplus, stacktop and prev_instr let CPython resume mid-function).
#define Py_BUILD_CORE 1
#include "runtime/regionrunner.h"

#include "model/failuretext.h"
#include "runtime/breakstep.h"
#include "runtime/captureevents.h"
#include "runtime/coderecord.h"
#include "runtime/compiledfunction.h"
#include "runtime/framehook.h"
#include "runtime/nativekernels.h"
#include "runtime/transformedcode.h"
#include "trace/breakcatalogue.h"
#include "trace/captureconfig.h"
#include "trace/codeview.h"
#include "trace/tracer.h"

#include <internal/pycore_frame.h>
#include <opcode.h>

#include <chrono>
#include <set>

namespace dynascope {

namespace {

struct FrameState {
    std::vector<PyRef> locals;
    std::vector<PyRef> stack;
    int offset = 0; // next instruction
    int key = 0;    // region key (0 for the function entry)
};

PyObject *g_unsupported = nullptr;

double microsSinceStart() {
    static const auto start = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
}

// The code record of a compiled function's code object, cached on its target (the registry's
// map lookup is skipped on every call but the first after a reset).
CodeRecord &recordOf(PyObject *code, const CaptureTarget &target) {
    CodeRegistry &registry = CodeRegistry::instance();
    if (target.record && target.recordCode == code && target.generation == registry.generation())
        return *target.record;
    CodeRecord &rec = registry.recordFor(code, target.mode);
    target.record = &rec;
    target.recordCode = code;
    target.generation = registry.generation();
    return rec;
}

PyObject *resumeNative(PyThreadState *tstate, _PyInterpreterFrame *frame, const FrameState &st) {
    PyCodeObject *code = frame->f_code;
    int n = code->co_nlocalsplus;
    for (int i = 0; i < n; ++i) {
        PyObject *v = st.locals[i].get();
        Py_XINCREF(v);
        Py_XSETREF(frame->localsplus[i], v);
    }
    for (size_t k = 0; k < st.stack.size(); ++k) {
        PyObject *v = st.stack[k].get();
        Py_XINCREF(v);
        frame->localsplus[n + k] = v;
    }
    frame->stacktop = n + static_cast<int>(st.stack.size());
    frame->prev_instr = _PyCode_CODE(code) + st.offset / 2 - 1;
    return evalFrameInCPython(tstate, frame);
}

PyRef fetchInputs(const CacheEntry &e, const SourceEnv &env) {
    PyRef args = PyRef::steal(PyTuple_New(e.inputs.size()));
    for (size_t i = 0; i < e.inputs.size(); ++i) {
        PyRef v = e.inputs[i]->fetch(env);
        if (!v) {
            PyErr_Format(PyExc_RuntimeError, "dynascope: graph input %s is gone",
                         e.inputs[i]->text().c_str());
            return {};
        }
        PyTuple_SET_ITEM(args.get(), i, v.release());
    }
    return args;
}

PyObject *g_breakCounter = nullptr;

void countBreak(const GraphBreakInfo &info) {
    if (!g_breakCounter)
        return;
    PyRef reason = PyRef::steal(PyUnicode_FromString(info.reason.c_str()));
    PyRef r = reason ? PyRef::steal(PyObject_CallOneArg(g_breakCounter, reason.get())) : PyRef();
    if (!r)
        PyErr_Clear(); // a counter that fails changes nothing the program sees
}

void emitGraphBreak(const GraphBreakInfo &info, const std::string &function) {
    countBreak(info);
    if (!hasCaptureEventSink())
        return;
    Json j = info;
    j["type"] = EventType::GraphBreak;
    j["function"] = function;
    emitCaptureEvent(j);
}

// What the transformed-code writer needs to name the frame's values.
TransformedCodeInput transformedInput(const CodeRecord &rec, _PyInterpreterFrame *frame,
                                      int regionStart, int entryNumber) {
    TransformedCodeInput in;
    in.function = rec.function;
    in.regionStart = regionStart;
    in.entryNumber = entryNumber;
    PyCodeObject *code = frame->f_code;
    PyObject *names = code->co_localsplusnames;
    for (Py_ssize_t i = 0; names && i < PyTuple_GET_SIZE(names); ++i) {
        const char *n = PyUnicode_AsUTF8(PyTuple_GET_ITEM(names, i));
        in.localNames.push_back(n ? n : "?");
    }
    int params = code->co_argcount + code->co_kwonlyargcount +
                 ((code->co_flags & CO_VARARGS) ? 1 : 0) +
                 ((code->co_flags & CO_VARKEYWORDS) ? 1 : 0);
    for (int i = 0; i < params && i < static_cast<int>(in.localNames.size()); ++i)
        in.parameters.push_back(in.localNames[i]);
    return in;
}

// A break at a conditional jump with only distinct tensors on the stack and no side effect:
// where Dynamo compiles the graph so far even when it is empty.
bool stackOfTensorsAtJump(const TraceResult &result, const BreakStep &step) {
    if (step.kind != BreakStep::Kind::Jump || result.stack.empty() || !result.sideEffects.empty())
        return false;
    std::set<const Value *> seen;
    for (const ValuePtr &v : result.stack)
        if (!v || v->kind != Value::Kind::Tensor || !seen.insert(v.get()).second)
            return false;
    return true;
}

// Traces the region at `st` (restarting at each new break) and compiles its graph.
CacheEntry *compileRegion(CodeRecord &rec, Region &region, const FrameState &st,
                          const SourceEnv &env, _PyInterpreterFrame *frame,
                          const CaptureTarget &target) {
    PyObject *code = reinterpret_cast<PyObject *>(frame->f_code);
    auto view = CodeView::of(code);
    TraceStart ts;
    ts.code = code;
    ts.function = reinterpret_cast<PyObject *>(frame->f_func);
    ts.globals = frame->f_globals;
    ts.builtins = frame->f_builtins;
    ts.locals = &st.locals;
    ts.stack = &st.stack;
    ts.offset = st.offset;
    ts.regionStart = st.key;
    ts.shapes = rec.shapes.get();
    ts.recordSteps = hasCaptureEventSink();
    ts.fullgraph = target.fullgraph;
    ts.unwrapCallable = compiledFunctionInner;
    auto entry = std::make_unique<CacheEntry>();
    entry->backend = target.backend;
    std::vector<GraphBreakInfo> breaks;
    TraceResult result;
    bool traced = false;
    for (int attempt = 0; attempt < 64 && !traced; ++attempt) {
        Tracer tracer(ts);
        try {
            result = tracer.run();
            traced = true;
        } catch (const GraphBreak &b) {
            PyErr_Clear();
            GraphBreakInfo info;
            info.typeId = b.typeId();
            info.reason = b.reason();
            info.hint = breakType(b.id()).hint;
            info.userStack = tracer.breakStack();
            if (target.fullgraph) {
                std::string where;
                if (!info.userStack.empty())
                    where = " (" + info.userStack.back().file + ":" +
                            std::to_string(info.userStack.back().line) + " in " +
                            info.userStack.back().function + ")";
                PyErr_Format(b.id() == BreakId::UserError ? userError() : unsupportedError(),
                             "graph break in %s (%s): %s%s", rec.function.c_str(),
                             info.typeId.c_str(), info.reason.c_str(), where.c_str());
                return nullptr;
            }
            breaks.push_back(info);
            if (ts.stopAt.count(tracer.breakOffset()))
                break; // no progress possible
            ts.stopAt.insert(tracer.breakOffset());
        } catch (const std::exception &e) {
            // A bug in the tracer, not in the user's code: raised as an internal error with the
            // stack the trace was at (Dynamo's InternalTorchDynamoError), never a graph break.
            PyErr_Clear();
            std::string stack;
            for (const SourceSite &s : tracer.userStack())
                stack += "\n  File \"" + s.file + "\", line " + std::to_string(s.line) + ", in " +
                         s.function + " (offset " + std::to_string(s.offset) + ")";
            PyErr_Format(internalError(),
                         "internal error in Dynascope's tracer while tracing %s (a bug in "
                         "Dynascope, not in your code): %s\nTrace stack (most recent call last):%s",
                         rec.function.c_str(), e.what(), stack.c_str());
            return nullptr;
        }
    }
    entry->guards = traced ? result.guards : std::make_shared<GuardSet>();
    entry->guards->compile();
    entry->number = static_cast<int>(rec.entries.size());
    std::string graphId;
    if (!traced) {
        entry->uncaptured = true;
    } else {
        if (result.exit == TraceResult::Exit::Break) {
            entry->isReturn = false;
            entry->step = breakStepAt(*view, result.stopOffset);
            // A break inside a loop skips the frame (as Dynamo does): CPython runs it all.
            if (view->inLoop(result.stopOffset))
                entry->uncaptured = true;
        }
        if (!entry->uncaptured) {
            try {
                entry->plan = ExitPlan::make(result);
            } catch (const NotReconstructible &e) {
                entry->uncaptured = true;
                GraphBreakInfo info;
                info.typeId = breakType(BreakId::UnknownValue).name;
                info.hint = breakType(BreakId::UnknownValue).hint;
                info.reason = std::string("cannot rebuild the frame state: ") + e.what();
                breaks.push_back(info);
            }
        }
        bool compiles = result.graph->callCount() > 0 && !result.graph->onlyGradModeCalls();
        if (!entry->uncaptured && result.graph->callCount() == 0 &&
            stackOfTensorsAtJump(result, entry->step)) {
            // Dynamo compiles the graph before a branch on tensors even when it has no op: the
            // tensors on the stack are its outputs (OutputGraph.compile_subgraph).
            std::vector<std::string> outputs = result.graph->outputs();
            for (const ValuePtr &v : result.stack)
                outputs.push_back(v->as<TensorValue>()->node);
            result.graph->setOutputs(outputs);
            compiles = true;
        }
        if (!entry->uncaptured && compiles) {
            graphId = "G" + std::to_string(CodeRegistry::instance().nextGraphNumber());
            entry->graphId = graphId;
            entry->inputs = result.graph->inputs();
            PyRef spec = result.graph->toPython(graphId, rec.function, st.key, true);
            PyRef examples = fetchInputs(*entry, env);
            if (!examples)
                return nullptr;
            PyRef exampleList = PyRef::steal(PySequence_List(examples.get()));
            entry->compiled = PyRef::steal(PyObject_CallFunctionObjArgs(
                target.backend.get(), spec.get(), exampleList.get(), nullptr));
            if (!entry->compiled)
                return nullptr;
            rec.graphs.push_back(result.graph->toPython(graphId, rec.function, st.key, false));
            if (hasCaptureEventSink()) {
                Json g = result.graph->toJson(graphId, rec.function, st.key);
                g["type"] = EventType::Graph;
                emitCaptureEvent(g);
            }
        }
        for (const TraceStep &step : result.traceSteps) {
            Json j = step;
            j["type"] = EventType::TraceStep;
            emitCaptureEvent(j);
        }
    }
    for (GraphBreakInfo &b : breaks) {
        b.afterGraph = graphId;
        rec.breaks.push_back(b);
        emitGraphBreak(b, rec.function);
    }
    rec.entries.push_back({st.key, entry->guards->infos()});
    rec.transformed.push_back(
        transformedCode(transformedInput(rec, frame, st.key, entry->number), *entry));
    if (hasCaptureEventSink()) {
        Json j = CacheEntryGuards{rec.function, static_cast<int>(rec.entries.size()) - 1, st.key,
                                  entry->guards->infos(), rec.transformed.back()};
        j["type"] = EventType::Guards;
        emitCaptureEvent(j);
    }
    region.entries.push_back(std::move(entry));
    return region.entries.back().get();
}

} // namespace
PyObject *unsupportedError() {
    if (!g_unsupported)
        g_unsupported = PyErr_NewExceptionWithDoc("_dynascope_capture.Unsupported",
                                                  "A graph break under fullgraph=True.",
                                                  PyExc_RuntimeError, nullptr);
    return g_unsupported;
}

PyObject *userError() {
    static PyObject *error = PyErr_NewExceptionWithDoc(
        "_dynascope_capture.UserError",
        "A user_error break under fullgraph=True (the code misuses an API, e.g. zip(strict=True) "
        "over iterables of different lengths).",
        unsupportedError(), nullptr);
    return error;
}

PyObject *internalError() {
    static PyObject *error = PyErr_NewExceptionWithDoc(
        "_dynascope_capture.InternalError",
        "A bug in Dynascope's capture core (not a graph break, not the user's error).",
        PyExc_RuntimeError, nullptr);
    return error;
}

constexpr const char *kCacheOnlyMiss = "torch._dynamo.run(): no entry fits, run uncompiled";

void setBreakCounter(PyObject *fn) {
    Py_XINCREF(fn);
    Py_XSETREF(g_breakCounter, fn);
}

PyObject *runCapturedFrame(PyThreadState *tstate, void *framePtr, const CaptureTarget &target) {
    auto *frame = static_cast<_PyInterpreterFrame *>(framePtr);
    PyCodeObject *code = frame->f_code;
    PyObject *codeObj = reinterpret_cast<PyObject *>(code);
    if (code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))
        return evalFrameInCPython(tstate, frame);
    CodeRecord &rec = recordOf(codeObj, target);
    ++rec.calls;

    // The prologue (MAKE_CELL, COPY_FREE_VARS) runs here, concretely; tracing starts at RESUME.
    FrameState st;
    int n = code->co_nlocalsplus;
    st.locals.reserve(n);
    for (int i = 0; i < n; ++i)
        st.locals.push_back(PyRef::borrow(frame->localsplus[i]));
    for (int slot : rec.prologue.makeCells)
        st.locals[slot] = PyRef::steal(PyCell_New(st.locals[slot].get()));
    if (int count = rec.prologue.freeVars) {
        PyObject *closure = frame->f_func ? frame->f_func->func_closure : nullptr;
        for (int k = 0; closure && k < count; ++k)
            st.locals[n - count + k] = PyRef::borrow(PyTuple_GET_ITEM(closure, k));
    }
    st.offset = rec.prologue.start;
    st.key = 0;
    SourceEnv env{&st.locals, &st.stack, frame->f_globals, frame->f_builtins};
    // The call's record: kept on the code record (records(), explain) and sent as an event.
    CallRecord call;
    call.index = rec.calls;
    call.step = currentRecordedStep();
    call.timeUs = microsSinceStart();
    auto emitCall = [&]() {
        if (call.outcome() == CallOutcome::Hit)
            ++rec.cacheHits;
        else
            ++rec.cacheMisses;
        if (hasAnyCallSink())
            emitCallEvent(call, rec.function);
        if (rec.callLog.size() < CodeRecord::kCallLogLimit)
            rec.callLog.push_back(std::move(call));
        else
            ++rec.callsNotLogged;
    };
    for (;;) {
        Region &region = st.key == 0 && st.stack.empty()
                             ? *rec.entryRegion
                             : rec.regions[{st.key, static_cast<int>(st.stack.size())}];
        call.regions.emplace_back();
        RegionCall &rc = call.regions.back();
        rc.regionStart = st.key;
        CacheEntry *entry = nullptr;
        std::string lastFailure;
        auto t0 = std::chrono::steady_clock::now();
        // Verdicts go in compact (guard index, check, actual: the entry's guards give back the
        // rest), consecutive equal failures as one run: a call's record stays small however
        // many entries it tries (failuretext.h).
        auto addVerdict = [&rc](EntryVerdict v) {
            if (rc.tried.empty() || !rc.tried.back().extend(v))
                rc.tried.push_back(std::move(v));
        };
        for (auto &e : region.entries) {
            if (!target.cacheOnly && e->backend.get() != target.backend.get()) {
                GuardFailure changed;
                changed.check = "backend";
                changed.message = lastFailure = "backend changed";
                EntryVerdict verdict = EntryVerdict::of(e->number, false);
                verdict.failure = compactFailure(changed, nullptr);
                addVerdict(std::move(verdict));
                continue;
            }
            std::optional<GuardFailure> failed = e->guards->checkFast(env);
            if (!failed) {
                addVerdict(EntryVerdict::of(e->number, true));
                rc.entry = e->number;
                entry = e.get();
                break;
            }
            lastFailure = failed->message;
            const Guard &guard = e->guards->guards()[failed->guardIndex];
            if (target.mode == ShapePolicy::Mode::Automatic &&
                (guard.kind() == Guard::Kind::TensorMatch ||
                 guard.kind() == Guard::Kind::EqualsMatch)) {
                // Automatic dynamic: every input dim and int that differs from this entry's,
                // not only the first failing one (Dynamo compares the whole frame state).
                for (const Guard &g : e->guards->guards()) {
                    if (g.kind() != Guard::Kind::TensorMatch &&
                        g.kind() != Guard::Kind::EqualsMatch)
                        continue;
                    PyRef value = g.source()->fetch(env);
                    for (int d : g.changedDims(value.get()))
                        rec.shapes->markChanged(g.source()->text(), d);
                    if (g.intChanged(value.get()))
                        rec.shapes->markScalarChanged(g.source()->text());
                }
            }
            EntryVerdict verdict = EntryVerdict::of(e->number, false);
            verdict.failure = compactFailure(*failed, &rec.entries[e->number].second);
            addVerdict(std::move(verdict));
        }
        call.guardUs +=
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count();
        if (!entry) {
            rc.outcome = region.entries.empty() ? CallOutcome::Miss : CallOutcome::Recompile;
            rc.reason = lastFailure;
            int limit = CaptureConfig::instance().cacheSizeLimit;
            if (static_cast<int>(region.entries.size()) >= limit) {
                rc.outcome = CallOutcome::CacheLimit;
                rc.reason = lastFailure;
                if (!rec.warnedLimit) {
                    rec.warnedLimit = true;
                    std::string msg = "torch._dynamo hit config.cache_size_limit (" +
                                      std::to_string(limit) + ")\n   function: '" + rec.function +
                                      "' (" + rec.file + ":" + std::to_string(rec.firstLine) +
                                      ")\n   last reason: " + lastFailure +
                                      "\nTo log all recompilation reasons, use "
                                      "TORCH_LOGS=\"recompiles\".\n";
                    PySys_WriteStderr("%s", msg.c_str());
                }
                emitCall();
                return resumeNative(tstate, frame, st);
            }
            if (target.cacheOnly) {
                rc.outcome = CallOutcome::Miss;
                rc.reason = lastFailure.empty() ? std::string(kCacheOnlyMiss)
                                                : lastFailure + "; " + kCacheOnlyMiss;
                emitCall();
                return resumeNative(tstate, frame, st);
            }
            // Only what is compiled counts as a recompile; a full cache falls back above.
            if (rc.outcome == CallOutcome::Recompile)
                rec.recompiles.push_back(lastFailure);
            entry = compileRegion(rec, region, st, env, frame, target);
            if (!entry)
                return nullptr;
            rc.entry = entry->number;
        }
        if (entry->uncaptured) {
            rc.uncaptured = true;
            emitCall();
            return resumeNative(tstate, frame, st);
        }
        std::vector<PyRef> outputs;
        if (entry->compiled) {
            PyRef args = fetchInputs(*entry, env);
            if (!args)
                return nullptr;
            // Generated kernels without torch steps run from C++ (nativekernels.h).
            NativeCall native = callNativeKernels(entry->compiled.get(), args.get(), outputs);
            if (native == NativeCall::Failed)
                return nullptr;
            if (native == NativeCall::NotServed) {
                PyRef outs =
                    PyRef::steal(PyObject_Call(entry->compiled.get(), args.get(), nullptr));
                if (!outs)
                    return nullptr;
                PyRef fast = PyRef::steal(PySequence_Fast(outs.get(), "compiled graph output"));
                if (!fast)
                    return nullptr;
                for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast.get()); ++i)
                    outputs.push_back(PyRef::borrow(PySequence_Fast_GET_ITEM(fast.get(), i)));
            }
        }
        PyRef returned;
        std::vector<PyRef> newLocals, newStack;
        if (!entry->plan.build(outputs, env, returned, newLocals, newStack))
            return nullptr;
        if (entry->isReturn) {
            emitCall();
            return returned.release();
        }
        st.locals = std::move(newLocals);
        st.stack = std::move(newStack);
        const BreakStep &step = entry->step;
        st.offset = step.offset;
        // The instruction a traceback names when the break step raises (framehook.cpp).
        frame->prev_instr = _PyCode_CODE(code) + st.offset / 2;
        switch (step.kind) {
        case BreakStep::Kind::Native:
            emitCall();
            return resumeNative(tstate, frame, st);
        case BreakStep::Kind::Call:
            if (!performCall(st.stack, st.offset, step, target)) {
                restoreGradModes(st.stack);
                return nullptr;
            }
            break;
        case BreakStep::Kind::Jump:
            if (!performJump(st.stack, st.offset, step))
                return nullptr;
            break;
        case BreakStep::Kind::Store:
            if (!performStore(st.stack, st.offset, step)) {
                restoreGradModes(st.stack);
                return nullptr;
            }
            break;
        }
        st.key = st.offset;
    }
}

} // namespace dynascope
