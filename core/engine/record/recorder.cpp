// The trace function behind Recorder: CPython's call/opcode/return/exception events → Steps.
#include "record/recorder.h"

#include "bytecode/stackuse.h"
#include "record/codetable.h"
#include "record/framereader.h"
#include "record/sourcefilter.h"
#include "record/stepencoder.h"
#include "record/valuedescriber.h"

#include <Python.h>

#include <frameobject.h>
#include <opcode.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace dynascope {

namespace {

// What a stack entry's text (in FrameState::pending.stack, same index) was made from. Immutable
// values are kept alive (held) so that an unchanged pointer really is the same value and the
// text can be reused; objects with an address repr are matched on (type, address).
struct StackKey {
    PyObject *object = nullptr;
    PyTypeObject *addressReprType = nullptr;
    PyRef held;
};

struct FrameState {
    PyRef frame; // keeps the frame object (our key) alive while we follow it
    long long id = 0;
    int depth = 0;
    CodeTable *code = nullptr;
    bool hasPending = false;
    // The frame's current step, reused from step to step: the fields that stay the same for the
    // frame (code, function, file) are set once, and stack entries are rewritten only when the
    // value at that position changed.
    Step pending;
    // The locals as last reported. Borrowed pointers: between two events of one frame a single
    // instruction runs, and a slot it rebinds held its old value alive at the earlier event, so
    // a new value cannot reuse that address.
    std::vector<PyObject *> locals;
    std::vector<StackKey> stack; // parallel to pending.stack
};

// What ended a frame's pending step, which decides what is known about its stack use.
enum class Completion {
    NextInstruction, // the frame's next opcode event: the instruction ran to its end
    Return,          // the frame's return event: RETURN_VALUE, or YIELD_VALUE suspending it
    Exception,       // the instruction raised: no stack after it
    Stop,            // recording stopped while the step waited (a call still running)
};

PyObject *cellContents(PyObject *slot, bool isCell) {
    if (isCell && slot && PyCell_Check(slot))
        return PyCell_GET(slot);
    return slot;
}

} // namespace

class Recorder::Impl {
public:
    explicit Impl(RecorderOptions options) : m_options(std::move(options)) {}

    static int trace(PyObject *self, PyFrameObject *frame, int what, PyObject *arg);

    void start();
    void stop(bool flushPending);
    int dispatch(PyFrameObject *frame, int what, PyObject *arg);

    RecorderOptions m_options;
    EventSink m_eventSink;
    StepSink m_stepSink;
    LineSink m_lineSink;
    bool m_installed = false;
    bool m_limitReached = false;
    std::string m_error;
    long long m_nextIndex = 0;
    long long m_nextFrameId = 1;
    int m_depth = 0;

private:
    CodeTable *table(PyFrameObject *frame);
    void onCall(PyFrameObject *frame);
    void onOpcode(PyFrameObject *frame);
    void onReturn(PyFrameObject *frame, PyObject *value);
    void onException(PyFrameObject *frame, PyObject *info);
    FrameState *find(PyFrameObject *frame);
    // Fills the pending step's stack, stack use and changed locals from the frame as it is now;
    // sends it.
    void complete(FrameState &state, PyFrameObject *frame, Completion how);
    // The pending step's pops/pushes on the path it took (-1 where unknown); `unpackedMethod`:
    // a PRECALL replaced the NULL under its callable (see precallUnpackingBoundMethod).
    static void setStackUse(Step &step, const CodeTable::Text &text, PyFrameObject *frame,
                            Completion how, bool unpackedMethod);
    // Brings state.pending.stack up to date with the frame's value stack.
    void readStack(FrameState &state, PyFrameObject *frame);
    void readChangedLocals(FrameState &state, PyFrameObject *frame, Step &step, bool all);
    // Starts a step of `state`'s frame, or returns null when the step limit has been reached.
    Step *begin(FrameState &state, PyFrameObject *frame, Step &step, const char *event);
    void emit(const Step &step);
    void emitJson(const Json &event);
    void emitCode(const CodeTable &code);
    void stopAtLimit();

