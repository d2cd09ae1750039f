// CallMarksBar: marks at slider positions, tooltips, clicks.
#include "callmarksbar.h"

#include "guards/calltimeline.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QToolTip>

#include <algorithm>
#include <cstdlib>

namespace dynascope {

namespace {
constexpr int kHeight = 8;
constexpr int kReach = 4; // pixels either side of a mark that still hover or click it
} // namespace

CallMarksBar::CallMarksBar(QWidget *parent) : QWidget(parent) {
    setObjectName(QStringLiteral("callMarks"));
    setAccessibleName(tr("Compiled calls on the timeline"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setVisible(false);
}

void CallMarksBar::setMarks(std::vector<CompiledCallMark> marks, int steps) {
    m_marks = std::move(marks);
    m_steps = steps;
    setVisible(!m_marks.empty());
    update();
}

QSize CallMarksBar::sizeHint() const {
    return {100, kHeight};
}

QSize CallMarksBar::minimumSizeHint() const {
    return {20, kHeight};
}

int CallMarksBar::markX(int mark) const {
    // As QSlider places its handle: the handle's length is the margin at either end.
    QStyleOptionSlider option;
    option.initFrom(this);
    option.orientation = Qt::Horizontal;
    const int handle = style()->pixelMetric(QStyle::PM_SliderLength, &option, this);
    const int span = std::max(1, width() - handle);
    const int position = m_marks[size_t(mark)].position;
    return handle / 2 +
           QStyle::sliderPositionFromValue(0, std::max(0, m_steps - 1), position, span);
}

std::vector<int> CallMarksBar::marksNear(int x) const {
    std::vector<int> near;
    for (int i = 0; i < markCount(); ++i)
        if (std::abs(markX(i) - x) <= kReach)
            near.push_back(i);
    std::stable_sort(near.begin(), near.end(), [this, x](int a, int b) {
        return std::abs(markX(a) - x) < std::abs(markX(b) - x);
    });
    return near;
}

QString CallMarksBar::toolTipAt(int x) const {
    const std::vector<int> near = marksNear(x);
    QStringList lines;
    for (size_t i = 0; i < near.size() && i < 8; ++i)
        lines << CompiledCallMarks::toolTip(m_marks[size_t(near[i])]);
    if (near.size() > 8)
        lines << tr("… and %n more call(s)", nullptr, int(near.size() - 8));
    return lines.join(QLatin1Char('\n'));
}

void CallMarksBar::paintEvent(QPaintEvent *) {
    QPainter p(this);
    for (int i = 0; i < markCount(); ++i) {
        const QColor color = CallTimeline::colorOf(m_marks[size_t(i)].call.outcome());
        p.fillRect(QRect(markX(i) - 1, 0, 3, height()), color);
    }
}

void CallMarksBar::mousePressEvent(QMouseEvent *event) {
    const std::vector<int> near = marksNear(int(event->position().x()));
    if (near.empty() || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    emit markClicked(near.front());
}

bool CallMarksBar::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos().x());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace dynascope
