// The kernel generator (backend="inductor") end to end under `dynascope run`: the generated-kernel
// suite against eager PyTorch (kernel_suite.py), and the build/cache failure paths (no compiler
// on PATH, a compile error, an unwritable cache, a corrupted cache entry, a cache hit in a new
// process), each checked from the graph's record and the warning the user sees; and which path
// (C++ or the Python runner) serves the calls of a built plan.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "../python/scriptprocess.h"

namespace dynascope {
namespace {

const QString kernelsDir = QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/kernels");

struct Result {
    int exitCode = -1;
    QString out, err;
    QJsonObject record; // the RECORD line of one_graph.py
};

Result runDynascope(const QStringList &args, const QProcessEnvironment &env,
                   int timeoutMs = 120000) {
    const test::ProcessResult p =
        test::runProcess(QStringLiteral(DYNASCOPE_EXE), args, kernelsDir, {}, timeoutMs, &env);
    Result r;
    r.exitCode = p.finished && p.exitStatus == QProcess::NormalExit ? p.exitCode : -1;
    r.out = p.out;
    r.err = p.finished ? p.err : QStringLiteral("did not finish\n") + p.err;
    for (const QString &line : r.out.split(QLatin1Char('\n')))
        if (line.startsWith(QLatin1String("RECORD ")))
            r.record = QJsonDocument::fromJson(line.mid(7).toUtf8()).object();
    return r;
}

Result runScript(const QString &script, const QProcessEnvironment &env, int timeoutMs = 120000) {
    return runDynascope({QStringLiteral("run"), kernelsDir + "/" + script}, env, timeoutMs);
}

// The JSON document a command printed after the script's own RECORD line.
QJsonObject documentAfterRecord(const Result &r) {
    const int end = r.out.indexOf(QLatin1Char('\n'), r.out.indexOf(QLatin1String("RECORD ")));
    return QJsonDocument::fromJson(r.out.mid(end + 1).toUtf8()).object();
}

QString describe(const Result &r) {
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(r.exitCode).arg(r.out, r.err);
}

} // namespace
} // namespace dynascope

using namespace dynascope;

