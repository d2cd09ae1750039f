// Lesson and drill files: valid ones read completely, malformed ones are refused naming the line;
// the target resolver finds steps, nodes, guards, breaks, calls and output lines in events.
#include "model/drillreader.h"
#include "model/lessonreader.h"
#include "model/lessontargetresolver.h"

#include <QDir>
#include <QtTest>

#include <map>

using namespace dynascope;

namespace {

const char *const ValidLesson = R"({
  "format": "dynascope-lesson",
  "version": 1,
  "id": "stack",
  "order": 1,
  "chapter": {"en": "Bytecode", "zh_CN": "字节码"},
  "title": {"en": "The operand stack", "zh_CN": "操作数栈"},
  "formula": "Δ<sub>op</sub>: 𝒮 → 𝒮",
  "summary": {"en": "Each instruction changes the stack.", "zh_CN": "每条指令改变栈。"},
  "demo": "stack.py",
  "stops": [
    {
      "title": {"en": "Multiply", "zh_CN": "乘法"},
      "text": {"en": "pops two, pushes %match%", "zh_CN": "弹出两个，压入 %match%"},
      "target": {"kind": "step", "opname": "BINARY_OP", "line": 3}
    },
    {
      "title": {"en": "Source", "zh_CN": "源码"},
      "text": {"en": "the line", "zh_CN": "这一行"},
      "demo": "other.py",
      "run": "open",
      "target": {"kind": "line", "line": 2}
    }
  ]
}
)";

// Replaces the first `from` in the valid lesson by `to`.
std::string mutated(const std::string &from, const std::string &to) {
    std::string text = ValidLesson;
    const size_t at = text.find(from);
    if (at == std::string::npos)
        qFatal("test text not found: %s", from.c_str());
    return text.replace(at, from.size(), to);
}

// The valid lesson with its first stop's target fields replaced by `fields`.
QString withTarget(const std::string &fields) {
    return QString::fromStdString(
        mutated(R"J("kind": "step", "opname": "BINARY_OP", "line": 3)J", fields));
}

Json parsed(const char *text) {
    return Json::parse(text);
}

} // namespace

class TestLessonFormat : public QObject {
    Q_OBJECT
private slots:
    void readsValidLesson() {
        std::string error;
        const auto lesson = LessonReader::read(ValidLesson, "stack.lesson.json", error);
        QVERIFY2(lesson, error.c_str());
        QCOMPARE(lesson->id, std::string("stack"));
        QCOMPARE(lesson->chapter.in("zh_CN"), std::string("字节码"));
        QCOMPARE(lesson->chapter.in("en_US"), std::string("Bytecode"));
        QCOMPARE(lesson->stops.size(), size_t(2));
        const LessonStop &first = lesson->stops[0];
        QCOMPARE(first.demo, std::string("stack.py")); // the lesson's default demo
        QVERIFY(first.run == LessonStop::Run::Record);
        QVERIFY(first.target.kind == LessonTarget::Kind::Step);
        QCOMPARE(first.target.opname, std::string("BINARY_OP"));
        QCOMPARE(first.target.line, 3);
        QCOMPARE(first.fileLine, 12);
        QCOMPARE(lesson->stops[1].demo, std::string("other.py"));
        QVERIFY(lesson->stops[1].run == LessonStop::Run::Open);
        QCOMPARE(lesson->stops[1].fileLine, 17);

        // The Guards view's and the Kernels view's targets.
        std::string error2;
        const auto views = LessonReader::read(
            mutated(R"J("target": {"kind": "step", "opname": "BINARY_OP", "line": 3})J",
                    R"J("run": "kernels", "target": {"kind": "timing", "function": "f"})J"),
            "v.json", error2);
        QVERIFY2(views, error2.c_str());
        QVERIFY(views->stops[0].run == LessonStop::Run::Kernels);
        QVERIFY(views->stops[0].target.kind == LessonTarget::Kind::Timing);
        const auto kernel = LessonReader::read(
            mutated(R"J("kind": "step", "opname": "BINARY_OP", "line": 3)J",
                    R"J("kind": "kernel", "fuses": ["relu", "sin"], "contains": "simd")J"),
            "k.json", error2);
        QVERIFY2(kernel, error2.c_str());
        QCOMPARE(kernel->stops[0].target.fuses, (std::vector<std::string>{"relu", "sin"}));
        QVERIFY(kernel->stops[0].run == LessonStop::Run::Record);
        const auto guard = LessonReader::read(
            mutated(
                R"J("target": {"kind": "step", "opname": "BINARY_OP", "line": 3})J",
                R"J("run": "capture", "target": {"kind": "guard", "entry": 2, "source": "L['x']"})J"),
            "g.json", error2);
        QVERIFY2(guard, error2.c_str());
        QVERIFY(guard->stops[0].target.kind == LessonTarget::Kind::Guard);
        QCOMPARE(guard->stops[0].target.entry, 2);
    }

