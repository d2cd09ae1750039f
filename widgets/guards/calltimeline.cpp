// CallTimeline: painting, hit testing, keyboard and tooltips.
#include "calltimeline.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace dynascope {

namespace {
constexpr int kMargin = 8;
constexpr int kFlagHeight = 10;
constexpr int kMarkHeight = 26;
constexpr int kLegendHeight = 22;
} // namespace

CallTimeline::CallTimeline(QWidget *parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Call timeline"));
}

QSize CallTimeline::sizeHint() const {
    return {480, kMargin * 2 + kFlagHeight + kMarkHeight + kLegendHeight};
}

QSize CallTimeline::minimumSizeHint() const {
    return {160, sizeHint().height()};
}

QColor CallTimeline::colorOf(CallOutcome outcome) {
    switch (outcome) {
    case CallOutcome::Hit:
        return QColor(46, 160, 67);
    case CallOutcome::Miss:
        return QColor(52, 120, 220);
    case CallOutcome::Recompile:
        return QColor(235, 140, 20);
    case CallOutcome::CacheLimit:
        return QColor(210, 50, 50);
    }
    return Qt::gray;
}

QString CallTimeline::outcomeText(CallOutcome outcome) {
    switch (outcome) {
    case CallOutcome::Hit:
        return tr("hit");
    case CallOutcome::Miss:
        return tr("first compile");
    case CallOutcome::Recompile:
        return tr("recompile");
    case CallOutcome::CacheLimit:
        return tr("cache full: ran uncompiled");
    }
    return QString();
}

void CallTimeline::setFunction(FunctionCache function) {
    m_function = std::move(function);
    if (m_current >= callCount())
        m_current = -1;
    updateGeometry();
    update();
}

void CallTimeline::setCurrentRow(int row) {
    row = row < 0 || row >= callCount() ? -1 : row;
    if (row == m_current)
        return;
    m_current = row;
    update();
    emit currentRowChanged(row);
}

double CallTimeline::markWidth() const {
    if (m_function.calls.empty())
        return 0;
    return std::min(14.0, double(width() - 2 * kMargin) / m_function.calls.size());
}

QRect CallTimeline::markRect(int row) const {
    double w = markWidth();
    int x = kMargin + static_cast<int>(std::floor(row * w));
    int right = kMargin + static_cast<int>(std::floor((row + 1) * w));
    return QRect(x, kMargin + kFlagHeight, std::max(1, right - x - (w >= 4 ? 1 : 0)), kMarkHeight);
}

int CallTimeline::rowAt(const QPoint &pos) const {
    double w = markWidth();
    if (w <= 0 || pos.y() < kMargin || pos.y() > kMargin + kFlagHeight + kMarkHeight)
        return -1;
    int row = static_cast<int>((pos.x() - kMargin) / w);
    return row >= 0 && row < callCount() ? row : -1;
}

void CallTimeline::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_function.calls.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No compiled calls yet"));
        return;
    }
    for (int row = 0; row < callCount(); ++row) {
        CallOutcome outcome = m_function.calls[row].outcome();
        QRect r = markRect(row);
        p.fillRect(r, colorOf(outcome));
        if (outcome == CallOutcome::Recompile || outcome == CallOutcome::Miss) {
            // A flag above the mark: something was compiled on this call.
            QPolygon flag;
            int cx = r.center().x();
            flag << QPoint(cx - 4, kMargin) << QPoint(cx + 4, kMargin)
                 << QPoint(cx, kMargin + kFlagHeight - 2);
            p.setPen(Qt::NoPen);
            p.setBrush(colorOf(outcome));
            p.drawPolygon(flag);
        }
    }
    if (m_current >= 0) {
        QRect r = markRect(m_current).adjusted(-2, -2, 2, 2);
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }
    // Legend.
    int x = kMargin;
    int y = kMargin + kFlagHeight + kMarkHeight + 6;
    p.setPen(palette().color(QPalette::Text));
    for (CallOutcome o :
         {CallOutcome::Hit, CallOutcome::Miss, CallOutcome::Recompile, CallOutcome::CacheLimit}) {
        p.fillRect(QRect(x, y + 3, 10, 10), colorOf(o));
        QString text = outcomeText(o);
        p.drawText(QRect(x + 14, y, 400, 16), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += 14 + p.fontMetrics().horizontalAdvance(text) + 14;
    }
}

void CallTimeline::mousePressEvent(QMouseEvent *event) {
    int row = rowAt(event->position().toPoint());
    if (row >= 0)
        setCurrentRow(row);
    setFocus();
}

void CallTimeline::keyPressEvent(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Left:
        setCurrentRow(std::max(0, m_current - 1));
        return;
    case Qt::Key_Right:
        setCurrentRow(std::min(callCount() - 1, m_current + 1));
        return;
    case Qt::Key_Home:
        setCurrentRow(0);
        return;
    case Qt::Key_End:
        setCurrentRow(callCount() - 1);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool CallTimeline::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int row = rowAt(help->pos());
        if (row < 0) {
            QToolTip::hideText();
            return true;
        }
        const CallRecord &c = m_function.calls[row];
        QString text = tr("call %1: %2").arg(c.index).arg(outcomeText(c.outcome()));
        if (const RegionCall *r = c.firstMiss())
            if (const std::string reason = m_function.reasonOf(*r); !reason.empty())
                text += QStringLiteral("\n") + QString::fromStdString(reason);
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace dynascope