class TestKernels : public QObject {
    Q_OBJECT

private slots:
    void init() {
        m_cache.reset(new QTemporaryDir);
        QVERIFY(m_cache->isValid());
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("XDG_CACHE_HOME"), m_cache->path());
    }

    // Every case of kernel_suite.py against eager PyTorch (it prints each failing case).
    void generatedKernelsMatchEager() {
        Result r = runScript(QStringLiteral("kernel_suite.py"), m_env, 400000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String(" 0 failed")), qPrintable(describe(r)));
    }

    // The generated float32 erf (inline, no libm call) over a dense sweep against erf in double
    // and GELU against eager, its loop vectorised (g++ -fopt-info-vec), double kept on libm,
    // and no flush-to-zero after loading kernels: erf_accuracy.py asserts each and says OK.
    void erfIsAccurateAndVectorised() {
        Result r = runScript(QStringLiteral("erf_accuracy.py"), m_env, 300000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String("ERF OK")), qPrintable(describe(r)));
    }

    // Every case of training_suite.py: gradients of compiled forward + backward against eager
    // autograd.
    void trainingGradientsMatchEager() {
        Result r = runScript(QStringLiteral("training_suite.py"), m_env, 400000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String(" 0 failed")), qPrintable(describe(r)));
    }

    // explain --kernels: a training step's backward is a graph of its own ("graph 0 backward"),
    // with kernels; the forward names what it saves for the backward (min-cut partition).
    void explainListsBackwardGraph() {
        Result r = runDynascope({QStringLiteral("explain"), kernelsDir + "/one_training_step.py",
                                 QStringLiteral("--json"), QStringLiteral("--kernels")},
                                m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.record.value("parts").toArray(), QJsonArray({"forward", "backward"}));
        const QJsonArray kernels = documentAfterRecord(r).value("kernels").toArray();
        QVERIFY2(kernels.size() == 2, qPrintable(describe(r)));
        for (const QJsonValue &graph : kernels) {
            QCOMPARE(graph.toObject().value("status").toString(), QStringLiteral("compiled"));
            QVERIFY(!graph.toObject().value("kernels").toArray().isEmpty());
        }
        const QJsonObject backward = kernels.at(1).toObject();
        QCOMPARE(backward.value("part").toString(), QStringLiteral("backward"));
        QVERIFY(backward.value("externs").toArray().size() >= 2); // the weight gradients: mm
        QCOMPARE(kernels.at(0).toObject().value("partition").toObject().value("kind").toString(),
                 QStringLiteral("min-cut"));
        // Both halves name the captured graph and, per kernel and extern call, the captured
        // nodes it came from: nodes of that graph (the oracle: explain's own graph report).
        const QJsonObject graph = documentAfterRecord(r)
                                      .value("functions")
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value("graphs")
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QSet<QString> graphNodes;
        for (const QJsonValue &n : graph.value("nodes").toArray())
            graphNodes.insert(n.toObject().value("name").toString());
        QSet<QString> forwardNodes;
        for (int half = 0; half < 2; ++half) {
            const QJsonObject record = kernels.at(half).toObject();
            QCOMPARE(record.value("captured_graph").toString(), graph.value("id").toString());
            for (const char *list : {"kernels", "externs"}) {
                for (const QJsonValue &item : record.value(list).toArray()) {
                    const QJsonArray captured = item.toObject().value("captured").toArray();
                    QVERIFY2(!captured.isEmpty(), qPrintable(describe(r)));
                    for (const QJsonValue &node : captured) {
                        QVERIFY2(graphNodes.contains(node.toString()), qPrintable(node.toString()));
                        if (half == 0)
                            forwardNodes.insert(node.toString());
                        else // a backward kernel computes gradients of forward nodes
                            QVERIFY2(forwardNodes.contains(node.toString()),
                                     qPrintable(node.toString()));
                    }
                }
            }
        }

        Result plain =
            runDynascope({QStringLiteral("explain"), kernelsDir + "/one_training_step.py",
                          QStringLiteral("--kernels")},
                         m_env);
        QVERIFY2(plain.exitCode == 0, qPrintable(describe(plain)));
        QVERIFY2(plain.out.contains(QLatin1String("graph 0 forward [")),
                 qPrintable(describe(plain)));
        QVERIFY(plain.out.contains(QLatin1String("graph 0 backward [")));
        QVERIFY(plain.out.contains(QLatin1String("saved for backward (min-cut")));
    }

    // Without networkx (a module of that name that fails to import) the partition saves every
    // value the backward reads, says so in a warning, and the gradients are still eager's.
    void withoutNetworkxSavesEveryValue() {
        QTemporaryDir shadow;
        QVERIFY(QDir(shadow.path()).mkdir(QStringLiteral("networkx")));
        QFile init(shadow.filePath(QStringLiteral("networkx/__init__.py")));
        QVERIFY(init.open(QIODevice::WriteOnly));
        init.write("raise ImportError('networkx hidden by the test')\n");
        init.close();
        m_env.insert(QStringLiteral("PYTHONPATH"), shadow.path());
        Result r = runScript(QStringLiteral("one_training_step.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject partition = r.record.value("partition").toObject();
        QCOMPARE(partition.value("kind").toString(), QStringLiteral("save-all"));
        QVERIFY(partition.value("note").toString().contains(QLatin1String("python3-networkx")));
        QVERIFY2(r.err.contains(QLatin1String("python3-networkx")), qPrintable(describe(r)));
        QCOMPARE(r.record.value("status").toArray(), QJsonArray({"compiled", "compiled"}));
    }

    // The C++ call path: a graph of kernels only and a graph with an extern matmul are served
    // from C++ after their first call (which builds the plan); outputs are made by LibTorch's
    // allocator, or by torch.empty_strided when told to; with the mm symbol treated as missing
    // the extern graph keeps the Python runner and its record says why; switched off, every call
    // goes through Python. native_calls.py checks each call against eager.
    void nativeCallPathServesKernelsAndExterns() {
        const QJsonArray bothNative({"native", "native"});
        Result r = runScript(QStringLiteral("native_calls.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.record.value("paths").toArray(), bothNative);
        QCOMPARE(r.record.value("native_calls").toArray(), QJsonArray({4, 4}));
        QCOMPARE(r.record.value("allocator").toString(), QStringLiteral("aten"));

        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("DYNASCOPE_KERNELS_ALLOCATOR"), QStringLiteral("python"));
        Result viaPython = runScript(QStringLiteral("native_calls.py"), env);
        QVERIFY2(viaPython.exitCode == 0, qPrintable(describe(viaPython)));
        QCOMPARE(viaPython.record.value("native_calls").toArray(), QJsonArray({4, 4}));
        QCOMPARE(viaPython.record.value("allocator").toString(), QStringLiteral("python"));

        QProcessEnvironment noMm = m_env;
        noMm.insert(QStringLiteral("DYNASCOPE_KERNELS_EXTERNS"), QStringLiteral("addmm,bmm"));
        Result missing = runScript(QStringLiteral("native_calls.py"), noMm);
        QVERIFY2(missing.exitCode == 0, qPrintable(describe(missing)));
        QCOMPARE(missing.record.value("paths").toArray(), QJsonArray({"native", "python"}));
        QCOMPARE(missing.record.value("native_calls").toArray(), QJsonArray({4, 0}));
        const QString reason = missing.record.value("reasons").toArray().at(1).toString();
        QVERIFY2(reason.contains(QLatin1String("at::_ops::mm::call")) &&
                     reason.contains(QLatin1String("DYNASCOPE_KERNELS_EXTERNS")),
                 qPrintable(reason));

        env.insert(QStringLiteral("DYNASCOPE_KERNELS_NATIVE"), QStringLiteral("0"));
        Result off = runScript(QStringLiteral("native_calls.py"), env);
        QVERIFY2(off.exitCode == 0, qPrintable(describe(off)));
        QCOMPARE(off.record.value("paths").toArray(), QJsonArray({"python", "python"}));
        QCOMPARE(off.record.value("native_calls").toArray(), QJsonArray({0, 0}));
    }

    // convolution and addmv (like baddbmm, mv and dot) are called from C++ too; with convolution
    // left out of DYNASCOPE_KERNELS_EXTERNS its graph keeps the Python runner, the record names
    // the op and the switch, and the addmv graph stays in C++. extern_switch.py checks every call
    // against eager.
    void moreExternsRunFromCpp() {
        const QJsonArray allOps(
            {"addmm", "addmv", "baddbmm", "bmm", "convolution", "convolution_backward", "dot",
             "mm", "mv"});
        Result r = runScript(QStringLiteral("extern_switch.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.record.value("externs").toArray(), allOps);
        QCOMPARE(r.record.value("paths").toArray(), QJsonArray({"native", "native"}));
        QCOMPARE(r.record.value("native_calls").toArray(), QJsonArray({2, 2}));

        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("DYNASCOPE_KERNELS_EXTERNS"), QStringLiteral("mm,addmv"));
        Result noConv = runScript(QStringLiteral("extern_switch.py"), env);
        QVERIFY2(noConv.exitCode == 0, qPrintable(describe(noConv)));
        QCOMPARE(noConv.record.value("externs").toArray(), QJsonArray({"addmv", "mm"}));
        QCOMPARE(noConv.record.value("paths").toArray(), QJsonArray({"python", "native"}));
        QCOMPARE(noConv.record.value("native_calls").toArray(), QJsonArray({0, 2}));
        const QString reason = noConv.record.value("reasons").toArray().at(0).toString();
        QVERIFY2(reason.contains(QLatin1String("at::_ops::convolution::call")) &&
                     reason.contains(QLatin1String("DYNASCOPE_KERNELS_EXTERNS")),
                 qPrintable(reason));
    }

    // A training step calls each half's native plan in one C++ call: forward (addmm) and
    // backward (mm) both on the C++ path, gradients equal eager's (one_training_step.py asserts
    // them). With addmm treated as missing the forward falls back to the Python runner, its
    // record names the symbol, the backward stays in C++, and the gradients are still eager's.
    void trainingHalvesRunFromCpp() {
        Result r = runScript(QStringLiteral("one_training_step.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.record.value("paths").toArray(), QJsonArray({"native", "native"}));
        QCOMPARE(r.record.value("native_calls").toArray(), QJsonArray({1, 1}));

        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("DYNASCOPE_KERNELS_EXTERNS"), QStringLiteral("mm,bmm"));
        Result missing = runScript(QStringLiteral("one_training_step.py"), env);
        QVERIFY2(missing.exitCode == 0, qPrintable(describe(missing)));
        QCOMPARE(missing.record.value("paths").toArray(), QJsonArray({"python", "native"}));
        QCOMPARE(missing.record.value("native_calls").toArray(), QJsonArray({0, 1}));
        const QString reason = missing.record.value("reasons").toArray().at(0).toString();
        QVERIFY2(reason.contains(QLatin1String("at::_ops::addmm::call")), qPrintable(reason));

        // The whole training suite's MLP cases under the same switch: eager's gradients.
        Result suite = runDynascope({QStringLiteral("run"), kernelsDir + "/training_suite.py",
                                     QStringLiteral("-k"), QStringLiteral("mlp")},
                                    env);
        QVERIFY2(suite.exitCode == 0 && suite.out.contains(QLatin1String(" 0 failed")),
                 qPrintable(describe(suite)));
    }

    // A miss compiles and writes the entry (folder 0700); a second process loads it (a hit).
    void cacheMissThenHit() {
        Result first = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
        QCOMPARE(first.record.value("status").toString(), QStringLiteral("compiled"));
        QCOMPARE(first.record.value("cache").toString(), QStringLiteral("miss"));
        const QString cpp = first.record.value("path").toString();
        QVERIFY2(cpp.startsWith(m_cache->path() + "/dynascope/kernels/"), qPrintable(cpp));
        QVERIFY(QFileInfo::exists(QFileInfo(cpp).dir().filePath("kernel.so")));
        QFileInfo root(m_cache->path() + "/dynascope/kernels");
        QCOMPARE(root.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                       QFileDevice::WriteGroup | QFileDevice::WriteOther),
                 QFileDevice::Permissions());

        Result second = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(second.exitCode == 0, qPrintable(describe(second)));
        QCOMPARE(second.record.value("cache").toString(), QStringLiteral("hit"));
        QCOMPARE(second.record.value("path").toString(), cpp);
    }

    // A truncated shared object is detected (its SHA-256 no longer matches) and rebuilt.
    void corruptedEntryIsRebuilt() {
        Result first = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
        const QString so = QFileInfo(first.record.value("path").toString()).dir().filePath("kernel.so");
        QFile f(so);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(100));
        f.close();
        Result second = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(second.exitCode == 0, qPrintable(describe(second)));
        QCOMPARE(second.record.value("status").toString(), QStringLiteral("compiled"));
        QCOMPARE(second.record.value("cache").toString(), QStringLiteral("miss"));
        QVERIFY(QFileInfo(so).size() > 1000);
    }

    // No g++ on PATH: a warning naming the reason, the graph runs eagerly, results still right.
    void missingCompilerRunsEagerly() {
        QTemporaryDir emptyBin;
        m_env.insert(QStringLiteral("PATH"), emptyBin.path());
        Result r = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QLatin1String("no C++ compiler (g++) on PATH")), qPrintable(describe(r)));
        QVERIFY(r.record.value("status").toString().startsWith(QLatin1String("eager")));
    }

    // A compile error (a g++ that is told to include a missing header): the warning names the
    // error and the kept source file; the graph runs eagerly.
    void compileErrorRunsEagerly() {
        QTemporaryDir bin;
        QFile wrapper(bin.filePath(QStringLiteral("g++")));
        QVERIFY(wrapper.open(QIODevice::WriteOnly));
        wrapper.write("#!/bin/sh\nexec /usr/bin/g++ -include /nonexistent/missing.h \"$@\"\n");
        wrapper.close();
        wrapper.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        m_env.insert(QStringLiteral("PATH"), bin.path() + ":" + m_env.value("PATH"));
        Result r = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QLatin1String("compile error")), qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QLatin1String("missing.h")), qPrintable(describe(r)));
        const QString cpp = r.record.value("path").toString();
        QVERIFY2(r.err.contains(cpp) && QFileInfo::exists(cpp), qPrintable(describe(r)));
        QVERIFY(r.record.value("status").toString().startsWith(QLatin1String("eager")));
    }

    // A cache location that cannot be used (a file where the folder should be: unwritable even
    // for root): a warning naming it, kernels built in a temporary folder, still compiled.
    void unwritableCacheStillCompiles() {
        QFile blocker(m_cache->path() + "/dynascope");
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        Result r = runScript(QStringLiteral("one_graph.py"), m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QLatin1String("is not writable")), qPrintable(describe(r)));
        QCOMPARE(r.record.value("status").toString(), QStringLiteral("compiled"));
        QVERIFY(!r.record.value("path").toString().startsWith(m_cache->path()));
    }

    // explain --kernels --json --code DIR: the graph's kernels in the report, sources in DIR.
    void explainListsKernelsAndWritesCode() {
        QTemporaryDir code;
        Result r = runDynascope({QStringLiteral("explain"), kernelsDir + "/one_graph.py",
                                 QStringLiteral("--json"), QStringLiteral("--kernels"),
                                 QStringLiteral("--code"), code.path()},
                                m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject doc = documentAfterRecord(r);
        const QJsonArray kernels = doc.value("kernels").toArray();
        QVERIFY2(kernels.size() == 1, qPrintable(describe(r)));
        const QJsonObject graph = kernels.first().toObject();
        QCOMPARE(graph.value("status").toString(), QStringLiteral("compiled"));
        const QJsonArray list = graph.value("kernels").toArray();
        QCOMPARE(list.size(), 1); // relu(a*b+a).sin()*2 fuses into one kernel
        const QJsonArray origins = list.first().toObject().value("origins").toArray();
        QVERIFY(origins.contains(QJsonValue("sin")) && origins.contains(QJsonValue("relu")));
        const QStringList written = QDir(code.path()).entryList({"*.cpp"}, QDir::Files);
        QCOMPARE(written.size(), 1);
        QFile source(code.filePath(written.first()));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray text = source.readAll();
        QVERIFY(text.contains("extern \"C\" void segment0(void** B, const int64_t* S)"));
        QVERIFY(text.contains("#pragma omp simd"));
        QVERIFY(text.contains("sinf("));

        Result plain = runDynascope({QStringLiteral("explain"), kernelsDir + "/one_graph.py",
                                     QStringLiteral("--kernels")},
                                    m_env);
        QVERIFY2(plain.exitCode == 0, qPrintable(describe(plain)));
        QVERIFY2(plain.out.contains(QLatin1String("Kernels (backend=\"inductor\")")),
                 qPrintable(describe(plain)));
        QVERIFY(plain.out.contains(QLatin1String("kernel0  lines ")));
    }

    // bench --json on a training step: the graph is a training plan's forward, and its backward
    // half is timed alone against eager autograd, with its kernels and extern calls.
    void benchTimesBackwardHalf() {
        Result r = runDynascope({QStringLiteral("bench"), kernelsDir + "/one_training_step.py",
                                 QStringLiteral("--json"), QStringLiteral("--rounds"),
                                 QStringLiteral("3")},
                                m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonArray functions = documentAfterRecord(r).value("functions").toArray();
        QVERIFY2(functions.size() == 1, qPrintable(describe(r)));
        const QJsonArray graphs = functions.first().toObject().value("graphs").toArray();
        QCOMPARE(graphs.size(), 1);
        const QJsonObject graph = graphs.first().toObject();
        QCOMPARE(graph.value("part").toString(), QStringLiteral("forward"));
        const QJsonObject backward = graph.value("backward").toObject();
        QCOMPARE(backward.value("status").toString(), QStringLiteral("compiled"));
        QVERIFY2(backward.value("eager").toObject().value("median_us").toDouble() > 0,
                 qPrintable(describe(r)));
        QVERIFY(backward.value("compiled").toObject().value("median_us").toDouble() > 0);
        QStringList kinds;
        for (const QJsonValue &k : backward.value("kernels").toArray())
            kinds << k.toObject().value("kind").toString();
        QVERIFY2(kinds.contains("kernel") && kinds.count("extern") >= 2,
                 qPrintable(kinds.join(",")));
    }

    // bench --json: the compiled function timed against eager; S is T_base / T_comp.
    void benchReportsSpeedup() {
        Result r = runDynascope({QStringLiteral("bench"), kernelsDir + "/one_graph.py",
                                 QStringLiteral("--json"), QStringLiteral("--rounds"),
                                 QStringLiteral("3")},
                                m_env);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject doc = documentAfterRecord(r);
        QCOMPARE(doc.value("rounds").toInt(), 3);
        const QJsonArray functions = doc.value("functions").toArray();
        QVERIFY2(functions.size() == 1, qPrintable(describe(r)));
        const QJsonObject f = functions.first().toObject();
        QCOMPARE(f.value("name").toString(), QStringLiteral("f"));
        const double base = f.value("T_base").toObject().value("median_us").toDouble();
        const double comp = f.value("T_comp").toObject().value("median_us").toDouble();
        QVERIFY(base > 0 && comp > 0);
        QVERIFY(qAbs(f.value("speedup").toDouble() - base / comp) < 1e-6 * base / comp);
        const QJsonArray graphs = f.value("graphs").toArray();
        QCOMPARE(graphs.size(), 1);
        QCOMPARE(graphs.first().toObject().value("kernels").toArray().size(), 1);

        Result bad = runDynascope({QStringLiteral("bench"), QStringLiteral("--rounds"),
                                   QStringLiteral("x"), kernelsDir + "/one_graph.py"},
                                  m_env);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QLatin1String("--rounds needs a whole number")));
    }

private:
    std::unique_ptr<QTemporaryDir> m_cache;
    QProcessEnvironment m_env;
};

QTEST_GUILESS_MAIN(TestKernels)
#include "tst_kernels.moc"
