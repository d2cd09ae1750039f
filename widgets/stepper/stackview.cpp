// Painting and animation of the operand stack; one QVariantAnimation drives a 0→1 progress.
#include "stackview.h"

#include "stackvaluetext.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>

namespace dynascope {
namespace {

constexpr qreal BoxHeight = 26;
constexpr qreal BoxGap = 4;
constexpr qreal Margin = 8;
constexpr qreal HeaderHeight = 112;
constexpr int MinVisibleDuration = 12; // ms; shorter animations are skipped

qreal smooth(qreal t) {
    return t * t * (3 - 2 * t);
}

} // namespace

StackView::StackView(QWidget *parent) : QWidget(parent), m_animation(new QVariantAnimation(this)) {
    setObjectName(QStringLiteral("stackView"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus); // so Space/Home/End reach the stepper after a click here
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant &v) {
        m_progress = v.toReal();
        update();
    });
    connect(m_animation, &QVariantAnimation::finished, this, [this] {
        m_animating = false;
        m_progress = 1;
        update();
        emit animationFinished();
    });
}

StackView::~StackView() = default;

void StackView::setStepsPerSecond(double stepsPerSecond) {
    // Leave a third of each step's interval still, so a playing stack can be read.
    const int interval = stepsPerSecond > 0 ? int(1000.0 / stepsPerSecond) : 1000;
    m_duration = std::min(220, interval * 2 / 3);
    if (m_duration < MinVisibleDuration)
        m_duration = 0;
}

bool StackView::isAnimating() const {
    return m_animating;
}

void StackView::finishAnimation() {
    if (!m_animating)
        return;
    m_animation->stop();
    m_animating = false;
    m_progress = 1;
    update();
}

void StackView::clear() {
    setState({});
}

void StackView::setState(const StackState &state, std::optional<StackTransition> transition) {
    finishAnimation();
    m_from = m_state.stack;
    m_state = state;
    const bool fits = transition && transition->outgoing >= 0 && transition->incoming >= 0 &&
                      transition->outgoing <= int(m_from.size()) &&
                      transition->incoming <= int(state.stack.size()) &&
                      int(m_from.size()) - transition->outgoing ==
                          int(state.stack.size()) - transition->incoming &&
                      (transition->outgoing > 0 || transition->incoming > 0);
    if (fits && m_duration > 0 && isVisible()) {
        m_transition = *transition;
        m_animating = true;
        m_progress = 0;
        m_animation->setDuration(m_duration);
        m_animation->start();
    } else {
        m_transition = {};
    }
    update();
}

QStringList StackView::entryTexts() const {
    QStringList texts;
    for (const StackValue &v : m_state.stack)
        texts << stackValueText(v);
    return texts;
}

QString StackView::topText() const {
    return m_state.stack.empty() ? QString() : stackValueText(m_state.stack.back());
}

QSize StackView::sizeHint() const {
    return {300, 360};
}
QSize StackView::minimumSizeHint() const {
    return {180, int(HeaderHeight + 3 * BoxHeight)};
}

QRectF StackView::stackArea() const {
    return QRectF(Margin, HeaderHeight, width() - 2 * Margin - 4,
                  height() - HeaderHeight - Margin - 4);
}

QRectF StackView::slotRect(int slot, const QRectF &area) const {
    const qreal y = area.bottom() - (slot + 1) * BoxHeight - slot * BoxGap;
    return QRectF(area.left() + 22, y, area.width() - 22, BoxHeight);
}

std::optional<StackValue> StackView::valueAt(const QPoint &pos) const {
    for (const Box &box : layoutBoxes())
        if (box.kind != Box::Leaving && box.rect.contains(pos))
            return box.value;
    return std::nullopt;
}

void StackView::mouseDoubleClickEvent(QMouseEvent *event) {
    if (auto value = valueAt(event->position().toPoint()))
        emit valueActivated(*value);
    QWidget::mouseDoubleClickEvent(event);
}

std::vector<StackView::Box> StackView::layoutBoxes() const {
    const QRectF area = stackArea();
    const int capacity = std::max(1, int((area.height() + BoxGap) / (BoxHeight + BoxGap)));
    const auto &to = m_state.stack;
    std::vector<Box> boxes;
    if (!m_animating) {
        const int first = std::max(0, int(to.size()) - capacity);
        const int results = m_state.operation.pushes;
        for (int i = first; i < int(to.size()); ++i) {
            Box b{to[i], slotRect(i - first, area), 1,
                  i >= int(to.size()) - results ? Box::Result : Box::Kept};
            boxes.push_back(b);
        }
        return boxes;
    }
    // Both phases share one slot numbering: the taller of the two stacks decides what scrolls.
    const int tallest = int(std::max(m_from.size(), to.size()));
    const int first = std::max(0, tallest - capacity);
    const int kept = int(m_from.size()) - m_transition.outgoing;
    const bool both = m_transition.outgoing > 0 && m_transition.incoming > 0;
    const qreal leaveEnd = both ? 0.5 : 1.0;
    const qreal arriveStart = both ? 0.5 : 0.0;
    const qreal rise = area.height() * 0.6;
    for (int i = first; i < kept; ++i)
        boxes.push_back({to[i], slotRect(i - first, area), 1, Box::Kept});
    const qreal leave = smooth(std::clamp(m_progress / leaveEnd, 0.0, 1.0));
    for (int i = std::max(kept, first); i < int(m_from.size()); ++i) {
        if (m_transition.outgoing == 0 || leave >= 1)
            break;
        QRectF r = slotRect(i - first, area).translated(0, -leave * rise);
        boxes.push_back({m_from[i], r, 1 - leave, Box::Leaving});
    }
    const qreal arrive =
        smooth(std::clamp((m_progress - arriveStart) / (1 - arriveStart), 0.0, 1.0));
    for (int i = std::max(kept, first); i < int(to.size()); ++i) {
        if (arrive <= 0)
            break;
        QRectF r = slotRect(i - first, area).translated(0, -(1 - arrive) * rise);
        boxes.push_back({to[i], r, arrive, Box::Arriving});
    }
    return boxes;
}

