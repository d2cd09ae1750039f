// Explain summary as a header line and a tree (graphs with their ops, breaks with their stacks).
#include "graph/explainpanel.h"

#include "graph/tooltiptext.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace dynascope {

namespace {
enum Roles { FileRole = Qt::UserRole, LineRole, BreakRole, GraphRole };

} // namespace

ExplainPanel::ExplainPanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_tree(new QTreeWidget(this)) {
    setObjectName("explainPanel");
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tree->setHeaderHidden(true);
    m_tree->setColumnCount(1);
    m_tree->setUniformRowHeights(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemClicked, this, &ExplainPanel::onItemClicked);
    connect(m_tree, &QTreeWidget::itemActivated, this, &ExplainPanel::onItemClicked);
    setGraphs({}, {});
}

QString ExplainPanel::summaryText() const {
    return tr("%n graph(s)", nullptr, m_graphCount) + QStringLiteral(" · ") +
           tr("%n graph break(s)", nullptr, m_breakCount) + QStringLiteral(" · ") +
           tr("%n op(s)", nullptr, m_opCount);
}

void ExplainPanel::setGraphs(const std::vector<CapturedGraph> &graphs,
                             const std::vector<GraphBreakInfo> &breaks) {
    m_graphCount = int(graphs.size());
    m_breakCount = int(breaks.size());
    m_opCount = 0;
    m_tree->clear();

    auto *graphRoot = new QTreeWidgetItem(m_tree, {tr("Graphs (%1)").arg(graphs.size())});
    for (const CapturedGraph &g : graphs) {
        const int ops = dynascope::opCount(g);
        m_opCount += ops;
        auto *item = new QTreeWidgetItem(
            graphRoot, {QStringLiteral("%1  %2 — %3")
                            .arg(QString::fromStdString(g.id), QString::fromStdString(g.function),
                                 tr("%n op(s)", nullptr, ops))});
        item->setData(0, GraphRole, QString::fromStdString(g.id));
        std::map<std::string, int> perTarget; // ops per graph, by target
        for (const GraphNode &n : g.nodes)
            if (isExplainOp(n))
                ++perTarget[n.target];
        for (const auto &[target, count] : perTarget)
            new QTreeWidgetItem(
                item, {QStringLiteral("%1 × %2").arg(QString::fromStdString(target)).arg(count)});
    }
    graphRoot->setExpanded(true);

    auto *breakRoot = new QTreeWidgetItem(m_tree, {tr("Graph breaks (%1)").arg(breaks.size())});
    for (std::size_t i = 0; i < breaks.size(); ++i) {
        const GraphBreakInfo &b = breaks[i];
        QString text = QString::fromStdString(b.reason);
        if (!b.typeId.empty())
            text = QString::fromStdString(b.typeId) + ": " + text;
        auto *item =
            new QTreeWidgetItem(breakRoot, {QStringLiteral("%1. %2").arg(i + 1).arg(text)});
        item->setToolTip(0, breakToolTip(b, int(i)));
        item->setForeground(0, QColor(0xbf, 0x36, 0x0c));
        item->setData(0, BreakRole, int(i));
        if (!b.userStack.empty()) { // the innermost frame is where the break happened
            item->setData(0, FileRole, QString::fromStdString(b.userStack.back().file));
            item->setData(0, LineRole, b.userStack.back().line);
        }
        if (!b.hint.empty())
            new QTreeWidgetItem(item, {tr("hint: %1").arg(QString::fromStdString(b.hint))});
        for (auto frame = b.userStack.rbegin(); frame != b.userStack.rend(); ++frame) {
            auto *f = new QTreeWidgetItem(item, {siteText(*frame)});
            f->setToolTip(0, QString::fromStdString(frame->file));
            f->setData(0, FileRole, QString::fromStdString(frame->file));
            f->setData(0, LineRole, frame->line);
            f->setData(0, BreakRole, int(i));
        }
        item->setExpanded(true);
    }
    breakRoot->setExpanded(true);
    // Before a run the counts ("0 graphs · 0 graph breaks") and two empty folders told a new
    // user nothing: say what fills the panel instead.
    const bool nothing = graphs.empty() && breaks.empty();
    m_tree->setVisible(!nothing);
    m_summary->setText(nothing ? tr("No graphs yet. Run a script that calls torch.compile (F5): "
                                    "the graphs it captured and the reasons it broke them into "
                                    "several are explained here.")
                               : "<b>" + summaryText() + "</b>");
}

void ExplainPanel::onItemClicked(QTreeWidgetItem *item) {
    if (!item)
        return;
    if (item->data(0, BreakRole).isValid())
        emit breakActivated(item->data(0, BreakRole).toInt());
    if (item->data(0, GraphRole).isValid())
        emit graphActivated(item->data(0, GraphRole).toString());
    const QString file = item->data(0, FileRole).toString();
    const int line = item->data(0, LineRole).toInt();
    if (!file.isEmpty() && line > 0)
        emit sourceLocationActivated(file, line);
}

} // namespace dynascope
