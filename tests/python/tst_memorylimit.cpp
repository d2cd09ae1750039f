// The worker's memory bound (docs/bad-input.md): an address-space limit (RLIMIT_AS) from the
// worker request's memory_limit_mb or `run --memory-limit`; a script passing it gets MemoryError
// as python3.11 under the same limit (prlimit) does, and the limit is named.
#include "model/event.h"
#include "scriptprocess.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::test;

namespace {

std::vector<Json> events(const QString &out) {
    std::vector<Json> result;
    for (const QString &line : out.split('\n', Qt::SkipEmptyParts)) {
        std::string error;
        if (std::optional<Event> event = decodeEvent(line.toStdString(), error))
            result.push_back(event->body);
    }
    return result;
}

const Json *firstOfType(const std::vector<Json> &stream, const char *type) {
    for (const Json &e : stream)
        if (e.value("type", std::string()) == type)
            return &e;
    return nullptr;
}

QByteArray request(const QString &script, long long limitMb) {
    Json command{{"cmd", "run"}, {"script", script.toStdString()}};
    if (limitMb >= 0)
        command["memory_limit_mb"] = limitMb;
    return QByteArray::fromStdString(encodeEvent(command)) + "\n";
}

// The script reports its own limit, then allocates 2 GB in one piece.
const char *const Hog = R"(import resource
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
print(f"limit {'none' if soft == resource.RLIM_INFINITY else soft >> 20}")
b = bytearray(2 * 1024**3)
print('allocated', len(b))
)";

// Reads its own limit and its address space, then exits: not affected by a limit it stays under.
const char *const Reporter = R"(import resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
print(f"limit {'none' if soft == resource.RLIM_INFINITY else soft >> 20}")
if len(sys.argv) > 1:
    import torch
    x = torch.ones(1000, 1000)
    print('torch', float((x @ x)[0, 0]))
for line in open('/proc/self/status'):
    if line.startswith(('VmPeak', 'VmSize')):
        print(line.split()[0], int(line.split()[1]) // 1024, 'MB', file=sys.stderr)
)";

} // namespace

