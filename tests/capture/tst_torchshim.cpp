// The torch API shim end to end: its unit checks inside the embedded interpreter, the embedded
// sources against the tree, and the capture report of `dynascope explain` and `run --report`
// checked against the script it describes (line numbers read from the script itself).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
    int exitCode = -1;
    QString out, err;
};

Result runDynascope(const QStringList &args, const QString &dir) {
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral(DYNASCOPE_EXE), args);
    Result r;
    if (!p.waitForStarted(10000) || !p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("did not finish");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The contract's first example, with a marker print so output order can be checked.
const QByteArray contractScript = R"(import torch
import torch._dynamo


def fn(x):
    y = x.abs() + 2
    torch._dynamo.graph_break()
    return y.sqrt()


opt = torch.compile(fn, backend="eager")
x = torch.randn(3)
assert torch.allclose(opt(x), fn(x))
assert torch.allclose(opt(x), fn(x))
print("SCRIPT-DONE")
)";

int lineOf(const QByteArray &script, const QByteArray &text) {
    const QList<QByteArray> lines = script.split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(text))
            return i + 1;
    return -1;
}

} // namespace

class TestTorchShim : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QFile f(m_dir.filePath(QStringLiteral("contract.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contractScript);
    }

    void shimUnitChecks() { checkShimScript("test_graphmodule.py", "graphmodule checks passed"); }

    // Dynamic ints through the whole shim (torch.compile, CompileCounter), eager as the oracle.
    void dynamicIntsMatchEager() {
        checkShimScript("test_dynamic_ints.py", "dynamic int checks passed");
    }

    // Closures over cells made in the trace, rebuilt at the exit (eager as the oracle).
    void closuresMatchEager() { checkShimScript("test_closures.py", "closure checks passed"); }

    // try/except, finally and re-raise inside the trace; what is not modelled breaks by name.
    void exceptionsMatchEager() {
        checkShimScript("test_exceptions.py", "exception checks passed");
    }

    // Loops and the iterators they consume take turns as in CPython (generators, list, dict and
    // set iterators, map/filter, short-circuiting builtins, a generator's finally).
    void interleavingMatchesEager() {
        checkShimScript("test_interleaving.py", "interleaving checks passed");
    }

    // Dicts keyed by tensors, Parameters and modules; `in` and list.index compare item by item.
    void objectKeysMatchEager() {
        checkShimScript("test_object_keys.py", "object key checks passed");
    }
    // functools.partial made in the trace (escaping, across a break), lru_cache functions,
    // zip_longest, zip(strict=True) and dict.fromkeys against eager.
    void functoolsMatchEager() { checkShimScript("test_functools.py", "functools checks passed"); }
    // nn.Module calls in the trace: hooks inlined and guarded (adding or removing one
    // recompiles), lazy children initialised, parameterless modules made, tensor attributes set.
    void moduleCallsMatchEager() {
        checkShimScript("test_module_calls.py", "module call checks passed");
    }

    // Code whose compiled result once differed silently from CPython's (keyword arguments given
    // twice, stores through a class, user ==, aliased inputs, class attributes and lookups, a
    // module's structure and hooks, generator errors, an input's layout), each driven with the
    // state changed between calls.
    void fidelityMatchesEager() { checkShimScript("test_fidelity.py", "fidelity checks passed"); }
    // The second hunt's results (__getattr__ against instance keys, operator-module functions on
    // containers, list and dict iterators across breaks, out= identity, builtins and `is` of
    // input constants guarded, state-reading torch functions), state changed between calls.
    void fidelity2MatchesEager() {
        checkShimScript("test_fidelity2.py", "fidelity2 checks passed");
    }

    // warnings.catch_warnings blocks in the trace leave the warnings module as eager does.
    void catchWarningsMatchEager() {
        checkShimScript("test_catch_warnings.py", "catch_warnings checks passed");
    }

    void embeddedSourcesMatchTree() {
        Result r = runDynascope(
            {QStringLiteral("run"),
             QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/capture/shim/embedded_matches_source.py"),
             QStringLiteral(DYNASCOPE_SOURCE_DIR "/core/engine/capture/shim")},
            m_dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("graphmodule")));
    }

    // The shim installs when torch is first imported: a script without torch never loads it,
    // and `import dynascope` before torch works.
    void installsOnFirstTorchImport() {
        QFile f(m_dir.filePath(QStringLiteral("lazy.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("import sys\n"
                "assert 'torch' not in sys.modules\n"
                "if sys.argv[1:] == ['dynascope']:\n"
                "    import dynascope\n"
                "    import torch\n"
                "    assert torch.compile == dynascope.compile and torch._dynamo.reset\n"
                "print('torch' in sys.modules)\n");
        f.close();
        Result plain =
            runDynascope({QStringLiteral("run"), QStringLiteral("lazy.py")}, m_dir.path());
        QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
        QCOMPARE(plain.out.trimmed(), QStringLiteral("False"));
        Result withDynascope = runDynascope(
            {QStringLiteral("run"), QStringLiteral("lazy.py"), QStringLiteral("dynascope")},
            m_dir.path());
        QVERIFY2(withDynascope.exitCode == 0, qPrintable(withDynascope.err));
        QCOMPARE(withDynascope.out.trimmed(), QStringLiteral("True"));
    }

    void explainText() {
        Result r =
            runDynascope({QStringLiteral("explain"), QStringLiteral("contract.py")}, m_dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The script's own output first, the report after it.
        const int done = r.out.indexOf(QLatin1String("SCRIPT-DONE"));
        const int report = r.out.indexOf(QLatin1String("Dynascope capture report"));
        QVERIFY2(done >= 0 && report > done, qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("Function fn (contract.py:5)")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("Graph Count: 2  Graph Break Count: 1")));
        QVERIFY(r.out.contains(QLatin1String("Calls: 2  Cache hits: ")));
        QVERIFY(r.out.contains(QLatin1String("Break Reason 1:")));
        QVERIFY(r.out.contains(
            QStringLiteral("contract.py:%1").arg(lineOf(contractScript, "graph_break()"))));
    }

    void explainJson() {
        Result r = runDynascope(
            {QStringLiteral("explain"), QStringLiteral("--json"), QStringLiteral("contract.py")},
            m_dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString json = r.out.mid(r.out.indexOf(QLatin1String("SCRIPT-DONE")) + 11);
        checkReport(json.toUtf8());
    }

    void runReport() {
        const QString out = m_dir.filePath(QStringLiteral("report.json"));
        Result r = runDynascope(
            {QStringLiteral("run"), QStringLiteral("--report"), out, QStringLiteral("contract.py")},
            m_dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out.trimmed(), QStringLiteral("SCRIPT-DONE"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        checkReport(f.readAll());
    }

private:
    // Runs tests/capture/shim/SCRIPT under `dynascope run`: it must exit 0 and print `passed`.
    void checkShimScript(const char *script, const char *passed) {
        Result r = runDynascope(
            {QStringLiteral("run"),
             QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/capture/shim/") + QLatin1String(script)},
            m_dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String(passed)), qPrintable(r.out));
    }

    void checkReport(const QByteArray &text) {
        QJsonParseError error;
        QJsonDocument doc = QJsonDocument::fromJson(text, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QJsonObject root = doc.object();
        QCOMPARE(root.value(QLatin1String("format")).toString(),
                 QStringLiteral("dynascope-capture-report"));
        QJsonArray functions = root.value(QLatin1String("functions")).toArray();
        QCOMPARE(functions.size(), 1);
        QJsonObject fn = functions[0].toObject();
        QCOMPARE(fn.value(QLatin1String("function")).toString(), QStringLiteral("fn"));
        QCOMPARE(fn.value(QLatin1String("graph_count")).toInt(), 2);
        QCOMPARE(fn.value(QLatin1String("graph_break_count")).toInt(), 1);
        // Dynamo's explain count: the add; x.abs() and y.sqrt() are call_method nodes.
        QCOMPARE(fn.value(QLatin1String("op_count")).toInt(), 1);
        QCOMPARE(fn.value(QLatin1String("calls")).toInt(), 2);
        // Provenance: the abs node comes from the line that calls x.abs(), sqrt from its line.
        QHash<QString, int> lineOfTarget;
        for (const QJsonValue &g : fn.value(QLatin1String("graphs")).toArray())
            for (const QJsonValue &n : g.toObject().value(QLatin1String("nodes")).toArray()) {
                QJsonObject node = n.toObject();
                lineOfTarget.insert(node.value(QLatin1String("target")).toString(),
                                    node.value(QLatin1String("site"))
                                        .toObject()
                                        .value(QLatin1String("line"))
                                        .toInt());
            }
        QCOMPARE(lineOfTarget.value(QStringLiteral("abs")), lineOf(contractScript, "x.abs()"));
        QCOMPARE(lineOfTarget.value(QStringLiteral("sqrt")), lineOf(contractScript, "sqrt()"));
        QJsonArray breaks = fn.value(QLatin1String("breaks")).toArray();
        QCOMPARE(breaks.size(), 1);
        QJsonArray stack = breaks[0].toObject().value(QLatin1String("user_stack")).toArray();
        QVERIFY(!stack.isEmpty());
        QCOMPARE(stack.last().toObject().value(QLatin1String("line")).toInt(),
                 lineOf(contractScript, "graph_break()"));
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestTorchShim)
#include "tst_torchshim.moc"
