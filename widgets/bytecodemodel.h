// Item model of the run's bytecode: code objects, their source-line groups, their instructions.
#pragma once

#include "model/instruction.h"

#include <QAbstractItemModel>
#include <QStringList>

#include <map>
#include <vector>

namespace dynascope {

// A three-level tree, in bytecode order:
//   code object ("<module>", "add_relu (line 3)")
//     source line group (a run of consecutive instructions of one line, as `dis` prints them;
//                        "line 8:  c = a * b + 1" in the first column, meant to span the row)
//       instruction (offset, opname, arg, argrepr)
// A line that occurs in several places (loops, nested functions) has one group per place.
class BytecodeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Columns { OffsetColumn, OpnameColumn, ArgColumn, ArgreprColumn, NUM_COLUMNS };
    enum Roles {
        KindRole = Qt::UserRole, // NodeKind
        CodeIdRole,              // QString: CodeInfo::id of the code object
        OffsetRole,              // int: instruction offset (-1 for codes and lines)
        LineRole,                // int: source line (0: none)
        IsJumpTargetRole,        // bool
        JumpTargetRole,          // int: target offset of a jump, -1 otherwise
    };
    enum NodeKind { CodeNode, LineNode, InstructionNode };

    explicit BytecodeModel(QObject *parent = nullptr);

    // Line groups show the text of their line from here.
    void setSourceLines(const QStringList &lines);
    void clear();
    // A code object equal to one already shown (the recorder describes the code objects it runs
    // again, under ids of its own) becomes an alias of that row instead of a second copy.
    void appendCode(const CodeInfo &code);

    int instructionCount() const;
    QModelIndex indexOfInstruction(const QString &codeId, int offset, int column = 0) const;
    // Every instruction of `line`, in all code objects.
    QModelIndexList instructionsOfLine(int line) const;
    // Every line group of `line`.
    QModelIndexList groupsOfLine(int line) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Node {
        NodeKind kind;
        int parent;      // node index, -1 for codes
        int row;         // row within the parent
        int code;        // index into m_codes
        int line;        // source line (groups and instructions)
        int instruction; // index into the code's instructions (instructions only)
        std::vector<int> children;
    };
    const Node *node(const QModelIndex &index) const;
    QModelIndex indexOfNode(int nodeIndex, int column = 0) const;
    QVariant codeData(const Node &n, int column, int role) const;
    QVariant lineData(const Node &n, int column, int role) const;
    QVariant instructionData(const Node &n, int column, int role) const;

    std::vector<CodeInfo> m_codes;
    std::vector<Node> m_nodes;
    std::vector<int> m_codeNodes;         // top-level rows
    std::map<std::string, int> m_aliases; // code id → index into m_codes of the equal code shown
    QStringList m_sourceLines;
};

} // namespace dynascope
