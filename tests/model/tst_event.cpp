// Event codec and ScriptError round trips; malformed lines give named errors.
#include "model/event.h"
#include "model/instruction.h"
#include "model/scripterror.h"

#include <QtTest>

using namespace dynascope;

class TestEvent : public QObject {
    Q_OBJECT
private slots:
    void decodeRejects_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("error");
        QTest::addRow("garbage") << "{not json" << "not valid JSON";
        QTest::addRow("array") << "[1,2]" << "event is not a JSON object";
        QTest::addRow("no type") << "{\"x\":1}" << "event has no string field 'type'";
        QTest::addRow("numeric type") << "{\"type\":3}" << "event has no string field 'type'";
    }
    void decodeRejects() {
        QFETCH(QString, line);
        QFETCH(QString, error);
        std::string message;
        QVERIFY(!decodeEvent(line.toStdString(), message));
        QCOMPARE(QString::fromStdString(message), error);
    }
    void scriptErrorRoundTrip() {
        ScriptError e;
        e.type = "SyntaxError";
        e.message = "invalid syntax";
        e.syntaxFile = "bad.py";
        e.syntaxLine = 3;
        e.syntaxColumn = 7;
        e.frames.push_back({"bad.py", 3, "<module>"});
        Json j = e;
        j["type"] = EventType::Error;
        std::string message;
        auto event = decodeEvent(encodeEvent(j), message);
        QVERIFY(event);
        QCOMPARE(QString::fromStdString(event->type), QString(EventType::Error));
        ScriptError back = event->body.get<ScriptError>();
        QCOMPARE(back.syntaxLine, 3);
        QCOMPARE(back.syntaxColumn, 7);
        QCOMPARE(QString::fromStdString(back.summary()),
                 QString("SyntaxError: invalid syntax (bad.py, line 3, column 7)"));
    }
    void instructionRoundTrip() {
        Instruction i;
        i.offset = 12;
        i.opname = "JUMP_FORWARD";
        i.arg = 3;
        i.jumpTarget = 20;
        i.positions.line = 4;
        i.positions.endColumn = 9;
        Json j = i;
        Instruction back = j.get<Instruction>();
        QCOMPARE(back.offset, 12);
        QCOMPARE(*back.jumpTarget, 20);
        QVERIFY(!back.positions.column);
        QCOMPARE(*back.positions.endColumn, 9);
        QVERIFY(!back.line);
    }
};

QTEST_GUILESS_MAIN(TestEvent)
#include "tst_event.moc"
