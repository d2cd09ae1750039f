// The run-time stack use of every 3.11 opcode against dis.stack_effect (python3.11 prints the
// table at test time), and the pops/pushes split for opcodes whose net effect hides it.
#include "bytecode/opcodes.h"
#include "bytecode/stackuse.h"

#include <opcode.h>

#include <QProcess>
#include <QtTest>

#include <map>
#include <iterator>
#include <tuple>

using namespace dynascope;

namespace {

const int kArgs[] = {0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 255, 256, 257, 1000, 65535};

// One line per (opcode, arg, jump): "op arg jump effect", effect "E" where dis raises.
const char *kOracle = R"PY(
import dis, opcode
args = [int(a) for a in ARGS.split()]
for op in range(256):
    for arg in args:
        for jump in (False, True, None):
            try:
                if op < opcode.HAVE_ARGUMENT:
                    e = dis.stack_effect(op, jump=jump)
                else:
                    e = dis.stack_effect(op, arg, jump=jump)
            except ValueError:
                e = 'E'
            print(op, arg, {False: 0, True: 1, None: 2}[jump], e)
)PY";

using Key = std::tuple<int, int, int>; // opcode, arg, jump mode
std::map<Key, QString> g_dis;

QString disEffect(int op, int arg, int mode) {
    return g_dis.at({op, arg, mode});
}

const JumpMode kModes[] = {JumpMode::NotTaken, JumpMode::Taken, JumpMode::Max};

} // namespace

