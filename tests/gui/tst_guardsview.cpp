// The Guards & Cache view end to end: the padding demo runs in the real worker; per function the
// view shows what `dynascope explain --json` measured in its own run of the same script (calls,
// hit rate, recompiles, each call's verdicts); clicking a recompile in the timeline shows the
// failed guard with expected and actual values and highlights it in its entry's guard tree and
// conjunction. Also the view's pieces on hand-made records: the decoder, the warnings, the tree.
#include "capturesession.h"
#include "guards/calltimeline.h"
#include "guards/callverdictview.h"
#include "guards/conjunctionview.h"
#include "guards/guardscache.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "guards/guardtreeview.h"
#include "guards/guardwarnings.h"
#include "guards/hitratechart.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "workerclient.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QtTest>

#include <cstdlib>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// Hand-made records name the guards of one entry: 0 is x's TENSOR_MATCH, 1 is n's EQUALS_MATCH.
CallRecord call(long index, CallOutcome outcome,
                const std::string & /*source: the entry's guard names it*/ = "L['x']",
                const std::string &kind = "TENSOR_MATCH", const std::string &check = "size[0]",
                const std::string &actual = "") {
    CallRecord c;
    c.index = index;
    c.function = "f";
    RegionCall r;
    r.outcome = outcome;
    if (outcome != CallOutcome::Miss) {
        EntryVerdict v = EntryVerdict::of(0, outcome == CallOutcome::Hit);
        v.failure.guardIndex = kind == "TENSOR_MATCH" ? 0 : 1;
        v.failure.check = check;
        v.failure.actual = actual.empty() ? std::to_string(index) : actual;
        v.failure.expected = "2";
        v.failure.message = "message";
        r.tried.push_back(v);
    }
    r.entry = outcome == CallOutcome::CacheLimit ? -1 : 0;
    c.regions.push_back(r);
    return c;
}

// The function "f" as the Guards view files it: its entry and calls go through a digest, as
// the session's events do.
FunctionCache functionOf(const std::vector<CallRecord> &calls) {
    const auto digest = std::make_shared<CaptureDigest>();
    CacheEntryGuards entry;
    entry.function = "f";
    entry.number = 0;
    entry.guards.resize(2);
    entry.guards[0].kind = "TENSOR_MATCH";
    entry.guards[0].source = "L['x']";
    entry.guards[1].kind = "EQUALS_MATCH";
    entry.guards[1].source = "L['n']";
    Json body = entry;
    body["type"] = "guards";
    digest->add({"guards", body});
    for (const CallRecord &c : calls) {
        body = c;
        body["type"] = "call";
        digest->add({"call", body});
    }
    GuardsCache cache;
    cache.update(digest);
    return cache.function("f") ? *cache.function("f") : FunctionCache{};
}

bool hasWarning(const std::vector<GuardWarning> &warnings, GuardWarning::Kind kind) {
    for (const GuardWarning &w : warnings)
        if (w.kind == kind)
            return true;
    return false;
}

} // namespace

class TestGuardsView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_settingsDir;

