// Stack effects, operation texts and instruction explanations of the stepper.
#include "stepper/instructionexplanation.h"
#include "stepper/stackoperation.h"
#include "stepper/stackvaluetext.h"
#include "tst_stepper_recording.h"

#include <QProcess>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

using Stack = std::vector<StackValue>;
Q_DECLARE_METATYPE(Stack)

namespace {

Stack ints(std::initializer_list<const char *> reprs) {
    Stack s;
    for (const char *r : reprs)
        s.push_back(value("int", r));
    return s;
}

StackValue tensor(const char *shape, const char *dtype, bool grad = false) {
    StackValue v = value("Tensor", "tensor([...])");
    v.shape = shape;
    v.dtype = dtype;
    v.requiresGrad = grad;
    return v;
}

} // namespace

class TestStepperOperation : public QObject {
    Q_OBJECT
private slots:
    void operation_data() {
        QTest::addColumn<Stack>("before");
        QTest::addColumn<QString>("opname");
        QTest::addColumn<QString>("argrepr");
        QTest::addColumn<Stack>("after");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("caption");
        // What the recorder wrote (the engine's stack use); -1: a capture without them.
        QTest::addColumn<int>("pops");
        QTest::addColumn<int>("pushes");
        const StackValue null = value("NULL", "NULL");
        const StackValue f = value("function", "<function f at 0x7f01>");
        const StackValue print = value("builtin_function_or_method", "<built-in function print>");
        QTest::addRow("multiply") << ints({"2", "3"}) << "BINARY_OP"
                                  << "*" << ints({"6"}) << "2 * 3 → 6"
                                  << "pops 2, pushes 1" << 2 << 1;
        // The result equals an operand below it: counts come from the recorder, not a diff.
        QTest::addRow("times one") << ints({"2", "1"}) << "BINARY_OP"
                                   << "*" << ints({"2"}) << "2 * 1 → 2"
                                   << "pops 2, pushes 1" << 2 << 1;
        QTest::addRow("compare") << ints({"9", "1", "2"}) << "COMPARE_OP"
                                 << "<" << Stack{value("int", "9"), value("bool", "True")}
                                 << "1 < 2 → True"
                                 << "pops 2, pushes 1" << 2 << 1;
        QTest::addRow("call") << Stack{null, f, value("int", "2"), value("int", "3")} << "CALL"
                              << "2" << ints({"7"}) << "f(2, 3) → 7"
                              << "pops 4, pushes 1" << 4 << 1;
        QTest::addRow("builtin call")
            << Stack{null, print, value("int", "7")} << "CALL"
            << "1" << Stack{value("NoneType", "None")} << "print(7) → None"
            << "pops 3, pushes 1" << 3 << 1;
        QTest::addRow("load global with NULL")
            << Stack{} << "LOAD_GLOBAL"
            << "NULL + print" << Stack{null, print} << "print → <built-in function prin…"
            << "pushes 2" << 0 << 2;
        QTest::addRow("load fast") << ints({"2"}) << "LOAD_FAST"
                                   << "b" << ints({"2", "3"}) << "b → 3"
                                   << "pushes 1" << 0 << 1;
        QTest::addRow("load const") << Stack{} << "LOAD_CONST"
                                    << "1" << ints({"1"}) << "push 1"
                                    << "pushes 1" << 0 << 1;
        QTest::addRow("store") << ints({"7"}) << "STORE_FAST"
                               << "c" << Stack{} << "c = 7"
                               << "pops 1" << 1 << 0;
        QTest::addRow("store subscript") << Stack{value("list", "[0, 0]"), value("int", "5"),
                                                  value("list", "[0, 0]"), value("int", "1")}
                                         << "STORE_SUBSCR"
                                         << "" << Stack{value("list", "[0, 0]")} << "[0, 0][1] = 5"
                                         << "pops 3" << 3 << 0;
        QTest::addRow("return") << ints({"7"}) << "RETURN_VALUE"
                                << "" << Stack{} << "return 7"
                                << "pops 1" << 1 << 0;
        QTest::addRow("precall") << ints({"1", "2"}) << "PRECALL"
                                 << "1" << ints({"1", "2"}) << ""
                                 << "no stack change" << 0 << 0;
        QTest::addRow("for iter next")
            << Stack{value("range_iterator", "<range_iterator>")} << "FOR_ITER"
            << "to 20" << Stack{value("range_iterator", "<range_iterator>"), value("int", "0")}
            << "next → 0"
            << "pushes 1" << 0 << 1;
        QTest::addRow("for iter exhausted")
            << Stack{value("range_iterator", "<range_iterator>")} << "FOR_ITER"
            << "to 20" << Stack{} << "iterator exhausted"
            << "pops 1" << 1 << 0;
        QTest::addRow("unpack") << Stack{value("tuple", "(1, 2, 3)")} << "UNPACK_SEQUENCE"
                                << "3" << ints({"3", "2", "1"}) << ""
                                << "pops 1, pushes 3" << 1 << 3;
        QTest::addRow("negate") << ints({"4"}) << "UNARY_NEGATIVE"
                                << "" << ints({"-4"}) << "-4 → -4"
                                << "pops 1, pushes 1" << 1 << 1;
        QTest::addRow("tensor add")
            << Stack{tensor("[2, 3]", "float32"), tensor("[2, 3]", "float32")} << "BINARY_OP"
            << "+" << Stack{tensor("[2, 3]", "float32", true)}
            << "Tensor f32[2, 3] + Tensor f32[2, 3] → Tensor f32[2, 3] grad"
            << "pops 2, pushes 1" << 2 << 1;
        // The same step in a capture from before the recorder wrote counts: the stacks only
        // show that the top entry went.
        QTest::addRow("times one, old capture") << ints({"2", "1"}) << "BINARY_OP"
                                                << "*" << ints({"2"}) << ""
                                                << "pops 1" << -1 << -1;
        // Counts that cannot be right for the two stacks are not believed.
        QTest::addRow("counts that do not fit") << ints({"2", "3"}) << "BINARY_OP"
                                                << "*" << ints({"6"}) << "2 * 3 → 6"
                                                << "pops 2, pushes 1" << 3 << 1;
        // No counts (a capture from an older recorder, an unknown opcode): they come from where
        // the stacks start to differ.
        QTest::addRow("unknown") << ints({"1", "2"}) << "SOME_FUTURE_OP"
                                 << "" << ints({"1", "5"}) << "→ 5"
                                 << "pops 1, pushes 1" << -1 << -1;
    }

