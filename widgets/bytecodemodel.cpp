// BytecodeModel: a flat node table behind a three-level tree (code → line group → instruction).
#include "bytecodemodel.h"

#include "stepper/instructionexplanation.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace dynascope {

BytecodeModel::BytecodeModel(QObject *parent) : QAbstractItemModel(parent) {}

void BytecodeModel::setSourceLines(const QStringList &lines) {
    m_sourceLines = lines;
    // Only the group rows show source text; tell the view per code object.
    for (int codeNode : m_codeNodes) {
        const int groups = int(m_nodes[size_t(codeNode)].children.size());
        if (groups > 0)
            emit dataChanged(index(0, 0, indexOfNode(codeNode)),
                             index(groups - 1, NUM_COLUMNS - 1, indexOfNode(codeNode)));
    }
}

void BytecodeModel::clear() {
    beginResetModel();
    m_codes.clear();
    m_aliases.clear();
    m_nodes.clear();
    m_codeNodes.clear();
    endResetModel();
}

void BytecodeModel::appendCode(const CodeInfo &code) {
    for (int c = 0; c < int(m_codes.size()); ++c) {
        const CodeInfo &shown = m_codes[size_t(c)];
        if (shown.filename == code.filename && shown.qualname == code.qualname &&
            shown.firstLine == code.firstLine && shown.rawCodeHex == code.rawCodeHex &&
            shown.instructions.size() == code.instructions.size()) {
            m_aliases[code.id] = c;
            return;
        }
    }
    const int row = int(m_codeNodes.size());
    beginInsertRows({}, row, row);
    const int codeIndex = int(m_codes.size());
    m_codes.push_back(code);
    const int codeNode = int(m_nodes.size());
    m_nodes.push_back({CodeNode, -1, row, codeIndex, code.firstLine, -1, {}});
    m_codeNodes.push_back(codeNode);
    int group = -1;
    for (int i = 0; i < int(code.instructions.size()); ++i) {
        const int line = code.instructions[size_t(i)].lineOfInstruction;
        if (group < 0 || m_nodes[size_t(group)].line != line) {
            group = int(m_nodes.size());
            const int groupRow = int(m_nodes[size_t(codeNode)].children.size());
            m_nodes.push_back({LineNode, codeNode, groupRow, codeIndex, line, -1, {}});
            m_nodes[size_t(codeNode)].children.push_back(group);
        }
        const int instructionNode = int(m_nodes.size());
        const int instructionRow = int(m_nodes[size_t(group)].children.size());
        m_nodes.push_back({InstructionNode, group, instructionRow, codeIndex, line, i, {}});
        m_nodes[size_t(group)].children.push_back(instructionNode);
    }
    endInsertRows();
}

int BytecodeModel::instructionCount() const {
    int count = 0;
    for (const CodeInfo &c : m_codes)
        count += int(c.instructions.size());
    return count;
}

QModelIndex BytecodeModel::indexOfInstruction(const QString &codeId, int offset, int column) const {
    std::string id = codeId.toStdString();
    if (auto alias = m_aliases.find(id); alias != m_aliases.end())
        id = m_codes[size_t(alias->second)].id;
    for (int n = 0; n < int(m_nodes.size()); ++n) {
        const Node &node = m_nodes[size_t(n)];
        if (node.kind == InstructionNode && m_codes[size_t(node.code)].id == id &&
            m_codes[size_t(node.code)].instructions[size_t(node.instruction)].offset == offset)
            return indexOfNode(n, column);
    }
    return {};
}

QModelIndexList BytecodeModel::instructionsOfLine(int line) const {
    QModelIndexList out;
    for (int n = 0; n < int(m_nodes.size()); ++n)
        if (m_nodes[size_t(n)].kind == InstructionNode && m_nodes[size_t(n)].line == line &&
            line > 0)
            out.append(indexOfNode(n));
    return out;
}

QModelIndexList BytecodeModel::groupsOfLine(int line) const {
    QModelIndexList out;
    for (int n = 0; n < int(m_nodes.size()); ++n)
        if (m_nodes[size_t(n)].kind == LineNode && m_nodes[size_t(n)].line == line && line > 0)
            out.append(indexOfNode(n));
    return out;
}

const BytecodeModel::Node *BytecodeModel::node(const QModelIndex &index) const {
    if (!index.isValid())
        return nullptr;
    return &m_nodes[size_t(index.internalId())];
}

QModelIndex BytecodeModel::indexOfNode(int nodeIndex, int column) const {
    return createIndex(m_nodes[size_t(nodeIndex)].row, column, quintptr(nodeIndex));
}

