// ScriptOptionParser: options before FILE, script arguments after it, named usage errors.
#include "cli/scriptoptionparser.h"

#include <QtTest>

using namespace dynascope;

Q_DECLARE_METATYPE(dynascope::Args)

class TestScriptOptions : public QObject {
    Q_OBJECT
private:
    static ScriptOptionParser parser(bool optionsAfterScript) {
        ScriptOptionParser p("trace");
        p.addFlag("--json", "print JSON");
        p.addOption("--max-steps", "N", "stop after N steps");
        p.setOptionsAfterScript(optionsAfterScript);
        return p;
    }

private slots:
    void parses_data() {
        QTest::addColumn<bool>("after");
        QTest::addColumn<Args>("args");
        QTest::addColumn<QString>("script");
        QTest::addColumn<Args>("scriptArgs");
        QTest::addColumn<bool>("json");
        QTest::addColumn<QString>("maxSteps");
        QTest::addRow("plain") << false << Args{"a.py"} << "a.py" << Args{} << false << "";
        QTest::addRow("options first") << false << Args{"--json", "--max-steps", "5", "a.py", "x"}
                                       << "a.py" << Args{"x"} << true << "5";
        QTest::addRow("equals form")
            << false << Args{"--max-steps=7", "a.py"} << "a.py" << Args{} << false << "7";
        QTest::addRow("after FILE belongs to the script")
            << false << Args{"a.py", "--json", "-v"} << "a.py" << Args{"--json", "-v"} << false
            << "";
        QTest::addRow("after FILE allowed")
            << true << Args{"a.py", "--json", "x", "--max-steps", "3"} << "a.py" << Args{"x"}
            << true << "3";
        QTest::addRow("double dash ends options")
            << true << Args{"a.py", "--", "--json"} << "a.py" << Args{"--json"} << false << "";
        QTest::addRow("dash file")
            << false << Args{"--", "-odd.py"} << "-odd.py" << Args{} << false << "";
    }
    void parses() {
        QFETCH(bool, after);
        QFETCH(Args, args);
        QFETCH(QString, script);
        QFETCH(Args, scriptArgs);
        QFETCH(bool, json);
        QFETCH(QString, maxSteps);
        std::string error;
        auto options = parser(after).parse(args, error);
        QVERIFY2(options, error.c_str());
        QCOMPARE(QString::fromStdString(options->script), script);
        QCOMPARE(options->scriptArgs, scriptArgs);
        QCOMPARE(options->has("--json"), json);
        QCOMPARE(QString::fromStdString(options->value("--max-steps")), maxSteps);
    }

    void rejects_data() {
        QTest::addColumn<Args>("args");
        QTest::addColumn<QString>("error");
        QTest::addRow("nothing") << Args{} << "no script given";
        QTest::addRow("only options") << Args{"--json"} << "no script given";
        QTest::addRow("unknown") << Args{"--fast", "a.py"} << "unknown option '--fast'";
        QTest::addRow("missing value")
            << Args{"--max-steps"} << "option '--max-steps' needs a value";
        QTest::addRow("flag with value")
            << Args{"--json=1", "a.py"} << "option '--json' takes no value";
    }
    void rejects() {
        QFETCH(Args, args);
        QFETCH(QString, error);
        std::string message;
        QVERIFY(!parser(false).parse(args, message));
        QCOMPARE(QString::fromStdString(message), error);
    }

    void usageListsOptions() {
        QCOMPARE(QString::fromStdString(parser(false).usage()),
                 QStringLiteral("usage: dynascope trace [--json] [--max-steps N] FILE [ARGS...]\n"
                                "  --json                print JSON\n"
                                "  --max-steps N         stop after N steps\n"));
    }
};

QTEST_GUILESS_MAIN(TestScriptOptions)
#include "tst_scriptoptions.moc"
