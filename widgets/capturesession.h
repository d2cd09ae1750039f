// The one context every view observes: the current script, the events of its run, the selection.
#pragma once

#include "consolelog.h"
#include "model/capturedigest.h"
#include "model/event.h"
#include "model/eventsoftype.h"
#include "model/instruction.h"
#include "model/scripterror.h"
#include "model/stepstore.h"
#include "recording/codeidaliases.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace dynascope {

// An instruction of the run: the CodeInfo::id of its code object and its byte offset.
struct InstructionRef {
    QString codeId;
    int offset = -1;
    bool isValid() const { return !codeId.isEmpty() && offset >= 0; }
    bool operator==(const InstructionRef &o) const {
        return codeId == o.codeId && offset == o.offset;
    }
    bool operator!=(const InstructionRef &o) const { return !(*this == o); }
};

// Where a run stands.
enum class RunState { Idle, Running, Finished, Stopped, Crashed, FailedToStart };

// CaptureSession holds everything a view shows and nothing a view computes (RenderDoc's
// ICaptureContext, hotspot's result structs). One producer fills it (MainWindow feeds it from a
// WorkerClient; later a capture file reader can); views observe its signals and call its setters.
//
// For panel authors:
//  - Run data: codeInfos(), codeInfo(id), error(), exitStatus(), console(), capture() (graphs,
//    breaks and trace steps, typed), and for every other event type
//    eventsOfType("graph"|"graph_break"|"guards"|"call"|…) — the raw JSON bodies, decode with
//    the model's from_json (a view into allEvents(): each event's JSON is kept once).
//    allEvents() keeps the stream order. "output"
//    events are kept there only for the run's first megabyte of output (a recording saves
//    those); later output lives only in console(), bounded to its last megabyte.
//  - Steps are the exception: a recording has up to millions, so "step" events go into a
//    compact StepStore (steps(), stepStore()), not into allEvents() or eventsOfType();
//    forEachEvent() gives the whole stream back in order, steps included, as JSON.
//  - Signals: runStarted() (everything cleared: a run starts or a new script was opened),
//  eventAdded(type, index into eventsOfType(type), or into steps() for "step"),
//    codeAdded(index into codeInfos()), consoleAppended(entry), errorChanged(), runStateChanged().
//  - Selection: selectedLine() (1-based source line of scriptPath(), 0: none) and
//    selectedInstruction(); selectionChanged() fires once per change of either. Selecting an
//    instruction also selects its source line; selecting another line drops an instruction that
//    is not on it. selectedGraph() (a graph id, "G3"; empty: none) with graphSelected(): the
//    Graphs document and the Tracer follow it (a compiled call stepped into selects the graph
//    that ran). setSelectedNode() (a click on a graph node) emits nodeSelected() every time,
//    so a second click on the same node re-selects its kernel; setSelectedKernel() (record and
//    kernel index of the "kernels" event) emits kernelSelected() when it changes: the Kernels
//    view follows the node, the graph outlines the kernel's nodes. Extend with selectedStep the
//    same way (setter + one signal).
class CaptureSession : public QObject {
    Q_OBJECT
public:
    explicit CaptureSession(QObject *parent = nullptr);

    // --- the script ---
    QString scriptPath() const { return m_scriptPath; }
    QString sourceText() const { return m_sourceText; }
    QStringList sourceLines() const { return m_sourceLines; }
    // The text being run (or opened) from `path`; emits scriptChanged().
    void setScript(const QString &path, const QString &sourceText);

    // --- the run ---
    RunState runState() const { return m_runState; }
    // Clears the previous run's data and the instruction selection; emits runStarted().
    void beginRun();
    // Clears the run's data without starting one (another script was opened): emits
    // runStarted() (views clear on it) and runStateChanged() with the state Idle.
    void clearRun();
    // The script text the run was made from (a recording's embedded copy, or what was run);
    // compare with sourceText() to tell an edited script from the recorded one.
    QString recordedSource() const { return m_recordedSource; }
    void setRecordedSource(const QString &text) { m_recordedSource = text; }
    // Stores one event of the stream; unknown types are kept too.
    void addEvent(const Event &event);
    // A step already decoded (a recording's steps): the same intake as its "step" event.
    void addStep(Step step);
    void appendConsole(ConsoleEntry::Kind kind, const QString &text);
    // Ends the run; `description` is what the status bar says about it.
    void endRun(RunState state, const QString &description);
    QString runDescription() const { return m_runDescription; }