    void rejectsMalformed_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::addRow("syntax") << QString::fromStdString(mutated("\"order\": 1,", "\"order\": 1"))
                                << "x.json line 6: not valid JSON";
        QTest::addRow("missing text")
            << QString::fromStdString(mutated(
                   R"J("text": {"en": "pops two, pushes %match%", "zh_CN": "弹出两个，压入 %match%"},)J",
                   ""))
            << "x.json line 12: missing field \"text\"";
        QTest::addRow("no chinese") << QString::fromStdString(mutated(R"J(, "zh_CN": "乘法")J", ""))
                                    << "x.json line 13: missing field \"zh_CN\"";
        QTest::addRow("unknown kind")
            << QString::fromStdString(mutated(R"J("kind": "step")J", R"J("kind": "stepp")J"))
            << "x.json line 15: field \"kind\" is \"stepp\"; expected one of line, step";
        QTest::addRow("misspelt field")
            << QString::fromStdString(
                   mutated(R"J("opname": "BINARY_OP")J", R"J("opnme": "BINARY_OP")J"))
            << "x.json line 15: unknown field \"opnme\" in a step target";
        QTest::addRow("line is text")
            << QString::fromStdString(mutated(R"J("line": 3})J", R"J("line": "3"})J"))
            << "x.json line 15: field \"line\" must be a whole number";
        QTest::addRow("open needs line target")
            << QString::fromStdString(
                   mutated(R"J("kind": "line", "line": 2)J", R"J("kind": "node", "name": "mul")J"))
            << "x.json line 17: stop 2: \"run\": \"open\" only shows the script";
        QTest::addRow("demo path")
            << QString::fromStdString(mutated(R"J("demo": "other.py")J", R"J("demo": "../x.py")J"))
            << "x.json line 20: \"demo\" must be a .py file name";
        QTest::addRow("duplicate key")
            << QString::fromStdString(mutated(R"J("order": 1,)J", R"J("order": 1, "order": 2,)J"))
            << "x.json line 5: the key \"order\" appears twice";
        QTest::addRow("wrong format")
            << QString::fromStdString(mutated("dynascope-lesson", "lesson"))
            << "x.json line 2: \"format\" must be \"dynascope-lesson\"";
        QTest::addRow("no stops")
            << QString::fromStdString(
                   std::string(ValidLesson).substr(0, std::string(ValidLesson).find("\"stops\"")) +
                   "\"stops\": []}")
            << "x.json line 11: \"stops\" must be a list";
        QTest::addRow("occurrence zero")
            << QString::fromStdString(
                   mutated(R"J("line": 3})J", R"J("line": 3, "occurrence": 0})J"))
            << "x.json line 15: \"occurrence\" counts from 1";
        QTest::addRow("negative entry") << withTarget(R"J("kind": "cache_entry", "entry": -2)J")
                                        << "x.json line 15: \"entry\" counts cache entries from 1";
        QTest::addRow("fuses not a list")
            << withTarget(R"J("kind": "kernel", "fuses": "relu")J")
            << "x.json line 15: field \"fuses\" must be a list of names";
        QTest::addRow("fuses with a number")
            << withTarget(R"J("kind": "kernel", "fuses": ["relu", 2])J")
            << "x.json line 15: field \"fuses\" must be a list of names";
        QTest::addRow("entry on a kernel")
            << withTarget(R"J("kind": "kernel", "entry": 1)J")
            << "x.json line 15: unknown field \"entry\" in a kernel target";
        QTest::addRow("timing needs a kernels run")
            << withTarget(R"J("kind": "timing", "function": "f")J")
            << "x.json line 12: stop 1: a timing target needs \"run\": \"kernels\"";
        QTest::addRow("not an object") << "[1, 2]"
                                       << "x.json: a lesson file must be an object";
        QTest::addRow("empty") << ""
                               << "x.json line 1: not valid JSON";
    }
    void rejectsMalformed() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        std::string error;
        const auto lesson = LessonReader::read(text.toStdString(), "x.json", error);
        QVERIFY(!lesson);
        QVERIFY2(QString::fromStdString(error).startsWith(expected),
                 qPrintable("got: " + QString::fromStdString(error)));
    }

    void missingFileNamesIt() {
        std::string error;
        QVERIFY(!LessonReader::readFile("/nonexistent/dir/a.lesson.json", error));
        QCOMPARE(error,
                 std::string("a.lesson.json: cannot be read (/nonexistent/dir/a.lesson.json)"));
    }

    void readsDrillAndRejectsBadQuestions() {
        const std::string valid = R"({"format": "dynascope-drill", "version": 1, "questions": [
 {"id": "q1", "level": "mid", "origin": "article", "multiple": false,
  "question": {"en": "Q?", "zh_CN": "问？"},
  "options": [{"text": {"en": "a", "zh_CN": "甲"}, "correct": true},
              {"text": {"en": "b", "zh_CN": "乙"}}],
  "explanation": {"en": "because", "zh_CN": "因为"},
  "show_me": {"lesson": "guards", "stop": 2}}]}
)";
        std::string error;
        const auto drill = DrillReader::read(valid, "drill.json", error);
        QVERIFY2(drill, error.c_str());
        QCOMPARE(drill->questions.size(), size_t(1));
        QCOMPARE(drill->questions[0].showLesson, std::string("guards"));
        QCOMPARE(drill->questions[0].showStop, 2);
        QVERIFY(drill->questions[0].options[0].correct);
        QVERIFY(!drill->questions[0].options[1].correct);
        QCOMPARE(drill->questions[0].fileLine, 2);

        std::string twoRight = valid;
        const std::string second = "{\"en\": \"b\", \"zh_CN\": \"乙\"}}";
        twoRight.replace(twoRight.find(second), second.size(),
                         "{\"en\": \"b\", \"zh_CN\": \"乙\"}, \"correct\": true}");
        QVERIFY(!DrillReader::read(twoRight, "drill.json", error));
        QVERIFY2(QString::fromStdString(error).startsWith(
                     "drill.json line 4: question 1 is single choice and must have exactly one"),
                 error.c_str());
        std::string noProof = valid;
        const std::string proof = ",\n  \"show_me\": {\"lesson\": \"guards\", \"stop\": 2}";
        noProof.replace(noProof.find(proof), proof.size(), "");
        QVERIFY(!DrillReader::read(noProof, "drill.json", error));
        QVERIFY2(QString::fromStdString(error).startsWith("drill.json line 2: question 1 has no "
                                                          "\"show_me\""),
                 error.c_str());
    }

    void resolvesTargets() {
        std::map<std::string, std::vector<Json>> events;
        events["step"] = {
            parsed(R"J({"event":"call","function":"f","line":1,"offset":0,"opname":"","step":0})J"),
            parsed(
                R"J({"event":"instruction","function":"f","line":3,"offset":6,"opname":"BINARY_OP","argrepr":"*","step":4})J"),
            parsed(
                R"J({"event":"instruction","function":"f","line":4,"offset":10,"opname":"BINARY_OP","argrepr":"+","step":7})J")};
        events["graph"] = {parsed(
            R"J({"id":"G1","function":"f","nodes":[{"name":"x","op":"placeholder","target":"L['x']"},
                {"name":"mul","op":"call_function","target":"operator.mul","site":{"line":3,"offset":6}}]})J")};
        events["guards"] = {
            parsed(
                R"J({"function":"f","entry":0,"guards":[{"kind":"GLOBAL_STATE","source":"","text":"grad"},
                {"kind":"TENSOR_MATCH","source":"L['x']","text":"check_tensor(L['x'], size=[3])"}]})J"),
            parsed(
                R"J({"function":"f","entry":1,"guards":[{"kind":"GLOBAL_STATE","source":"","text":"grad"},
                {"kind":"TENSOR_MATCH","source":"L['x']","text":"check_tensor(L['x'], size=[4])"}]})J")};
        events["kernels"] = {parsed(R"J({"records":[
            {"graph":0,"status":"eager: g++ failed","source":"a\nb\n","kernels":[
                {"name":"kernel0","origins":["relu","sin"],"lines":[1,2]}]},
            {"graph":1,"status":"compiled","source":"head;\nvoid kernel0() {\npragma omp simd\n}\nvoid kernel1() {}\n",
             "kernels":[{"name":"kernel0","origins":["add","relu","sin_1"],"lines":[2,4]},
                        {"name":"kernel1","origins":["sum"],"lines":[5,5]}]}]})J")};
        events["timing"] = {parsed(R"J({"threads":1,"rounds":10,"functions":[
            {"name":"g","T_base":{"median_us":30.0},"T_comp":{"median_us":10.0},"speedup":3.0},
            {"name":"f","T_base":{"median_us":80.0},"T_comp":{"median_us":20.0},"speedup":4.0}]})J")};
        events["graph_break"] = {parsed(
            R"J({"break_type":"tensor_item","function":"f","reason":"item","user_stack":[{"line":9},{"line":5,"offset":20}]})J")};
        events["call"] = {
            parsed(
                R"J({"function":"f","index":1,"result":"miss","regions":[{"result":"miss","entry":0}]})J"),
            parsed(
                R"J({"function":"f","index":2,"result":"hit","regions":[{"result":"hit","entry":0}]})J"),
            parsed(
                R"J({"function":"f","index":3,"result":"recompile","regions":[{"result":"recompile","entry":1}]})J")};
        events["output"] = {parsed(R"J({"stream":"stdout","text":"share 0.25"})J"),
                            parsed(R"J({"stream":"stdout","text":"\np99 1.5 ms\n"})J"),
                            parsed(R"J({"stream":"stderr","text":"share 9"})J")};
        LessonTargetResolver resolver([&](const std::string &type) {
            const auto it = events.find(type);
            return it == events.end() ? EventsOfType() : EventsOfType(it->second);
        });

        LessonTarget t;
        t.kind = LessonTarget::Kind::Step;
        t.opname = "BINARY_OP";
        LessonTargetMatch m = resolver.resolve(t);
        QVERIFY(m.found);
        QCOMPARE(m.stepIndex, 4LL);
        QCOMPARE(m.label, std::string("BINARY_OP *"));
        t.occurrence = -1;
        QCOMPARE(resolver.resolve(t).stepIndex, 7LL);
        t.occurrence = 3;
        m = resolver.resolve(t);
        QVERIFY(!m.found);
        QCOMPARE(m.problem,
                 std::string("no step opname=BINARY_OP occurrence=3 in the run (2 matches)"));

        LessonTarget node;
        node.kind = LessonTarget::Kind::Node;
        node.target = "operator.mul";
        m = resolver.resolve(node);
        QVERIFY(m.found);
        QCOMPARE(m.graphId, std::string("G1"));
        QCOMPARE(m.nodeName, std::string("mul"));
        QCOMPARE(m.itemIndex, 1);
        QCOMPARE(m.line, 3);

        LessonTarget guard;
        guard.kind = LessonTarget::Kind::Guard;
        guard.guardKind = "TENSOR_MATCH";
        guard.contains = "size=[3]";
        m = resolver.resolve(guard);
        QVERIFY(m.found);
        QCOMPARE(m.itemIndex, 1);
        QCOMPARE(m.entry, 0);
        QCOMPARE(m.function, std::string("f"));
        guard.contains = "size=[5]";
        QVERIFY(!resolver.resolve(guard).found);
        // `entry` counts from 1 as the Guards view does; the match keeps the event's 0-based one.
        guard.contains = "size=[4]";
        guard.entry = 2;
        m = resolver.resolve(guard);
        QVERIFY(m.found);
        QCOMPARE(m.entry, 1);
        QCOMPARE(m.eventIndex, 1);
        guard.entry = 1;
        QVERIFY(!resolver.resolve(guard).found);

        LessonTarget entry;
        entry.kind = LessonTarget::Kind::CacheEntry;
        entry.function = "f";
        entry.entry = 2;
        m = resolver.resolve(entry);
        QVERIFY(m.found);
        QCOMPARE(m.entry, 1);
        QCOMPARE(m.itemIndex, -1);
        QCOMPARE(m.label, std::string("f: cache entry 2, 2 guards"));
        entry.entry = 3;
        QVERIFY(!resolver.resolve(entry).found);

        // Kernels: only what g++ built counts; an op matches its numbered nodes (sin_1).
        LessonTarget kernel;
        kernel.kind = LessonTarget::Kind::Kernel;
        kernel.fuses = {"relu", "sin"};
        m = resolver.resolve(kernel);
        QVERIFY2(m.found, m.problem.c_str());
        QCOMPARE(m.eventType, std::string("kernels"));
        QCOMPARE(m.itemIndex, 1);
        QCOMPARE(m.kernelIndex, 0);
        QCOMPARE(m.label, std::string("kernel0 (add·relu·sin_1)"));
        kernel.contains = "pragma omp simd"; // in kernel0's lines 2-4
        QVERIFY(resolver.resolve(kernel).found);
        kernel.fuses = {"sum"};
        QVERIFY(!resolver.resolve(kernel).found); // kernel1's line has no pragma
        kernel.contains.clear();
        QCOMPARE(resolver.resolve(kernel).kernelIndex, 1);
        kernel.fuses = {"si"}; // a prefix of an op is not the op
        QVERIFY(!resolver.resolve(kernel).found);

        LessonTarget timing;
        timing.kind = LessonTarget::Kind::Timing;
        timing.function = "f";
        m = resolver.resolve(timing);
        QVERIFY(m.found);
        QCOMPARE(m.itemIndex, 1);
        QCOMPARE(m.label, std::string("f: S = T_base / T_comp = 80.0 µs / 20.0 µs = 4.00"));

        LessonTarget br;
        br.kind = LessonTarget::Kind::Break;
        br.line = 5; // the innermost frame's line, not the caller's
        m = resolver.resolve(br);
        QVERIFY(m.found);
        QCOMPARE(m.offset, 20);
        br.line = 9;
        QVERIFY(!resolver.resolve(br).found);

        LessonTarget call;
        call.kind = LessonTarget::Kind::Call;
        call.result = "hit";
        m = resolver.resolve(call);
        QCOMPARE(m.eventIndex, 1);
        QCOMPARE(m.itemIndex, 1); // the function's second call: row 1 of its timeline
        QCOMPARE(m.entry, 0);
        call.result = "recompile";
        QCOMPARE(resolver.resolve(call).entry, 1); // the entry the recompile made

        LessonTarget out;
        out.kind = LessonTarget::Kind::Output;
        out.contains = "p99";
        m = resolver.resolve(out);
        QVERIFY(m.found);
        QCOMPARE(m.label, std::string("p99 1.5 ms")); // lines joined across writes
        out.contains = "share 9";                     // stderr is not the script's printed output
        QVERIFY(!resolver.resolve(out).found);
    }
};

QTEST_GUILESS_MAIN(TestLessonFormat)
#include "tst_lessonformat.moc"
