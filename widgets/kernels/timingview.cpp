// TimingView: T_base, t_guard, per-kernel time, T_comp and S per compiled function (Qt Charts).
#include "kernels/timingview.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSplitter>
#include <QToolTip>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace dynascope {

namespace {

QString duration(double us) {
    if (us >= 1000.0)
        return TimingView::tr("%1 ms").arg(us / 1000.0, 0, 'f', 2);
    return TimingView::tr("%1 µs").arg(us, 0, 'f', 1);
}

} // namespace

QString TimingView::formatStats(const TimingStats &s) {
    QString text =
        tr("%1 [%2 .. %3]").arg(duration(s.medianUs), duration(s.p10Us), duration(s.p90Us));
    return s.noisy ? tr("%1 (noisy)").arg(text) : text;
}

TimingView::TimingView(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_chartView(new QChartView(m_chart, this)),
      m_table(new QTreeWidget(this)), m_summary(new QLabel(this)),
      m_run(new QPushButton(tr("Run compiled kernels"), this)) {
    // No chart title: in a bottom dock it was cut to "T_base (eager) and T_comp (comp…"; the
    // legend names both bars instead, and the bars lie on their side so that the function
    // names have a line each (under upright bars they were elided to "…").
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(280, 160);
    m_table->setHeaderLabels(
        {tr("Function / part"), tr("Time (median [p10 .. p90])"), tr("S = T_base / T_comp")});
    m_table->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->setObjectName(QStringLiteral("timingTable"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Run compiled kernels to time each compiled function against eager."));
    m_run->setToolTip(tr("Run the script with its kernels built first, then time every compiled "
                         "function against the same function run eagerly"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_run);
    auto *split = new QSplitter(Qt::Horizontal, this); // a short bottom dock: side by side
    split->addWidget(m_table);
    split->addWidget(m_chartView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    connect(m_run, &QPushButton::clicked, this, &TimingView::runRequested);
}

void TimingView::clear() {
    m_report = TimingReport();
    m_table->clear();
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes())
        m_chart->removeAxis(axis);
}

void TimingView::addKernels(QTreeWidgetItem *parent, const std::vector<KernelTiming> &kernels) {
    for (const KernelTiming &k : kernels)
        new QTreeWidgetItem(parent, {tr("%1 (%2)").arg(QString::fromStdString(k.name),
                                                       QString::fromStdString(k.kind)),
                                     formatStats(k.time)});
    parent->setExpanded(true);
}

void TimingView::addBackward(QTreeWidgetItem *function, int graph, const BackwardTiming &b) {
    // Not part of T_comp (the call runs the forward); timed alone, on the saved values of one
    // compiled forward, against torch.autograd.grad over one eager forward.
    const QString title =
        tr("graph %1 backward: %2").arg(graph).arg(QString::fromStdString(b.status));
    QTreeWidgetItem *item = nullptr;
    if (b.compiled && b.eager) {
        const double ratio =
            b.compiled->medianUs > 0 ? b.eager->medianUs / b.compiled->medianUs : 0;
        item = new QTreeWidgetItem(
            function,
            {title, formatStats(*b.compiled),
             tr("eager %1 (%2× faster)").arg(formatStats(*b.eager)).arg(ratio, 0, 'f', 2)});
    } else {
        item = new QTreeWidgetItem(
            function, {title, b.note.empty() ? tr("not timed") : QString::fromStdString(b.note)});
    }
    item->setToolTip(0, tr("The backward half of a training plan, timed alone: the generated "
                           "backward on the saved values of one compiled forward, against "
                           "torch.autograd.grad over one eager forward. T_comp does not include "
                           "it (a call runs the forward)."));
    addKernels(item, b.kernels);
}

void TimingView::setReport(const TimingReport &report) {
    clear();
    m_report = report;
    // Short names: the chart shares a bottom dock with the table, whose rows say them in full.
    auto *base = new QBarSet(tr("T_base"));
    auto *comp = new QBarSet(tr("T_comp"));
    QStringList names;
    double low = 1e300, high = 0;
    for (const FunctionTiming &f : report.functions) {
        const QString name = QString::fromStdString(f.name);
        names << name;
        *base << f.base.medianUs;
        *comp << f.comp.medianUs;
        low = std::min({low, f.base.medianUs, f.comp.medianUs});
        high = std::max({high, f.base.medianUs, f.comp.medianUs});
        auto *fn = new QTreeWidgetItem(
            m_table,
            {name, QString(),
             tr("%1×%2").arg(f.speedup, 0, 'f', 2).arg(f.noisy ? tr(" (noisy)") : QString())});
        new QTreeWidgetItem(fn, {tr("T_base (eager)"), formatStats(f.base)});
        new QTreeWidgetItem(fn, {tr("t_guard (guards and dispatch)"), duration(f.guardUs)});
        for (const GraphTiming &g : f.graphs) {
            const QString title =
                g.part == "forward" ? tr("graph %1 forward: %2") : tr("graph %1: %2");
            auto *graph =
                new QTreeWidgetItem(fn, {title.arg(g.graph).arg(QString::fromStdString(g.status)),
                                         g.compiled ? formatStats(*g.compiled) : QString(),
                                         tr("eager %1").arg(formatStats(g.eager))});
            addKernels(graph, g.kernels);
            if (g.backward)
                addBackward(fn, g.graph, *g.backward);
        }
        new QTreeWidgetItem(fn, {tr("T_comp (compiled)"), formatStats(f.comp)});
        fn->setExpanded(true);
    }
    auto *series = new QHorizontalBarSeries;
    series->append(base);
    series->append(comp);
    m_chart->addSeries(series);
    auto *functionAxis = new QBarCategoryAxis;
    functionAxis->append(names);
    auto *time = new QLogValueAxis;
    time->setTitleText(tr("µs, log scale"));
    time->setLabelFormat(QStringLiteral("%g"));
    time->setMinorTickCount(8);
    if (high > 0)
        time->setRange(std::max(low / 2, 0.01), high * 2);
    m_chart->addAxis(functionAxis, Qt::AlignLeft);
    m_chart->addAxis(time, Qt::AlignBottom);
    series->attachAxis(functionAxis);
    series->attachAxis(time);
    // A long function name is elided on the axis: the bar says it in full on hover.
    connect(series, &QAbstractBarSeries::hovered, this,
            [names](bool over, int index, QBarSet *set) {
                if (over && index >= 0 && index < names.size())
                    QToolTip::showText(QCursor::pos(), tr("%1: %2 %3")
                                                           .arg(names[index], set->label(),
                                                                duration(set->at(index))));
                else
                    QToolTip::hideText();
            });
    m_summary->setText(
        report.functions.empty()
            ? tr("No compiled function was called.")
            : tr("%1, %2, %3.")
                  .arg(tr("%n compiled function(s)", nullptr, int(report.functions.size())),
                       tr("%n interleaved round(s)", nullptr, report.rounds),
                       tr("%n thread(s)", nullptr, report.threads)));
}

} // namespace dynascope
