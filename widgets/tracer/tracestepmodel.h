// TraceStepModel: the symbolic tracer's steps (trace_step events) as a table, one row per step.
#pragma once

#include "model/capturedigest.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace dynascope {

// One instruction the symbolic interpreter ran, with the graph it was building. `index` counts
// per traced region, as GraphNode::traceStep does, so (graphId, index) names a point of a graph.
struct TraceStepRow {
    int index = 0;
    QString function;
    QString file;
    int regionStart = 0;
    int offset = -1;
    QString opname;
    QString arg;
    int line = 0;
    int depth = 0;
    QStringList stack; // value kinds, bottom first as the engine sends them
    QStringList nodes; // graph nodes this step added
    QStringList guards;
    QString graphId; // the graph of this step's region; empty when the region made none

    static TraceStepRow from(const TracedStep &traced);
};

class TraceStepModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns {
        IndexColumn,
        FunctionColumn,
        LineColumn,
        OffsetColumn,
        OpnameColumn,
        ArgColumn,
        NodesColumn,
        NUM_COLUMNS
    };
    enum Roles { LineRole = Qt::UserRole, OffsetRole, GraphIdRole };

    explicit TraceStepModel(QObject *parent = nullptr);

    void setSteps(std::vector<TraceStepRow> steps);
    const std::vector<TraceStepRow> &steps() const { return m_steps; }
    const TraceStepRow *step(int row) const;

    // Brings the rows in line with a run's decoded trace steps (CaptureDigest::traceSteps()):
    // rows for steps not shown yet are appended; fewer steps than rows (a new run) resets.
    // Returns whether rows changed.
    bool syncSteps(const std::vector<TracedStep> &steps);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<TraceStepRow> m_steps;
};

} // namespace dynascope
