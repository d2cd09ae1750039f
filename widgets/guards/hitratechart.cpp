// HitRateChart: series built from the call records' outcomes.
#include "hitratechart.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <deque>

namespace dynascope {

HitRateChart::HitRateChart(QWidget *parent)
    : QChartView(parent), m_running(new QLineSeries), m_window(new QLineSeries),
      m_compiles(new QScatterSeries), m_x(new QValueAxis), m_y(new QValueAxis) {
    auto *chart = new QChart;
    m_running->setName(tr("hit rate since call 1"));
    m_window->setName(tr("hit rate over the last %1 calls").arg(kWindow));
    m_compiles->setName(tr("compiled on this call"));
    m_compiles->setMarkerSize(7);
    m_compiles->setColor(QColor(235, 140, 20));
    chart->addSeries(m_window);
    chart->addSeries(m_running);
    chart->addSeries(m_compiles);
    m_x->setTitleText(tr("call"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    m_y->setTitleText(tr("hits (%)"));
    m_y->setRange(0, 100);
    m_y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s :
         {static_cast<QAbstractSeries *>(m_running), static_cast<QAbstractSeries *>(m_window),
          static_cast<QAbstractSeries *>(m_compiles)}) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(60); // docked in a bottom tab group: the editor keeps its height
}

void HitRateChart::setCalls(const CallRows &calls) {
    QList<QPointF> running, window, compiles;
    long hits = 0;
    std::deque<bool> last;
    long lastHits = 0;
    for (size_t i = 0; i < calls.size(); ++i) {
        bool hit = calls[i].outcome() == CallOutcome::Hit;
        hits += hit;
        last.push_back(hit);
        lastHits += hit;
        if (last.size() > static_cast<size_t>(kWindow)) {
            lastHits -= last.front();
            last.pop_front();
        }
        double x = static_cast<double>(calls[i].index);
        double rate = 100.0 * hits / (i + 1);
        running << QPointF(x, rate);
        window << QPointF(x, 100.0 * lastHits / last.size());
        CallOutcome o = calls[i].outcome();
        if (o == CallOutcome::Miss || o == CallOutcome::Recompile)
            compiles << QPointF(x, rate);
    }
    m_running->replace(running);
    m_window->replace(window);
    m_compiles->replace(compiles);
    m_x->setRange(calls.empty() ? 0 : calls[0].index, calls.empty() ? 1 : calls.back().index);
}

} // namespace dynascope