    std::unique_ptr<SourceFilter> m_filter;
    PyRef m_getInstructions; // dis.get_instructions
    PyRef m_capsule;         // the trace function's `self`
    ValueDescriber m_describer;
    std::unordered_map<PyObject *, std::unique_ptr<CodeTable>> m_codes;
    std::unordered_map<PyFrameObject *, FrameState> m_frames;
    Step m_event;       // reused for call/return/exception steps
    std::string m_line; // reused for the line sink
    // The last frame looked up: consecutive events mostly come from the same frame.
    PyFrameObject *m_lastFrame = nullptr;
    FrameState *m_lastState = nullptr;
    long long m_nextCodeId = 1;
};

int Recorder::Impl::trace(PyObject *self, PyFrameObject *frame, int what, PyObject *arg) {
    auto *impl = static_cast<Impl *>(PyCapsule_GetPointer(self, nullptr));
    if (!impl) {
        PyErr_Clear();
        return 0;
    }
    // Whatever we call (a __repr__, dis) must neither see nor replace the script's exception.
    // CPython sets none for call/opcode/return events; the check keeps that path cheap.
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    bool hadError = PyErr_Occurred() != nullptr;
    if (hadError)
        PyErr_Fetch(&type, &value, &traceback);
    try {
        impl->dispatch(frame, what, arg);
    } catch (const std::exception &e) {
        impl->m_error = std::string("recording stopped: ") + e.what();
        impl->stop(false);
    } catch (...) {
        impl->m_error = "recording stopped: unknown C++ exception";
        impl->stop(false);
    }
    if (PyErr_Occurred())
        PyErr_Clear();
    if (hadError)
        PyErr_Restore(type, value, traceback);
    return 0; // never an error: -1 would raise in the script
}

int Recorder::Impl::dispatch(PyFrameObject *frame, int what, PyObject *arg) {
    if (!m_installed)
        return 0;
    switch (what) {
    case PyTrace_CALL:
        onCall(frame);
        break;
    case PyTrace_OPCODE:
        onOpcode(frame);
        break;
    case PyTrace_RETURN:
        onReturn(frame, arg);
        break;
    case PyTrace_EXCEPTION:
        onException(frame, arg);
        break;
    default:
        break;
    }
    return 0;
}

void Recorder::Impl::start() {
    if (m_installed)
        return;
    m_filter = std::make_unique<SourceFilter>(m_options.scriptPath, m_options.includeLibrary);
    PyRef dis = PyRef::steal(PyImport_ImportModule("dis"));
    m_getInstructions =
        dis ? PyRef::steal(PyObject_GetAttrString(dis.get(), "get_instructions")) : PyRef();
    if (!m_getInstructions) {
        PyErr_Clear();
        throw std::runtime_error("cannot import dis.get_instructions");
    }
    m_capsule = PyRef::steal(PyCapsule_New(this, nullptr, nullptr));
    m_installed = true;
    PyEval_SetTrace(&Impl::trace, m_capsule.get());
}

void Recorder::Impl::stop(bool flushPending) {
    if (!m_installed)
        return;
    m_installed = false;
    PyEval_SetTrace(nullptr, nullptr);
    if (flushPending) {
        // Frames still running (the step limit hit mid-call): their last step gets the stack it
        // has now, so the recorded indices stay contiguous.
        std::vector<FrameState *> waiting;
        for (auto &[frame, state] : m_frames)
            if (state.hasPending)
                waiting.push_back(&state);
        std::sort(waiting.begin(), waiting.end(),
                  [](FrameState *a, FrameState *b) { return a->pending.index < b->pending.index; });
        for (FrameState *state : waiting)
            complete(*state, reinterpret_cast<PyFrameObject *>(state->frame.get()),
                     Completion::Stop);
    }
    m_frames.clear();
    m_lastFrame = nullptr;
    m_lastState = nullptr;
}

CodeTable *Recorder::Impl::table(PyFrameObject *frame) {
    PyCodeObject *code = PyFrame_GetCode(frame); // new reference
    PyObject *key = reinterpret_cast<PyObject *>(code);
    auto it = m_codes.find(key);
    if (it == m_codes.end()) {
        std::string filename;
        if (const char *utf8 = PyUnicode_AsUTF8(code->co_filename))
            filename = utf8;
        PyErr_Clear();
        bool recorded = m_filter->isRecorded(filename);
        std::string id =
            recorded ? m_options.codeIdPrefix + std::to_string(m_nextCodeId++) : std::string();
        auto table = std::make_unique<CodeTable>(code, id, recorded, m_getInstructions.get());
        it = m_codes.emplace(key, std::move(table)).first;
        if (recorded)
            emitCode(*it->second);
    }
    Py_DECREF(code); // the table holds its own reference
    return it->second.get();
}