void StackView::paintBox(QPainter &painter, const Box &box) const {
    const bool tensor = !box.value.shape.empty() || !box.value.dtype.empty();
    QColor fill = palette().color(QPalette::Base);
    QColor edge = palette().color(QPalette::Mid);
    switch (box.kind) {
    case Box::Leaving:
        fill = QColor(0xfd, 0xe2, 0xc4);
        edge = QColor(0xd9, 0x83, 0x2b);
        break;
    case Box::Arriving:
    case Box::Result:
        fill = QColor(0xd5, 0xf0, 0xd8);
        edge = QColor(0x3a, 0x9a, 0x4a);
        break;
    case Box::Kept:
        if (tensor)
            fill = QColor(0xe3, 0xec, 0xfa);
        break;
    }
    if (isNullValue(box.value))
        fill = palette().color(QPalette::AlternateBase);
    painter.setOpacity(box.opacity);
    painter.setPen(QPen(edge, 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box.rect.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);

    const QRectF text = box.rect.adjusted(8, 0, -8, 0);
    const QString type = tensor ? QString() : QString::fromStdString(box.value.type);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const qreal typeWidth = type.isEmpty() ? 0 : QFontMetricsF(small).horizontalAdvance(type) + 8;
    painter.setPen(QColor(0x80, 0x80, 0x80));
    painter.setFont(small);
    painter.drawText(text, Qt::AlignRight | Qt::AlignVCenter, type);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    painter.setFont(mono);
    painter.setPen(isNullValue(box.value) ? QColor(0x90, 0x90, 0x90)
                                          : palette().color(QPalette::Text));
    const QString value = QFontMetricsF(mono).elidedText(stackValueText(box.value), Qt::ElideRight,
                                                         text.width() - typeWidth);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, value);
    painter.setOpacity(1);
}

void StackView::paintEvent(QPaintEvent *) {
    ++m_paintCount;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().color(QPalette::Window));

    // Header: where we are, what the instruction did, its stack effect.
    const qreal w = width() - 2 * Margin;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    painter.setFont(small);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(Margin, 4, w, 18), Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(small).elidedText(m_state.heading, Qt::ElideRight, w));
    QFont big = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    painter.setFont(big);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(Margin, 22, w, 28), Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(big).elidedText(m_state.operation.text, Qt::ElideRight, w));
    painter.setFont(small);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(Margin, 50, w, 18), Qt::AlignLeft | Qt::AlignVCenter,
                     m_state.operation.caption);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(Margin, 70, w, HeaderHeight - 74),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_state.explanation);

    // The stack's container: open at the top, where values come and go.
    const QRectF area = stackArea();
    const qreal left = area.left() + 22 - 4, right = area.right() + 3, bottom = area.bottom() + 4;
    painter.setPen(QPen(palette().color(QPalette::Mid), 2));
    painter.drawPolyline(QPolygonF({QPointF(left, area.top() + 6), QPointF(left, bottom),
                                    QPointF(right, bottom), QPointF(right, area.top() + 6)}));

    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    const auto boxes = layoutBoxes();
    for (const Box &box : boxes)
        paintBox(painter, box);
    painter.restore();

    // Slot numbers on the left, and what does not fit.
    painter.setFont(small);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const int capacity = std::max(1, int((area.height() + BoxGap) / (BoxHeight + BoxGap)));
    const int n = int(m_state.stack.size());
    const int first = std::max(0, n - capacity);
    for (int i = first; i < n && !m_animating; ++i)
        painter.drawText(QRectF(area.left() - 4, slotRect(i - first, area).top(), 20, BoxHeight),
                         Qt::AlignRight | Qt::AlignVCenter,
                         i == n - 1 ? tr("top") : QString::number(i));
    if (n == 0 && !m_animating)
        painter.drawText(area, Qt::AlignCenter, tr("empty stack"));
    if (first > 0 && !m_animating)
        painter.drawText(QRectF(area.left(), area.bottom() - 2, area.width(), 12), Qt::AlignCenter,
                         tr("%1 more below").arg(first));
}

bool StackView::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        for (const Box &box : layoutBoxes()) {
            if (!box.rect.contains(help->pos()))
                continue;
            QString tip = QString::fromStdString(box.value.type) + QStringLiteral(": ") +
                          QString::fromStdString(box.value.repr);
            if (!box.value.shape.empty())
                tip += tr("\nshape %1, dtype %2%3")
                           .arg(QString::fromStdString(box.value.shape),
                                QString::fromStdString(box.value.dtype),
                                box.value.requiresGrad ? tr(", requires grad") : QString());
            QToolTip::showText(help->globalPos(), tip, this);
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace dynascope
