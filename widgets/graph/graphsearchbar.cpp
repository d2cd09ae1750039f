// Search bar widgets and keys: Enter next, Shift+Enter previous, Escape closes.
#include "graph/graphsearchbar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace dynascope {

GraphSearchBar::GraphSearchBar(QWidget *parent)
    : QWidget(parent), m_edit(new QLineEdit(this)), m_result(new QLabel(this)) {
    setAutoFillBackground(true);
    setObjectName("graphSearchBar");
    m_edit->setPlaceholderText(tr("Find node by name or target"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setMinimumWidth(200);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+Enter)"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (Enter)"));
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Escape)"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addWidget(m_edit);
    layout->addWidget(m_result);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(close);
    connect(m_edit, &QLineEdit::textChanged, this, &GraphSearchBar::searchChanged);
    connect(m_edit, &QLineEdit::returnPressed, this, &GraphSearchBar::nextRequested);
    connect(next, &QToolButton::clicked, this, &GraphSearchBar::nextRequested);
    connect(previous, &QToolButton::clicked, this, &GraphSearchBar::previousRequested);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        emit closed();
    });
}

QString GraphSearchBar::text() const {
    return m_edit->text();
}

void GraphSearchBar::setText(const QString &text) {
    m_edit->setText(text);
}

void GraphSearchBar::setResult(int current, int total) {
    m_result->setText(total == 0 ? (m_edit->text().isEmpty() ? QString() : tr("no match"))
                                 : tr("%1 of %2").arg(current + 1).arg(total));
}

void GraphSearchBar::activate() {
    show();
    raise();
    m_edit->setFocus();
    m_edit->selectAll();
}

void GraphSearchBar::keyPressEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Escape) {
        hide();
        emit closed();
        return;
    }
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        event->modifiers() & Qt::ShiftModifier) {
        emit previousRequested();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace dynascope
