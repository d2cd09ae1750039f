// Widgets the lesson and drill panels both build: wrapping rich-text labels in a scrolling column.
#pragma once

#include <QLabel>
#include <QScrollArea>

namespace dynascope::panelparts {

inline QLabel *wrappingLabel(QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// A frameless scroll area around `content`, which it owns.
inline QScrollArea *scrollingColumn(QWidget *content, QWidget *parent) {
    auto *scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

} // namespace dynascope::panelparts