FrameState *Recorder::Impl::find(PyFrameObject *frame) {
    if (frame == m_lastFrame)
        return m_lastState;
    auto it = m_frames.find(frame);
    if (it == m_frames.end())
        return nullptr;
    m_lastFrame = frame;
    m_lastState = &it->second;
    return m_lastState;
}

void Recorder::Impl::onCall(PyFrameObject *frame) {
    CodeTable *code = table(frame);
    if (!code->recorded()) {
        dynascope_frame_set_events(frame, 0, 0); // no line events: we do not use them
        return;
    }
    dynascope_frame_set_events(frame, 0, 1);
    FrameState *state = find(frame);
    bool resumed = state != nullptr; // a generator or coroutine picking up after a yield
    if (!state) {
        state = &m_frames[frame];
        state->frame = PyRef::borrow(reinterpret_cast<PyObject *>(frame));
        state->id = m_nextFrameId++;
        state->code = code;
    }
    state->depth = m_depth++;
    if (Step *step = begin(*state, frame, m_event, "call")) {
        readStack(*state, frame);
        step->stack = state->pending.stack;
        readChangedLocals(*state, frame, *step, /*all=*/!resumed);
        emit(*step);
    }
}

void Recorder::Impl::onOpcode(PyFrameObject *frame) {
    FrameState *state = find(frame);
    if (!state)
        return;
    if (state->hasPending)
        complete(*state, frame, Completion::NextInstruction);
    if (Step *step = begin(*state, frame, state->pending, "instruction")) {
        const CodeTable::Text &text = state->code->at(step->offset);
        step->opname = text.opname;
        step->argrepr = text.argrepr;
        step->arg = text.arg;
        state->hasPending = true;
    }
}

void Recorder::Impl::onReturn(PyFrameObject *frame, PyObject *value) {
    FrameState *state = find(frame);
    if (!state)
        return;
    if (state->hasPending)
        complete(*state, frame, Completion::Return);
    --m_depth;
    if (!m_installed)
        return;
    int offset = PyFrame_GetLasti(frame);
    bool suspended = value && state->code->at(offset).opname == "YIELD_VALUE";
    if (Step *step = begin(*state, frame, m_event, "return")) {
        step->stack.clear();
        if (value) {
            step->stack.emplace_back();
            m_describer.describe(value, step->stack.back());
            step->argrepr = step->stack.back().repr;
        } else {
            step->argrepr = "(exception)"; // unwinding: the exception leaves the frame
        }
        step->locals.clear();
        emit(*step);
    }
    if (!suspended) {
        m_frames.erase(frame); // the frame object may now go, and its address be reused
        m_lastFrame = nullptr;
        m_lastState = nullptr;
    }
}

void Recorder::Impl::onException(PyFrameObject *frame, PyObject *info) {
    FrameState *state = find(frame);
    if (!state)
        return;
    if (state->hasPending)
        complete(*state, frame, Completion::Exception); // no stack after it (empty)
    Step *step = begin(*state, frame, m_event, "exception");
    if (!step)
        return;
    step->stack.clear();
    step->locals.clear();
    PyObject *exception = info && PyTuple_Check(info) && PyTuple_GET_SIZE(info) >= 2
                              ? PyTuple_GET_ITEM(info, 1)
                              : nullptr;
    if (exception && exception != Py_None) {
        step->stack.emplace_back();
        m_describer.describe(exception, step->stack.back());
        std::string text = _PyType_Name(Py_TYPE(exception));
        PyRef message = PyRef::steal(PyObject_Str(exception));
        if (message && PyUnicode_Check(message.get()) && PyUnicode_GET_LENGTH(message.get()) > 0) {
            std::string words = m_describer.repr(message.get()); // bounded, quoted
            text += ": " + words.substr(1, words.size() >= 2 ? words.size() - 2 : 0);
        }
        PyErr_Clear();
        step->argrepr = text;
    }
    emit(*step);
}

