// KernelsView: generated C++ per graph with its kernels, externs, fallbacks and decisions.
#include "kernels/kernelsview.h"

#include <QColor>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QSplitter>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>
#include <Qsci/qscilexercpp.h>
#include <Qsci/qsciscintilla.h>

namespace dynascope {

namespace {

enum Role { RecordRole = Qt::UserRole + 1, KernelRole };

QString fromStd(const std::string &s) {
    return QString::fromStdString(s);
}

QString graphTitle(const KernelGraphRecord &r) {
    if (r.part == "backward")
        return KernelsView::tr("graph %1 backward").arg(r.graph);
    if (r.part == "forward")
        return KernelsView::tr("graph %1 forward").arg(r.graph);
    return KernelsView::tr("graph %1").arg(r.graph);
}

QString joined(const std::vector<std::string> &items) {
    QStringList list;
    for (const std::string &s : items)
        list << fromStd(s);
    return list.join(QStringLiteral(", "));
}

} // namespace

void KernelsView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    // The tree's details (cache, compile times, fused ops) need room: a third of the width once
    // the view has one (the stretch factors alone left the tree at its narrow size hint, 70 px).
    if (!m_splitPlaced && isVisible() && m_split->width() > 300) {
        m_splitPlaced = true;
        const int w = m_split->width();
        m_split->setSizes({w / 3, w - w / 3});
    }
}

