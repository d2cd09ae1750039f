// A recording's steps and the debugger navigation over them (no GUI): stepping, breakpoints,
// scopes.
#pragma once

#include "model/instruction.h"
#include "model/step.h"
#include "model/stepstore.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace dynascope {

// One active frame of the call stack at a step, innermost first in StepTimeline::callStackAt().
struct ActiveFrame {
    long long frame = 0;
    std::string codeId;
    std::string function;
    std::string file;
    int line = 0; // the line the frame is at (for a caller: the line of its call)
    int offset = 0;
    int depth = 0;
    int stepIndex = -1; // the frame's latest step at or before the asked step
};

// A source location a breakpoint or Run to Cursor names.
using SourceLine = std::pair<std::string, int>;

// Holds the steps of one recording, the current step, and answers "where does F10 go from here".
// Navigation queries return the target index (nullopt: nowhere to go) and never move; callers
// move with setCurrent(). Indices are timeline positions (completion order), not Step::index
// (they agree for a complete recording but a truncated one may start elsewhere).
//
// The steps live in a StepStore shared with the session (no copy); the timeline reads them
// through a permutation into completion order, which is empty (the identity) for a live run.
class StepTimeline {
public:
    // Steps may come in any order (the recorder's stream, a capture file sorted by index); the
    // timeline shows them in completion order (see completionOrder). It uses the store's first
    // size() steps as they are now: steps appended later are not part of this recording.
    void setRecording(std::shared_ptr<const StepStore> steps, std::vector<CodeInfo> codes);
    // The same from plain steps (fixtures, tests): they are copied into a store of their own.
    void setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes);
    void clear();

    const std::vector<CodeInfo> &codes() const { return m_codes; }
    int count() const { return m_count; }
    bool isEmpty() const { return m_count == 0; }
    // Step `index` as a whole value (nullopt out of range).
    std::optional<Step> step(int index) const;
    const CodeInfo *code(const std::string &codeId) const;

    // Cheap reads of one field of step `index` (0 <= index < count()), for loops.
    long long stepNumber(int index) const { return m_steps->index(stored(index)); } // Step::index
    long long frame(int index) const { return m_steps->frame(stored(index)); }
    int depth(int index) const { return m_steps->depth(stored(index)); }
    int line(int index) const { return m_steps->line(stored(index)); }
    int offset(int index) const { return m_steps->offset(stored(index)); }
    StepEvent event(int index) const { return m_steps->event(stored(index)); }
    std::string_view file(int index) const { return m_steps->file(stored(index)); }
    std::string_view function(int index) const { return m_steps->function(stored(index)); }
    std::string_view opname(int index) const { return m_steps->opname(stored(index)); }
    std::string_view argrepr(int index) const { return m_steps->argrepr(stored(index)); }
    std::string_view codeId(int index) const { return m_steps->codeId(stored(index)); }
    std::vector<StackValue> stack(int index) const { return m_steps->stack(stored(index)); }

    int current() const { return m_current; }
    std::optional<Step> currentStep() const { return step(m_current); }
    // Clamps into range; returns whether the current step changed.
    bool setCurrent(int index);

    // --- navigation from `from` (defaults: the current step) ---
    std::optional<int> stepInto(int from) const; // F11: the next step, whatever the depth
    std::optional<int> stepOver(int from) const; // F10: next step at the same or lower depth
    std::optional<int> stepBack(int from) const; // Shift+F10: previous step, same or lower depth
    std::optional<int> stepBackInto(int from) const; // the previous step, whatever the depth
    std::optional<int> stepOut(int from) const; // Shift+F11: first step after the frame returns
    std::optional<int> runToLine(int from, const SourceLine &line) const; // Ctrl+F10
    std::optional<int>
    continueForward(int from) const; // F8: next step that starts a breakpoint line
    std::optional<int> continueBackward(int from) const; // Shift+F8: the previous such step

    // --- by line, as Python debuggers step (F10/F11/Shift+F10 by default) ---
    // The next line start of this frame, calls run through; a return to the caller stops too.
    std::optional<int> stepOverLine(int from) const;
    // The next line start, entering calls (the callee's first step) and stopping in the caller
    // when the frame returns.
    std::optional<int> stepIntoLine(int from) const;
    // The start of the line before (the current line's own start when `from` is inside it).
    std::optional<int> stepBackLine(int from) const;
    // Where the run's uncaught exception was raised: the first "exception" step of the unwinding
    // that ends the recording (else the last "exception" step); nullopt when nothing raised.
    std::optional<int> raisingStep() const;

    // --- breakpoints on source lines ---
    const std::set<SourceLine> &breakpoints() const { return m_breakpoints; }
    bool hasBreakpoint(const SourceLine &line) const { return m_breakpoints.count(line) > 0; }
    // Returns true when the breakpoint is now set.
    bool toggleBreakpoint(const SourceLine &line);
    void setBreakpoints(std::set<SourceLine> lines) { m_breakpoints = std::move(lines); }

    // True when step `index` is the first of a run of steps on its line in its frame: where a
    // line-based debugger stops. Later instructions of the same line are not line starts.
    bool isLineStart(int index) const;
    // Where line stepping stops: a line start, a jump back within the line (a one-line loop
    // runs again) or a frame event (call, return, exception).
    bool isLineStop(int index) const;
    // The previous step of the same frame (nullopt for the frame's first step): its stack is the
    // stack the instruction at `index` started from.
    std::optional<int> previousInFrame(int index) const;

    // --- scopes ---
    // Every local of `frame` as it stands after step `index`: the changed-locals deltas of that
    // frame accumulated from its first step up to `index`.
    std::map<std::string, std::string> localsAt(long long frame, int index) const;
    // Names whose value step `index` itself changed (for highlighting).
    std::map<std::string, std::string> changedAt(int index) const;
    // The frames active at step `index`, innermost first.
    std::vector<ActiveFrame> callStackAt(int index) const;
    // The latest step of `frame` at or before `index`.
    std::optional<int> latestStepOfFrame(long long frame, int index) const;

    // The order the first `count` steps of `steps` finished in, which is the order the recorder
    // sends them: position i of the timeline is store step result[i]. Empty when that is the
    // order they are stored in (a live run), so the timeline needs no permutation.
    static std::vector<uint32_t> completionOrder(const StepStore &steps, size_t count);

private:
    bool inRange(int index) const { return index >= 0 && index < m_count; }
    bool startsBreakpointLine(int index) const;
    size_t stored(int index) const { return m_order.empty() ? size_t(index) : m_order[index]; }
    void buildIndex();
    std::optional<int> findRaisingStep() const;

    std::shared_ptr<const StepStore> m_steps = std::make_shared<StepStore>();
    int m_count = 0;
    std::vector<uint32_t> m_order; // timeline position → store index; empty: the same
    std::vector<CodeInfo> m_codes;
    std::map<std::string, int> m_codeIndex;
    std::vector<int> m_prevInFrame; // previous step of the same frame, -1 for none
    std::vector<int> m_callerStep;  // the caller's latest step at this step's entry, -1 for none
    std::set<SourceLine> m_breakpoints;
    int m_current = -1;
    std::optional<int> m_raisingStep;
};

} // namespace dynascope
