// StepTimeline navigation and scopes on synthetic recordings (no widgets).
#include "stepper/framescopes.h"
#include "stepper/steptimeline.h"
#include "tst_stepper_recording.h"

#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// Index of the first step matching function and opname (and argrepr when given).
int find(const StepTimeline &t, const std::string &function, const std::string &opname,
         const std::string &argrepr = {}) {
    for (int i = 0; i < t.count(); ++i) {
        const Step s = *t.step(i);
        if (s.function == function && s.opname == opname &&
            (argrepr.empty() || s.argrepr == argrepr))
            return i;
    }
    return -1;
}

Step plain(long long frame, int depth, const std::string &function, int line) {
    Step s;
    s.frame = frame;
    s.depth = depth;
    s.function = function;
    s.file = "t.py";
    s.line = line;
    s.opname = "NOP";
    return s;
}

} // namespace

class TestStepperTimeline : public QObject {
    Q_OBJECT
private slots:
    void init() { m_t.setRecording(stepDemoSteps(), stepDemoCodes()); }

    void startsAtFirstStep() {
        QCOMPARE(m_t.count(), 30);
        QCOMPARE(m_t.current(), 0);
        QVERIFY(!m_t.setCurrent(-5)); // clamps to 0, already there
        QVERIFY(m_t.setCurrent(1000));
        QCOMPARE(m_t.current(), 29);
    }

    void stepsRunInCompletionOrder() {
        // The fixture is in the order the recorder sent it: the module's CALL (step 9) after
        // f's steps 10-19. Sorted by index, or shuffled, the timeline restores that order.
        const std::vector<Step> sent = stepDemoSteps();
        for (int i = 0; i < m_t.count(); ++i)
            QCOMPARE(m_t.step(i)->index, sent[i].index);
        std::vector<Step> shuffled = sent;
        std::reverse(shuffled.begin(), shuffled.end());
        StepTimeline t;
        t.setRecording(shuffled, {});
        for (int i = 0; i < t.count(); ++i)
            QCOMPARE(t.step(i)->index, sent[i].index);
        const int call = find(t, "<module>", "CALL");
        QCOMPARE(t.step(call)->index, 9LL);
        QCOMPARE(t.step(call - 1)->event, std::string("return"));
    }

    void readsASharedStoreThroughAPermutation() {
        // The recorder's order needs no permutation; the same steps sorted by index (as a
        // capture file may hold them) do, and read the same through it.
        auto sent = std::make_shared<StepStore>();
        for (const Step &s : stepDemoSteps())
            sent->append(s);
        QVERIFY(StepTimeline::completionOrder(*sent, sent->size()).empty());
        std::vector<Step> byIndex = stepDemoSteps();
        std::sort(byIndex.begin(), byIndex.end(),
                  [](const Step &a, const Step &b) { return a.index < b.index; });
        auto sorted = std::make_shared<StepStore>();
        for (const Step &s : byIndex)
            sorted->append(s);
        QCOMPARE(StepTimeline::completionOrder(*sorted, sorted->size()).size(), sorted->size());
        StepTimeline t;
        t.setRecording(std::shared_ptr<const StepStore>(sorted), stepDemoCodes());
        QCOMPARE(sorted.use_count(), 2); // shared, not copied
        QCOMPARE(t.count(), m_t.count());
        for (int i = 0; i < t.count(); ++i) {
            const Step s = *m_t.step(i);
            QCOMPARE(t.step(i)->index, s.index);
            QCOMPARE(t.stepNumber(i), s.index);
            QCOMPARE(t.frame(i), s.frame);
            QCOMPARE(t.depth(i), s.depth);
            QCOMPARE(t.line(i), s.line);
            QCOMPARE(t.offset(i), s.offset);
            QCOMPARE(std::string(t.opname(i)), s.opname);
            QCOMPARE(t.stack(i).size(), s.stack.size());
            QCOMPARE(t.changedAt(i), s.locals);
            QCOMPARE(t.previousInFrame(i), m_t.previousInFrame(i));
        }
        // Steps appended to the store later are not part of the recording the timeline shows.
        sorted->append(stepDemoSteps().front());
        QCOMPARE(t.count(), m_t.count());
    }

