// TraceStepModel: trace_step events decoded into rows and shown as a table.
#include "tracestepmodel.h"

namespace dynascope {

namespace {
QStringList stringList(const Json &j) {
    QStringList out;
    if (!j.is_array())
        return out;
    for (const Json &v : j)
        out << QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
    return out;
}

QString text(const Json &j, const char *key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    return QString::fromStdString(it->is_string() ? it->get<std::string>() : it->dump());
}

int number(const Json &j, const char *key, int fallback) {
    auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}
} // namespace

TraceStepModel::TraceStepModel(QObject *parent) : QAbstractTableModel(parent) {}

void TraceStepModel::setSteps(std::vector<TraceStepRow> steps) {
    beginResetModel();
    m_steps = std::move(steps);
    endResetModel();
}

const TraceStepRow *TraceStepModel::step(int row) const {
    return row >= 0 && row < static_cast<int>(m_steps.size()) ? &m_steps[row] : nullptr;
}

std::vector<TraceStepRow> TraceStepModel::stepsFromEvents(const std::vector<Event> &events) {
    std::vector<TraceStepRow> rows;
    QString lastGraph, lastGraphFunction;
    int lastGraphRegion = -1;
    for (const Event &event : events) {
        const Json &j = event.body;
        if (!j.is_object())
            continue;
        if (event.type == EventType::Graph) {
            lastGraph = text(j, "id");
            lastGraphFunction = text(j, "function");
            lastGraphRegion = number(j, "region_start", -1);
            continue;
        }
        if (event.type != EventType::TraceStep)
            continue;
        TraceStepRow r;
        r.index = number(j, "index", static_cast<int>(rows.size()));
        r.function = text(j, "function");
        r.file = text(j, "file");
        r.regionStart = number(j, "region_start", 0);
        r.offset = number(j, "offset", -1);
        r.opname = text(j, "opname");
        r.arg = text(j, "arg");
        r.line = number(j, "line", 0);
        r.depth = number(j, "depth", 0);
        r.stack = stringList(j.value("stack", Json()));
        r.nodes = stringList(j.value("nodes", Json()));
        r.guards = stringList(j.value("guards", Json()));
        // Steps of an inlined callee carry the callee's name; the region is the outer frame's,
        // so only region_start ties them to the graph, with depth 0 steps naming the function.
        if (r.regionStart == lastGraphRegion && (r.depth > 0 || r.function == lastGraphFunction))
            r.graphId = lastGraph;
        rows.push_back(std::move(r));
    }
    return rows;
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
            return s->arg == QLatin1String("null") ? QString() : s->arg;
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
