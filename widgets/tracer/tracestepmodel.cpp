// TraceStepModel: trace_step events decoded into rows and shown as a table.
#include "tracestepmodel.h"

namespace dynascope {

namespace {
QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

QStringList qsList(const std::vector<std::string> &list) {
    QStringList out;
    out.reserve(static_cast<int>(list.size()));
    for (const std::string &s : list)
        out << qs(s);
    return out;
}
} // namespace

TraceStepRow TraceStepRow::from(const TracedStep &traced) {
    const TraceStep &s = traced.step;
    TraceStepRow r;
    r.index = s.index;
    r.function = qs(s.function);
    r.file = qs(s.file);
    r.regionStart = s.regionStart;
    r.offset = s.offset;
    r.opname = qs(s.opname);
    r.arg = qs(s.arg);
    r.line = s.line;
    r.depth = s.depth;
    r.stack = qsList(s.stack);
    r.nodes = qsList(s.nodes);
    r.guards = qsList(s.guards);
    r.graphId = qs(traced.graphId);
    return r;
}

TraceStepModel::TraceStepModel(QObject *parent) : QAbstractTableModel(parent) {}

void TraceStepModel::setSteps(std::vector<TraceStepRow> steps) {
    beginResetModel();
    m_steps = std::move(steps);
    endResetModel();
}

const TraceStepRow *TraceStepModel::step(int row) const {
    return row >= 0 && row < static_cast<int>(m_steps.size()) ? &m_steps[row] : nullptr;
}

bool TraceStepModel::syncSteps(const std::vector<TracedStep> &steps) {
    if (steps.size() < m_steps.size()) {
        std::vector<TraceStepRow> rows;
        rows.reserve(steps.size());
        for (const TracedStep &s : steps)
            rows.push_back(TraceStepRow::from(s));
        setSteps(std::move(rows));
        return true;
    }
    if (steps.size() == m_steps.size())
        return false;
    beginInsertRows(QModelIndex(), static_cast<int>(m_steps.size()),
                    static_cast<int>(steps.size()) - 1);
    for (size_t i = m_steps.size(); i < steps.size(); ++i)
        m_steps.push_back(TraceStepRow::from(steps[i]));
    endInsertRows();
    return true;
}

int TraceStepModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_steps.size());
}

int TraceStepModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant TraceStepModel::data(const QModelIndex &index, int role) const {
    const TraceStepRow *s = index.isValid() ? step(index.row()) : nullptr;
    if (!s)
        return {};
    switch (role) {
    case LineRole:
        return s->line;
    case OffsetRole:
        return s->offset;
    case GraphIdRole:
        return s->graphId;
    case Qt::ToolTipRole:
        return tr("%1 at offset %2 of %3 (line %4)")
                   .arg(s->opname)
                   .arg(s->offset)
                   .arg(s->function)
                   .arg(s->line) +
               (s->graphId.isEmpty()
                    ? QString()
                    : tr("\ntrace step %1 of graph %2").arg(s->index).arg(s->graphId));
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn:
            // 1-based across the whole run, as the panel's "step N of M" counts; the region's
            // own step number (Step::index) is in the row's tooltip.
            return index.row() + 1;
        case FunctionColumn:
            // Indented by inlining depth, as a call tree reads.
            return QString(s->depth * 2, QLatin1Char(' ')) + s->function;
        case LineColumn:
            return s->line;
        case OffsetColumn:
            return s->offset;
        case OpnameColumn:
            return s->opname;
        case ArgColumn:
            return s->arg;
        case NodesColumn:
            return s->nodes.join(QStringLiteral(", "));
        }
        break;
    }
    return {};
}

QVariant TraceStepModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn:
        return tr("Step");
    case FunctionColumn:
        return tr("Function");
    case LineColumn:
        return tr("Line");
    case OffsetColumn:
        return tr("Offset");
    case OpnameColumn:
        return tr("Instruction");
    case ArgColumn:
        return tr("Arg");
    case NodesColumn:
        return tr("Nodes added");
    }
    return {};
}

} // namespace dynascope
