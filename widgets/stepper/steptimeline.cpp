// Navigation over recorded steps: indices are computed once per recording so each query is cheap.
#include "steptimeline.h"

#include <algorithm>

namespace dynascope {

void StepTimeline::setRecording(std::vector<Step> steps, std::vector<CodeInfo> codes) {
    m_steps = std::move(steps);
    sortIntoCompletionOrder(m_steps);
    m_codes = std::move(codes);
    index();
    m_current = m_steps.empty() ? -1 : 0;
}

void StepTimeline::sortIntoCompletionOrder(std::vector<Step> &steps) {
    // A step shows the stack after its instruction, so the timeline runs in the order
    // instructions finish: Step::index numbers them as they start, and one finishes when the
    // next event of its frame starts (a CALL into recorded code after its callee's steps). The
    // recorder sends steps in this order; a capture file may hold them sorted by index.
    std::stable_sort(steps.begin(), steps.end(),
                     [](const Step &a, const Step &b) { return a.index < b.index; });
    std::vector<std::pair<long long, long long>> keys(steps.size()); // (finished at, index)
    std::map<long long, size_t> lastOfFrame;
    for (size_t i = 0; i < steps.size(); ++i) {
        keys[i] = {steps[i].index, steps[i].index};
        auto it = lastOfFrame.find(steps[i].frame);
        if (it != lastOfFrame.end())
            keys[it->second].first = steps[i].index;
        lastOfFrame[steps[i].frame] = i;
    }
    std::vector<size_t> order(steps.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return keys[a] < keys[b]; });
    std::vector<Step> sorted;
    sorted.reserve(steps.size());
    for (size_t i : order)
        sorted.push_back(std::move(steps[i]));
    steps = std::move(sorted);
}

void StepTimeline::clear() {
    setRecording({}, {});
}

void StepTimeline::index() {
    m_raisingStep = findRaisingStep();
    m_codeIndex.clear();
    for (size_t i = 0; i < m_codes.size(); ++i)
        m_codeIndex[m_codes[i].id] = int(i);

    const int n = count();
    m_prevInFrame.assign(n, -1);
    m_callerStep.assign(n, -1);
    std::map<long long, int> lastOfFrame;
    // The frames open at each step, outermost first. Depth alone is not enough to find a caller:
    // with library frames filtered out a script callback may sit two levels below its caller.
    struct Open {
        long long frame;
        int depth;
        int lastStep;
    };
    std::vector<Open> open;
    for (int i = 0; i < n; ++i) {
        const Step &s = m_steps[i];
        if (auto it = lastOfFrame.find(s.frame); it != lastOfFrame.end())
            m_prevInFrame[i] = it->second;
        lastOfFrame[s.frame] = i;

        while (!open.empty() && open.back().frame != s.frame && open.back().depth >= s.depth)
            open.pop_back();
        if (open.empty() || open.back().frame != s.frame)
            open.push_back({s.frame, s.depth, i});
        open.back().lastStep = i;
        if (open.size() >= 2)
            m_callerStep[i] = open[open.size() - 2].lastStep;
    }
}

const Step *StepTimeline::step(int index) const {
    return index >= 0 && index < count() ? &m_steps[index] : nullptr;
}

const CodeInfo *StepTimeline::code(const std::string &codeId) const {
    auto it = m_codeIndex.find(codeId);
    return it == m_codeIndex.end() ? nullptr : &m_codes[it->second];
}

bool StepTimeline::setCurrent(int index) {
    if (m_steps.empty())
        return false;
    index = std::clamp(index, 0, count() - 1);
    if (index == m_current)
        return false;
    m_current = index;
    return true;
}

std::optional<int> StepTimeline::stepInto(int from) const {
    return from + 1 < count() ? std::optional<int>(from + 1) : std::nullopt;
}

std::optional<int> StepTimeline::stepBackInto(int from) const {
    return from > 0 && from <= count() ? std::optional<int>(from - 1) : std::nullopt;
}

std::optional<int> StepTimeline::stepOver(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from + 1; j < count(); ++j)
        if (m_steps[j].depth <= s->depth)
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepBack(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from - 1; j >= 0; --j)
        if (m_steps[j].depth <= s->depth)
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepOut(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from + 1; j < count(); ++j)
        if (m_steps[j].depth < s->depth)
            return j;
    return std::nullopt;
}

bool StepTimeline::isLineStart(int index) const {
    const Step *s = step(index);
    if (!s)
        return false;
    const int prev = m_prevInFrame[index];
    return prev < 0 || m_steps[prev].line != s->line;
}

bool StepTimeline::isLineStop(int index) const {
    const Step *s = step(index);
    if (!s)
        return false;
    if (isLineStart(index) || s->event != "instruction")
        return true;
    const int prev = m_prevInFrame[index];
    return prev >= 0 && m_steps[prev].offset >= s->offset && m_steps[prev].event == "instruction";
}

