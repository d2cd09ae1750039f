// CallTimeline: one mark per call of a compiled function, coloured by what the cache did (hit,
// first compile, recompile, cache full), recompiles flagged; clicking a mark selects the call.
#pragma once

#include "guardscache.h"
#include "model/callrecord.h"

#include <QWidget>

#include <vector>

namespace dynascope {

class CallTimeline : public QWidget {
    Q_OBJECT
public:
    explicit CallTimeline(QWidget *parent = nullptr);

    // The function's calls (a FunctionCache is rows of the session's digest: cheap to keep).
    void setFunction(FunctionCache function);
    int callCount() const { return static_cast<int>(m_function.calls.size()); }
    int currentRow() const { return m_current; }
    void setCurrentRow(int row);
    // The rectangle of a call's mark, in widget coordinates (for tests and tooltips).
    QRect markRect(int row) const;
    int rowAt(const QPoint &pos) const;
    static QColor colorOf(CallOutcome outcome);
    static QString outcomeText(CallOutcome outcome);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void currentRowChanged(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    double markWidth() const;
    FunctionCache m_function;
    int m_current = -1;
};

} // namespace dynascope
