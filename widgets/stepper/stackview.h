// The operand stack drawn as boxes, bottom at the bottom, animating each instruction's pops/pushes.
#pragma once

#include "stackstate.h"

#include <QWidget>

#include <optional>
#include <vector>

class QVariantAnimation;

namespace dynascope {

class StackView : public QWidget {
    Q_OBJECT
public:
    explicit StackView(QWidget *parent = nullptr);
    ~StackView() override;

    // Shows `state`, animated when a transition is given and fits the two stacks. An animation
    // still running is finished first: steps never queue up behind a slow animation.
    void setState(const StackState &state, std::optional<StackTransition> transition = {});
    void clear();

    // The duration follows the play speed: two thirds of a step's interval, at most 220 ms (0:
    // stepping by hand), none when that is under 12 ms (56 steps/s and faster: not one frame).
    void setStepsPerSecond(double stepsPerSecond);
    int animationDuration() const { return m_duration; }
    bool isAnimating() const;
    void finishAnimation();

    // --- what is shown (for tests and the main window's status line) ---
    QStringList entryTexts() const; // bottom first
    QString topText() const;
    QString operationText() const { return m_state.operation.text; }
    QString captionText() const { return m_state.operation.caption; }
    QString headingText() const { return m_state.heading; }
    QString explanationText() const { return m_state.explanation; }
    // Frames painted since construction (the benchmark counts them).
    long long paintCount() const { return m_paintCount; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The value of the slot under `pos` (nullopt: none), for the value inspector.
    std::optional<StackValue> valueAt(const QPoint &pos) const;

signals:
    void animationFinished();
    // A slot was double-clicked.
    void valueActivated(const dynascope::StackValue &value);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Box {
        StackValue value;
        QRectF rect;
        qreal opacity = 1;
        enum Kind { Kept, Leaving, Arriving, Result } kind = Kept;
    };
    std::vector<Box> layoutBoxes() const;
    QRectF stackArea() const;
    QRectF slotRect(int slot, const QRectF &area) const;
    void paintBox(QPainter &painter, const Box &box) const;

    StackState m_state;
    std::vector<StackValue> m_from; // the stack shown before the running transition
    StackTransition m_transition;
    bool m_animating = false;
    qreal m_progress = 1;
    int m_duration = 220;
    long long m_paintCount = 0;
    QVariantAnimation *m_animation = nullptr;
};

} // namespace dynascope
