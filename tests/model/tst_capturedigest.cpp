// Typed capture events: TraceStep and CacheEntryGuards round trips, and CaptureDigest's
// decoding of a run's stream — steps tied to their region's graph, cache entries tied to the
// graph they run, incremental feeding equal to decoding the whole stream at once, malformed
// events skipped and counted.
#include "model/capturedigest.h"

#include <QtTest>

using namespace dynascope;

namespace {
Event makeEvent(const char *type, Json body) {
    body["type"] = type;
    return Event{type, std::move(body)};
}

Event graphEvent(const std::string &id, const std::string &function, int region) {
    CapturedGraph g;
    g.id = id;
    g.function = function;
    g.regionStartOffset = region;
    g.nodes.push_back(GraphNode{"x", "placeholder", "L['x']", {}, "[2]", "float32", {}, {}, 0});
    return makeEvent(EventType::Graph, g);
}

Event stepEvent(int index, const std::string &function, int region, int depth) {
    TraceStep s;
    s.index = index;
    s.function = function;
    s.regionStart = region;
    s.depth = depth;
    s.opname = "LOAD_FAST";
    s.arg = "0";
    return makeEvent(EventType::TraceStep, s);
}

// A run of two regions of f: region 0 made G1 (with an inlined callee g), then a break, then
// region 12 made no graph on its first trace and G2 later.
std::vector<Event> sampleRun() {
    std::vector<Event> run;
    run.push_back(makeEvent(EventType::Output, {{"stream", "stdout"}, {"text", "hi\n"}}));
    run.push_back(graphEvent("G1", "f", 0));
    run.push_back(stepEvent(0, "f", 0, 0));
    run.push_back(stepEvent(1, "g", 0, 1)); // inlined: callee's name, region of the outer frame
    GraphBreakInfo b;
    b.typeId = "data_dependent_branch";
    b.reason = "a branch on a tensor";
    b.afterGraph = "G1";
    run.push_back(makeEvent(EventType::GraphBreak, b));
    run.push_back(stepEvent(0, "f", 12, 0)); // region 12, no graph event before it
    run.push_back(graphEvent("G2", "f", 12));
    run.push_back(stepEvent(0, "f", 12, 0));
    return run;
}
Event guardsEvent(const std::string &function, int entry, int region) {
    CacheEntryGuards e;
    e.function = function;
    e.number = entry;
    e.regionStart = region;
    return makeEvent(EventType::Guards, e);
}

Event callEvent(const std::string &function, long index, int entry) {
    CallRecord c;
    c.function = function;
    c.index = index;
    RegionCall r;
    r.entry = entry;
    c.regions.push_back(r);
    return makeEvent(EventType::Call, c);
}
} // namespace