private slots:
    void initTestCase() { isolateSettings(m_settingsDir); }

    // The session's digest decodes guards and call events once (a malformed one is skipped and
    // counted); the cache files them per function, as rows of the digest.
    void decoder() {
        const auto digest = std::make_shared<CaptureDigest>();
        CaptureDigest &capture = *digest;
        auto add = [&capture](const char *type, Json body) {
            body["type"] = type;
            return capture.add({type, body});
        };
        QVERIFY(add("guards", Json{{"function", "f"},
                                   {"entry", 0},
                                   {"region_start", 0},
                                   {"guards", Json::array({Json{{"kind", "TYPE_MATCH"},
                                                                {"source", "L['x']"},
                                                                {"text", "t"},
                                                                {"terms", {"type(x) = int"}}}})}}));
        QVERIFY(!add("guards", Json{{"function", "f"}, {"entry", "zero"}})); // malformed
        QVERIFY(add("call", call(1, CallOutcome::Miss)));
        QVERIFY(add("call", call(2, CallOutcome::Hit)));
        // regions: 3 is not an array → a call without regions, kept
        QVERIFY(add("call", Json{{"function", "f"}, {"regions", 3}}));
        QCOMPARE(capture.skipped(), 1);
        QCOMPARE(capture.cacheEntries().size(), size_t(1));
        QCOMPARE(capture.calls().size(), size_t(3));

        GuardsCache cache;
        QVERIFY(cache.update(digest));
        const FunctionCache *f = cache.function("f");
        QVERIFY(f);
        QCOMPARE(int(f->entries.size()), 1);
        QCOMPARE(f->entries[0].guards[0].terms, std::vector<std::string>{"type(x) = int"});
        QCOMPARE(int(f->calls.size()), 3);
        QCOMPARE(f->summary.hits, 2L); // call 2, and the record without regions
        QCOMPARE(f->summary.misses, 1L);
        QVERIFY(!cache.update(digest)); // nothing new
        QVERIFY(add("call", call(3, CallOutcome::Hit)));
        QVERIFY(cache.update(digest)); // only the new call is filed
        QCOMPARE(int(cache.function("f")->calls.size()), 4);
        // The cache files rows of the digest, not copies: a call reads the digest's own record.
        QCOMPARE(&cache.function("f")->calls[3], &capture.calls()[3]);
        QCOMPARE(&cache.function("f")->entries[0], &capture.cacheEntries()[0].guards);

        // A new run's digest is filed from its start; what a view kept of the old one (a
        // FunctionCache copy, as the call timeline keeps) still reads the old digest's rows.
        const FunctionCache kept = *cache.function("f");
        const auto next = std::make_shared<CaptureDigest>();
        QVERIFY(cache.update(next)); // the old functions are gone
        QVERIFY(cache.functions().empty());
        QCOMPARE(int(kept.calls.size()), 4);
        QCOMPARE(kept.calls[3].index, 3L);
        QVERIFY(!cache.update(next));
    }

    // A region's reason is worded from the entry's guard when asked (the digest keeps the call as
    // sent), exactly as resolveReasons writes it into a copy.
    void reasons() {
        const FunctionCache f =
            functionOf({call(1, CallOutcome::Miss),
                        call(2, CallOutcome::Recompile, "L['n']", "EQUALS_MATCH", "value", "3")});
        QCOMPARE(int(f.calls.size()), 2);
        QCOMPARE(f.reasonOf(f.calls[0].regions[0]), std::string()); // a first compile
        CallRecord resolved = f.calls[1];
        QVERIFY(resolved.regions[0].reason.empty()); // as sent
        resolveReasons(resolved, f.guardsLookup());
        QVERIFY(!resolved.regions[0].reason.empty());
        QCOMPARE(f.reasonOf(f.calls[1].regions[0]), resolved.regions[0].reason);
    }

    void warnings() {
        // A storm: calls 2..5 each recompile on a new batch size.
        FunctionCache storm =
            functionOf({call(1, CallOutcome::Miss), call(2, CallOutcome::Recompile),
                        call(3, CallOutcome::Recompile), call(4, CallOutcome::Recompile),
                        call(5, CallOutcome::Recompile)});
        std::vector<GuardWarning> w = GuardWarnings::of(storm);
        QVERIFY(hasWarning(w, GuardWarning::RecompileStorm));
        QVERIFY(hasWarning(w, GuardWarning::ChangingValue)); // size[0] took 4 values
        QVERIFY(w.back().text.contains("2, 3, 4, 5"));
        QVERIFY(!hasWarning(w, GuardWarning::CacheLimit));
        QVERIFY(w[0].fix.contains("mark_dynamic(x, 0)"));
        QCOMPARE(w[0].call, 5L);
        // The cache full: fallbacks counted from the first.
        FunctionCache full =
            functionOf({call(1, CallOutcome::Miss), call(2, CallOutcome::Hit),
                        call(3, CallOutcome::CacheLimit), call(4, CallOutcome::CacheLimit)});
        w = GuardWarnings::of(full);
        QVERIFY(hasWarning(w, GuardWarning::CacheLimit));
        QVERIFY(!hasWarning(w, GuardWarning::RecompileStorm));
        QVERIFY(w[0].text.contains("2 of 4 calls"));
        // An int argument guarded by value, changing every call.
        FunctionCache ints =
            functionOf({call(1, CallOutcome::Miss),
                        call(2, CallOutcome::Recompile, "L['n']", "EQUALS_MATCH", "value", "3"),
                        call(3, CallOutcome::Hit),
                        call(4, CallOutcome::Recompile, "L['n']", "EQUALS_MATCH", "value", "4"),
                        call(5, CallOutcome::Recompile, "L['n']", "EQUALS_MATCH", "value", "5")});
        w = GuardWarnings::of(ints);
        QVERIFY(hasWarning(w, GuardWarning::ChangingValue));
        QVERIFY(w.back().fix.contains("dynamic=True"));
        QVERIFY(w.back().text.contains("3, 4, 5"));
        // Three recompiles over many hits (a padded batch): no warning about changing values.
        std::vector<CallRecord> padded = {call(1, CallOutcome::Miss)};
        for (long i = 2; i <= 40; ++i)
            padded.push_back(i % 10 == 0 ? call(i, CallOutcome::Recompile)
                                         : call(i, CallOutcome::Hit));
        QVERIFY(GuardWarnings::of(functionOf(padded)).empty());
        // All hits: nothing to say.
        QVERIFY(
            GuardWarnings::of(functionOf({call(1, CallOutcome::Miss), call(2, CallOutcome::Hit)}))
                .empty());
    }

    void treeOfSources() {
        QCOMPARE(GuardTreeView::parentSource("G['model'][0].weight"), QString("G['model'][0]"));
        QCOMPARE(GuardTreeView::parentSource("G['model'][0]"), QString("G['model']"));
        QCOMPARE(GuardTreeView::parentSource("G['model']"), QString());
        QCOMPARE(GuardTreeView::parentSource("L['d']['a]b']"), QString("L['d']"));
        QCOMPARE(GuardTreeView::accessorText("G['model'][0].weight"),
                 QString("GetAttrGuardAccessor(weight)"));
        QCOMPARE(GuardTreeView::accessorText("L['x']"), QString("FrameLocalsGuardAccessor('x')"));
        QCOMPARE(GuardTreeView::accessorText("G['model'][0]"), QString("GetItemGuardAccessor(0)"));
    }

    void paddingDemoInTheWorker();
};