    // IS_OP and CONTAINS_OP: dis gives no argrepr, so only the recorded argument (1: inverted)
    // tells `is` from `is not` and `in` from `not in`.
    void inversion_data() {
        QTest::addColumn<QString>("opname");
        QTest::addColumn<int>("arg");
        QTest::addColumn<Stack>("before");
        QTest::addColumn<QString>("result");
        QTest::addColumn<QString>("text");
        const StackValue none = value("NoneType", "None");
        const StackValue list = value("list", "[1, 2]");
        QTest::addRow("is") << "IS_OP" << 0 << Stack{value("int", "3"), none} << "False"
                            << "3 is None → False";
        QTest::addRow("is not") << "IS_OP" << 1 << Stack{value("int", "3"), none} << "True"
                                << "3 is not None → True";
        QTest::addRow("in") << "CONTAINS_OP" << 0 << Stack{value("int", "1"), list} << "True"
                            << "1 in [1, 2] → True";
        QTest::addRow("not in") << "CONTAINS_OP" << 1 << Stack{value("int", "1"), list} << "False"
                                << "1 not in [1, 2] → False";
    }

    void inversion() {
        QFETCH(QString, opname);
        QFETCH(int, arg);
        QFETCH(Stack, before);
        QFETCH(QString, result);
        QFETCH(QString, text);
        Step step;
        step.opname = opname.toStdString();
        step.arg = arg;
        step.stack = {value("bool", result.toUtf8().constData())};
        step.pops = 2;
        step.pushes = 1;
        const StackOperation op = describeStackOperation(before, step);
        QCOMPARE(op.text, text);
        QCOMPARE(op.caption, QStringLiteral("pops 2, pushes 1"));
    }