    void stepOverRunsTheCall() {
        const int precall = find(m_t, "<module>", "PRECALL");
        const int call = find(m_t, "<module>", "CALL");
        QCOMPARE(m_t.stepOver(precall), call);
        QCOMPARE(m_t.stepBack(call), precall);
        QCOMPARE(m_t.stepInto(precall), precall + 1);
        QCOMPARE(m_t.step(precall + 1)->event, std::string("call"));
        QCOMPARE(m_t.stepOver(29), std::nullopt);
        QCOMPARE(m_t.stepBack(0), std::nullopt);
        QCOMPARE(m_t.stepBackInto(0), std::nullopt);
    }

    void stepOverInsideAFrameLeavesItAtTheEnd() {
        const int ret = find(m_t, "f", "RETURN_VALUE");
        // After RETURN_VALUE comes the frame's return event, then the caller's CALL.
        QCOMPARE(m_t.stepOver(ret), ret + 1);
        QCOMPARE(m_t.stepOver(ret + 1), find(m_t, "<module>", "CALL"));
    }

    void stepOutReturnsToTheCaller() {
        const int mul = find(m_t, "f", "BINARY_OP", "*");
        QCOMPARE(m_t.stepOut(mul), find(m_t, "<module>", "CALL"));
        QCOMPARE(m_t.stepOut(find(m_t, "<module>", "STORE_NAME", "x")), std::nullopt);
    }

    void lineStarts() {
        QVERIFY(m_t.isLineStart(0)); // the module's call event
        const int loadA = find(m_t, "f", "LOAD_FAST", "a");
        QVERIFY(m_t.isLineStart(loadA));
        QVERIFY(!m_t.isLineStart(loadA + 1));
        // Coming back from the call does not start line 6 again.
        QVERIFY(!m_t.isLineStart(find(m_t, "<module>", "CALL")));
    }

    void runToCursor() {
        QCOMPARE(m_t.runToLine(0, {StepDemoFile, 3}), find(m_t, "f", "LOAD_FAST", "c"));
        int firstOnLine7 = 0;
        while (m_t.step(firstOnLine7)->line != 7)
            ++firstOnLine7;
        QCOMPARE(m_t.step(firstOnLine7)->opname, std::string("PUSH_NULL"));
        QCOMPARE(m_t.runToLine(0, {StepDemoFile, 7}), firstOnLine7);
        QCOMPARE(m_t.runToLine(0, {"other.py", 3}), std::nullopt);
        QCOMPARE(m_t.runToLine(29, {StepDemoFile, 3}), std::nullopt);
    }

    void breakpointsStopWhereALineStarts() {
        QCOMPARE(m_t.continueForward(0), std::nullopt);
        QVERIFY(m_t.toggleBreakpoint({StepDemoFile, 2}));
        const int loadA = find(m_t, "f", "LOAD_FAST", "a");
        QCOMPARE(m_t.continueForward(0), loadA);
        QCOMPARE(m_t.continueForward(loadA), std::nullopt);
        QCOMPARE(m_t.continueBackward(29), loadA);
        QCOMPARE(m_t.continueBackward(loadA), std::nullopt);
        QVERIFY(!m_t.toggleBreakpoint({StepDemoFile, 2}));
        QVERIFY(m_t.breakpoints().empty());
    }

    void localsAccumulate() {
        const int store = find(m_t, "f", "STORE_FAST", "c");
        auto before = m_t.localsAt(2, store - 1);
        QCOMPARE(before.size(), size_t(2));
        QCOMPARE(before["a"], std::string("2"));
        QVERIFY(!before.count("c"));
        auto after = m_t.localsAt(2, store);
        QCOMPARE(after["c"], std::string("7"));
        QCOMPARE(m_t.changedAt(store).size(), size_t(1));
        // The frame's locals are still known after it returned.
        QCOMPARE(m_t.localsAt(2, 29)["c"], std::string("7"));
        auto module = m_t.localsAt(1, 29);
        QCOMPARE(module.size(), size_t(2));
        QCOMPARE(module["x"], std::string("7"));
        QVERIFY(m_t.localsAt(99, 29).empty());
    }

