// CallMarksBar: a strip under the stepper's slider with one mark per compiled call at the step it
// began in, coloured as the Guards view colours calls; hovering names the call ("call 3: hit
// entry 2"), a click goes to its step.
#pragma once

#include "compiledcallmarks.h"

#include <QWidget>

#include <vector>

namespace dynascope {

class CallMarksBar : public QWidget {
    Q_OBJECT
public:
    explicit CallMarksBar(QWidget *parent = nullptr);

    // `steps`: the timeline's length, so mark x = the slider handle's x at the mark's step.
    void setMarks(std::vector<CompiledCallMark> marks, int steps);
    const std::vector<CompiledCallMark> &marks() const { return m_marks; }
    int markCount() const { return int(m_marks.size()); }
    // The mark's centre x in this widget (the slider above shares its left edge and width).
    int markX(int mark) const;
    // Marks whose x is within a few pixels of `x`, nearest first.
    std::vector<int> marksNear(int x) const;
    // What hovering at `x` shows: one line per mark there (at most eight, then a count).
    QString toolTipAt(int x) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void markClicked(int mark);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    std::vector<CompiledCallMark> m_marks;
    int m_steps = 0;
};

} // namespace dynascope