QModelIndex BytecodeModel::index(int row, int column, const QModelIndex &parent) const {
    if (row < 0 || column < 0 || column >= NUM_COLUMNS)
        return {};
    const std::vector<int> &rows = parent.isValid() ? node(parent)->children : m_codeNodes;
    if (parent.isValid() && parent.column() != 0)
        return {};
    if (row >= int(rows.size()))
        return {};
    return createIndex(row, column, quintptr(rows[size_t(row)]));
}

QModelIndex BytecodeModel::parent(const QModelIndex &child) const {
    const Node *n = node(child);
    if (!n || n->parent < 0)
        return {};
    return indexOfNode(n->parent);
}

int BytecodeModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return int(m_codeNodes.size());
    if (parent.column() != 0)
        return 0;
    return int(node(parent)->children.size());
}

int BytecodeModel::columnCount(const QModelIndex &) const {
    return NUM_COLUMNS;
}

QVariant BytecodeModel::data(const QModelIndex &index, int role) const {
    const Node *n = node(index);
    if (!n)
        return {};
    switch (role) {
    case KindRole:
        return n->kind;
    case CodeIdRole:
        return QString::fromStdString(m_codes[size_t(n->code)].id);
    case LineRole:
        return n->line;
    default:
        break;
    }
    switch (n->kind) {
    case CodeNode:
        return codeData(*n, index.column(), role);
    case LineNode:
        return lineData(*n, index.column(), role);
    case InstructionNode:
        return instructionData(*n, index.column(), role);
    }
    return {};
}

QVariant BytecodeModel::codeData(const Node &n, int column, int role) const {
    const CodeInfo &code = m_codes[size_t(n.code)];
    if (role == OffsetRole || role == JumpTargetRole)
        return -1;
    if (role == IsJumpTargetRole)
        return false;
    if (role == Qt::DisplayRole && column == OffsetColumn) {
        const QString name =
            QString::fromStdString(code.qualname.empty() ? code.name : code.qualname);
        if (code.name == "<module>")
            return name;
        return tr("%1 (line %2)").arg(name).arg(code.firstLine);
    }
    if (role == Qt::DisplayRole && column == ArgreprColumn)
        return tr("%n instruction(s)", nullptr, int(code.instructions.size()));
    if (role == Qt::FontRole) {
        QFont f;
        f.setBold(true);
        return f;
    }
    return {};
}

QVariant BytecodeModel::lineData(const Node &n, int column, int role) const {
    if (role == OffsetRole || role == JumpTargetRole)
        return -1;
    if (role == IsJumpTargetRole)
        return false;
    if (role == Qt::DisplayRole) {
        // One cell with the line's text: the view spans it over all columns.
        if (column != OffsetColumn)
            return {};
        if (n.line <= 0)
            return tr("(no line)");
        if (n.line > m_sourceLines.size())
            return tr("line %1").arg(n.line);
        return tr("line %1:  %2").arg(n.line).arg(m_sourceLines.at(n.line - 1).trimmed());
    }
    if (role == Qt::ToolTipRole && n.line > 0 && n.line <= m_sourceLines.size())
        return m_sourceLines.at(n.line - 1);
    if (role == Qt::ForegroundRole)
        return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
    return {};
}

QVariant BytecodeModel::instructionData(const Node &n, int column, int role) const {
    const Instruction &i = m_codes[size_t(n.code)].instructions[size_t(n.instruction)];
    switch (role) {
    case OffsetRole:
        return i.offset;
    case IsJumpTargetRole:
        return i.isJumpTarget;
    case JumpTargetRole:
        return i.jumpTarget.value_or(-1);
    case Qt::DisplayRole:
        switch (column) {
        case OffsetColumn:
            // dis marks jump targets with ">>" before the offset.
            return i.isJumpTarget ? QStringLiteral(">> %1").arg(i.offset)
                                  : QString::number(i.offset);
        case OpnameColumn:
            return QString::fromStdString(i.opname);
        case ArgColumn:
            return i.arg ? QVariant(*i.arg) : QVariant();
        case ArgreprColumn:
            return QString::fromStdString(i.argrepr);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == OffsetColumn || column == ArgColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if (i.isJumpTarget) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        // One sentence on what the instruction does (the stepper's explanations), then jumps.
        QString tip =
            explainInstruction(QString::fromStdString(i.opname), QString::fromStdString(i.argrepr));
        if (i.jumpTarget)
            tip += QLatin1Char('\n') + tr("Jumps to offset %1").arg(*i.jumpTarget);
        else if (i.isJumpTarget)
            tip += QLatin1Char('\n') + tr("Jump target");
        return tip;
    }
    }
    return {};
}

QVariant BytecodeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OffsetColumn:
        return tr("Offset");
    case OpnameColumn:
        return tr("Instruction");
    case ArgColumn:
        return tr("Arg");
    case ArgreprColumn:
        return tr("Argument");
    }
    return {};
}

} // namespace dynascope
