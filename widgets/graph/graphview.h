// The graph view: captured graphs in clusters with break markers, laid out off the GUI thread.
#pragma once

#include "graph/fusionoverlay.h"
#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <QGraphicsView>

#include <memory>
#include <vector>

class QAction;
class QLabel;

namespace dynascope {

class GraphMinimap;
class GraphScene;
class GraphSearchBar;
class LayoutQueue;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget *parent = nullptr);
    ~GraphView() override;

    // Shows a capture's graphs (execution order) and the breaks between them. The layout runs on
    // a worker thread; layoutReady() says when the scene holds it.
    void setGraphs(const std::vector<CapturedGraph> &graphs,
                   const std::vector<GraphBreakInfo> &breaks);
    void clearGraphs();
    void setLayoutOptions(const GraphLayoutOptions &options) { m_options = options; }

    GraphScene *graphScene() const { return m_scene; }
    const GraphLayoutInput &input() const { return m_input; }
    bool isLayoutPending() const { return m_pendingTicket != 0; }
    // Why the layout was split per cluster, or why it failed; empty otherwise.
    QString layoutMessage() const { return m_layoutMessage; }

    // --- navigation ---
    void zoomIn();
    void zoomOut();
    void fitToView();
    qreal zoomFactor() const { return transform().m11(); }
    void focusNode(const QString &graphId, const QString &nodeName);
    void focusBreak(int index);
    // Centres the frame of a graph (G1, G2, …); the view keeps its zoom.
    void focusGraph(const QString &graphId);
    // Fits one graph's frame into the view, at a readable zoom (it scrolls when bigger).
    void fitGraph(const QString &graphId);

    // --- search: nodes by name or target; the match is selected and centred ---
    int search(const QString &text); // returns the number of matches, focuses the first
    bool findNext();
    bool findPrevious();
    void showSearchBar();
    GraphSearchBar *searchBar() const { return m_searchBar; }

    // --- collapse (a relayout with the graph drawn as one box) ---
    void setCollapsed(const QString &graphId, bool collapsed);
    bool isCollapsed(const QString &graphId) const;
    void toggleCollapsed(const QString &graphId);

    // --- filters ---
    // Highlights nodes added at file:line (file "" = any; line 0 clears); returns how many.
    int highlightLine(const QString &file, int line);
    // Hides nodes added after trace step `step`, highlights those added at it. Trace steps count
    // per traced region: pass the graph being traced, and earlier graphs show whole, later ones
    // not at all (see GraphScene::setTraceStepLimit).
    void showUpToTraceStep(int step, const QString &graphId = QString());
    void showAllTraceSteps();

    // --- export ---
    bool exportSvg(const QString &path);
    bool exportPng(const QString &path);
    bool exportDot(const QString &path);
    // Zoom in/out, fit, find, export…: for a toolbar of the window that docks this view.
    QList<QAction *> viewActions() const { return m_actions; }

    GraphMinimap *minimap() const { return m_minimap; }

    // --- kernels (the fusion overlay) ---
    // The run's kernel records: nodes of one kernel drawn alike, extern calls and fallbacks
    // marked; the overlay's toggle is enabled (and the legend shown) when a graph has groups.
    void setKernelRecords(std::vector<KernelGraphRecord> records);
    // Outlines the captured nodes of a kernel (record and kernel index; -1: none) and scrolls
    // the first into sight.
    void selectKernel(int record, int kernel);
    const FusionOverlay &fusionOverlay() const { return m_fusion; }
    QAction *kernelOverlayAction() const { return m_kernelOverlay; }
    QLabel *kernelLegend() const { return m_legend; }

signals:
    void nodeClicked(const QString &graphId, const QString &nodeName);
    void breakClicked(int index);
    void layoutReady();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void createActions();
    void requestLayout(bool fit);
    void onLayoutFinished(const QString &tag, quint64 ticket,
                          std::shared_ptr<const GraphGeometry> geometry);
    void scaleBy(qreal factor);
    void focusItem(QGraphicsItem *item);
    void placeOverlays();
    void updateMinimap();
    bool stepMatch(int delta);
    void askAndExport(const QString &format);
    void applyKernelOverlay();

    GraphScene *m_scene;
    LayoutQueue *m_queue;
    GraphSearchBar *m_searchBar;
    GraphMinimap *m_minimap;
    QLabel *m_banner; // says when the layout was split per graph or failed
    GraphLayoutInput m_input;
    GraphLayoutOptions m_options;
    quint64 m_pendingTicket = 0;
    bool m_fitAfterLayout = true;
    QString m_focusAfterLayout; // cluster to centre after a collapse relayout
    QString m_layoutMessage;
    int m_traceStep;
    QString m_traceGraph;
    QString m_lineFile;
    int m_line = 0;
    QString m_searchText;
    int m_searchIndex = -1;
    QPoint m_pressPos;
    QList<QAction *> m_actions;
    FusionOverlay m_fusion;
    QAction *m_kernelOverlay = nullptr;
    QLabel *m_legend;
};

} // namespace dynascope
