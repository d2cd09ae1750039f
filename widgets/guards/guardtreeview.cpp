// GuardTreeView: builds the entry → source node → guard tree from the guards' source texts.
#include "guardtreeview.h"

#include <QHeaderView>

#include <functional>
#include <map>

namespace dynascope {

namespace {

// The index where the last accessor of `source` starts (its '[' or '.'), or -1 for a root.
int lastAccessor(const QString &s) {
    if (s.endsWith(QLatin1Char(']'))) {
        int depth = 0;
        QChar quote;
        for (int i = s.size() - 1; i >= 0; --i) {
            QChar c = s[i];
            if (!quote.isNull()) {
                if (c == quote)
                    quote = QChar();
                continue;
            }
            if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
                quote = c;
            else if (c == QLatin1Char(']'))
                ++depth;
            else if (c == QLatin1Char('[') && --depth == 0)
                return i;
        }
        return -1;
    }
    return s.lastIndexOf(QLatin1Char('.'));
}

} // namespace

GuardTreeView::GuardTreeView(QWidget *parent) : QTreeWidget(parent) {
    setColumnCount(2);
    setHeaderLabels({tr("Guard"), tr("Check")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
}

QString GuardTreeView::parentSource(const QString &source) {
    int at = lastAccessor(source);
    QString parent = at > 0 ? source.left(at) : QString();
    return parent == QLatin1String("L") || parent == QLatin1String("G") ? QString() : parent;
}

QString GuardTreeView::accessorText(const QString &source) {
    int at = lastAccessor(source);
    if (at <= 0)
        return QString();
    QString parent = source.left(at);
    QString tail = source.mid(at);
    if (tail.startsWith(QLatin1Char('.')))
        return QStringLiteral("GetAttrGuardAccessor(%1)").arg(tail.mid(1));
    QString key = tail.mid(1, tail.size() - 2);
    if (parent == QLatin1String("L"))
        return QStringLiteral("FrameLocalsGuardAccessor(%1)").arg(key);
    if (parent == QLatin1String("G"))
        return QStringLiteral("GlobalsGuardAccessor(%1)").arg(key);
    return QStringLiteral("GetItemGuardAccessor(%1)").arg(key);
}

void GuardTreeView::setFunction(const FunctionCache *function) {
    m_highlighted = nullptr;
    clear();
    if (!function)
        return;
    for (const CacheEntryGuards &entry : function->entries) {
        auto *top = new QTreeWidgetItem(this);
        top->setText(0, tr("Cache entry %1").arg(entry.number + 1));
        top->setText(1, tr("region at offset %1 · %n guard(s)", nullptr,
                           static_cast<int>(entry.guards.size()))
                            .arg(entry.regionStart));
        top->setData(0, EntryRole, entry.number);
        top->setData(0, GuardRole, -1);
        auto *root = new QTreeWidgetItem(top, {QStringLiteral("RootGuardManager")});
        root->setData(0, EntryRole, entry.number);
        root->setData(0, GuardRole, -1);
        std::map<QString, QTreeWidgetItem *> nodes;
        std::function<QTreeWidgetItem *(const QString &)> nodeFor =
            [&](const QString &source) -> QTreeWidgetItem * {
            if (source.isEmpty())
                return root;
            if (auto it = nodes.find(source); it != nodes.end())
                return it->second;
            QTreeWidgetItem *parent = nodeFor(parentSource(source));
            auto *node = new QTreeWidgetItem(parent, {source, accessorText(source)});
            node->setData(0, EntryRole, entry.number);
            node->setData(0, GuardRole, -1);
            nodes[source] = node;
            return node;
        };
        for (int i = 0; i < static_cast<int>(entry.guards.size()); ++i) {
            const GuardInfo &g = entry.guards[i];
            QTreeWidgetItem *parent = nodeFor(QString::fromStdString(g.source));
            auto *leaf = new QTreeWidgetItem(
                parent, {QString::fromStdString(g.kind), QString::fromStdString(g.text)});
            leaf->setToolTip(1, QString::fromStdString(g.text));
            leaf->setData(0, EntryRole, entry.number);
            leaf->setData(0, GuardRole, i);
        }
        top->setExpanded(true);
        root->setExpanded(true);
        for (auto &[source, node] : nodes)
            node->setExpanded(true);
    }
}

QTreeWidgetItem *GuardTreeView::entryItem(int entry) const {
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->data(0, EntryRole).toInt() == entry)
            return topLevelItem(i);
    return nullptr;
}

QTreeWidgetItem *GuardTreeView::guardItem(int entry, int guard) const {
    QTreeWidgetItem *top = entryItem(entry);
    if (!top)
        return nullptr;
    std::function<QTreeWidgetItem *(QTreeWidgetItem *)> find =
        [&](QTreeWidgetItem *item) -> QTreeWidgetItem * {
        if (item->data(0, GuardRole).toInt() == guard)
            return item;
        for (int i = 0; i < item->childCount(); ++i)
            if (QTreeWidgetItem *hit = find(item->child(i)))
                return hit;
        return nullptr;
    };
    for (int i = 0; i < top->childCount(); ++i)
        if (QTreeWidgetItem *hit = find(top->child(i)))
            return hit;
    return nullptr;
}

QColor GuardTreeView::markColor(Mark mark) {
    return mark == Mark::Failed ? QColor(255, 205, 205) : QColor(255, 236, 150);
}

void GuardTreeView::highlight(int entry, int guard, Mark mark) {
    if (m_highlighted) {
        for (int c = 0; c < columnCount(); ++c)
            m_highlighted->setData(c, Qt::BackgroundRole, QVariant()),
                m_highlighted->setData(c, Qt::ForegroundRole, QVariant());
        m_highlighted = nullptr;
    }
    QTreeWidgetItem *item = guard >= 0              ? guardItem(entry, guard)
                            : mark == Mark::Pointed ? entryItem(entry)
                                                    : nullptr;
    if (!item)
        return;
    for (int c = 0; c < columnCount(); ++c)
        item->setData(c, Qt::BackgroundRole, markColor(mark)),
            item->setData(c, Qt::ForegroundRole, QColor(Qt::black));
    m_highlighted = item;
    setCurrentItem(item);
    scrollToItem(item);
}

} // namespace dynascope