std::optional<int> StepTimeline::stepOverLine(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from + 1; j < count(); ++j) {
        const Step &t = m_steps[j];
        if (t.depth > s->depth)
            continue; // inside a call of this line
        if (t.frame != s->frame || isLineStop(j))
            return j;
    }
    return std::nullopt;
}

std::optional<int> StepTimeline::stepIntoLine(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from + 1; j < count(); ++j)
        if (m_steps[j].frame != m_steps[j - 1].frame || isLineStop(j))
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepBackLine(int from) const {
    const Step *s = step(from);
    if (!s)
        return std::nullopt;
    for (int j = from - 1; j >= 0; --j) {
        const Step &t = m_steps[j];
        if (t.depth > s->depth)
            continue;
        if (t.frame != s->frame || isLineStop(j))
            return j;
    }
    return std::nullopt;
}

std::optional<int> StepTimeline::findRaisingStep() const {
    // In completion order an uncaught exception leaves a tail: in each frame from the innermost
    // out, the instruction that raised (or the CALL the exception came out of), its "exception"
    // step and the frame's "return" step. Walk that tail back to its deepest "exception".
    std::optional<int> last;
    for (int j = count() - 1; j >= 0 && !last; --j)
        if (m_steps[j].event == "exception")
            last = j;
    if (!last)
        return std::nullopt;
    int raised = *last;
    for (int j = *last - 1; j >= 0; --j) {
        const Step &t = m_steps[j];
        if (t.event == "exception") {
            if (t.depth >= m_steps[raised].depth)
                raised = j;
        } else if (t.event != "return") {
            const bool raising = j + 1 < count() && m_steps[j + 1].event == "exception" &&
                                 m_steps[j + 1].frame == t.frame;
            if (!raising)
                break;
        }
    }
    return raised;
}

std::optional<int> StepTimeline::raisingStep() const {
    return m_raisingStep;
}

std::optional<int> StepTimeline::runToLine(int from, const SourceLine &line) const {
    for (int j = std::max(from + 1, 0); j < count(); ++j)
        if (m_steps[j].line == line.second && m_steps[j].file == line.first && isLineStart(j))
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::continueForward(int from) const {
    if (m_breakpoints.empty())
        return std::nullopt;
    for (int j = std::max(from + 1, 0); j < count(); ++j)
        if (isLineStart(j) && hasBreakpoint({m_steps[j].file, m_steps[j].line}))
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::continueBackward(int from) const {
    if (m_breakpoints.empty())
        return std::nullopt;
    for (int j = std::min(from, count()) - 1; j >= 0; --j)
        if (isLineStart(j) && hasBreakpoint({m_steps[j].file, m_steps[j].line}))
            return j;
    return std::nullopt;
}

bool StepTimeline::toggleBreakpoint(const SourceLine &line) {
    if (m_breakpoints.erase(line))
        return false;
    m_breakpoints.insert(line);
    return true;
}

std::optional<int> StepTimeline::previousInFrame(int index) const {
    if (!step(index) || m_prevInFrame[index] < 0)
        return std::nullopt;
    return m_prevInFrame[index];
}

std::optional<int> StepTimeline::latestStepOfFrame(long long frame, int index) const {
    if (!step(index))
        return std::nullopt;
    // A frame on the call stack is found through the caller chain; a finished one by scanning.
    for (int j = index; j >= 0; j = m_callerStep[j])
        if (m_steps[j].frame == frame)
            return j;
    for (int j = index; j >= 0; --j)
        if (m_steps[j].frame == frame)
            return j;
    return std::nullopt;
}

std::map<std::string, std::string> StepTimeline::localsAt(long long frame, int index) const {
    std::map<std::string, std::string> locals;
    auto j = latestStepOfFrame(frame, index);
    // Walking back, the newest value of each name is the first one seen.
    for (int k = j ? *j : -1; k >= 0; k = m_prevInFrame[k])
        for (const auto &[name, value] : m_steps[k].locals)
            locals.emplace(name, value);
    return locals;
}

std::map<std::string, std::string> StepTimeline::changedAt(int index) const {
    const Step *s = step(index);
    return s ? s->locals : std::map<std::string, std::string>{};
}

std::vector<ActiveFrame> StepTimeline::callStackAt(int index) const {
    std::vector<ActiveFrame> frames;
    for (int j = step(index) ? index : -1; j >= 0; j = m_callerStep[j]) {
        const Step &s = m_steps[j];
        frames.push_back({s.frame, s.codeId, s.function, s.file, s.line, s.offset, s.depth, j});
    }
    return frames;
}

} // namespace dynascope
