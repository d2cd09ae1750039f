// A recording's steps and the debugger navigation over them (no GUI): stepping, breakpoints,
// scopes.
#pragma once

#include "model/instruction.h"
#include "model/step.h"

#include <map>
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
// move with setCurrent(). Indices are positions in steps(), not Step::index (they agree for a
// complete recording but a truncated one may start elsewhere).
class StepTimeline {
public:
    // Steps may come in any order (the recorder's stream, a capture file sorted by index); they
    // are kept in completion order (see sortIntoCompletionOrder).
    void setRecording(std::vector<Step> steps, std::vector<CodeInfo> codes);
    void clear();

    const std::vector<Step> &steps() const { return m_steps; }
    const std::vector<CodeInfo> &codes() const { return m_codes; }
    int count() const { return int(m_steps.size()); }
    bool isEmpty() const { return m_steps.empty(); }
    const Step *step(int index) const;
    const CodeInfo *code(const std::string &codeId) const;

    int current() const { return m_current; }
    const Step *currentStep() const { return step(m_current); }
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

    // Orders steps as their instructions finished, which is the order the recorder sends them.
    static void sortIntoCompletionOrder(std::vector<Step> &steps);

private:
    void index();
    std::optional<int> findRaisingStep() const;

    std::vector<Step> m_steps;
    std::vector<CodeInfo> m_codes;
    std::map<std::string, int> m_codeIndex;
    std::vector<int> m_prevInFrame; // previous step of the same frame, -1 for none
    std::vector<int> m_callerStep;  // the caller's latest step at this step's entry, -1 for none
    std::set<SourceLine> m_breakpoints;
    int m_current = -1;
    std::optional<int> m_raisingStep;
};

} // namespace dynascope
