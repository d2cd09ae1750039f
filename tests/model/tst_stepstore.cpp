// StepStore: every field comes back as appended, from a Step and from its event; interning
// dedups; a malformed event leaves the store as it was; the store's own byte count per step.
#include "capturesamples.h"
#include "model/stepstore.h"

#include <QtTest>

#include <set>

using namespace dynascope;

namespace {

// The first field where two steps differ ("" when none), for a readable failure.
std::string difference(const Step &a, const Step &b) {
    if (a.index != b.index || a.frame != b.frame || a.depth != b.depth)
        return "index/frame/depth";
    if (a.codeId != b.codeId || a.function != b.function || a.file != b.file)
        return "code/function/file";
    if (a.line != b.line || a.offset != b.offset || a.arg != b.arg)
        return "line/offset/arg";
    if (a.opname != b.opname || a.argrepr != b.argrepr || a.event != b.event)
        return "opname/argrepr/event";
    if (a.pops != b.pops || a.pushes != b.pushes)
        return "pops/pushes: " + std::to_string(a.pops) + "/" + std::to_string(a.pushes) + " vs " +
               std::to_string(b.pops) + "/" + std::to_string(b.pushes);
    if (a.stack.size() != b.stack.size())
        return "stack size";
    for (size_t k = 0; k < a.stack.size(); ++k) {
        const StackValue &x = a.stack[k], &y = b.stack[k];
        if (x.type != y.type || x.repr != y.repr || x.shape != y.shape || x.dtype != y.dtype ||
            x.requiresGrad != y.requiresGrad)
            return "stack entry " + std::to_string(k);
    }
    if (a.locals != b.locals)
        return "locals";
    return {};
}

#define COMPARE_STEPS(actual, expected)                                                            \
    do {                                                                                           \
        const std::string d = difference(actual, expected);                                        \
        QVERIFY2(d.empty(), d.c_str());                                                            \
    } while (false)

// One pass of `for i in range(n): total += i` as the recorder sends it: the same six sites
// each pass, a new value for i and for total.
Json loopStepEvent(long long index, long long pass, int site) {
    static const char *const ops[] = {"FOR_ITER",  "STORE_NAME", "LOAD_NAME",
                                      "LOAD_NAME", "BINARY_OP",  "STORE_NAME"};
    static const char *const args[] = {"to 40", "i", "total", "i", "+=", "total"};
    Step s;
    s.index = index;
    s.frame = 1;
    s.codeId = "r1";
    s.function = "<module>";
    s.file = "/home/student/loop_sum.py";
    s.line = site == 0 ? 3 : 4;
    s.offset = 20 + 2 * site;
    s.opname = ops[site];
    s.arg = site;
    s.argrepr = args[site];
    s.pops = site == 4 ? 2 : 0;
    s.pushes = site == 4 ? 1 : 1;
    s.stack.push_back({"range_iterator", "<range_iterator object>", "", "", false});
    if (site >= 2)
        s.stack.push_back({"int", std::to_string(pass * (pass - 1) / 2), "", "", false});
    if (site == 3)
        s.stack.push_back({"int", std::to_string(pass), "", "", false});
    if (site == 1)
        s.locals["i"] = std::to_string(pass);
    if (site == 5)
        s.locals["total"] = std::to_string(pass * (pass + 1) / 2);
    Json event = s;
    event["type"] = EventType::Step;
    return event;
}

} // namespace