Step *Recorder::Impl::begin(FrameState &state, PyFrameObject *frame, Step &step,
                            const char *event) {
    if (!m_installed)
        return nullptr;
    if (m_nextIndex >= m_options.maxSteps) {
        stopAtLimit();
        return nullptr;
    }
    step.index = m_nextIndex++;
    if (step.frame != state.id || &step == &m_event) {
        step.frame = state.id;
        step.codeId = state.code->id();
        step.function = state.code->function();
        step.file = state.code->file();
    }
    // Instructions without a line (PUSH_EXC_INFO, a module's RESUME) read -1 or 0: the call
    // event shows the code's first line, the others 0 ("no line", as in model/instruction.h).
    int line = 0;
    dynascope_frame_position(frame, &step.offset, &line);
    step.line = std::max(0, line);
    if (step.line == 0 && event[0] == 'c')
        step.line = state.code->info().firstLine;
    step.depth = state.depth;
    if (&step == &m_event) {
        step.event = event;
        step.opname.clear();
        step.argrepr.clear();
        step.arg = -1;
        step.pops = step.pushes = -1;
    } else if (step.event.empty()) {
        step.event = event;
    }
    return &step;
}

void Recorder::Impl::complete(FrameState &state, PyFrameObject *frame, Completion how) {
    state.hasPending = false;
    Step &step = state.pending;
    const CodeTable::Text &text = state.code->at(step.offset);
    // PRECALL n with [NULL, bound method, n arguments] on top: was the NULL slot NULL before?
    // (state.stack still holds the objects of the stack the instruction started from.)
    const size_t below = static_cast<size_t>(std::max(text.runArg, 0)) + 2;
    const size_t callableSlot = state.stack.size() >= below ? state.stack.size() - below : 0;
    const bool precallOnNull = text.runOpcode == PRECALL && state.stack.size() >= below &&
                               state.stack[callableSlot].object == nullptr;
    readStack(state, frame);
    const bool unpackedMethod = precallOnNull && callableSlot < state.stack.size() &&
                                state.stack[callableSlot].object != nullptr;
    setStackUse(step, text, frame, how, unpackedMethod);
    readChangedLocals(state, frame, step, false);
    emit(step);
}

void Recorder::Impl::setStackUse(Step &step, const CodeTable::Text &text, PyFrameObject *frame,
                                 Completion how, bool unpackedMethod) {
    StackUse use{-1, -1};
    if (how == Completion::NextInstruction) {
        // The path taken shows in where the frame went on: FOR_ITER falls through to the loop
        // body and jumps when the iterator is exhausted.
        const bool fellThrough = PyFrame_GetLasti(frame) == text.fallThrough;
        use = unpackedMethod ? precallUnpackingBoundMethod(text.runArg)
              : fellThrough  ? text.fallThroughUse
                             : text.jumpUse;
    } else if (how == Completion::Return && text.runOpcode == RETURN_VALUE) {
        use = text.fallThroughUse;
    } else if (how == Completion::Return && text.runOpcode == YIELD_VALUE) {
        // Suspended: the value sent in is pushed on resumption, and shows on the stack of the
        // frame's next call step.
        use = yieldValueSuspending();
    }
    step.pops = use.pops;
    step.pushes = use.pushes;
}

void Recorder::Impl::readStack(FrameState &state, PyFrameObject *frame) {
    PyObject **base = nullptr;
    int count = dynascope_frame_stack(frame, &base);
    if (count < 0)
        count = 0; // mid-instruction (exception event): no stack to show
    std::vector<StackKey> &keys = state.stack;
    std::vector<StackValue> &values = state.pending.stack;
    size_t size = static_cast<size_t>(count);
    if (keys.size() > size) {
        keys.resize(size);
        values.resize(size);
    }
    for (size_t i = 0; i < size; ++i) {
        PyObject *object = base[i];
        if (i < keys.size()) {
            StackKey &key = keys[i];
            if (key.object == object &&
                (key.held || (object && key.addressReprType == Py_TYPE(object))))
                continue; // the same text as at the frame's previous step
            key.object = object;
            key.addressReprType = nullptr;
            key.held = PyRef();
        } else {
            keys.push_back(StackKey{object, nullptr, PyRef()});
            values.emplace_back();
        }
        m_describer.describe(object, values[i]);
        if (object && ValueDescriber::isImmutable(object))
            keys[i].held = PyRef::borrow(object);
        else if (object && ValueDescriber::hasAddressRepr(object))
            keys[i].addressReprType = Py_TYPE(object);
    }
}

