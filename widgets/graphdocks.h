// GraphDocks: the graph document, explain panel and tracer of MainWindow, fed by its session.
#pragma once

#include "model/graph.h"

#include <QObject>
#include <QString>

#include <vector>

class QDockWidget;
class QTimer;

namespace dynascope {

class CaptureSession;
class DocumentArea;
class ExplainPanel;
class GraphDocument;
class GraphView;
class MainWindow;
class TracerPanel;

// Keeps MainWindow free of graph wiring: it creates the docks, refreshes them from the session's
// graph, graph_break and trace_step events, and turns clicks on nodes, breaks and trace steps
// into the session's selection, so the editor and bytecode view follow.
class GraphDocks : public QObject {
    Q_OBJECT
public:
    explicit GraphDocks(MainWindow *window);

    GraphView *graphView() const { return m_graphView; }
    GraphDocument *document() const { return m_document; }
    ExplainPanel *explainPanel() const { return m_explain; }
    TracerPanel *tracer() const { return m_tracer; }
    const std::vector<CapturedGraph> &graphs() const { return m_graphs; }
    const std::vector<GraphBreakInfo> &breaks() const { return m_breaks; }

    // Selects `site` in the session: its instruction when a code object of the run holds it,
    // else its line; false when the site is not in the session's script.
    bool selectSite(const SourceSite &site);

private:
    void refresh();
    void onNodeClicked(const QString &graphId, const QString &nodeName);
    void onTraceStep(int row);
    // The session's selected graph: picked in the Graphs document, the Tracer at its last step.
    void showSelectedGraph(const QString &graphId);

    CaptureSession *m_session;
    GraphView *m_graphView;
    GraphDocument *m_document = nullptr;
    ExplainPanel *m_explain;
    TracerPanel *m_tracer;
    QTimer *m_debounce;
    DocumentArea *m_documents;
    QDockWidget *m_explainDock;
    std::vector<CapturedGraph> m_graphs; // what the views were last given
    std::vector<GraphBreakInfo> m_breaks;
};

} // namespace dynascope