class TestStepStore : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryField_data() {
        QTest::addColumn<int>("variant");
        QTest::addRow("sample step (tensor, unicode local)") << 0;
        QTest::addRow("empty stack, no locals") << 1;
        QTest::addRow("no stack counts (-1)") << 2;
        QTest::addRow("frame event with counts") << 3;
        QTest::addRow("unicode and control characters in reprs") << 4;
        QTest::addRow("an event name the enum does not know") << 5;
        QTest::addRow("large numbers") << 6;
    }
    void roundTripsEveryField() {
        QFETCH(int, variant);
        Step s = test::sampleStep(7, "BINARY_OP", 3);
        s.pops = 2;
        s.pushes = 1;
        switch (variant) {
        case 1:
            s.stack.clear();
            s.locals.clear();
            break;
        case 2:
            s.pops = s.pushes = -1;
            break;
        case 3:
            s.event = "return";
            s.opname = "RETURN_VALUE";
            s.pops = 1;
            s.pushes = 0;
            break;
        case 4:
            s.stack.push_back(
                {"str", "'\xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x90\x8D\\n\t\"'", "", "", false});
            s.locals["\xCE\xB1"] = std::string("'a\0b'", 6);
            break;
        case 5:
            s.event = "c_call";
            break;
        case 6:
            s.index = 5'000'000'000LL;
            s.frame = -3;
            s.arg = 1 << 30;
            s.depth = 1000;
            break;
        }
        StepStore store;
        store.append(s);
        Json event = s;
        event["type"] = EventType::Step;
        store.appendEvent(event);
        QCOMPARE(store.size(), size_t(2));
        for (size_t i = 0; i < store.size(); ++i) {
            COMPARE_STEPS(store.at(i), s);
            // The cheap reads agree with the whole step.
            QCOMPARE(store.index(i), s.index);
            QCOMPARE(store.frame(i), s.frame);
            QCOMPARE(store.depth(i), s.depth);
            QCOMPARE(store.line(i), s.line);
            QCOMPARE(std::string(store.codeId(i)), s.codeId);
            QCOMPARE(std::string(store.eventName(i)), s.event);
            QCOMPARE(store.stackSize(i), s.stack.size());
            // The event written back is the one read, byte for byte.
            QCOMPARE(encodeEvent(store.eventAt(i)), encodeEvent(event));
        }
        QCOMPARE(store.event(0), variant == 3   ? StepEvent::Return
                                 : variant == 5 ? StepEvent::Other
                                                : StepEvent::Instruction);
    }

    void appendEventDecodesAsFromJson_data() {
        QTest::addColumn<QString>("json");
        QTest::addRow("only a type") << R"({"type":"step"})";
        QTest::addRow("floats and bools for numbers")
            << R"({"type":"step","step":3.0,"line":true,"offset":4.7,"arg":2})";
        QTest::addRow("pops without pushes") << R"({"type":"step","pops":2})";
        QTest::addRow("a count out of range") << R"({"type":"step","pops":2,"pushes":99999999})";
        QTest::addRow("a local that is not a string")
            << R"({"type":"step","locals":{"x":[1,2],"y":null,"z":"'s'"}})";
        QTest::addRow("stack not an array, locals not an object")
            << R"({"type":"step","stack":{"a":1},"locals":[1]})";
        QTest::addRow("a stack value without fields") << R"({"type":"step","stack":[{}]})";
        QTest::addRow("unknown fields") << R"({"type":"step","future":1,"event":"call"})";
    }
    void appendEventDecodesAsFromJson() {
        QFETCH(QString, json);
        const Json event = Json::parse(json.toStdString());
        StepStore store;
        store.appendEvent(event);
        COMPARE_STEPS(store.at(0), event.get<Step>());
    }

    void aMalformedEventThrowsAndLeavesTheStore_data() {
        QTest::addColumn<QString>("json");
        QTest::addRow("line is text") << R"({"type":"step","line":"abc"})";
        QTest::addRow("a bad stack value after a good one")
            << R"({"type":"step","stack":[{"type":"int","repr":"1"},5]})";
        QTest::addRow("repr is a number") << R"({"type":"step","stack":[{"repr":5}]})";
        QTest::addRow("code is an object") << R"({"type":"step","code":{}})";
    }
    void aMalformedEventThrowsAndLeavesTheStore() {
        QFETCH(QString, json);
        const Json bad = Json::parse(json.toStdString());
        QVERIFY_THROWS_EXCEPTION(Json::exception, (void)bad.get<Step>()); // the oracle throws
        StepStore store;
        const Step first = test::sampleStep(0, "LOAD_FAST", 2);
        store.append(first);
        QVERIFY_THROWS_EXCEPTION(Json::exception, store.appendEvent(bad));
        QCOMPARE(store.size(), size_t(1));
        const Step second = test::sampleStep(1, "STORE_FAST", 3);
        store.append(second);
        COMPARE_STEPS(store.at(0), first);
        COMPARE_STEPS(store.at(1), second);
    }

    void internsSitesValuesAndStrings() {
        // 1,000 passes of a six-instruction loop: six sites, one value per distinct repr.
        StepStore store;
        long long index = 0;
        for (long long pass = 0; pass < 1000; ++pass)
            for (int site = 0; site < 6; ++site)
                store.appendEvent(loopStepEvent(index++, pass, site));
        QCOMPARE(store.size(), size_t(6000));
        QCOMPARE(store.siteCount(), size_t(6));
        // The iterator, the running totals 0, 1, 3, … (1,000 of them) and the counters 0..999,
        // which share the reprs of the totals where they coincide.
        std::set<std::string> reprs;
        for (size_t i = 0; i < store.size(); ++i)
            for (const StackValue &v : store.stack(i))
                reprs.insert(v.type + ":" + v.repr);
        QCOMPARE(store.valueCount(), reprs.size());
        QVERIFY(store.valueCount() < 2100);
        // Strings: the site texts plus each distinct repr once (locals reuse the stack's).
        QVERIFY(store.stringCount() < 2100);
        const Step last = store.at(store.size() - 1);
        QCOMPARE(last.locals.at("total"), std::to_string(999LL * 1000 / 2));
    }

    void keepsArrivalOrder() {
        // The recorder sends a CALL after its callee's steps; the store keeps the order steps
        // came in (the timeline orders them) and reads each back by arrival position.
        StepStore store;
        for (long long index : {3LL, 4LL, 1LL, 2LL, 0LL})
            store.append(test::sampleStep(index, "NOP", int(index) + 1));
        const long long expected[] = {3, 4, 1, 2, 0};
        for (size_t i = 0; i < store.size(); ++i) {
            QCOMPARE(store.index(i), expected[i]);
            COMPARE_STEPS(store.at(i), test::sampleStep(expected[i], "NOP", int(expected[i]) + 1));
        }
    }

    void clearEmptiesEverything() {
        StepStore store;
        store.append(test::sampleStep(0, "NOP", 1));
        store.clear();
        QVERIFY(store.empty());
        QCOMPARE(store.valueCount(), size_t(0));
        QCOMPARE(store.siteCount(), size_t(0));
        store.append(test::sampleStep(0, "NOP", 1));
        COMPARE_STEPS(store.at(0), test::sampleStep(0, "NOP", 1));
    }

    void bytesPerStepOfALoop() {
        // The store's own accounting (capacities included) for 120,000 loop steps whose values
        // are new every pass: the bound the 1,000,000-step budget of docs/bad-input.md needs
        // (under 500 bytes a step for the whole GUI) with room to spare.
        StepStore store;
        long long index = 0;
        for (long long pass = 0; pass < 20000; ++pass)
            for (int site = 0; site < 6; ++site)
                store.appendEvent(loopStepEvent(index++, pass, site));
        const double perStep = double(store.bytesUsed()) / double(store.size());
        qInfo("%zu steps: %.1f bytes a step, %zu values, %zu strings", store.size(), perStep,
              store.valueCount(), store.stringCount());
        QVERIFY2(perStep < 120, qPrintable(QString::number(perStep)));
    }
};

QTEST_APPLESS_MAIN(TestStepStore)
#include "tst_stepstore.moc"
