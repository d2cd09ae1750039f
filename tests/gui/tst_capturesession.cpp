// CaptureSession: event storage by type, malformed events, error location, selection rules.
#include "capturesession.h"

#include <QtTest>

using namespace dynascope;

namespace {
Event makeEvent(const Json &body) {
    std::string error;
    auto e = decodeEvent(encodeEvent(body), error);
    Q_ASSERT(e);
    return *e;
}

Json codeEvent() {
    return Json::parse(R"({"type":"code","id":"c1","name":"<module>","instructions":[
        {"offset":0,"opname":"RESUME","line_of":0},
        {"offset":2,"opname":"LOAD_CONST","line_of":1,"starts_line":1},
        {"offset":4,"opname":"STORE_NAME","line_of":1},
        {"offset":6,"opname":"LOAD_NAME","line_of":2,"starts_line":2}]})");
}
} // namespace

class TestCaptureSession : public QObject {
    Q_OBJECT
private slots:
    void storesEveryTypeInOrder() {
        CaptureSession session;
        QSignalSpy added(&session, &CaptureSession::eventAdded);
        session.beginRun();
        session.addEvent(makeEvent(codeEvent()));
        session.addEvent(makeEvent({{"type", "output"}, {"stream", "stdout"}, {"text", "hi\n"}}));
        session.addEvent(makeEvent({{"type", "graph"}, {"id", "G1"}}));
        session.addEvent(makeEvent({{"type", "no_such_type_yet"}, {"x", 1}}));
        session.addEvent(makeEvent({{"type", "exit"}, {"status", 3}}));
        QCOMPARE(added.count(), 5);
        QCOMPARE(session.allEvents().size(), size_t(5));
        QCOMPARE(session.codeInfos().size(), size_t(1));
        QCOMPARE(session.codeInfos()[0].instructions.size(), size_t(4));
        QCOMPARE(session.eventsOfType("graph").size(), size_t(1));
        QCOMPARE(session.eventsOfType("no_such_type_yet")[0].value("x", 0), 1);
        QVERIFY(session.eventsOfType("guards").empty());
        QCOMPARE(session.exitStatus().value_or(-1), 3);
        QCOMPARE(session.console().size(), size_t(1));
        QCOMPARE(session.console()[0].text, QString("hi\n"));
        // Capture events are also kept typed, decoded once as they came.
        QCOMPARE(int(session.capture().graphs().size()), 1);
        QCOMPARE(session.capture().graphs()[0].id, std::string("G1"));
        session.beginRun();
        QVERIFY(session.allEvents().empty());
        QVERIFY(session.capture().graphs().empty());
        QVERIFY(!session.exitStatus());
    }

    void malformedEventBecomesWarning() {
        CaptureSession session;
        session.beginRun();
        // "instructions" of the wrong shape is skipped by the codec; a string where an int
        // belongs throws inside nlohmann, which must end as a console warning.
        session.addEvent(makeEvent({{"type", "code"}, {"id", "c1"}, {"first_line", "three"}}));
        QVERIFY(session.codeInfos().empty());
        QCOMPARE(session.console().size(), size_t(1));
        QCOMPARE(session.console()[0].kind, ConsoleEntry::Warning);
        QVERIFY(session.console()[0].text.contains("malformed 'code' event"));
        // A trace step whose line is text is left out of the typed steps, with a warning.
        session.addEvent(makeEvent({{"type", "trace_step"}, {"index", 0}, {"line", "seven"}}));
        session.addEvent(makeEvent({{"type", "trace_step"}, {"index", 1}, {"line", 7}}));
        QCOMPARE(int(session.capture().traceSteps().size()), 1);
        QCOMPARE(session.capture().traceSteps()[0].step.line, 7);
        QCOMPARE(session.console().size(), size_t(2));
        QVERIFY(session.console()[1].text.contains("malformed 'trace_step' event"));
    }

    void errorLocationPointsIntoTheScript() {
        QTemporaryDir dir;
        const QString script = dir.filePath("s.py");
        CaptureSession session;
        session.setScript(script, "import m\nm.f()\n");
        session.beginRun();
        Json error = {{"type", "error"},
                      {"exc_type", "ZeroDivisionError"},
                      {"message", "division by zero"},
                      {"frames",
                       {{{"file", script.toStdString()}, {"line", 2}, {"function", "<module>"}},
                        {{"file", "/elsewhere/m.py"}, {"line", 7}, {"function", "f"}}}},
                      {"formatted", "Traceback (most recent call last):\n...\n"}};
        session.addEvent(makeEvent(error));
        QVERIFY(session.error());
        // The innermost frame is in another file: the script's own line 2 is what to mark.
        QCOMPARE(session.errorLocation().value_or(std::pair(0, 0)), std::pair(2, 0));
        QCOMPARE(session.console().back().kind, ConsoleEntry::Stderr);
        QVERIFY(session.console().back().text.startsWith("Traceback"));

        session.beginRun();
        session.addEvent(makeEvent(
            {{"type", "error"},
             {"exc_type", "SyntaxError"},
             {"syntax",
              {{"file", script.toStdString()}, {"line", 3}, {"column", 5}, {"text", "x = = 1"}}}}));
        QCOMPARE(session.errorLocation().value_or(std::pair(0, 0)), std::pair(3, 5));
    }

    void selectionRules() {
        CaptureSession session;
        QSignalSpy changed(&session, &CaptureSession::selectionChanged);
        session.beginRun();
        session.addEvent(makeEvent(codeEvent()));
        session.setSelectedInstruction({"c1", 4});
        QCOMPARE(session.selectedLine(), 1); // an instruction selects its line
        QCOMPARE(changed.count(), 1);
        session.setSelectedLine(1); // same line: nothing changes, the instruction stays
        QCOMPARE(changed.count(), 1);
        QCOMPARE(session.selectedInstruction(), InstructionRef({"c1", 4}));
        session.setSelectedLine(2); // another line drops the instruction
        QCOMPARE(changed.count(), 2);
        QVERIFY(!session.selectedInstruction().isValid());
        session.setSelectedInstruction({"c1", 99}); // unknown: no instruction, line kept
        QVERIFY(!session.selectedInstruction().isValid());
        QCOMPARE(session.selectedLine(), 2);
        session.setSelectedInstruction({"c1", 4});
        session.beginRun(); // a new run's instructions are other objects: drop the instruction
        QVERIFY(!session.selectedInstruction().isValid());
        QCOMPARE(session.selectedLine(), 1);
    }
};

QTEST_MAIN(TestCaptureSession)
#include "tst_capturesession.moc"
