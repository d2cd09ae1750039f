// The `call` event's fast path: CallEventEncoder's line decodes to exactly what the Json codec
// (to_json + encodeEvent) gives for every field, and WorkerEventChannel's batches keep the
// stream's order with the other events (a batch is written before any other event).
#include "cli/workereventchannel.h"
#include "model/calleventencoder.h"
#include "model/callrecord.h"
#include "model/event.h"

#include <fcntl.h>
#include <limits>
#include <string>
#include <unistd.h>
#include <vector>

namespace {
// Before Qt's headers: they define `emit` as a macro.
void send(dynascope::EventSink &sink, const dynascope::Json &event) {
    sink.emit(event);
}
} // namespace

#include <QtTest>

using namespace dynascope;

namespace {

CompactFailure failure(int guard, std::string check, std::string actual) {
    CompactFailure f;
    f.guardIndex = guard;
    f.check = std::move(check);
    f.actual = std::move(actual);
    return f;
}

EntryVerdict failed(int entry, int last, CompactFailure f) {
    EntryVerdict v = EntryVerdict::of(entry, false);
    v.last = last;
    v.failure = std::move(f);
    return v;
}

// Every field of a call record set, with text that needs escaping or is not valid UTF-8.
CallRecord fullRecord() {
    CallRecord c;
    c.index = 42;
    c.timeUs = 123456.789012345;
    c.guardUs = 0.34;
    c.step = 1234;
    RegionCall first;
    first.regionStart = 0;
    first.outcome = CallOutcome::Recompile;
    CompactFailure f = failure(3, "size[0]", "7");
    first.tried.push_back(failed(0, 2, f));
    CompactFailure g = failure(-1, "backend", "");
    g.message = "backend changed";
    first.tried.push_back(failed(3, 3, g));
    CompactFailure h = failure(1, "value", "\"q\"\\\n\t\x01 ünï ✓");
    h.expected = "s0 * 2";
    h.message = "L['n'] == 3";
    first.tried.push_back(failed(4, 4, h));
    first.entry = 5;
    RegionCall second;
    second.regionStart = 24;
    second.outcome = CallOutcome::Hit;
    second.tried.push_back(EntryVerdict::of(1, true));
    second.entry = 1;
    second.uncaptured = true;
    RegionCall third;
    third.regionStart = 40;
    third.outcome = CallOutcome::CacheLimit;
    third.tried.push_back(failed(6, 2, failure(0, "type", std::string("bad \xff\xfe bytes"))));
    c.regions = {first, second, third};
    return c;
}

// What the event looked like before the fast path: the record's Json, encoded by encodeEvent.
Json viaJson(const CallRecord &call, const std::string &function) {
    Json j = call;
    j["type"] = EventType::Call;
    j["function"] = function;
    return Json::parse(encodeEvent(j));
}

} // namespace

class TestCallEvents : public QObject {
    Q_OBJECT
private slots:
    void encoderMatchesJsonCodec_data() {
        QTest::addColumn<int>("which");
        QTest::addRow("every field") << 0;
        QTest::addRow("a plain hit") << 1;
        QTest::addRow("first compile, no step") << 2;
        QTest::addRow("odd times") << 3;
    }

    void encoderMatchesJsonCodec() {
        QFETCH(int, which);
        CallRecord call;
        std::string function = "Model.forward";
        switch (which) {
        case 0:
            call = fullRecord();
            function = "f<\"quoted\">\n";
            break;
        case 1:
            call.index = 1;
            call.timeUs = 10;
            call.guardUs = 0.25;
            call.step = 0;
            call.regions.emplace_back();
            call.regions.back().tried.push_back(EntryVerdict::of(0, true));
            call.regions.back().entry = 0;
            break;
        case 2:
            call.index = 1;
            call.regions.emplace_back();
            call.regions.back().outcome = CallOutcome::Miss;
            call.regions.back().entry = 0;
            break;
        case 3:
            call.timeUs = 1e21;
            call.guardUs = std::numeric_limits<double>::denorm_min();
            call.step = std::numeric_limits<long long>::max();
            break;
        }
        const std::string line = CallEventEncoder::encode(call, function);
        QVERIFY(line.find('\n') == std::string::npos);
        const Json fast = Json::parse(line);
        const Json slow = viaJson(call, function);
        QCOMPARE(QString::fromStdString(fast.dump()), QString::fromStdString(slow.dump()));
        // Doubles are written as floats, as nlohmann writes them.
        QVERIFY(fast.at("time_us").is_number_float());
        QVERIFY(fast.at("guard_us").is_number_float());
        // And the record reads back whole, field by field.
        const CallRecord back = fast.get<CallRecord>();
        QCOMPARE(back.index, call.index);
        QCOMPARE(back.timeUs, call.timeUs);
        QCOMPARE(back.guardUs, call.guardUs);
        QCOMPARE(back.step, call.step);
        QCOMPARE(back.regions.size(), call.regions.size());
        for (size_t r = 0; r < call.regions.size(); ++r) {
            const RegionCall &a = back.regions[r], &b = call.regions[r];
            QCOMPARE(a.regionStart, b.regionStart);
            QCOMPARE(a.outcome, b.outcome);
            QCOMPARE(a.entry, b.entry);
            QCOMPARE(a.uncaptured, b.uncaptured);
            QCOMPARE(a.tried.size(), b.tried.size());
            for (size_t k = 0; k < a.tried.size(); ++k) {
                QCOMPARE(a.tried[k].entry, b.tried[k].entry);
                QCOMPARE(a.tried[k].last, b.tried[k].last);
                QCOMPARE(a.tried[k].hit, b.tried[k].hit);
                if (!b.tried[k].hit && b.tried[k].failure.actual.find('\xff') == std::string::npos)
                    QVERIFY(a.tried[k].failure == b.tried[k].failure);
            }
        }
    }

