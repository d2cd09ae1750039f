// The Graphs document: a picker of the run's graphs, grouped by compile, above the graph view.
#pragma once

#include "model/graph.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;

namespace dynascope {

class GraphView;

// The picker lists "All graphs", then each compile of each function (recompiles are new cache
// entries) with its graphs; choosing a graph fits that graph at a readable zoom.
class GraphDocument : public QWidget {
    Q_OBJECT
public:
    explicit GraphDocument(GraphView *view, QWidget *parent = nullptr);

    GraphView *view() const { return m_view; }
    QComboBox *picker() const { return m_picker; }
    void setGraphs(const std::vector<CapturedGraph> &graphs, int breakCount);
    // Selects `graphId` in the picker and shows it ("" = all graphs).
    void showGraph(const QString &graphId);

private:
    GraphView *m_view;
    QComboBox *m_picker;
    QLabel *m_summary;
};

} // namespace dynascope