    const std::vector<CodeInfo> &codeInfos() const { return m_codeInfos; }
    const CodeInfo *codeInfo(const QString &id) const;
    const Instruction *instruction(const InstructionRef &ref) const;
    const std::optional<ScriptError> &error() const { return m_error; }
    // The line (and column, 0 if unknown) of the script that the error points at, innermost
    // frame in this script first; nullopt when the error is elsewhere or there is none.
    std::optional<std::pair<int, int>> errorLocation() const;
    // The status of the "exit" event, if one came.
    std::optional<int> exitStatus() const { return m_exitStatus; }
    // The console's text: the run's last megabyte of output (consolelog.h).
    const ConsoleLog &console() const { return m_console; }
    // The events of one type in stream order; empty for "step" (see steps()).
    EventsOfType eventsOfType(const std::string &type) const;
    // Every stored event but the steps, in stream order.
    const std::vector<Event> &allEvents() const { return m_events; }
    // The run's graphs, breaks and trace steps, decoded as their events arrived.
    const CaptureDigest &capture() const { return *m_capture; }
    // The same digest, shared: a new run starts a new one, so a holder (the Guards view's
    // cache, which files rows of it rather than copies) never sees it shrink.
    std::shared_ptr<const CaptureDigest> captureDigest() const { return m_capture; }
    // The run's recorded steps in the order they came; step events naming a code object by an
    // alias hold its canonical id (as codeInfos() name it).
    const StepStore &steps() const { return *m_steps; }
    // The same store, shared: a new run starts a new store, so a holder (the stepper's
    // timeline) keeps reading the old one unchanged.
    std::shared_ptr<const StepStore> stepStore() const { return m_steps; }
    // True when the run left nothing to save: no event and no step.
    bool isEmpty() const { return m_events.empty() && m_steps->empty(); }
    // Calls `f` with each stored event's body in stream order, steps rebuilt from the store
    // (what a recording saves). Stops early when `f` returns false.
    void forEachEvent(const std::function<bool(const Json &body)> &f) const;

    // --- the selection ---
    int selectedLine() const { return m_selectedLine; }
    InstructionRef selectedInstruction() const { return m_selectedInstruction; }
    void setSelectedLine(int line);
    void setSelectedInstruction(const InstructionRef &ref);
    QString selectedGraph() const { return m_selectedGraph; }
    // Emits graphSelected() when the id changes; a new run clears it (without the signal).
    void setSelectedGraph(const QString &graphId);
    void setSelectedNode(const QString &graphId, const QString &nodeName);
    int selectedKernelRecord() const { return m_selectedKernel.first; }
    int selectedKernel() const { return m_selectedKernel.second; }
    void setSelectedKernel(int record, int kernel);

signals:
    void scriptChanged();
    void runStarted();
    void runStateChanged();
    void eventAdded(const QString &type, int index);
    void codeAdded(int index);
    void consoleAppended(const dynascope::ConsoleEntry &entry);
    void errorChanged();
    void selectionChanged();
    void graphSelected(const QString &graphId);
    void nodeSelected(const QString &graphId, const QString &nodeName);
    void kernelSelected(int record, int kernel);

private:
    void reset(RunState state, const QString &description);
    // Whether an "output" event is stored; one that is not goes straight to the console.
    bool keepOutputEvent(const Event &event);
    bool isScriptFile(const std::string &file) const;
    void addStepEvent(const Json &body);

    QString m_scriptPath;
    QString m_sourceText;
    QString m_recordedSource;
    QStringList m_sourceLines;
    RunState m_runState = RunState::Idle;
    QString m_runDescription;
    std::vector<Event> m_events;
    std::vector<size_t> m_stepsBefore; // per event of m_events: steps stored before it came
    std::shared_ptr<StepStore> m_steps = std::make_shared<StepStore>();
    std::map<std::string, std::vector<size_t>> m_eventsByType; // positions in m_events
    std::shared_ptr<CaptureDigest> m_capture = std::make_shared<CaptureDigest>();
    std::vector<CodeInfo> m_codeInfos;
    CodeIdAliases m_codeAliases; // the recorder's ids of code objects already described
    std::optional<ScriptError> m_error;
    std::optional<int> m_exitStatus;
    ConsoleLog m_console;
    qint64 m_outputInEvents = 0; // bytes of "output" events kept in m_events
    int m_selectedLine = 0;
    InstructionRef m_selectedInstruction;
    QString m_selectedGraph;
    std::pair<int, int> m_selectedKernel{-1, -1};
};

} // namespace dynascope

Q_DECLARE_METATYPE(dynascope::ConsoleEntry)