    // An older capture (no "step") reads as "no step"; a negative or non-integer one too.
    void stepIsOptional() {
        CallRecord c = Json::parse(R"({"index": 3, "regions": []})").get<CallRecord>();
        QCOMPARE(c.step, -1LL);
        c = Json::parse(R"({"index": 3, "step": "7"})").get<CallRecord>();
        QCOMPARE(c.step, -1LL);
        c = Json::parse(R"({"index": 3, "step": -9})").get<CallRecord>();
        QCOMPARE(c.step, -1LL);
        c = Json::parse(R"({"index": 3, "step": 9})").get<CallRecord>();
        QCOMPARE(c.step, 9LL);
        QVERIFY(!Json(CallRecord()).contains("step"));
    }

    // Calls wait in a batch; any other event writes the batch first, and the channel's end
    // writes what is left: the reader sees the events in the order they were emitted.
    void batchesKeepTheStreamOrder() {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
        auto drain = [&] {
            std::string bytes;
            char buffer[65536];
            ssize_t n;
            while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
                bytes.append(buffer, size_t(n));
            return bytes;
        };
        std::string all;
        std::vector<std::string> expected;
        {
            WorkerEventChannel channel(fds[1]);
            send(channel, Json{{"type", "output"}, {"stream", "stdout"}, {"text", "a\n"}});
            expected.push_back("output");
            CallRecord call = fullRecord();
            for (int i = 1; i <= 3; ++i) {
                call.index = i;
                channel.emitCall(call, "f");
                expected.push_back("call " + std::to_string(i));
            }
            send(channel, Json{{"type", "step"}, {"step", 0}});
            expected.push_back("step");
            call.index = 4;
            channel.emitCall(call, "f");
            expected.push_back("call 4");
            all += drain();
            QCOMPARE(int(std::count(all.begin(), all.end(), '\n')), 5);
        } // the channel closes: the last batch is written, then the descriptor closed
        all += drain();
        ::close(fds[0]);
        std::vector<std::string> seen;
        size_t start = 0;
        for (size_t end; (end = all.find('\n', start)) != std::string::npos; start = end + 1) {
            std::string error;
            auto event = decodeEvent(all.substr(start, end - start), error);
            QVERIFY2(event, error.c_str());
            seen.push_back(event->type == EventType::Call
                               ? "call " + std::to_string(event->body.at("index").get<long>())
                               : event->type);
            if (event->type == EventType::Call) {
                CallRecord want = fullRecord();
                want.index = event->body.at("index").get<long>();
                QCOMPARE(QString::fromStdString(event->body.dump()),
                         QString::fromStdString(viaJson(want, "f").dump()));
            }
        }
        QCOMPARE(seen, expected);
    }

    // A call with nothing after it (the script sleeps, or waits for input) is still written,
    // once its batch is kBatchAge old, without waiting for another event or the end.
    void aLoneCallIsWrittenSoon() {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
        WorkerEventChannel channel(fds[1]);
        channel.emitCall(fullRecord(), "f");
        std::string bytes;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     char buffer[4096];
                                     ssize_t n = ::read(fds[0], buffer, sizeof buffer);
                                     if (n > 0)
                                         bytes.append(buffer, size_t(n));
                                     return !bytes.empty() && bytes.back() == '\n';
                                 }()),
                                 5000);
        QCOMPARE(bytes, CallEventEncoder::encode(fullRecord(), "f") + "\n");
        ::close(fds[0]);
    }

    // A batch is written once it passes its size, without waiting for another event.
    void aFullBatchIsWritten() {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
        ::fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
        WorkerEventChannel channel(fds[1]);
        CallRecord call = fullRecord();
        const size_t lineBytes = CallEventEncoder::encode(call, "f").size() + 1;
        const size_t calls = WorkerEventChannel::kBatchBytes / lineBytes + 1;
        for (size_t i = 0; i < calls; ++i)
            channel.emitCall(call, "f");
        char buffer[1 << 16];
        ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        QCOMPARE(size_t(std::max<ssize_t>(n, 0)), calls * lineBytes);
        ::close(fds[0]);
    }
};

QTEST_GUILESS_MAIN(TestCallEvents)
#include "tst_callevents.moc"
