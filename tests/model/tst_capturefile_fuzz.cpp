// A deterministic mutation fuzzer for the .dscap reader: damaged captures never throw, never
// crash, and every rejection says what is wrong.
#include "capturesamples.h"

#include <QtTest>

#include <random>

using namespace dynascope;
using namespace dynascope::test;

namespace {

constexpr int Iterations = 20000;

class Mutator {
public:
    explicit Mutator(unsigned seed) : m_random(seed) {}

    std::string mutate(std::string bytes) {
        int rounds = 1 + pick(4);
        for (int i = 0; i < rounds && !bytes.empty(); ++i) {
            switch (pick(9)) {
            case 0:
                flipBit(bytes);
                break;
            case 1:
                bytes.resize(pick(bytes.size() + 1));
                break; // truncate
            case 2:
                duplicateLine(bytes);
                break;
            case 3:
                insertBytes(bytes);
                break;
            case 4:
                swapType(bytes);
                break;
            case 5:
                deleteLine(bytes);
                break;
            case 6:
                bytes.erase(pick(bytes.size()), 1 + pick(16));
                break;
            case 7:
                swapType(bytes);
                swapType(bytes);
                break;
            default:
                replaceNumber(bytes);
                break;
            }
        }
        return bytes;
    }

private:
    size_t pick(size_t n) {
        return n ? std::uniform_int_distribution<size_t>(0, n - 1)(m_random) : 0;
    }

    void flipBit(std::string &bytes) {
        bytes[pick(bytes.size())] ^= static_cast<char>(1 << pick(8));
    }

    void insertBytes(std::string &bytes) {
        static const char *pieces[] = {
            "\"", "{", "}",     "[", "]", "\n",   "\xFF", "\xC3", "\xED\xA0\x80", "\\", "\\u",
            "0",  "-", "1e999", ",", ":", "null", "\0",   "\r"};
        size_t at = pick(bytes.size() + 1);
        std::string piece = pick(4) == 0
                                ? std::string(1, static_cast<char>(pick(256)))
                                : std::string(pieces[pick(sizeof pieces / sizeof *pieces)]);
        bytes.insert(at, piece);
    }

    std::vector<std::pair<size_t, size_t>> lines(const std::string &bytes) {
        std::vector<std::pair<size_t, size_t>> result;
        size_t start = 0;
        while (start < bytes.size()) {
            size_t end = bytes.find('\n', start);
            if (end == std::string::npos)
                end = bytes.size();
            result.emplace_back(start, end - start);
            start = end + 1;
        }
        return result;
    }

    void duplicateLine(std::string &bytes) {
        auto all = lines(bytes);
        if (all.empty())
            return;
        auto [start, length] = all[pick(all.size())];
        bytes.insert(start, bytes.substr(start, length) + "\n");
    }

    void deleteLine(std::string &bytes) {
        auto all = lines(bytes);
        if (all.empty())
            return;
        auto [start, length] = all[pick(all.size())];
        bytes.erase(start, length + 1);
    }

    Json anotherValue() {
        switch (pick(10)) {
        case 0:
            return "abc";
        case 1:
            return 17;
        case 2:
            return -1;
        case 3:
            return 1e300;
        case 4:
            return Json::array({1, "x", nullptr});
        case 5:
            return Json::object({{"type", 3}});
        case 6:
            return nullptr;
        case 7:
            return true;
        case 8:
            return 18446744073709551615ull;
        default:
            return -9223372036854775807LL - 1;
        }
    }

    // Parses one line, replaces a field (or a nested one) with a value of another type, writes
    // it back: damage the JSON parser lets through, for the typed views to catch.
    void swapType(std::string &bytes) {
        auto all = lines(bytes);
        if (all.empty())
            return;
        auto [start, length] = all[pick(all.size())];
        Json event = Json::parse(bytes.substr(start, length), nullptr, false);
        if (event.is_discarded() || !event.is_object() || event.empty())
            return;
        auto it = event.begin();
        std::advance(it, pick(event.size()));
        Json *target = &it.value();
        if (target->is_array() && !target->empty())
            target = &(*target)[pick(target->size())];
        if (target->is_object() && !target->empty()) {
            auto inner = target->begin();
            std::advance(inner, pick(target->size()));
            target = &inner.value();
        }
        *target = anotherValue();
        bytes.replace(start, length, encodeEvent(event));
    }

    void replaceNumber(std::string &bytes) {
        size_t at = bytes.find_first_of("0123456789", pick(bytes.size()));
        if (at == std::string::npos)
            return;
        static const char *numbers[] = {"-1",  "1e308", "99999999999999999999999",
                                        "0.5", "NaN",   "\"7\""};
        bytes.replace(at, 1, numbers[pick(6)]);
    }

    std::mt19937 m_random;
};

} // namespace

class TestCaptureFileFuzz : public QObject {
    Q_OBJECT
private slots:
    void mutatedCapturesNeverCrashOrThrow() {
        const std::vector<std::string> seeds = {captureBytes(sampleCapture(2)),
                                                captureBytes(sampleCapture(8))};
        Mutator mutator(20261130u);
        int rejected = 0, withProblems = 0, clean = 0;
        long long stepsRead = 0;
        for (int i = 0; i < Iterations; ++i) {
            std::string bytes = mutator.mutate(seeds[i % seeds.size()]);
            CaptureFile capture;
            std::vector<CaptureFile::Problem> problems;
            bool usable = false;
            try {
                usable = capture.parse(bytes, "fuzz.dscap", problems);
                if (usable) {
                    stepsRead += static_cast<long long>(capture.steps(problems).size());
                    capture.codes(problems);
                    capture.errors(problems);
                }
            } catch (const std::exception &e) {
                QFAIL(qPrintable(QString("iteration %1 threw: %2").arg(i).arg(e.what())));
            }
            if (!usable) {
                ++rejected;
                QVERIFY2(!problems.empty(),
                         qPrintable(QString("iteration %1 rejected silently").arg(i)));
            }
            for (const CaptureFile::Problem &problem : problems) {
                QVERIFY(problem.text.rfind("fuzz.dscap", 0) == 0);
                QVERIFY2(problem.text.size() > std::string("fuzz.dscap: ").size(),
                         qPrintable(QString("iteration %1: empty message").arg(i)));
            }
            if (usable && !problems.empty())
                ++withProblems;
            if (usable && problems.empty())
                ++clean;
        }
        qInfo("%d iterations: %d rejected, %d read with problems, %d clean, %lld steps read",
              Iterations, rejected, withProblems, clean, stepsRead);
        // The mutations must actually reach every path: rejections, partial reads, clean reads.
        QVERIFY(rejected > 100);
        QVERIFY(withProblems > 1000);
        QVERIFY(clean > 100);
    }
};

QTEST_GUILESS_MAIN(TestCaptureFileFuzz)
#include "tst_capturefile_fuzz.moc"
