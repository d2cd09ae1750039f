// The explain summary of a capture: graph, break and op counts, ops per graph, break reasons.
#pragma once

#include "model/graph.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace dynascope {

class ExplainPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget *parent = nullptr);

    void setGraphs(const std::vector<CapturedGraph> &graphs,
                   const std::vector<GraphBreakInfo> &breaks);

    // Dynamo's explain counts; ops as model/graph.h's opCount() (call_function nodes).
    int graphCount() const { return m_graphCount; }
    int breakCount() const { return m_breakCount; }
    int opCount() const { return m_opCount; }
    QString summaryText() const;
    QTreeWidget *tree() const { return m_tree; }
    // What the panel says on top: the counts, or before any graph what to do to get one.
    QLabel *summaryLabel() const { return m_summary; }

signals:
    // A break reason or one of its user-stack frames was clicked: jump to that source line.
    void sourceLocationActivated(const QString &file, int line);
    void breakActivated(int index);
    void graphActivated(const QString &graphId);

private:
    void onItemClicked(QTreeWidgetItem *item);

    QLabel *m_summary;
    QTreeWidget *m_tree;
    int m_graphCount = 0;
    int m_breakCount = 0;
    int m_opCount = 0;
};

} // namespace dynascope
