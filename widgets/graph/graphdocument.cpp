// GraphDocument: a QComboBox whose group headers are disabled items, over the GraphView.
#include "graph/graphdocument.h"

#include "graph/graphgroups.h"
#include "graph/graphview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace dynascope {

GraphDocument::GraphDocument(GraphView *view, QWidget *parent)
    : QWidget(parent), m_view(view), m_picker(new QComboBox(this)), m_summary(new QLabel(this)) {
    m_picker->setObjectName(QStringLiteral("graphPicker"));
    m_picker->setToolTip(tr("Show one graph, or all of them; graphs are grouped by the compile "
                            "(cache entry) they belong to"));
    // The document must not widen the central area: the picker and the summary may shrink.
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_picker->setMinimumContentsLength(28);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 3, 6, 3);
    bar->addWidget(new QLabel(tr("Graph:"), this));
    bar->addWidget(m_picker);
    bar->addWidget(m_summary, 1);
    for (QAction *a : view->viewActions().mid(0, 4)) { // zoom in, zoom out, fit, find
        auto *button = new QToolButton(this);
        button->setDefaultAction(a);
        button->setAutoRaise(true);
        bar->addWidget(button);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(view, 1);
    connect(m_picker, qOverload<int>(&QComboBox::activated), this,
            [this](int index) { showGraph(m_picker->itemData(index).toString()); });
    setGraphs({}, 0);
}

void GraphDocument::setGraphs(const std::vector<CapturedGraph> &graphs, int breakCount) {
    const QString chosen = m_picker->currentData().toString();
    m_picker->clear();
    m_picker->addItem(QString(), QString()); // "All graphs", named below
    auto *model = qobject_cast<QStandardItemModel *>(m_picker->model());
    const std::vector<GraphGroup> groups = groupGraphs(graphs);
    QString lastTitle;
    for (size_t i = 0; i < graphs.size(); ++i) {
        const GraphGroup &g = groups[i];
        if (g.title() != lastTitle || g.resumed == false) {
            // A header per compile: not selectable, in bold.
            lastTitle = g.title();
            m_picker->addItem(lastTitle);
            QStandardItem *header = model->item(m_picker->count() - 1);
            header->setFlags(header->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
            QFont bold = m_picker->font();
            bold.setBold(true);
            header->setFont(bold);
        }
        const int ops = int(
            std::count_if(graphs[i].nodes.begin(), graphs[i].nodes.end(), [](const GraphNode &n) {
                return n.op != "placeholder" && n.op != "output";
            }));
        const QString text =
            ops == 1 ? (g.resumed ? tr("%1 · 1 op, after a graph break") : tr("%1 · 1 op"))
                     : (g.resumed ? tr("%1 · %2 ops, after a graph break") : tr("%1 · %2 ops"));
        m_picker->addItem(QStringLiteral("    ") +
                              (ops == 1 ? text.arg(g.graphId) : text.arg(g.graphId).arg(ops)),
                          g.graphId);
    }
    const int again = m_picker->findData(chosen);
    m_picker->setCurrentIndex(again >= 0 ? again : 0);
    // The count of breaks goes into the first item; the label only speaks when there is nothing.
    m_picker->setItemText(
        0, breakCount == 1
               ? tr("All graphs (%1), 1 graph break").arg(graphs.size())
               : tr("All graphs (%1), %2 graph breaks").arg(graphs.size()).arg(breakCount));
    m_summary->setText(graphs.empty() ? tr("No graphs yet: run a script that calls torch.compile")
                                      : QString());
}

void GraphDocument::showGraph(const QString &graphId) {
    const int index = m_picker->findData(graphId);
    if (index >= 0)
        m_picker->setCurrentIndex(index);
    if (graphId.isEmpty())
        m_view->fitToView();
    else
        m_view->fitGraph(graphId);
}

} // namespace dynascope