    void callStack() {
        const int mul = find(m_t, "f", "BINARY_OP", "*");
        auto stack = m_t.callStackAt(mul);
        QCOMPARE(stack.size(), size_t(2));
        QCOMPARE(stack[0].function, std::string("f"));
        QCOMPARE(stack[0].line, 2);
        QCOMPARE(stack[1].function, std::string("<module>"));
        QCOMPARE(stack[1].line, 6); // the caller waits on its call line
        QCOMPARE(stack[1].stepIndex, find(m_t, "<module>", "PRECALL"));
        QCOMPARE(m_t.callStackAt(29).size(), size_t(1));
        QVERIFY(m_t.callStackAt(-1).empty());
    }

    void siblingCallsDoNotStack() {
        // module calls g twice; inside the second g the stack is g, <module> — not g, g.
        std::vector<Step> s = {plain(1, 0, "<module>", 1), plain(2, 1, "g", 5), plain(2, 1, "g", 6),
                               plain(1, 0, "<module>", 1), plain(3, 1, "g", 5), plain(3, 1, "g", 6),
                               plain(1, 0, "<module>", 2)};
        StepTimeline t;
        t.setRecording(s, {});
        auto stack = t.callStackAt(5);
        QCOMPARE(stack.size(), size_t(2));
        QCOMPARE(stack[0].frame, 3LL);
        QCOMPARE(stack[1].frame, 1LL);
        QCOMPARE(stack[1].stepIndex, 3);
        QCOMPARE(t.latestStepOfFrame(2, 5), 2);
    }

    void recursionAndFilteredLibraryFrames() {
        // r recurses; then a script callback runs two levels down (the library frame between
        // was not recorded).
        std::vector<Step> s = {
            plain(1, 0, "<module>", 1), plain(2, 1, "r", 3),   plain(3, 2, "r", 3),
            plain(3, 2, "r", 4),        plain(2, 1, "r", 4),   plain(1, 0, "<module>", 2),
            plain(4, 2, "cb", 9),       plain(4, 2, "cb", 10), plain(1, 0, "<module>", 3)};
        StepTimeline t;
        t.setRecording(s, {});
        QCOMPARE(t.callStackAt(3).size(), size_t(3));
        QCOMPARE(t.stepOver(1), 4);
        QCOMPARE(t.stepOut(2), 4);
        auto cb = t.callStackAt(7);
        QCOMPARE(cb.size(), size_t(2));
        QCOMPARE(cb[1].frame, 1LL);
        QCOMPARE(t.stepOver(5), 8);
        QCOMPARE(t.stepOut(6), 8);
        QCOMPARE(t.stepBack(8), 5);
    }

    void scopesOfAFrame() {
        const int store = find(m_t, "f", "STORE_FAST", "c");
        FrameScopes scopes = frameScopesAt(m_t, -1, store);
        QCOMPARE(scopes.frame, 2LL);
        QCOMPARE(scopes.function, std::string("f"));
        QVERIFY(scopes.code);
        QCOMPARE(scopes.code->argCount, 2);
        QCOMPARE(scopes.locals.size(), size_t(3));
        QCOMPARE(scopes.changed.size(), size_t(1));
        QVERIFY(scopes.globalsRecorded);
        QCOMPARE(scopes.globals.size(), size_t(1)); // f is defined, x not yet
        // The module's LOAD_NAME print is the only builtin it uses.
        FrameScopes module = frameScopesAt(m_t, 1, store);
        QCOMPARE(module.builtinsUsed, std::vector<std::string>{"print"});
        QVERIFY(module.changed.empty()); // the step changed f's locals, not the module's
    }

private:
    StepTimeline m_t;
};

QTEST_GUILESS_MAIN(TestStepperTimeline)
#include "tst_stepper_timeline.moc"