void Recorder::Impl::readChangedLocals(FrameState &state, PyFrameObject *frame, Step &step,
                                       bool all) {
    step.locals.clear();
    const CodeTable &code = *state.code;
    if (!code.optimized()) {
        // Module and class bodies keep names in a dict: only a STORE_NAME/DELETE_NAME changes it.
        if (step.opname != "STORE_NAME" && step.opname != "DELETE_NAME" &&
            step.opname != "STORE_GLOBAL")
            return;
        PyObject *mapping = dynascope_frame_locals_mapping(frame);
        if (!mapping)
            return;
        PyRef name = PyRef::steal(PyUnicode_FromString(step.argrepr.c_str()));
        PyRef value = name ? PyRef::steal(PyObject_GetItem(mapping, name.get())) : PyRef();
        PyErr_Clear();
        step.locals[step.argrepr] = value ? m_describer.repr(value.get()) : "<unbound>";
        return;
    }
    PyObject **slots = dynascope_frame_fast_locals(frame);
    if (!slots)
        return;
    int count = code.slotCount();
    if (state.locals.size() != static_cast<size_t>(count))
        state.locals.assign(static_cast<size_t>(count), nullptr);
    for (int i = 0; i < count; ++i) {
        PyObject *value = cellContents(slots[i], code.slotIsCell(i));
        if (value == state.locals[i] && !(all && value))
            continue;
        state.locals[i] = value;
        step.locals[code.slotName(i)] = value ? m_describer.repr(value) : "<unbound>";
    }
}

void Recorder::Impl::emit(const Step &step) {
    if (m_stepSink)
        m_stepSink(step);
    if (m_eventSink) {
        Json event = step;
        event["type"] = EventType::Step;
        m_eventSink(event);
    }
    if (m_lineSink) {
        m_line.clear();
        StepEncoder::append(step, m_line);
        m_lineSink(m_line);
    }
}

void Recorder::Impl::emitJson(const Json &event) {
    if (m_eventSink)
        m_eventSink(event);
    if (m_lineSink)
        m_lineSink(encodeEvent(event));
}

void Recorder::Impl::emitCode(const CodeTable &code) {
    if ((!m_eventSink && !m_lineSink) || !m_options.emitCode)
        return;
    Json event = code.info();
    event["type"] = EventType::Code;
    emitJson(event);
}

void Recorder::Impl::stopAtLimit() {
    if (m_limitReached)
        return;
    m_limitReached = true;
    stop(true);
    {
        std::string count = std::to_string(m_nextIndex);
        emitJson(Json{{"type", EventType::RecordingStopped},
                      {"steps", m_nextIndex},
                      {"reason", "step limit (" + std::to_string(m_options.maxSteps) + ") reached"},
                      {"message", "recording stopped at " + count + " steps"}});
    }
}

Recorder::Recorder(RecorderOptions options) : m_impl(std::make_unique<Impl>(std::move(options))) {}

Recorder::~Recorder() {
    if (m_impl->m_installed && Py_IsInitialized()) {
        PyGILState_STATE gil = PyGILState_Ensure();
        m_impl->stop(false);
        PyGILState_Release(gil);
    }
}

void Recorder::setEventSink(EventSink sink) {
    m_impl->m_eventSink = std::move(sink);
}
void Recorder::setStepSink(StepSink sink) {
    m_impl->m_stepSink = std::move(sink);
}
void Recorder::setLineSink(LineSink sink) {
    m_impl->m_lineSink = std::move(sink);
}
void Recorder::start() {
    m_impl->start();
}
void Recorder::stop() {
    m_impl->stop(true);
}
long long Recorder::steps() const {
    return m_impl->m_nextIndex;
}
bool Recorder::limitReached() const {
    return m_impl->m_limitReached;
}
const std::string &Recorder::error() const {
    return m_impl->m_error;
}

} // namespace dynascope
