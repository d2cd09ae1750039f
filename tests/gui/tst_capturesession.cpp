// CaptureSession: event storage by type, malformed events, error location, selection rules.
#include "capturesession.h"
#include "recording/recordingfile.h"

#include <QtTest>

#include <fstream>

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
// A step event with every field the recorder writes.
Json stepEvent(long long index, const std::string &code, const std::string &repr) {
    Step s;
    s.index = index;
    s.frame = 1;
    s.codeId = code;
    s.function = "<module>";
    s.file = "/tmp/t.py";
    s.line = 2;
    s.offset = 6;
    s.opname = "LOAD_NAME";
    s.arg = 1;
    s.argrepr = "x";
    s.pops = 0;
    s.pushes = 1;
    s.stack.push_back(StackValue{"int", repr, "", "", false});
    Json event = s;
    event["type"] = EventType::Step;
    return event;
}

// The event lines of a .dscap file (the header left out), as read.
std::vector<std::string> eventLines(const QString &path) {
    std::ifstream in(QFile::encodeName(path).toStdString());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            lines.push_back(line);
    if (!lines.empty())
        lines.erase(lines.begin());
    return lines;
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

    void stepsGoToTheStoreInStreamOrder() {
        CaptureSession session;
        QSignalSpy added(&session, &CaptureSession::eventAdded);
        session.beginRun();
        session.addEvent(makeEvent(codeEvent()));
        session.addEvent(makeEvent(stepEvent(0, "c1", "1")));
        session.addEvent(makeEvent({{"type", "output"}, {"stream", "stdout"}, {"text", "hi\n"}}));
        session.addEvent(makeEvent(stepEvent(1, "c1", "2")));
        session.addEvent(makeEvent(stepEvent(2, "c1", "3")));
        session.addEvent(makeEvent({{"type", "exit"}, {"status", 0}}));
        QCOMPARE(session.steps().size(), size_t(3));
        QCOMPARE(session.allEvents().size(), size_t(3)); // code, output, exit
        QVERIFY(session.eventsOfType(EventType::Step).empty());
        QCOMPARE(added.count(), 6);
        QCOMPARE(added[3].at(0).toString(), QString("step"));
        QCOMPARE(added[3].at(1).toInt(), 1); // an index into steps()
        // The stream as it came, steps rebuilt from the store as the worker wrote them.
        std::vector<std::string> types, lines;
        session.forEachEvent([&](const Json &body) {
            types.push_back(body.value("type", std::string()));
            lines.push_back(encodeEvent(body));
            return true;
        });
        QCOMPARE(types,
                 (std::vector<std::string>{"code", "step", "output", "step", "step", "exit"}));
        QCOMPARE(lines[3], encodeEvent(stepEvent(1, "c1", "2")));
        // A new run starts a new store; a holder of the old one keeps it as it was.
        const std::shared_ptr<const StepStore> old = session.stepStore();
        session.beginRun();
        QVERIFY(session.steps().empty());
        QVERIFY(session.isEmpty());
        QCOMPARE(old->size(), size_t(3));
        QCOMPARE(old->at(2).stack.at(0).repr, std::string("3"));
    }

    void malformedStepsAreWarnedAndSkipped() {
        CaptureSession session;
        session.beginRun();
        session.addEvent({EventType::Step, Json{{"type", "step"}, {"step", 0}, {"opname", "NOP"}}});
        session.addEvent({EventType::Step, Json{{"type", "step"}, {"step", "not a number"}}});
        session.addEvent({EventType::Step, Json::array({1, 2})});
        QCOMPARE(session.steps().size(), size_t(1));
        QCOMPARE(session.console().size(), size_t(2));
        QCOMPARE(session.console()[0].kind, ConsoleEntry::Warning);
        QVERIFY(session.console()[0].text.contains("malformed 'step' event"));
    }

    // Recordings saved before the step store (the fuzz corpus holds the GUI's and the trace
    // command's) open, and saving them again writes the same event lines: steps rebuilt from
    // the store are byte for byte the lines read, in the same places among the other events.
    void savedRecordingsKeepTheirLines_data() {
        QTest::addColumn<QString>("path");
        const QDir corpus(DYNASCOPE_SOURCE_DIR "/tests/fuzz/corpus/capturefile");
        for (const QString &name : corpus.entryList({"*.dscap"}, QDir::Files))
            QTest::addRow("%s", qPrintable(name)) << corpus.filePath(name);
    }
    void savedRecordingsKeepTheirLines() {
        QFETCH(QString, path);
        RecordingFile file;
        QVERIFY2(file.read(path), qPrintable(file.errorString()));
        CaptureSession session;
        file.applyTo(session, QString(), QString());
        QVERIFY(session.steps().size() >= 30);
        QTemporaryDir dir;
        const QString saved = dir.filePath("again.dscap");
        QString error;
        QVERIFY2(RecordingFile::save(session, saved, error), qPrintable(error));
        // The oracle: each line as read, re-encoded, a step naming an alias under its code
        // object's canonical id (as the session shows and saves it since CodeIdAliases).
        std::vector<std::string> expected;
        for (const std::string &line : eventLines(path)) {
            Json event = Json::parse(line);
            if (event.value("type", std::string()) == EventType::Step)
                if (const CodeInfo *code = session.codeInfo(
                        QString::fromStdString(event.value("code", std::string()))))
                    event["code"] = code->id;
            expected.push_back(encodeEvent(event));
        }
        const std::vector<std::string> written = eventLines(saved);
        QCOMPARE(written.size(), expected.size());
        for (size_t i = 0; i < written.size(); ++i)
            QVERIFY2(written[i] == expected[i], qPrintable(QString("line %1 differs").arg(i + 2)));
    }

    void stepBytesStayUnderTheBudget() {
        // docs/bad-input.md "1,000,000-step recording": the GUI's budget is 500 bytes a step.
        // 100,000 steps through the session's intake, every one with values never seen before
        // (the worst case for interning); the store's own accounting, capacities included
        // (187 bytes when this was written: ~125 used, the rest vectors' doubling slack).
        CaptureSession session;
        session.beginRun();
        const long long n = 100000;
        for (long long i = 0; i < n; ++i) {
            Json step = stepEvent(i, "c1", std::to_string(i * 7919));
            step["frame"] = 1 + i / 50;
            step["locals"] = {{"x", std::to_string(i)}};
            session.addEvent({EventType::Step, step});
        }
        const double perStep = double(session.steps().bytesUsed()) / double(n);
        qInfo("%.1f bytes a step in the store", perStep);
        QVERIFY2(perStep < 250, qPrintable(QString::number(perStep)));
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