class TestMemoryLimit : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void runFlagMatchesPythonUnderPrlimit() {
        const QString path = writeScript(QDir(m_dir.path()), "hog.py", Hog);
        const ProcessResult oracle = runProcess(
            "prlimit", {"--as=536870912", DYNASCOPE_PYTHON_EXECUTABLE, path}, m_dir.path());
        QVERIFY(oracle.finished);
        QCOMPARE(oracle.exitCode, 1);
        QCOMPARE(oracle.out, QString("limit 512\n"));
        QVERIFY(oracle.err.endsWith("MemoryError\n"));
        const ProcessResult ours =
            runDynascope({"run", "--memory-limit", "512", path}, m_dir.path());
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QCOMPARE(ours.out, oracle.out);
        const QString note = "dynascope: the memory limit of 512 MB was reached "
                             "(--memory-limit MB raises it; 0 removes it)\n";
        QCOMPARE(ours.err, oracle.err + note);
    }

    // torch's allocator fails with a RuntimeError (DefaultCPUAllocator: can't allocate memory):
    // named too; torch itself imports under 1 GB.
    void torchAllocationFailureIsNamed() {
        const QString path = writeScript(QDir(m_dir.path()), "torchhog.py",
                                         "import torch\nx = torch.empty(2**31, dtype=torch.uint8)\n"
                                         "print('allocated')\n");
        const ProcessResult oracle = runProcess(
            "prlimit", {"--as=1073741824", DYNASCOPE_PYTHON_EXECUTABLE, path}, m_dir.path());
        QCOMPARE(oracle.exitCode, 1);
        QVERIFY(oracle.err.contains("DefaultCPUAllocator: can't allocate memory"));
        const ProcessResult ours =
            runDynascope({"run", "--memory-limit", "1024", path}, m_dir.path());
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QCOMPARE(ours.out, oracle.out);
        QCOMPARE(ours.err, oracle.err + "dynascope: the memory limit of 1024 MB was reached "
                                        "(--memory-limit MB raises it; 0 removes it)\n");
    }

    void withoutTheFlagThereIsNoLimit() {
        const QString path = writeScript(QDir(m_dir.path()), "report.py", Reporter);
        const ProcessResult oracle = runProcess(DYNASCOPE_PYTHON_EXECUTABLE, {path}, m_dir.path());
        const ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QCOMPARE(oracle.out, QString("limit none\n"));
        QCOMPARE(ours.out, oracle.out);
        QCOMPARE(ours.exitCode, 0);
    }

    void workerNamesTheLimit() {
        const QString path = writeScript(QDir(m_dir.path()), "hog.py", Hog);
        const ProcessResult ours = runDynascope({"worker"}, m_dir.path(), request(path, 512));
        QVERIFY(ours.finished);
        const std::vector<Json> stream = events(ours.out);
        const Json *error = firstOfType(stream, EventType::Error);
        QVERIFY(error);
        QCOMPARE(error->value("exc_type", std::string()), std::string("MemoryError"));
        const Json *limit = firstOfType(stream, "memory_limit");
        QVERIFY(limit);
        QCOMPARE(limit->value("limit_mb", 0LL), 512LL);
        const Json *output = firstOfType(stream, EventType::Output);
        QVERIFY(output);
        QCOMPARE(output->value("text", std::string()), std::string("limit 512"));
        QCOMPARE(stream.back().value("type", std::string()), std::string("exit"));
        QCOMPARE(stream.back().value("status", -1), 1);
        QCOMPARE(ours.exitCode, 1);
    }

    // The GUI's default (16 GB) leaves torch alone; the figures go to docs/bad-input.md.
    void torchRunsUnderTheDefault() {
        const QString path = writeScript(QDir(m_dir.path()), "report.py", Reporter);
        const QByteArray command =
            QByteArray::fromStdString(encodeEvent(Json{{"cmd", "run"},
                                                       {"script", path.toStdString()},
                                                       {"args", {"torch"}},
                                                       {"memory_limit_mb", 16384}})) +
            "\n";
        const ProcessResult ours = runDynascope({"worker"}, m_dir.path(), command);
        const std::vector<Json> stream = events(ours.out);
        QString out, err;
        for (const Json &e : stream)
            if (e.value("type", std::string()) == "output")
                (e.value("stream", std::string()) == "stdout" ? out : err) +=
                    QString::fromStdString(e.value("text", std::string()));
        QCOMPARE(out, QString("limit 16384\ntorch 1000.0\n"));
        QVERIFY(!firstOfType(stream, "memory_limit"));
        QCOMPARE(stream.back().value("status", -1), 0);
        qInfo("worker with torch imported: %s", qPrintable(err.simplified()));
    }

    void badLimitsAreRefused() {
        const QString path = writeScript(QDir(m_dir.path()), "report.py", Reporter);
        for (const char *bad : {"-1", "abc", "99999999"}) {
            const ProcessResult run =
                runDynascope({"run", "--memory-limit", bad, path}, m_dir.path());
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("is not a whole number of megabytes"), qPrintable(run.err));
        }
        const QByteArray command =
            QByteArray::fromStdString(encodeEvent(Json{
                {"cmd", "run"}, {"script", path.toStdString()}, {"memory_limit_mb", "lots"}})) +
            "\n";
        const std::vector<Json> stream =
            events(runDynascope({"worker"}, m_dir.path(), command).out);
        const Json *error = firstOfType(stream, EventType::Error);
        QVERIFY(error);
        QCOMPARE(error->value("message", std::string()),
                 std::string("field 'memory_limit_mb' is not a whole number from 0 to 1048576"));
    }
};

QTEST_GUILESS_MAIN(TestMemoryLimit)
#include "tst_memorylimit.moc"
