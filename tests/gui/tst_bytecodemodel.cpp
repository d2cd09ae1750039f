// BytecodeModel: model invariants (QAbstractItemModelTester), line grouping, jump-target marks.
#include "bytecodemodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dynascope;

namespace {
Instruction makeInstruction(int offset, const char *opname, int line, bool target = false,
                            std::optional<int> jump = std::nullopt) {
    Instruction i;
    i.offset = offset;
    i.opname = opname;
    i.lineOfInstruction = line;
    i.isJumpTarget = target;
    i.jumpTarget = jump;
    return i;
}

// def f(x):            # line 1
//     while x:         # line 2
//         x -= 1       # line 3
//     return x         # line 4 (as a loop compiles: 2, 3, 2, 4)
CodeInfo loopCode() {
    CodeInfo c;
    c.id = "c2";
    c.name = c.qualname = "f";
    c.firstLine = 1;
    c.instructions = {makeInstruction(0, "RESUME", 1),
                      makeInstruction(2, "LOAD_FAST", 2),
                      makeInstruction(4, "POP_JUMP_FORWARD_IF_FALSE", 2, false, 14),
                      makeInstruction(6, "LOAD_FAST", 3, true),
                      makeInstruction(8, "STORE_FAST", 3),
                      makeInstruction(10, "LOAD_FAST", 2),
                      makeInstruction(12, "POP_JUMP_BACKWARD_IF_TRUE", 2, false, 6),
                      makeInstruction(14, "LOAD_FAST", 4, true),
                      makeInstruction(16, "RETURN_VALUE", 4)};
    return c;
}

CodeInfo moduleCode() {
    CodeInfo c;
    c.id = "c1";
    c.name = c.qualname = "<module>";
    c.instructions = {makeInstruction(0, "RESUME", 0), makeInstruction(2, "LOAD_CONST", 1),
                      makeInstruction(4, "MAKE_FUNCTION", 1), makeInstruction(6, "STORE_NAME", 1)};
    return c;
}
} // namespace

class TestBytecodeModel : public QObject {
    Q_OBJECT
private slots:
    void tester() {
        BytecodeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSourceLines({"def f(x):", "    while x:", "        x -= 1", "    return x"});
        model.appendCode(moduleCode());
        model.appendCode(loopCode());
        model.setSourceLines({"def f(x):"});
        model.clear();
        model.appendCode(loopCode());
    }

    void groupsFollowBytecodeOrder() {
        BytecodeModel model;
        model.appendCode(moduleCode());
        model.appendCode(loopCode());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.instructionCount(), 13);
        const QModelIndex f = model.index(1, 0);
        QCOMPARE(f.data().toString(), QString("f (line 1)"));
        // Lines 1, 2, 3, 2, 4: line 2 appears twice because the loop test is at both ends.
        QList<int> groups;
        for (int row = 0; row < model.rowCount(f); ++row)
            groups << model.index(row, 0, f).data(BytecodeModel::LineRole).toInt();
        QCOMPARE(groups, QList<int>({1, 2, 3, 2, 4}));
        QCOMPARE(model.index(0, 0, f).data().toString(), QString("line 1")); // no source lines
        QCOMPARE(model.groupsOfLine(2).size(), 2);
        QCOMPARE(model.instructionsOfLine(2).size(), 4);
        QCOMPARE(model.instructionsOfLine(1).size(), 4); // module MAKE_FUNCTION… plus f's RESUME
        QVERIFY(model.instructionsOfLine(0).isEmpty());  // "no line" is not a selectable line
    }

    void equalCodeBecomesAnAlias() {
        BytecodeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.appendCode(loopCode());
        CodeInfo again = loopCode();
        again.id = "r1"; // the recorder's id for the same code object
        model.appendCode(again);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.indexOfInstruction("r1", 6), model.indexOfInstruction("c2", 6));
        again.id = "r2";
        again.firstLine = 40; // another function with the same bytes is another row
        model.appendCode(again);
        QCOMPARE(model.rowCount(), 2);
    }

    void instructionColumnsAndRoles() {
        BytecodeModel model;
        model.setSourceLines({"def f(x):", "    while x:", "        x -= 1", "    return x"});
        model.appendCode(loopCode());
        const QModelIndex target = model.indexOfInstruction("c2", 6);
        QVERIFY(target.isValid());
        QCOMPARE(target.data().toString(), QString(">> 6"));
        QVERIFY(target.data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(target.data(BytecodeModel::IsJumpTargetRole).toBool(), true);
        QCOMPARE(target.siblingAtColumn(BytecodeModel::OpnameColumn).data().toString(),
                 QString("LOAD_FAST"));
        const QModelIndex jump = model.indexOfInstruction("c2", 4);
        QCOMPARE(jump.data().toString(), QString("4"));
        QCOMPARE(jump.data(BytecodeModel::JumpTargetRole).toInt(), 14);
        QCOMPARE(jump.data(BytecodeModel::LineRole).toInt(), 2);
        QCOMPARE(jump.data(BytecodeModel::CodeIdRole).toString(), QString("c2"));
        // A group shows its source text next to the line number.
        const QModelIndex group = jump.parent();
        QCOMPARE(group.data(BytecodeModel::KindRole).toInt(), int(BytecodeModel::LineNode));
        QCOMPARE(group.data().toString(), QString("line 2:  while x:"));
        QVERIFY(!model.indexOfInstruction("c2", 5).isValid());
        QVERIFY(!model.indexOfInstruction("c9", 6).isValid());
    }
};

QTEST_MAIN(TestBytecodeModel)
#include "tst_bytecodemodel.moc"
