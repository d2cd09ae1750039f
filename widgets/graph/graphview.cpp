// Graph view behaviour: async layout, zoom/pan/fit, search, collapse, filters, export, overlays.
#include "graph/graphview.h"

#include "graph/clusteritem.h"
#include "graph/graphexporter.h"
#include "graph/graphminimap.h"
#include "graph/graphscene.h"
#include "graph/graphsearchbar.h"
#include "graph/layoutqueue.h"
#include "graph/nodeitem.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QScrollBar>
#include <QWheelEvent>

#include <climits>

namespace dynascope {

namespace {
constexpr qreal kZoomStep = 1.25;
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 8.0;
// Fit and search never go below this zoom: node text stays at least 9 px on screen.
constexpr qreal kReadableZoom = 1.0;
constexpr qreal kFocusZoom = 1.25; // a found node is shown at least this big
} // namespace

GraphView::GraphView(QWidget *parent)
    : QGraphicsView(parent), m_scene(new GraphScene(this)), m_queue(new LayoutQueue(this)),
      m_searchBar(new GraphSearchBar(this)), m_minimap(nullptr), m_banner(new QLabel(this)),
      m_traceStep(INT_MAX), m_legend(new QLabel(this)) {
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag); // pan by dragging the background
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setObjectName("graphView");
    m_minimap = new GraphMinimap(this);
    m_minimap->hide();
    m_searchBar->hide();
    m_banner->setObjectName("graphLayoutBanner");
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet("QLabel { background: #fff4d6; border: 1px solid #e0b252;"
                            " padding: 3px 6px; color: #5a4300; }");
    m_banner->hide();
    m_legend->setObjectName("kernelLegend");
    m_legend->setWordWrap(true);
    m_legend->setText(FusionOverlay::legendText());
    m_legend->setStyleSheet("QLabel { background: rgba(255, 255, 255, 230); border: 1px solid "
                            "#b0b7c0; padding: 3px 6px; color: #1f262e; }");
    m_legend->hide();
    connect(m_queue, &LayoutQueue::finished, this, &GraphView::onLayoutFinished);
    connect(m_scene, &GraphScene::clusterToggleRequested, this, &GraphView::toggleCollapsed);
    connect(m_searchBar, &GraphSearchBar::searchChanged, this, &GraphView::search);
    connect(m_searchBar, &GraphSearchBar::nextRequested, this, &GraphView::findNext);
    connect(m_searchBar, &GraphSearchBar::previousRequested, this, &GraphView::findPrevious);
    connect(m_searchBar, &GraphSearchBar::closed, this, [this] { setFocus(); });
    createActions();
}

GraphView::~GraphView() = default;