    void operation() {
        QFETCH(Stack, before);
        QFETCH(QString, opname);
        QFETCH(QString, argrepr);
        QFETCH(Stack, after);
        QFETCH(QString, text);
        QFETCH(QString, caption);
        QFETCH(int, pops);
        QFETCH(int, pushes);
        Step step;
        step.opname = opname.toStdString();
        step.argrepr = argrepr.toStdString();
        step.stack = after;
        step.pops = pops;
        step.pushes = pushes;
        const StackOperation op = describeStackOperation(before, step);
        QCOMPARE(op.text, text);
        QCOMPARE(op.caption, caption);
        QCOMPARE(int(before.size()) - op.pops + op.pushes, int(after.size()));
    }

    void callEvent() {
        Step call = stepDemoSteps()[9];
        QCOMPARE(call.event, std::string("call"));
        const StackOperation op = describeStackOperation({}, call);
        QCOMPARE(op.text, QStringLiteral("call f(a=2, b=3)"));
        QCOMPARE(op.caption, QStringLiteral("no stack change"));
    }

    void valueTexts() {
        QCOMPARE(stackValueText(tensor("[2, 3]", "float32")), QStringLiteral("Tensor f32[2, 3]"));
        QCOMPARE(stackValueText(tensor("[]", "torch.int64")), QStringLiteral("Tensor i64[]"));
        QCOMPARE(stackValueText(value("str", "'hi'")), QStringLiteral("'hi'"));
        QCOMPARE(callableName(value("function", "<function outer.<locals>.g at 0x1>")),
                 QStringLiteral("outer.<locals>.g"));
        QCOMPARE(callableName(value("type", "<class 'int'>")), QStringLiteral("int"));
        QCOMPARE(elided(QStringLiteral("abcdef"), 4), QStringLiteral("abc…"));
    }

    // The oracle is CPython's own opcode table: every 3.11 opcode has a sentence of its own.
    void everyOpcodeIsExplained() {
        QProcess python;
        python.start(QStringLiteral(DYNASCOPE_PYTHON_EXECUTABLE),
                     {QStringLiteral("-c"),
                      QStringLiteral("import opcode\nfor n in opcode.opname:\n"
                                     "    print(n) if not n.startswith('<') else None")});
        QVERIFY(python.waitForFinished(30000));
        QCOMPARE(python.exitCode(), 0);
        const QStringList names =
            QString::fromUtf8(python.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
        QVERIFY(names.size() > 100);
        QStringList missing;
        for (const QString &name : names)
            if (!isExplainedOpcode(name))
                missing << name;
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(' ')));
    }

    void explanationsUseTheArgument() {
        QCOMPARE(explainInstruction("LOAD_FAST", "a"),
                 QStringLiteral("Pushes the value of the local variable 'a'."));
        QCOMPARE(explainInstruction("BINARY_OP", "*"),
                 QStringLiteral("Pops two operands, applies * to them and pushes the result."));
        QCOMPARE(explainInstruction("LOAD_GLOBAL", "NULL + print"),
                 QStringLiteral("Pushes the global or builtin named 'print' (with a NULL below "
                                "it when a call follows)."));
        QCOMPARE(explainInstruction("JUMP_BACKWARD", "to 8"),
                 QStringLiteral("Jumps back to 8: the end of a loop body going round again."));
        QVERIFY(explainInstruction("POP_JUMP_FORWARD_IF_FALSE", "").contains("to its target"));
        QVERIFY(!explainInstruction("LOAD_CONST", "1").contains("'1'"));
        QVERIFY(!isExplainedOpcode("NOT_AN_OPCODE"));
        QVERIFY(explainInstruction("NOT_AN_OPCODE").startsWith("NOT_AN_OPCODE"));
    }
};

QTEST_GUILESS_MAIN(TestStepperOperation)
#include "tst_stepper_operation.moc"
