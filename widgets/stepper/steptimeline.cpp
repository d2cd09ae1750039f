// Navigation over recorded steps: indices are computed once per recording so each query is cheap.
#include "steptimeline.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace dynascope {

void StepTimeline::setRecording(std::shared_ptr<const StepStore> steps,
                                std::vector<CodeInfo> codes) {
    m_steps = steps ? std::move(steps) : std::make_shared<StepStore>();
    m_count = int(std::min<size_t>(m_steps->size(), size_t(std::numeric_limits<int>::max())));
    m_order = completionOrder(*m_steps, size_t(m_count));
    m_codes = std::move(codes);
    buildIndex();
    m_current = m_count == 0 ? -1 : 0;
}

void StepTimeline::setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes) {
    auto store = std::make_shared<StepStore>();
    for (const Step &s : steps)
        store->append(s);
    setRecording(std::shared_ptr<const StepStore>(std::move(store)), std::move(codes));
}

std::vector<uint32_t> StepTimeline::completionOrder(const StepStore &steps, size_t count) {
    // A step shows the stack after its instruction, so the timeline runs in the order
    // instructions finish: Step::index numbers them as they start, and one finishes when the
    // next event of its frame starts (a CALL into recorded code after its callee's steps). The
    // recorder sends steps in this order; a capture file may hold them sorted by index.
    // Decision: the store keeps arrival order and the timeline a permutation, rather than the
    // session sorting its store, so the session's steps stay the stream as it came (a saved
    // recording writes them back in that order) and a live run needs no permutation at all.
    std::vector<uint32_t> byIndex(count);
    for (size_t i = 0; i < count; ++i)
        byIndex[i] = uint32_t(i);
    std::stable_sort(byIndex.begin(), byIndex.end(),
                     [&](uint32_t a, uint32_t b) { return steps.index(a) < steps.index(b); });
    std::vector<std::pair<long long, long long>> keys(count); // (finished at, index)
    std::unordered_map<long long, size_t> lastOfFrame;
    for (size_t i = 0; i < count; ++i) {
        const long long index = steps.index(byIndex[i]);
        keys[i] = {index, index};
        auto [it, added] = lastOfFrame.try_emplace(steps.frame(byIndex[i]), i);
        if (!added) {
            keys[it->second].first = index;
            it->second = i;
        }
    }
    std::vector<uint32_t> order(count);
    for (size_t i = 0; i < count; ++i)
        order[i] = uint32_t(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    bool identity = true;
    for (size_t i = 0; i < count; ++i) {
        order[i] = byIndex[order[i]];
        identity = identity && order[i] == i;
    }
    return identity ? std::vector<uint32_t>() : order;
}

void StepTimeline::clear() {
    setRecording(std::shared_ptr<const StepStore>(), {});
}

void StepTimeline::buildIndex() {
    m_raisingStep = findRaisingStep();
    m_codeIndex.clear();
    for (size_t i = 0; i < m_codes.size(); ++i)
        m_codeIndex[m_codes[i].id] = int(i);

    const int n = count();
    m_prevInFrame.assign(n, -1);
    m_callerStep.assign(n, -1);
    std::unordered_map<long long, int> lastOfFrame;
    // The frames open at each step, outermost first. Depth alone is not enough to find a caller:
    // with library frames filtered out a script callback may sit two levels below its caller.
    struct Open {
        long long frame;
        int depth;
        int lastStep;
    };
    std::vector<Open> open;
    for (int i = 0; i < n; ++i) {
        const long long stepFrame = frame(i);
        const int stepDepth = depth(i);
        auto [it, added] = lastOfFrame.try_emplace(stepFrame, i);
        if (!added) {
            m_prevInFrame[i] = it->second;
            it->second = i;
        }

        while (!open.empty() && open.back().frame != stepFrame && open.back().depth >= stepDepth)
            open.pop_back();
        if (open.empty() || open.back().frame != stepFrame)
            open.push_back({stepFrame, stepDepth, i});
        open.back().lastStep = i;
        if (open.size() >= 2)
            m_callerStep[i] = open[open.size() - 2].lastStep;
    }
}

std::optional<Step> StepTimeline::step(int index) const {
    if (index < 0 || index >= count())
        return std::nullopt;
    return m_steps->at(stored(index));
}

const CodeInfo *StepTimeline::code(const std::string &codeId) const {
    auto it = m_codeIndex.find(codeId);
    return it == m_codeIndex.end() ? nullptr : &m_codes[it->second];
}

bool StepTimeline::setCurrent(int index) {
    if (isEmpty())
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
    if (!inRange(from))
        return std::nullopt;
    const int d = depth(from);
    for (int j = from + 1; j < count(); ++j)
        if (depth(j) <= d)
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepBack(int from) const {
    if (!inRange(from))
        return std::nullopt;
    const int d = depth(from);
    for (int j = from - 1; j >= 0; --j)
        if (depth(j) <= d)
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepOut(int from) const {
    if (!inRange(from))
        return std::nullopt;
    const int d = depth(from);
    for (int j = from + 1; j < count(); ++j)
        if (depth(j) < d)
            return j;
    return std::nullopt;
}

bool StepTimeline::isLineStart(int index) const {
    if (!inRange(index))
        return false;
    const int prev = m_prevInFrame[index];
    return prev < 0 || line(prev) != line(index);
}

bool StepTimeline::isLineStop(int index) const {
    if (!inRange(index))
        return false;
    if (isLineStart(index) || event(index) != StepEvent::Instruction)
        return true;
    const int prev = m_prevInFrame[index];
    return prev >= 0 && offset(prev) >= offset(index) && event(prev) == StepEvent::Instruction;
}

std::optional<int> StepTimeline::stepOverLine(int from) const {
    if (!inRange(from))
        return std::nullopt;
    const int d = depth(from);
    const long long f = frame(from);
    for (int j = from + 1; j < count(); ++j) {
        if (depth(j) > d)
            continue; // inside a call of this line
        if (frame(j) != f || isLineStop(j))
            return j;
    }
    return std::nullopt;
}

std::optional<int> StepTimeline::stepIntoLine(int from) const {
    if (!inRange(from))
        return std::nullopt;
    for (int j = from + 1; j < count(); ++j)
        if (frame(j) != frame(j - 1) || isLineStop(j))
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::stepBackLine(int from) const {
    if (!inRange(from))
        return std::nullopt;
    const int d = depth(from);
    const long long f = frame(from);
    for (int j = from - 1; j >= 0; --j) {
        if (depth(j) > d)
            continue;
        if (frame(j) != f || isLineStop(j))
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
        if (event(j) == StepEvent::Exception)
            last = j;
    if (!last)
        return std::nullopt;
    int raised = *last;
    for (int j = *last - 1; j >= 0; --j) {
        const StepEvent e = event(j);
        if (e == StepEvent::Exception) {
            if (depth(j) >= depth(raised))
                raised = j;
        } else if (e != StepEvent::Return) {
            const bool raising =
                j + 1 < count() && event(j + 1) == StepEvent::Exception && frame(j + 1) == frame(j);
            if (!raising)
                break;
        }
    }
    return raised;
}

std::optional<int> StepTimeline::raisingStep() const {
    return m_raisingStep;
}

std::optional<int> StepTimeline::runToLine(int from, const SourceLine &where) const {
    for (int j = std::max(from + 1, 0); j < count(); ++j)
        if (line(j) == where.second && file(j) == where.first && isLineStart(j))
            return j;
    return std::nullopt;
}

bool StepTimeline::startsBreakpointLine(int index) const {
    if (m_breakpoints.empty() || !isLineStart(index))
        return false;
    const int l = line(index);
    const std::string_view f = file(index);
    for (const SourceLine &b : m_breakpoints) // a few: no string made per step
        if (b.second == l && b.first == f)
            return true;
    return false;
}

std::optional<int> StepTimeline::continueForward(int from) const {
    if (m_breakpoints.empty())
        return std::nullopt;
    for (int j = std::max(from + 1, 0); j < count(); ++j)
        if (startsBreakpointLine(j))
            return j;
    return std::nullopt;
}

std::optional<int> StepTimeline::continueBackward(int from) const {
    if (m_breakpoints.empty())
        return std::nullopt;
    for (int j = std::min(from, count()) - 1; j >= 0; --j)
        if (startsBreakpointLine(j))
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
    if (!inRange(index) || m_prevInFrame[index] < 0)
        return std::nullopt;
    return m_prevInFrame[index];
}

std::optional<int> StepTimeline::latestStepOfFrame(long long wanted, int index) const {
    if (!inRange(index))
        return std::nullopt;
    // A frame on the call stack is found through the caller chain; a finished one by scanning.
    for (int j = index; j >= 0; j = m_callerStep[j])
        if (frame(j) == wanted)
            return j;
    for (int j = index; j >= 0; --j)
        if (frame(j) == wanted)
            return j;
    return std::nullopt;
}

std::map<std::string, std::string> StepTimeline::localsAt(long long wanted, int index) const {
    std::map<std::string, std::string> locals;
    std::unordered_set<uint32_t> seen; // name ids: a long frame repeats a few names many times
    auto j = latestStepOfFrame(wanted, index);
    // Walking back, the newest value of each name is the first one seen.
    for (int k = j ? *j : -1; k >= 0; k = m_prevInFrame[k])
        m_steps->forEachLocal(stored(k), [&](uint32_t name, uint32_t repr) {
            if (seen.insert(name).second)
                locals.emplace(m_steps->string(name), m_steps->string(repr));
        });
    return locals;
}

std::map<std::string, std::string> StepTimeline::changedAt(int index) const {
    return inRange(index) ? m_steps->locals(stored(index)) : std::map<std::string, std::string>{};
}

std::vector<ActiveFrame> StepTimeline::callStackAt(int index) const {
    std::vector<ActiveFrame> frames;
    for (int j = inRange(index) ? index : -1; j >= 0; j = m_callerStep[j])
        frames.push_back({frame(j), std::string(codeId(j)), std::string(function(j)),
                          std::string(file(j)), line(j), offset(j), depth(j), j});
    return frames;
}

} // namespace dynascope