void GraphView::createActions() {
    auto add = [this](const QString &text, const QList<QKeySequence> &wanted, auto slot) {
        auto *action = new QAction(text, this);
        QList<QKeySequence> keys; // the platform's ZoomOut may be Ctrl+- already: no duplicates
        for (const QKeySequence &k : wanted)
            if (!k.isEmpty() && !keys.contains(k))
                keys.append(k);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        if (!keys.isEmpty())
            action->setToolTip(QStringLiteral("%1 (%2)").arg(
                text, keys.first().toString(QKeySequence::NativeText)));
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        m_actions.append(action);
        return action;
    };
    add(tr("Zoom In"), {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(QKeySequence::ZoomIn)},
        &GraphView::zoomIn);
    add(tr("Zoom Out"),
        {QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence(QKeySequence::ZoomOut)},
        &GraphView::zoomOut);
    add(tr("Fit to View"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, &GraphView::fitToView);
    add(tr("Find Node…"), {QKeySequence(QKeySequence::Find)}, &GraphView::showSearchBar);
    add(tr("Export SVG…"), {}, [this] { askAndExport("svg"); });
    add(tr("Export PNG…"), {}, [this] { askAndExport("png"); });
    add(tr("Export DOT…"), {}, [this] { askAndExport("dot"); });
    m_kernelOverlay = add(tr("Show Kernels on Graph"), {}, &GraphView::applyKernelOverlay);
    m_kernelOverlay->setCheckable(true);
    m_kernelOverlay->setChecked(true);
    m_kernelOverlay->setEnabled(false);
    m_kernelOverlay->setToolTip(tr("Colour the nodes of each generated kernel alike and mark "
                                   "extern calls and fallbacks (after a run that compiled "
                                   "kernels)"));
}

void GraphView::setKernelRecords(std::vector<KernelGraphRecord> records) {
    m_fusion.setRecords(std::move(records));
    m_kernelOverlay->setEnabled(m_fusion.hasGroups());
    applyKernelOverlay();
}

void GraphView::applyKernelOverlay() {
    const bool shown = m_kernelOverlay->isChecked() && m_fusion.hasGroups();
    m_fusion.apply(m_scene, shown);
    m_legend->setVisible(shown && !m_scene->nodeItems().isEmpty());
    placeOverlays();
}

void GraphView::selectKernel(int record, int kernel) {
    m_fusion.selectKernel(m_scene, record, kernel);
    for (NodeItem *item : m_scene->nodeItems())
        if (item->isKernelSelected()) {
            ensureVisible(item, 40, 40);
            break;
        }
}

void GraphView::setGraphs(const std::vector<CapturedGraph> &graphs,
                          const std::vector<GraphBreakInfo> &breaks) {
    m_input.graphs = graphs;
    m_input.breaks = breaks;
    // Keep collapsed graphs that still exist (a re-run usually produces the same ids).
    std::set<std::string> kept;
    for (const CapturedGraph &g : graphs)
        if (m_input.collapsedGraphs.count(g.id))
            kept.insert(g.id);
    m_input.collapsedGraphs = kept;
    requestLayout(true);
}

void GraphView::clearGraphs() {
    m_input = GraphLayoutInput();
    m_pendingTicket = 0;
    m_layoutMessage.clear();
    m_banner->hide();
    m_scene->clearGraph();
    updateMinimap();
}

void GraphView::requestLayout(bool fit) {
    m_fitAfterLayout = fit;
    // One tag per view: a newer capture replaces a queued older one.
    const QString tag = QStringLiteral("graphview-%1").arg(quintptr(this));
    m_pendingTicket = m_queue->request(tag, m_input, m_options);
}

void GraphView::onLayoutFinished(const QString &, quint64 ticket,
                                 std::shared_ptr<const GraphGeometry> geometry) {
    if (ticket != m_pendingTicket)
        return; // superseded by a newer request
    m_pendingTicket = 0;
    m_layoutMessage =
        QString::fromStdString(geometry->error.empty() ? geometry->message : geometry->error);
    m_banner->setText(m_layoutMessage);
    m_banner->setVisible(!m_layoutMessage.isEmpty());
    placeOverlays();
    const QTransform kept = transform();
    m_scene->setGeometry(*geometry, m_input);
    m_scene->setTraceStepLimit(m_traceStep, m_traceGraph);
    m_scene->highlightLine(m_lineFile, m_line);
    applyKernelOverlay();
    m_searchIndex = -1;
    if (m_fitAfterLayout) {
        fitToView();
    } else {
        setTransform(kept);
        if (ClusterItem *c = m_scene->clusterItem(m_focusAfterLayout))
            centerOn(c->sceneBoundingRect().center());
    }
    m_focusAfterLayout.clear();
    updateMinimap();
    emit layoutReady();
}

void GraphView::scaleBy(qreal factor) {
    const qreal target = std::clamp(zoomFactor() * factor, kMinZoom, kMaxZoom);
    if (zoomFactor() > 0)
        scale(target / zoomFactor(), target / zoomFactor());
    updateMinimap();
}

void GraphView::zoomIn() {
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorViewCenter);
    scaleBy(kZoomStep);
    setTransformationAnchor(anchor);
}

void GraphView::zoomOut() {
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorViewCenter);
    scaleBy(1 / kZoomStep);
    setTransformationAnchor(anchor);
}