KernelsView::KernelsView(QWidget *parent)
    : QWidget(parent), m_tree(new QTreeWidget(this)), m_code(new QsciScintilla(this)),
      m_summary(new QLabel(this)) {
    m_tree->setHeaderLabels({tr("Graph / kernel"), tr("Details")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->setObjectName(QStringLiteral("kernelsTree"));
    auto *lexer = new QsciLexerCPP(m_code);
    lexer->setDefaultFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_code->setLexer(lexer);
    m_code->setReadOnly(true);
    m_code->setMarginType(0, QsciScintilla::NumberMargin);
    m_code->setMarginWidth(0, QStringLiteral("00000"));
    m_code->setObjectName(QStringLiteral("kernelsCode"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Run a script that calls torch.compile (backend \"inductor\", the "
                          "default) to see its generated kernels."));
    auto *split = new QSplitter(this);
    split->addWidget(m_tree);
    split->addWidget(m_code);
    split->setStretchFactor(1, 2);
    m_split = split;
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &KernelsView::onItemSelected);
    connect(m_code, &QsciScintilla::cursorPositionChanged, this,
            [this](int line, int) { onCursorMoved(line + 1); });
}

void KernelsView::clear() {
    m_records.clear();
    m_tree->clear();
    m_code->setText(QString());
    m_shown = -1;
}

void KernelsView::setRecords(std::vector<KernelGraphRecord> records) {
    clear();
    m_records = std::move(records);
    for (int i = 0; i < int(m_records.size()); ++i) {
        const KernelGraphRecord &r = m_records[i];
        QStringList times;
        for (const char *stage : {"trace", "partition", "lower", "codegen", "compile", "load"}) {
            auto it = r.seconds.find(stage);
            if (it != r.seconds.end())
                times << tr("%1 %2 ms")
                             .arg(QString::fromLatin1(stage))
                             .arg(it->second * 1e3, 0, 'f', 1);
        }
        auto *graph = new QTreeWidgetItem(
            m_tree, {tr("%1 (%2)").arg(graphTitle(r), joined(r.signature)), fromStd(r.status)});
        graph->setData(0, RecordRole, i);
        graph->setData(0, KernelRole, -1);
        graph->setToolTip(1, times.join(QStringLiteral(", ")));
        if (!r.cache.empty())
            new QTreeWidgetItem(graph, {tr("cache"), r.cache == "hit" ? tr("hit (loaded from disk)")
                                                                      : tr("miss (compiled now)")});
        if (!times.isEmpty())
            new QTreeWidgetItem(graph, {tr("compile time"), times.join(QStringLiteral(", "))});
        if (r.part == "forward" && !r.partitioner.empty())
            new QTreeWidgetItem(
                graph, {tr("saved for backward"),
                        tr("%1 (%2 partition)").arg(joined(r.saved), fromStd(r.partitioner))});
        for (int k = 0; k < int(r.kernels.size()); ++k) {
            const KernelInfo &info = r.kernels[k];
            auto *item = new QTreeWidgetItem(graph, {fromStd(info.name), joined(info.origins)});
            item->setData(0, RecordRole, i);
            item->setData(0, KernelRole, k);
            item->setToolTip(
                0,
                tr("lines %1–%2 of the generated source").arg(info.firstLine).arg(info.lastLine));
            if (!info.captured.empty())
                item->setToolTip(
                    1, tr("from %1: %2").arg(fromStd(r.capturedGraph), joined(info.captured)));
        }
        for (const KernelStep &e : r.externs)
            new QTreeWidgetItem(graph, {tr("extern %1").arg(fromStd(e.node)),
                                        tr("%1 through torch").arg(fromStd(e.op))});
        for (const KernelStep &f : r.fallbacks) {
            auto *item =
                new QTreeWidgetItem(graph, {tr("fallback %1").arg(fromStd(f.node)),
                                            tr("%1: %2").arg(fromStd(f.op), fromStd(f.reason))});
            item->setForeground(0, QColor(0xc0, 0x39, 0x2b));
        }
        if (!r.decisions.empty()) {
            auto *decisions = new QTreeWidgetItem(
                graph, {tr("fusion decisions"), QString::number(r.decisions.size())});
            for (const std::string &d : r.decisions)
                new QTreeWidgetItem(decisions, {QString(), fromStd(d)});
        }
        graph->setExpanded(true);
    }
    // The first graph's source, no kernel picked: a kernel outlines its nodes on the graph, and
    // on a first look no node should say "selected" before the user selects one.
    // The tree shares a bottom dock with the source: its details column is cut at the default
    // sizes ("hit (loaded", "add, mul, r"), so each cell says itself in full on hover.
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if ((*it)->toolTip(1).isEmpty())
            (*it)->setToolTip(1, (*it)->text(1));
    if (!m_records.empty())
        showKernel(0, -1);
}

void KernelsView::showRecord(int index) {
    if (index == m_shown)
        return;
    m_shown = index;
    const KernelGraphRecord &r = m_records[index];
    m_code->setText(fromStd(r.source));
    const QString counts = tr("%1, %2, %3")
                               .arg(tr("%n kernel(s)", nullptr, int(r.kernels.size())),
                                    tr("%n extern call(s)", nullptr, int(r.externs.size())),
                                    tr("%n fallback(s)", nullptr, int(r.fallbacks.size())));
    m_summary->setText(
        tr("%1: %2%3 — %4%5")
            .arg(graphTitle(r))
            .arg(fromStd(r.status))
            .arg(r.cache.empty() ? QString() : tr(", cache %1").arg(fromStd(r.cache)))
            .arg(counts)
            .arg(r.path.empty() ? QString() : tr("; source %1").arg(fromStd(r.path))));
}

bool KernelsView::showKernel(int index, int kernel) {
    if (index < 0 || index >= int(m_records.size()) ||
        kernel >= int(m_records[index].kernels.size()))
        return false;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, RecordRole).toInt() == index && (*it)->data(0, KernelRole).isValid() &&
            (*it)->data(0, KernelRole).toInt() == kernel) {
            m_tree->setCurrentItem(*it);
            return true;
        }
    }
    return false;
}

void KernelsView::onItemSelected() {
    QTreeWidgetItem *item = m_tree->currentItem();
    while (item && !item->data(0, RecordRole).isValid())
        item = item->parent();
    if (!item)
        return;
    const int index = item->data(0, RecordRole).toInt();
    showRecord(index);
    const int kernel = item->data(0, KernelRole).toInt();
    emit kernelSelected(index, kernel);
    if (kernel < 0 || m_syncing)
        return;
    const KernelInfo &info = m_records[index].kernels[kernel];
    m_syncing = true;
    m_code->setSelection(info.firstLine - 1, 0, info.lastLine, 0);
    m_code->ensureLineVisible(info.firstLine - 1);
    m_syncing = false;
}

void KernelsView::onCursorMoved(int line) {
    if (m_syncing || m_shown < 0)
        return;
    const auto &kernels = m_records[m_shown].kernels;
    for (int k = 0; k < int(kernels.size()); ++k) {
        if (line >= kernels[k].firstLine && line <= kernels[k].lastLine) {
            m_syncing = true;
            showKernel(m_shown, k);
            m_syncing = false;
            return;
        }
    }
}

} // namespace dynascope
