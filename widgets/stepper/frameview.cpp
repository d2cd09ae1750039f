// FrameView: keeps the user's expanded rows across the model resets that every step causes.
#include "frameview.h"

#include "framemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QResizeEvent>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace dynascope {

FrameView::FrameView(QWidget *parent)
    : QWidget(parent), m_model(new FrameModel(this)), m_tree(new QTreeView(this)),
      m_filter(new QLineEdit(this)), m_title(new QLabel(this)) {
    setObjectName(QStringLiteral("frameView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_title->setContentsMargins(4, 2, 4, 0);
    layout->addWidget(m_title);
    m_filter->setObjectName(QStringLiteral("builtinsFilter"));
    m_filter->setPlaceholderText(tr("Filter builtins…"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    m_tree->setObjectName(QStringLiteral("frameTree"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->header()->resizeSection(0, nameColumnWidth());
    connect(m_tree->header(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == 0 && !m_sizingNameColumn)
            m_nameColumnDragged = true;
    });
    layout->addWidget(m_tree);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_model->setBuiltinsFilter(text);
        if (!text.isEmpty())
            m_tree->expand(m_model->sectionIndex(FrameModel::BuiltinsSection));
    });
    connect(m_tree, &QTreeView::expanded, this, [this](const QModelIndex &index) {
        if (!m_restoring)
            m_expanded.insert(pathOf(index), true);
    });
    connect(m_tree, &QTreeView::collapsed, this, [this](const QModelIndex &index) {
        if (!m_restoring)
            m_expanded.insert(pathOf(index), false);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_restoring = true;
        restoreExpansion();
        m_restoring = false;
    });
    m_restoring = true;
    restoreExpansion();
    m_restoring = false;
}

void FrameView::setScopes(const FrameScopes &scopes) {
    m_title->setText(scopes.frame < 0
                         ? tr("No frame")
                         : tr("<b>%1</b> &nbsp;frame %2, after step %3")
                               .arg(QString::fromStdString(scopes.function).toHtmlEscaped())
                               .arg(scopes.frame)
                               .arg(scopes.step + 1));
    m_model->setScopes(scopes);
}

QString FrameView::pathOf(const QModelIndex &index) const {
    QString path;
    for (QModelIndex i = index.siblingAtColumn(0); i.isValid(); i = i.parent())
        path.prepend(i.data().toString() + QLatin1Char('/'));
    return path;
}

void FrameView::restoreExpansion(const QModelIndex &parent) {
    for (int row = 0; row < m_model->rowCount(parent); ++row) {
        const QModelIndex index = m_model->index(row, 0, parent);
        if (m_model->rowCount(index) == 0)
            continue;
        // Group rows carry counts in their names' values, not their names, so paths stay stable.
        const bool open = m_expanded.value(
            pathOf(index), !index.data(FrameModel::CollapsedByDefaultRole).toBool());
        m_tree->setExpanded(index, open);
        if (open)
            restoreExpansion(index);
    }
}

int FrameView::nameColumnWidth() const {
    // The section rows (Code object … Closure cells) are bold: the widest of them must show.
    QFont bold = m_tree->font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    int titles = 0;
    for (int row = 0; row < m_model->rowCount(); ++row)
        titles = std::max(titles, metrics.horizontalAdvance(
                                      m_model->index(row, 0).data().toString()));
    return std::max(titles + 2 * m_tree->indentation() + 8, m_tree->width() * 2 / 5);
}

void FrameView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    if (m_nameColumnDragged)
        return;
    m_sizingNameColumn = true;
    m_tree->header()->resizeSection(0, nameColumnWidth());
    m_sizingNameColumn = false;
}

} // namespace dynascope
