// DocumentArea: two QTabWidgets in a splitter; the empty one hides.
#include "workspace/documentarea.h"

#include <QTabWidget>

namespace dynascope {

DocumentArea::DocumentArea(QWidget *parent) : QSplitter(Qt::Horizontal, parent) {
    setObjectName(QStringLiteral("documentArea"));
    setChildrenCollapsible(false);
    for (int g = 0; g < 2; ++g) {
        m_tabs[g] = new QTabWidget(this);
        m_tabs[g]->setObjectName(g == 0 ? QStringLiteral("primaryDocuments")
                                        : QStringLiteral("secondaryDocuments"));
        m_tabs[g]->setDocumentMode(true);
        m_tabs[g]->setMovable(true);
        addWidget(m_tabs[g]);
        connect(m_tabs[g], &QTabWidget::currentChanged, this, [this, g](int index) {
            if (QWidget *w = m_tabs[g]->widget(index))
                emit currentDocumentChanged(m_documents.key(w));
        });
    }
    updateGroups();
}

void DocumentArea::addDocument(QWidget *widget, const QString &title, const QString &id,
                               Group group) {
    if (widget->objectName().isEmpty())
        widget->setObjectName(id);
    m_documents.insert(id, widget);
    m_titles.insert(id, title);
    m_order.append(id);
    m_tabs[group]->addTab(widget, title);
    updateGroups();
}

DocumentArea::Group DocumentArea::groupOf(const QString &id) const {
    QWidget *w = m_documents.value(id);
    return w && m_tabs[Secondary]->indexOf(w) >= 0 ? Secondary : Primary;
}

void DocumentArea::moveDocument(const QString &id, Group group) {
    QWidget *w = m_documents.value(id);
    if (!w || m_tabs[group]->indexOf(w) >= 0)
        return;
    const bool wasCurrent = isDocumentShown(id);
    m_tabs[1 - group]->removeTab(m_tabs[1 - group]->indexOf(w));
    // Keep the order the documents were added in.
    int at = 0;
    for (const QString &other : m_order) {
        if (other == id)
            break;
        if (m_tabs[group]->indexOf(m_documents.value(other)) >= 0)
            ++at;
    }
    m_tabs[group]->insertTab(at, w, m_titles.value(id));
    if (wasCurrent)
        m_tabs[group]->setCurrentWidget(w);
    updateGroups();
}

void DocumentArea::showDocument(const QString &id) {
    if (QWidget *w = m_documents.value(id))
        m_tabs[groupOf(id)]->setCurrentWidget(w);
}

bool DocumentArea::isDocumentShown(const QString &id) const {
    QWidget *w = m_documents.value(id);
    return w && m_tabs[groupOf(id)]->currentWidget() == w && w->isVisibleTo(window());
}

void DocumentArea::updateGroups() {
    m_tabs[Secondary]->setVisible(m_tabs[Secondary]->count() > 0);
    balance();
}

void DocumentArea::balance() {
    // Side by side, the first group (the script) gets a little more: its lines must not clip.
    if (m_tabs[Secondary]->count() > 0)
        setSizes({width() * 55 / 100, width() - width() * 55 / 100});
}

} // namespace dynascope