void GraphView::fitToView() {
    const QRectF rect = m_scene->itemsBoundingRect();
    if (rect.isEmpty())
        return;
    fitInView(rect.adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
    // Never shrink node text below a readable size: a big capture scrolls instead, starting at
    // its first graph (top left); the minimap shows where the view is.
    if (zoomFactor() < kReadableZoom) {
        setTransform(QTransform::fromScale(kReadableZoom, kReadableZoom));
        centerOn(rect.left() + viewport()->width() / kReadableZoom / 2 - 10,
                 rect.top() + viewport()->height() / kReadableZoom / 2 - 10);
    } else if (zoomFactor() > 1.5) {
        setTransform(QTransform::fromScale(1.5, 1.5));
    }
    updateMinimap();
}

void GraphView::fitGraph(const QString &graphId) {
    ClusterItem *cluster = m_scene->clusterItem(graphId);
    if (!cluster)
        return;
    const QRectF rect = cluster->sceneBoundingRect();
    fitInView(rect.adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
    const qreal zoom = std::clamp(zoomFactor(), kReadableZoom, 1.5);
    setTransform(QTransform::fromScale(zoom, zoom));
    if (rect.height() * zoom > viewport()->height())
        centerOn(rect.center().x(), rect.top() + viewport()->height() / zoom / 2 - 10);
    else
        centerOn(rect.center());
    updateMinimap();
}

void GraphView::wheelEvent(QWheelEvent *event) {
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    scaleBy(std::pow(1.0015, delta)); // one notch (120) is about 20 %
    event->accept();
}

void GraphView::focusItem(QGraphicsItem *item) {
    if (!item)
        return;
    m_scene->clearSelection();
    item->setSelected(true);
    if (zoomFactor() < kFocusZoom)
        setTransform(QTransform::fromScale(kFocusZoom, kFocusZoom));
    centerOn(item);
    updateMinimap();
}

void GraphView::focusNode(const QString &graphId, const QString &nodeName) {
    focusItem(m_scene->nodeItem(graphId, nodeName));
}

void GraphView::focusBreak(int index) {
    focusItem(m_scene->breakItem(index));
}

void GraphView::focusGraph(const QString &graphId) {
    if (ClusterItem *cluster = m_scene->clusterItem(graphId)) {
        centerOn(cluster->sceneBoundingRect().center());
        updateMinimap();
    }
}

int GraphView::search(const QString &text) {
    m_searchText = text;
    m_searchIndex = -1;
    const int count = int(m_scene->findNodes(text).size());
    if (count > 0)
        findNext();
    else
        m_searchBar->setResult(-1, 0);
    return count;
}

bool GraphView::stepMatch(int delta) {
    const QList<NodeItem *> matches = m_scene->findNodes(m_searchText);
    if (matches.isEmpty()) {
        m_searchBar->setResult(-1, 0);
        return false;
    }
    m_searchIndex = (std::max(m_searchIndex, delta > 0 ? -1 : 0) + delta + int(matches.size())) %
                    int(matches.size());
    focusItem(matches[m_searchIndex]);
    m_searchBar->setResult(m_searchIndex, int(matches.size()));
    return true;
}

bool GraphView::findNext() {
    return stepMatch(1);
}

bool GraphView::findPrevious() {
    return stepMatch(-1);
}

void GraphView::showSearchBar() {
    placeOverlays();
    m_searchBar->activate();
}

void GraphView::setCollapsed(const QString &graphId, bool collapsed) {
    const std::string id = graphId.toStdString();
    if (isCollapsed(graphId) == collapsed)
        return;
    if (collapsed)
        m_input.collapsedGraphs.insert(id);
    else
        m_input.collapsedGraphs.erase(id);
    m_focusAfterLayout = graphId;
    requestLayout(false);
}

bool GraphView::isCollapsed(const QString &graphId) const {
    return m_input.collapsedGraphs.count(graphId.toStdString()) > 0;
}

void GraphView::toggleCollapsed(const QString &graphId) {
    setCollapsed(graphId, !isCollapsed(graphId));
}

int GraphView::highlightLine(const QString &file, int line) {
    m_lineFile = file;
    m_line = line;
    return m_scene->highlightLine(file, line);
}

void GraphView::showUpToTraceStep(int step, const QString &graphId) {
    m_traceStep = step;
    m_traceGraph = graphId;
    m_scene->setTraceStepLimit(step, graphId);
    // Keep the node just added in sight.
    const QList<NodeItem *> added = m_scene->currentTraceNodes();
    if (!added.isEmpty())
        ensureVisible(added.last(), 60, 60);
    updateMinimap();
}

void GraphView::showAllTraceSteps() {
    showUpToTraceStep(INT_MAX);
}

bool GraphView::exportSvg(const QString &path) {
    return GraphExporter::writeSvg(m_scene, path);
}

bool GraphView::exportPng(const QString &path) {
    return GraphExporter::writePng(m_scene, path);
}

bool GraphView::exportDot(const QString &path) {
    return GraphExporter::writeDot(m_input, path);
}

void GraphView::askAndExport(const QString &format) {
    const QString filter = tr("%1 files (*.%2)").arg(format.toUpper(), format);
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export graph"), "graphs." + format, filter);
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = format == "svg"   ? GraphExporter::writeSvg(m_scene, path, &error)
                    : format == "png" ? GraphExporter::writePng(m_scene, path, 2.0, &error)
                                      : GraphExporter::writeDot(m_input, path, &error);
    if (!ok)
        QMessageBox::warning(this, tr("Export graph"), tr("Export failed: %1").arg(error));
}

void GraphView::mousePressEvent(QMouseEvent *event) {
    m_pressPos = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent *event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton ||
        (event->position().toPoint() - m_pressPos).manhattanLength() > 4)
        return; // a drag (pan), not a click
    for (QGraphicsItem *item : items(event->position().toPoint())) {
        if (item->type() != NodeItem::Type)
            continue;
        auto *node = static_cast<NodeItem *>(item);
        if (node->isBreak())
            emit breakClicked(node->breakIndex());
        else if (!node->nodeName().isEmpty())
            emit nodeClicked(node->graphId(), node->nodeName());
        return;
    }
}

void GraphView::contextMenuEvent(QContextMenuEvent *event) {
    QMenu menu(this);
    QString graphId;
    for (QGraphicsItem *item : items(event->pos())) {
        if (item->type() == NodeItem::Type)
            graphId = static_cast<NodeItem *>(item)->graphId();
        else if (item->type() == ClusterItem::Type)
            graphId = static_cast<ClusterItem *>(item)->graphId();
        if (!graphId.isEmpty())
            break;
    }
    if (!graphId.isEmpty()) {
        menu.addAction(isCollapsed(graphId) ? tr("Expand %1").arg(graphId)
                                            : tr("Collapse %1").arg(graphId),
                       this, [this, graphId] { toggleCollapsed(graphId); });
        menu.addSeparator();
    }
    for (int i = 0; i < m_actions.size(); ++i) {
        if (i == 4)
            menu.addSeparator();
        menu.addAction(m_actions[i]);
    }
    menu.exec(event->globalPos());
}

void GraphView::resizeEvent(QResizeEvent *event) {
    QGraphicsView::resizeEvent(event);
    placeOverlays();
    updateMinimap();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    if (m_minimap && m_minimap->isVisible())
        m_minimap->viewport()->update();
}

void GraphView::placeOverlays() {
    // The kernel legend gets a strip of its own under the graph (a viewport margin), so it never
    // covers a node however small the view is.
    const int legendWidth = std::max(viewport()->width() - 16, 80);
    const int legendStrip = m_legend->isHidden() ? 0 : m_legend->heightForWidth(legendWidth) + 8;
    if (viewportMargins().bottom() != legendStrip)
        setViewportMargins(0, 0, 0, legendStrip); // lays the viewport out again at once
    const QRect area = viewport()->geometry();
    const QSize bar = m_searchBar->sizeHint();
    m_searchBar->setGeometry(area.right() - bar.width() - 8, area.top() + 8, bar.width(),
                             bar.height());
    const int bannerWidth = std::min(area.width() - 16, 520);
    m_banner->setGeometry(area.left() + 8, area.top() + 8, bannerWidth,
                          m_banner->heightForWidth(bannerWidth));
    if (legendStrip > 0)
        m_legend->setGeometry(area.left() + 8, area.bottom() + 5, legendWidth, legendStrip - 8);
    const QRectF scene = m_scene->sceneRect();
    if (scene.isEmpty())
        return;
    // At most a fifth of the view's width or a third of its height, keeping the scene's shape.
    const qreal s =
        std::min(area.width() / 5.0 / scene.width(), area.height() / 3.0 / scene.height());
    const QSize size(std::max(40, int(scene.width() * s)), std::max(40, int(scene.height() * s)));
    m_minimap->setGeometry(area.right() - size.width() - 8, area.bottom() - size.height() - 8,
                           size.width(), size.height());
}

void GraphView::updateMinimap() {
    if (!m_minimap)
        return;
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const bool big = !m_scene->nodeItems().isEmpty() &&
                     !visible.contains(m_scene->itemsBoundingRect().adjusted(2, 2, -2, -2));
    m_minimap->setVisible(big);
    if (big) {
        placeOverlays();
        m_minimap->refit();
        m_minimap->raise();
    }
}

} // namespace dynascope
