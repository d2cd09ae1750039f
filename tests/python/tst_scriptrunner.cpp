// ScriptRunner and OutputCapture in process, checked against python3.11 running the same files.
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "scriptprocess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace dynascope;
using namespace dynascope::test;

namespace {

struct InProcessRun {
    ScriptRunner::LoadResult load = ScriptRunner::LoadResult::CannotOpen;
    int status = -1;
    std::vector<std::pair<std::string, std::string>> writes; // (stream, text) in call order
    std::optional<ScriptError> error;
    std::string openError;

    QString text(const char *stream) const {
        std::string all;
        for (const auto &[name, text] : writes)
            if (name == stream)
                all += text;
        return QString::fromStdString(all);
    }
};

InProcessRun runInProcess(const QString &path, const std::vector<std::string> &args = {}) {
    InProcessRun run;
    OutputCapture capture([&run](const std::string &stream, const std::string &text) {
        run.writes.emplace_back(stream, text);
    });
    ScriptRunner runner(path.toStdString(), args);
    run.load = runner.load();
    run.openError = runner.openError();
    if (run.load != ScriptRunner::LoadResult::CannotOpen)
        run.status = runner.execute();
    run.error = runner.error();
    return run;
}

} // namespace

class TestScriptRunner : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<Interpreter> m_interpreter;
    QTemporaryDir m_dir;

    QString script(const QString &name, const QByteArray &text) {
        return writeScript(QDir(m_dir.path()), name, text);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_interpreter = std::make_unique<Interpreter>();
    }
    void cleanupTestCase() { m_interpreter.reset(); }

    void writesArriveInOrderAsTheyHappen() {
        QString path = script("order.py", "import sys\n"
                                          "print('a', 1)\n"
                                          "sys.stderr.write('b\\n')\n"
                                          "sys.stdout.write('c')\n"
                                          "print('d', flush=True)\n"
                                          "sys.stdout.flush()\n"
                                          "print(sys.stdout.isatty(), sys.stdout.encoding, "
                                          "sys.stderr.encoding)\n");
        InProcessRun run = runInProcess(path);
        QCOMPARE(run.status, 0);
        // print() writes each piece separately: every write reaches the callback on its own.
        std::vector<std::pair<std::string, std::string>> expected = {
            {"stdout", "a"},     {"stdout", " "}, {"stdout", "1"},     {"stdout", "\n"},
            {"stderr", "b\n"},   {"stdout", "c"}, {"stdout", "d"},     {"stdout", "\n"},
            {"stdout", "False"}, {"stdout", " "}, {"stdout", "utf-8"}, {"stdout", " "},
            {"stdout", "utf-8"}, {"stdout", "\n"}};
        QCOMPARE(run.writes, expected);
    }

    void outputMatchesPython() {
        QString path =
            script("same.py", "import sys\n"
                              "print('héllo', [1, 2.5], {'k': None}, sep='|', end='!\\n')\n"
                              "print(*range(3), file=sys.stderr)\n"
                              "sys.stdout.writelines(['x\\n', 'y\\n'])\n"
                              "print(sys.stdout.write('abc'))\n"
                              "sys.stdout.reconfigure(line_buffering=True)\n"
                              "sys.stdout.flush()\n"
                              "print(sys.stdout.buffer.write('ü\\n'.encode()))\n"
                              "sys.stderr.buffer.write(b'bytes\\n')\n"
                              "sys.stderr.flush()\n");
        InProcessRun run = runInProcess(path);
        ProcessResult oracle = runPython({path}, m_dir.path());
        QCOMPARE(run.status, oracle.exitCode);
        QCOMPARE(run.text("stdout"), oracle.out);
        QCOMPARE(run.text("stderr"), oracle.err);
    }

    void writeRejectsBytes() {
        QString path = script("bytes.py", "import sys\nsys.stdout.write(b'x')\n");
        InProcessRun run = runInProcess(path);
        QCOMPARE(run.status, 1);
        QVERIFY(run.error);
        QCOMPARE(QString::fromStdString(run.error->type), QStringLiteral("TypeError"));
        QCOMPARE(QString::fromStdString(run.error->message),
                 QStringLiteral("write() argument must be str, not bytes"));
    }

    void mainModuleLooksLikePython() {
        // Everything a script can see of how it was started, printed the same way by both.
        QString path = script("main.py", "import sys, os\n"
                                         "print(__name__, __file__, __cached__, __doc__)\n"
                                         "print(sorted(globals()))\n"
                                         "print(sys.argv, sys.orig_argv)\n"
                                         "print(sys.path[0])\n"
                                         "print(type(__loader__).__name__, __loader__.name)\n"
                                         "print(sys.modules['__main__'].__file__)\n");
        InProcessRun run = runInProcess(path, {"one", "two words"});
        ProcessResult oracle = runPython({path, "one", "two words"}, m_dir.path());
        QCOMPARE(run.status, 0);
        QCOMPARE(run.text("stdout"), oracle.out);
        QVERIFY(run.text("stdout").contains("'one', 'two words'"));
    }

    void eachRunGetsFreshGlobals() {
        QString first = script("first.py", "leftover = 1\n");
        QString second = script("second.py", "print('leftover' in globals())\n");
        QCOMPARE(runInProcess(first).status, 0);
        QCOMPARE(runInProcess(second).text("stdout"), QStringLiteral("False\n"));
    }

    void exitStatus_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addRow("falls off the end") << QByteArray("x = 1\n");
        QTest::addRow("sys.exit()") << QByteArray("import sys\nsys.exit()\n");
        QTest::addRow("sys.exit(None)") << QByteArray("import sys\nsys.exit(None)\n");
        QTest::addRow("sys.exit(0)") << QByteArray("import sys\nsys.exit(0)\n");
        QTest::addRow("sys.exit(3)") << QByteArray("import sys\nsys.exit(3)\n");
        QTest::addRow("sys.exit(True)") << QByteArray("import sys\nsys.exit(True)\n");
        QTest::addRow("sys.exit(message)") << QByteArray("import sys\nsys.exit('bad input')\n");
        QTest::addRow("raise SystemExit(7)")
            << QByteArray("def f():\n    raise SystemExit(7)\nf()\n");
        QTest::addRow("exception") << QByteArray("raise ValueError('nope')\n");
        QTest::addRow("syntax error") << QByteArray("if True\n    pass\n");
        QTest::addRow("atexit prints")
            << QByteArray("import atexit\natexit.register(print, 'bye')\n");
        QTest::addRow("thread prints after the end")
            << QByteArray("import threading, time\n"
                          "def late():\n    time.sleep(0.2)\n    print('late')\n"
                          "threading.Thread(target=late).start()\n");
    }
    void exitStatus() {
        QFETCH(QByteArray, source);
        QString path = script("status.py", source);
        InProcessRun run = runInProcess(path);
        ProcessResult oracle = runPython({path}, m_dir.path());
        QVERIFY(oracle.finished);
        QCOMPARE(run.status, oracle.exitCode);
        QCOMPARE(run.text("stdout"), oracle.out);
        // stderr: what the script printed, plus the traceback that run/worker print from error().
        QString err = run.text("stderr");
        if (run.error)
            err += QString::fromStdString(run.error->formatted);
        QCOMPARE(err, oracle.err);
    }

    void exceptionIsStructured() {
        QString path = script("nested.py", "def inner(x):\n"
                                           "    return 1 / x\n"
                                           "\n"
                                           "def outer():\n"
                                           "    return inner(0)\n"
                                           "\n"
                                           "outer()\n");
        InProcessRun run = runInProcess(path);
        QCOMPARE(run.status, 1);
        QVERIFY(run.error);
        const ScriptError &error = *run.error;
        QCOMPARE(QString::fromStdString(error.type), QStringLiteral("ZeroDivisionError"));
        QCOMPARE(QString::fromStdString(error.message), QStringLiteral("division by zero"));
        QVERIFY(!error.isSyntaxError());
        QCOMPARE(error.frames.size(), size_t(3));
        const int lines[] = {7, 5, 2};
        const char *functions[] = {"<module>", "outer", "inner"};
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(QString::fromStdString(error.frames[i].file), path);
            QCOMPARE(error.frames[i].line, lines[i]);
            QCOMPARE(error.frames[i].function, std::string(functions[i]));
        }
        ProcessResult oracle = runPython({path}, m_dir.path());
        QCOMPARE(QString::fromStdString(error.formatted), oracle.err);
    }

    void exceptionTypeNames_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("type");
        QTest::addRow("builtin") << QByteArray("{}['k']\n") << "KeyError";
        QTest::addRow("script class")
            << QByteArray("class Oops(Exception): pass\nraise Oops(1)\n") << "Oops";
        QTest::addRow("module class")
            << QByteArray("import json\njson.loads('{')\n") << "json.decoder.JSONDecodeError";
    }
    void exceptionTypeNames() {
        QFETCH(QByteArray, source);
        QFETCH(QString, type);
        InProcessRun run = runInProcess(script("typenames.py", source));
        QVERIFY(run.error);
        QCOMPARE(QString::fromStdString(run.error->type), type);
        // The last line of Python's own text starts with the same name.
        QVERIFY(QString::fromStdString(run.error->formatted)
                    .split('\n', Qt::SkipEmptyParts)
                    .last()
                    .startsWith(type));
    }

    void syntaxErrorPosition_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addRow("missing colon") << QByteArray("x = 1\nif x\n    pass\n");
        QTest::addRow("unclosed paren") << QByteArray("a = 1\nb = (a +\n     2\n");
        QTest::addRow("bad indent") << QByteArray("def f():\n    x = 1\n      y = 2\n");
        QTest::addRow("expected indent") << QByteArray("def f():\nreturn 1\n");
        QTest::addRow("unterminated string") << QByteArray("s = 'abc\n");
        QTest::addRow("invalid target") << QByteArray("def f():\n    f() = 3\n");
    }
    void syntaxErrorPosition() {
        QFETCH(QByteArray, source);
        QString path = script("bad.py", source);
        InProcessRun run = runInProcess(path);
        QCOMPARE(run.load, ScriptRunner::LoadResult::CompileError);
        QCOMPARE(run.status, 1);
        QVERIFY(run.error);
        const ScriptError &error = *run.error;
        QVERIFY(error.isSyntaxError());
        // Oracle: the same file compiled by python3.11, its SyntaxError's fields as JSON.
        QString probe =
            script("probe.py", "import json, sys\n"
                               "path = sys.argv[1]\n"
                               "try:\n"
                               "    compile(open(path, 'rb').read(), path, 'exec')\n"
                               "except SyntaxError as e:\n"
                               "    print(json.dumps({'type': type(e).__name__, 'msg': e.msg,\n"
                               "        'file': e.filename, 'line': e.lineno, 'column': e.offset,\n"
                               "        'text': (e.text or '').rstrip('\\n')}))\n");
        ProcessResult oracle = runPython({probe, path}, m_dir.path());
        QJsonObject expected = QJsonDocument::fromJson(oracle.out.toUtf8()).object();
        QVERIFY2(!expected.isEmpty(), qPrintable(oracle.out + oracle.err));
        QCOMPARE(QString::fromStdString(error.type), expected["type"].toString());
        QCOMPARE(QString::fromStdString(error.message), expected["msg"].toString());
        QCOMPARE(QString::fromStdString(error.syntaxFile), path);
        QCOMPARE(error.syntaxLine, expected["line"].toInt());
        QCOMPARE(error.syntaxColumn, expected["column"].toInt());
        QCOMPARE(QString::fromStdString(error.syntaxText), expected["text"].toString());
        QVERIFY(error.frames.empty());
        // And the text is what `python3.11 bad.py` prints.
        QCOMPARE(QString::fromStdString(error.formatted), runPython({path}, m_dir.path()).err);
    }

    void cannotOpen_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        QTest::addRow("missing") << "no_such_script.py"
                                 << "No such file or directory";
        QTest::addRow("folder") << "."
                                << "Is a directory";
    }
    void cannotOpen() {
        QFETCH(QString, name);
        QFETCH(QString, reason);
        InProcessRun run = runInProcess(QDir(m_dir.path()).filePath(name));
        QCOMPARE(run.load, ScriptRunner::LoadResult::CannotOpen);
        QCOMPARE(QString::fromStdString(run.openError), reason);
        QVERIFY(!run.error);
    }
};

QTEST_GUILESS_MAIN(TestScriptRunner)
#include "tst_scriptrunner.moc"
