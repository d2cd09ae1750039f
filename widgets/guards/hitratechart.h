// HitRateChart: a compiled function's cache hit rate over its calls (Qt Charts): the running
// rate since the first call, the rate over the last 20 calls, and the calls that compiled.
#pragma once

#include "guardscache.h"
#include "model/callrecord.h"

#include <QChartView>

#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace dynascope {

class HitRateChart : public QChartView {
    Q_OBJECT
public:
    explicit HitRateChart(QWidget *parent = nullptr);
    void setCalls(const CallRows &calls);
    QLineSeries *runningRate() const { return m_running; }
    QLineSeries *windowRate() const { return m_window; }
    QScatterSeries *compiles() const { return m_compiles; }
    static constexpr int kWindow = 20;

private:
    QLineSeries *m_running;
    QLineSeries *m_window;
    QScatterSeries *m_compiles;
    QValueAxis *m_x;
    QValueAxis *m_y;
};

} // namespace dynascope