class TestStackUse : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStringList args;
        for (int a : kArgs)
            args << QString::number(a);
        QString script = QString::fromUtf8(kOracle).replace("ARGS", "'" + args.join(' ') + "'");
        QProcess python;
        python.start(QStringLiteral(DYNASCOPE_PYTHON_EXECUTABLE), {"-c", script});
        QVERIFY(python.waitForFinished(60000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        for (const QString &line :
             QString::fromUtf8(python.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts)) {
            const QStringList f = line.split(' ');
            QCOMPARE(f.size(), 4);
            g_dis[{f[0].toInt(), f[1].toInt(), f[2].toInt()}] = f[3];
        }
        QCOMPARE(g_dis.size(), size_t(256 * std::size(kArgs) * 3));
    }

    // pushes − pops is dis.stack_effect for every opcode, argument and path; dis rejects exactly
    // the opcodes we have no use for. The call pair is booked differently by the compiler (see
    // stackuse.h): there the pair's total must agree.
    void netEffectIsDis() {
        int checked = 0;
        for (int op = 0; op < 256; ++op)
            for (int arg : kArgs)
                for (int m = 0; m < 3; ++m) {
                    const int used = op < kHaveArgument ? 0 : arg;
                    const std::optional<StackUse> use = stackUse(op, used, kModes[m]);
                    const QString expected = disEffect(op, arg, m);
                    const QString where = QString("%1 arg %2 jump %3")
                                              .arg(QString::fromStdString(opcodeName(op)))
                                              .arg(arg)
                                              .arg(m);
                    if (expected == "E") {
                        QVERIFY2(!use, qPrintable(where + ": dis rejects it"));
                        continue;
                    }
                    QVERIFY2(use, qPrintable(where + ": dis knows it"));
                    QVERIFY2(use->pops >= 0 && use->pushes >= 0, qPrintable(where));
                    if (op == PRECALL || op == CALL)
                        continue;
                    QVERIFY2(use->net() == expected.toInt(),
                             qPrintable(QString("%1: dis says %2, we say pops %3 pushes %4")
                                            .arg(where, expected)
                                            .arg(use->pops)
                                            .arg(use->pushes)));
                    ++checked;
                }
        QVERIFY(checked > 100 * int(std::size(kArgs)) * 3);
        for (int arg : kArgs)
            for (int m = 0; m < 3; ++m) {
                const int pair = stackUse(PRECALL, arg, kModes[m])->net() +
                                 stackUse(CALL, arg, kModes[m])->net();
                QCOMPARE(pair,
                         disEffect(PRECALL, arg, m).toInt() + disEffect(CALL, arg, m).toInt());
                QCOMPARE(precallUnpackingBoundMethod(arg).net(), 0);
            }
    }

    // Splits read off Python/ceval.c (3.11), where the net effect alone does not tell them.
    void split_data() {
        QTest::addColumn<QString>("opname");
        QTest::addColumn<int>("arg");
        QTest::addColumn<bool>("jumps");
        QTest::addColumn<int>("pops");
        QTest::addColumn<int>("pushes");
        QTest::addRow("BINARY_OP") << "BINARY_OP" << 0 << false << 2 << 1;
        QTest::addRow("COPY 3 reads, pushes") << "COPY" << 3 << false << 0 << 1;
        QTest::addRow("SWAP 3 rewrites three") << "SWAP" << 3 << false << 3 << 3;
        QTest::addRow("CALL 2") << "CALL" << 2 << false << 4 << 1;
        QTest::addRow("PRECALL 2") << "PRECALL" << 2 << false << 0 << 0;
        QTest::addRow("BUILD_MAP 2") << "BUILD_MAP" << 2 << false << 4 << 1;
        QTest::addRow("BUILD_CONST_KEY_MAP 2") << "BUILD_CONST_KEY_MAP" << 2 << false << 3 << 1;
        QTest::addRow("LOAD_GLOBAL") << "LOAD_GLOBAL" << 4 << false << 0 << 1;
        QTest::addRow("LOAD_GLOBAL NULL +") << "LOAD_GLOBAL" << 5 << false << 0 << 2;
        QTest::addRow("LOAD_METHOD") << "LOAD_METHOD" << 0 << false << 1 << 2;
        QTest::addRow("FOR_ITER next") << "FOR_ITER" << 6 << false << 0 << 1;
        QTest::addRow("FOR_ITER exhausted") << "FOR_ITER" << 6 << true << 1 << 0;
        QTest::addRow("SEND yields") << "SEND" << 3 << false << 1 << 1;
        QTest::addRow("SEND returns") << "SEND" << 3 << true << 2 << 1;
        QTest::addRow("JUMP_IF_TRUE_OR_POP jumps") << "JUMP_IF_TRUE_OR_POP" << 2 << true << 0 << 0;
        QTest::addRow("JUMP_IF_TRUE_OR_POP falls") << "JUMP_IF_TRUE_OR_POP" << 2 << false << 1 << 0;
        QTest::addRow("UNPACK_EX 1+*+2") << "UNPACK_EX" << 0x201 << false << 1 << 4;
        QTest::addRow("BEFORE_WITH") << "BEFORE_WITH" << 0 << false << 1 << 2;
        QTest::addRow("PUSH_EXC_INFO") << "PUSH_EXC_INFO" << 0 << false << 1 << 2;
        QTest::addRow("CHECK_EXC_MATCH") << "CHECK_EXC_MATCH" << 0 << false << 1 << 1;
        QTest::addRow("GET_LEN") << "GET_LEN" << 0 << false << 0 << 1;
        QTest::addRow("MATCH_CLASS") << "MATCH_CLASS" << 2 << false << 3 << 1;
        QTest::addRow("FORMAT_VALUE with spec") << "FORMAT_VALUE" << 4 << false << 2 << 1;
        QTest::addRow("MAKE_FUNCTION closure") << "MAKE_FUNCTION" << 8 << false << 2 << 1;
        QTest::addRow("CALL_FUNCTION_EX kwargs") << "CALL_FUNCTION_EX" << 1 << false << 4 << 1;
        QTest::addRow("YIELD_VALUE") << "YIELD_VALUE" << 0 << false << 1 << 1;
        QTest::addRow("LIST_APPEND") << "LIST_APPEND" << 2 << false << 1 << 0;
    }

    void split() {
        QFETCH(QString, opname);
        QFETCH(int, arg);
        QFETCH(bool, jumps);
        QFETCH(int, pops);
        QFETCH(int, pushes);
        const int op = opcodeByName(opname.toStdString());
        QVERIFY(op >= 0);
        const std::optional<StackUse> use =
            stackUse(op, arg, jumps ? JumpMode::Taken : JumpMode::NotTaken);
        QVERIFY(use);
        QCOMPARE(use->pops, pops);
        QCOMPARE(use->pushes, pushes);
    }

    // The recorder's two run-time refinements keep the net effect of the instruction's own use.
    void runTimeRefinements() {
        QCOMPARE(precallUnpackingBoundMethod(2), (StackUse{4, 4}));
        QCOMPARE(yieldValueSuspending(), (StackUse{1, 0}));
        QCOMPARE(stackUse(YIELD_VALUE, 0)->pops, yieldValueSuspending().pops);
    }

    void specialisedOpcodesAreRejected() {
        // The run-time forms dis does not know: callers pass base opcodes.
        QVERIFY(!stackUse(opcodeByName("BINARY_OP_ADD_INT"), 0));
        QVERIFY(!stackUse(opcodeByName("LOAD_FAST__LOAD_FAST"), 0));
        QVERIFY(stackUse(baseOpcode(opcodeByName("BINARY_OP_ADD_INT")), 0));
    }
};

QTEST_GUILESS_MAIN(TestStackUse)
#include "tst_stackuse.moc"