class TestCaptureDigest : public QObject {
    Q_OBJECT
private slots:
    void traceStepRoundTrip() {
        TraceStep s;
        s.index = 7;
        s.function = "Model.forward";
        s.file = "/tmp/ünïcode dir/m.py";
        s.regionStart = 24;
        s.offset = 30;
        s.opname = "BINARY_OP";
        s.arg = "5";
        s.line = 12;
        s.depth = 2;
        s.stack = {"TensorVariable()", "ConstantVariable(int: 3)"};
        s.nodes = {"mul"};
        s.guards = {"TENSOR_MATCH L['x']"};
        const Json j = s;
        const TraceStep back = j.get<TraceStep>();
        QCOMPARE(back.index, s.index);
        QCOMPARE(back.function, s.function);
        QCOMPARE(back.file, s.file);
        QCOMPARE(back.regionStart, s.regionStart);
        QCOMPARE(back.offset, s.offset);
        QCOMPARE(back.opname, s.opname);
        QCOMPARE(back.arg, s.arg);
        QCOMPARE(back.line, s.line);
        QCOMPARE(back.depth, s.depth);
        QCOMPARE(back.stack, s.stack);
        QCOMPARE(back.nodes, s.nodes);
        QCOMPARE(back.guards, s.guards);
    }
    void traceStepWithoutArgument() {
        TraceStep s;
        s.opname = "RETURN_VALUE";
        const Json j = s;
        QVERIFY(!j.contains("arg"));
        QVERIFY(j.get<TraceStep>().arg.empty());
    }
    // Captures saved before the typed event wrote the argument as a number.
    void traceStepFromOlderCapture() {
        const Json j = Json::parse(R"js({"index":3,"opname":"LOAD_FAST","arg":1,"line":4,
                                        "stack":["TensorVariable()", 5]})js");
        const TraceStep s = j.get<TraceStep>();
        QCOMPARE(s.arg, std::string("1"));
        QCOMPARE(s.index, 3);
        QCOMPARE(s.stack, (std::vector<std::string>{"TensorVariable()", "5"}));
    }
    void cacheEntryRoundTrip() {
        CacheEntryGuards e{"f", 2, 12, {}, "def f(x):\n    return __compiled_fn_3(x)\n"};
        GuardInfo g;
        g.kind = "TENSOR_MATCH";
        g.source = "L['x']";
        g.expected = {{"size[0]", "2"}};
        e.guards.push_back(g);
        const CacheEntryGuards back = Json(e).get<CacheEntryGuards>();
        QCOMPARE(back.function, e.function);
        QCOMPARE(back.number, e.number);
        QCOMPARE(back.regionStart, e.regionStart);
        QCOMPARE(back.transformed, e.transformed);
        QCOMPARE(int(back.guards.size()), 1);
        QCOMPARE(back.guards[0].expected.at("size[0]"), std::string("2"));
        Json missing = Json(e);
        missing.erase("entry");
        QVERIFY_THROWS_EXCEPTION(Json::exception, missing.get<CacheEntryGuards>());
    }
    void stepsTiedToTheirRegionsGraph() {
        CaptureDigest d;
        d.addFrom(sampleRun(), 0);
        QCOMPARE(int(d.graphs().size()), 2);
        QCOMPARE(int(d.breaks().size()), 1);
        QCOMPARE(d.breaks()[0].afterGraph, std::string("G1"));
        const auto &steps = d.traceSteps();
        QCOMPARE(int(steps.size()), 4);
        QCOMPARE(steps[0].graphId, std::string("G1"));
        QCOMPARE(steps[1].graphId, std::string("G1")); // inlined callee, same region
        QCOMPARE(steps[2].graphId, std::string());     // its region made no graph (yet)
        QCOMPARE(steps[3].graphId, std::string("G2"));
        QCOMPARE(d.skipped(), 0);
    }
    // Each new entry's graph comes just before its guards (same function, same region); an
    // entry whose region made no graph (a recompile of a graphless region) pairs with none, and
    // two functions interleaving do not take each other's graphs.
    void entriesTiedToTheGraphTheyRun() {
        CaptureDigest d;
        d.add(graphEvent("G1", "f", 0));
        d.add(graphEvent("G2", "g", 0)); // g's graph arrives before f's guards
        d.add(guardsEvent("g", 0, 0));
        d.add(guardsEvent("f", 0, 0));
        d.add(callEvent("f", 1, 0));
        d.add(guardsEvent("f", 1, 0)); // a recompile that made no new graph
        d.add(graphEvent("G3", "f", 14));
        d.add(guardsEvent("f", 2, 14));
        d.add(callEvent("f", 2, 2));
        QCOMPARE(d.skipped(), 0);
        QCOMPARE(d.graphOfEntry("f", 0), std::string("G1"));
        QCOMPARE(d.graphOfEntry("g", 0), std::string("G2"));
        QCOMPARE(d.graphOfEntry("f", 1), std::string());
        QCOMPARE(d.graphOfEntry("f", 2), std::string("G3"));
        QCOMPARE(d.graphOfEntry("h", 0), std::string());
        QCOMPARE(d.cacheEntries().size(), size_t(4));
        QCOMPARE(d.cacheEntries()[1].graphId, std::string("G1"));
        QCOMPARE(d.calls().size(), size_t(2));
        QCOMPARE(d.calls()[1].index, 2L);
        QCOMPARE(d.calls()[1].regions[0].entry, 2);
    }
    void incrementalEqualsWhole() {
        const std::vector<Event> run = sampleRun();
        CaptureDigest whole;
        whole.addFrom(run, 0);
        for (size_t chunk = 1; chunk <= run.size(); ++chunk) {
            CaptureDigest pieces;
            std::vector<Event> seen;
            size_t cursor = 0;
            for (const Event &e : run) {
                seen.push_back(e);
                if (seen.size() % chunk == 0)
                    cursor = pieces.addFrom(seen, cursor);
            }
            cursor = pieces.addFrom(seen, cursor);
            QCOMPARE(cursor, run.size());
            QCOMPARE(pieces.traceSteps().size(), whole.traceSteps().size());
            for (size_t i = 0; i < whole.traceSteps().size(); ++i)
                QCOMPARE(pieces.traceSteps()[i].graphId, whole.traceSteps()[i].graphId);
            QCOMPARE(pieces.graphs().size(), whole.graphs().size());
        }
    }
    void malformedEventsSkippedAndCounted() {
        CaptureDigest d;
        d.add(Event{EventType::TraceStep, Json::array()});
        d.add(makeEvent(EventType::TraceStep, {{"index", 0}, {"line", "seven"}}));
        d.add(makeEvent(EventType::Graph, {{"id", 5}}));
        QVERIFY(d.add(stepEvent(0, "f", 0, 0)));
        QCOMPARE(d.skipped(), 3);
        QCOMPARE(int(d.traceSteps().size()), 1);
        QCOMPARE(int(d.graphs().size()), 0);
        d.clear();
        QCOMPARE(d.skipped(), 0);
        QVERIFY(d.traceSteps().empty());
    }
};

QTEST_APPLESS_MAIN(TestCaptureDigest)
#include "tst_capturedigest.moc"