void TestGuardsView::paddingDemoInTheWorker() {
    const QString script =
        QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples/guards_padding.py");

    // The oracle: explain's report of its own run of the same script.
    QProcess explain;
    explain.start(DYNASCOPE_EXE, {"explain", script, "--json"});
    QVERIFY(explain.waitForFinished(180000));
    const QByteArray out = explain.readAllStandardOutput();
    const int start = out.indexOf("{\n");
    QVERIFY2(start >= 0, out.constData());
    const Json report = Json::parse(out.mid(start).toStdString());
    std::map<std::string, Json> byName;
    for (const Json &f : report.at("functions"))
        byName[f.at("function").get<std::string>()] = f;
    QCOMPARE(int(byName.size()), 3);

    MainWindow window;
    window.resize(1280, 800);
    window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
    auto *dock = window.findChild<GuardsDock *>();
    QVERIFY(dock);
    GuardsPanel *panel = dock->panel();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(script));
    QSignalSpy running(window.runController(), &RunController::runningChanged);
    window.run();
    QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 180000);
    QCOMPARE(window.session()->runState(), RunState::Finished);
    QTRY_COMPARE(panel->functionBox()->count(), 3);
    // The view at the screenshot's size: the dock floated to 1280x800.
    auto *guardsDock = window.findChild<QDockWidget *>("guardsDock");
    QVERIFY(guardsDock);
    guardsDock->setFloating(true);
    guardsDock->resize(1280, 800);
    guardsDock->show();
    QVERIFY(QTest::qWaitForWindowExposed(guardsDock));

    for (const auto &[name, f] : byName) {
        QVERIFY(panel->showFunction(QString::fromStdString(name)));
        const long calls = f.at("calls").get<long>();
        const long hits = f.at("cache_hits").get<long>();
        QCOMPARE(long(panel->timeline()->callCount()), calls);
        const QString rate = QString::number(100.0 * hits / calls, 'f', 1);
        QVERIFY2(panel->summaryLabel()->text().contains("hit rate " + rate + " %"),
                 qPrintable(panel->summaryLabel()->text() + " vs " + rate));
        QVERIFY(panel->summaryLabel()->text().contains(
            QString("%1 recompiles").arg(f.at("recompiles").size())));
        // The chart ends at the run's hit rate; one compile marker per compiled call.
        QCOMPARE(panel->chart()->runningRate()->count(), int(calls));
        QVERIFY(qAbs(panel->chart()->runningRate()->at(int(calls) - 1).y() - 100.0 * hits / calls) <
                1e-9);
        QCOMPARE(long(panel->chart()->compiles()->count()),
                 calls - hits - f.at("cache_limit_fallbacks").get<long>());
        QCOMPARE(panel->guardTree()->topLevelItemCount(), int(f.at("entries").size()));
        // Transformed code: each entry as depyf shows it, its graph called by number.
        const QString code = panel->transformedCode()->toPlainText();
        for (const Json &e : f.at("entries"))
            QVERIFY(code.contains(QString::fromStdString(e.at("transformed").get<std::string>())));
        QVERIFY(
            code.contains("def __transformed_code_0_for_" + QString::fromStdString(name) + "(x):"));
        QVERIFY(code.contains("__compiled_fn_"));
    }

    // serve_raw fills its cache: the warnings say so, and its recompiles show their guard.
    QVERIFY(panel->showFunction("serve_raw"));
    QStringList warnings;
    for (int i = 0; i < panel->warningList()->count(); ++i)
        warnings << panel->warningList()->item(i)->text();
    QVERIFY2(warnings.join("\n").contains("Cache size limit reached"),
             qPrintable(warnings.join("\n")));
    QVERIFY(warnings.join("\n").contains("Recompile storm"));
    QVERIFY(warnings.join("\n").contains("mark_dynamic(x, 0)"));
    QVERIFY(panel->showFunction("serve_dynamic"));
    QCOMPARE(panel->warningList()->count(), 0);

    QVERIFY(panel->showFunction("serve_raw"));
    const Json &log = byName["serve_raw"].at("call_log");
    int row = -1;
    for (int i = 0; i < int(log.size()) && row < 0; ++i)
        if (log[i].at("result") == "recompile")
            row = i;
    QVERIFY(row > 0);
    // records() resolves each verdict run's failure for its first entry ("entry"; "last" ends
    // the run): the view shows one row per entry tried.
    const Json &tried = log[row].at("regions")[0].at("tried");
    const Json &failed = tried.back().at("failure");
    const int failedEntry = tried.back().at("entry").get<int>();
    const int failedGuard = failed.at("guard").get<int>();
    int entriesTried = 0;
    for (const Json &v : tried)
        entriesTried +=
            std::abs(v.value("last", v.at("entry").get<int>()) - v.at("entry").get<int>()) + 1;
    CallTimeline *timeline = panel->timeline();
    QTest::mouseClick(timeline, Qt::LeftButton, {}, timeline->markRect(row).center());
    QCOMPARE(timeline->currentRow(), row);
    // The verdicts: every entry tried failed; the selected one is the first, its guard marked.
    CallVerdictView *verdicts = panel->verdicts();
    QTreeWidgetItem *top = verdicts->topLevelItem(0);
    QVERIFY(top->text(0).contains(QString("Call %1").arg(row + 1)));
    QTreeWidgetItem *region = top->child(0);
    QCOMPARE(region->childCount(), entriesTried);
    QTreeWidgetItem *last = nullptr;
    for (int i = 0; i < region->childCount() && !last; ++i)
        if (region->child(i)->data(0, CallVerdictView::EntryRole).toInt() == failedEntry &&
            region->child(i)->text(0).contains(QString::fromUtf8("✗")))
            last = region->child(i);
    QVERIFY(last);
    QCOMPARE(last->text(2), QString::fromStdString(failed.at("expected").get<std::string>()));
    QCOMPARE(last->text(3), QString::fromStdString(failed.at("actual").get<std::string>()));
    QCOMPARE(last->toolTip(0), QString::fromStdString(failed.at("message").get<std::string>()));
    QVERIFY(last->text(0).contains("TENSOR_MATCH"));
    verdicts->setCurrentItem(last);
    QTreeWidgetItem *marked = panel->guardTree()->guardItem(failedEntry, failedGuard);
    QVERIFY(marked);
    QCOMPARE(panel->guardTree()->currentItem(), marked);
    QCOMPARE(marked->background(0).color(), QColor(255, 205, 205));
    QCOMPARE(marked->text(0), QString("TENSOR_MATCH"));
    QVERIFY(panel->conjunction()->toHtml().contains("#ffcdcd"));
    QVERIFY(panel->conjunction()->toPlainText().contains("shape(x) = ("));

    if (const QByteArray path = qgetenv("DYNASCOPE_GUARDS_SCREENSHOT"); !path.isEmpty()) {
        QTest::qWait(300);
        QVERIFY(guardsDock->grab().save(QString::fromLocal8Bit(path)));
    }
}

QTEST_MAIN(TestGuardsView)
#include "tst_guardsview.moc"
