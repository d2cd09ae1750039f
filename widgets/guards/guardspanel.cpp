// GuardsPanel: layout and the selection flow call → verdicts → highlighted guard.
#include "guardspanel.h"

#include "calltimeline.h"
#include "callverdictview.h"
#include "conjunctionview.h"
#include "guardtreeview.h"
#include "hitratechart.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace dynascope {

GuardsPanel::GuardsPanel(QWidget *parent)
    : QWidget(parent), m_functions(new QComboBox), m_summary(new QLabel),
      m_warnings(new QListWidget), m_entryTabs(new QTabWidget), m_tree(new GuardTreeView),
      m_conjunction(new ConjunctionView), m_timeline(new CallTimeline), m_chart(new HitRateChart),
      m_verdicts(new CallVerdictView), m_transformed(new QPlainTextEdit) {
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Function:")));
    top->addWidget(m_functions, 1);
    top->addWidget(m_summary, 2);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A docked view must not widen the window: long texts wrap or elide instead.
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_functions->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_functions->setMinimumContentsLength(12);
    m_entryTabs->setUsesScrollButtons(true);
    for (QWidget *w : {static_cast<QWidget *>(m_entryTabs), static_cast<QWidget *>(m_chart),
                       static_cast<QWidget *>(m_verdicts)})
        w->setMinimumWidth(160);
    m_verdicts->setMinimumHeight(40);
    m_tree->setMinimumHeight(40);
    m_functions->setAccessibleName(tr("Compiled function"));
    m_warnings->setMaximumHeight(64);
    m_warnings->setWordWrap(true);
    m_warnings->setAccessibleName(tr("Warnings"));
    m_entryTabs->addTab(m_tree, tr("Guard tree"));
    m_entryTabs->addTab(m_conjunction, tr("Conjunction"));
    // As depyf shows a compiled function: graphs called as __compiled_fn_N, the break step,
    // and the rest of the function as __resume_at_<offset>.
    m_transformed->setReadOnly(true);
    m_transformed->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_transformed->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_entryTabs->addTab(m_transformed, tr("Transformed code"));

    auto *calls = new QWidget;
    auto *callsLayout = new QVBoxLayout(calls);
    callsLayout->setContentsMargins(0, 0, 0, 0);
    callsLayout->addWidget(m_timeline);
    auto *lower = new QSplitter(Qt::Vertical);
    lower->addWidget(m_chart);
    lower->addWidget(m_verdicts);
    callsLayout->addWidget(lower, 1);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_entryTabs);
    split->addWidget(calls);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_warnings);
    layout->addWidget(split, 1);

    connect(m_functions, &QComboBox::currentIndexChanged, this, &GuardsPanel::showCurrent);
    connect(m_timeline, &CallTimeline::currentRowChanged, this, &GuardsPanel::onCallRow);
    connect(m_verdicts, &CallVerdictView::failureActivated, this, &GuardsPanel::highlight);
    connect(m_warnings, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        long call = item->data(Qt::UserRole).toLongLong();
        if (call > 0)
            selectCall(static_cast<int>(call - 1));
    });
    showCurrent();
}

const FunctionCache *GuardsPanel::current() const {
    return m_cache ? m_cache->function(m_functions->currentText().toStdString()) : nullptr;
}

QString GuardsPanel::currentFunction() const {
    return m_functions->currentText();
}

void GuardsPanel::setCache(const GuardsCache *cache) {
    m_cache = cache;
    QString keep = m_functions->currentText();
    QSignalBlocker block(m_functions);
    m_functions->clear();
    if (cache)
        for (const FunctionCache &f : cache->functions())
            m_functions->addItem(QString::fromStdString(f.function));
    int at = m_functions->findText(keep);
    m_functions->setCurrentIndex(at >= 0 ? at : 0);
    showCurrent();
}

bool GuardsPanel::showFunction(const QString &function) {
    int at = m_functions->findText(function);
    if (at < 0)
        return false;
    m_functions->setCurrentIndex(at);
    return true;
}

void GuardsPanel::showCurrent() {
    const FunctionCache *f = current();
    int row = m_timeline->currentRow();
    m_tree->setFunction(f);
    m_conjunction->setFunction(f);
    m_warnings->clear();
    QString code;
    if (f)
        for (const CacheEntryGuards &e : f->entries)
            code += QString::fromStdString(e.transformed) + QLatin1Char('\n');
    m_transformed->setPlainText(code);
    if (!f) {
        m_summary->setText(tr("No compiled function has run."));
        m_timeline->setFunction({});
        m_chart->setCalls({});
        m_verdicts->setCall(nullptr, nullptr);
        m_warnings->hide();
        return;
    }
    const CallSummary &s = f->summary;
    double hitGuardUs = 0;
    for (const CallRecord &c : f->calls)
        hitGuardUs += c.outcome() == CallOutcome::Hit ? c.guardUs : 0.0;
    m_summary->setText(tr("%1 calls · hit rate %2 % · %3 recompiles · %4 cache entries · "
                          "guards %5 µs a hit")
                           .arg(s.calls)
                           .arg(100.0 * s.hitRate(), 0, 'f', 1)
                           .arg(s.recompiles)
                           .arg(f->entries.size())
                           .arg(s.hits ? hitGuardUs / s.hits : 0.0, 0, 'f', 2));
    for (const GuardWarning &w : GuardWarnings::of(*f)) {
        auto *item = new QListWidgetItem(tr("⚠ %1  Fix: %2").arg(w.text, w.fix), m_warnings);
        item->setData(Qt::UserRole, static_cast<qlonglong>(w.call));
        item->setToolTip(w.fix);
    }
    m_warnings->setVisible(m_warnings->count() > 0);
    m_timeline->setFunction(*f);
    m_chart->setCalls(f->calls);
    // Keep the selected call when the same function grows; otherwise show the last one.
    selectCall(row >= 0 && row < m_timeline->callCount() ? row : m_timeline->callCount() - 1);
    onCallRow(m_timeline->currentRow());
}

void GuardsPanel::selectCall(int row) {
    m_timeline->setCurrentRow(row);
}

bool GuardsPanel::showGuard(const QString &function, int entry, int guard) {
    if (!showFunction(function) || !m_tree->entryItem(entry))
        return false;
    m_entryTabs->setCurrentWidget(m_tree);
    m_tree->highlight(entry, guard, GuardTreeView::Mark::Pointed);
    m_conjunction->highlight(entry, guard, true);
    return guard < 0 || m_tree->guardItem(entry, guard);
}

bool GuardsPanel::showCall(const QString &function, int row) {
    if (!showFunction(function) || row < 0 || row >= m_timeline->callCount())
        return false;
    m_entryTabs->setCurrentWidget(m_tree);
    // The verdicts are what such a stop is about: give them half of the column at least.
    if (auto *lower = qobject_cast<QSplitter *>(m_verdicts->parentWidget())) {
        const QList<int> sizes = lower->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        if (sizes.size() == 2 && sizes[1] < total / 2)
            lower->setSizes({total - total / 2, total / 2});
    }
    const bool again = m_timeline->currentRow() == row;
    selectCall(row);
    if (again)
        onCallRow(row); // marks the failed guard again
    // A hit failed nothing: point at the entry whose guards all held.
    const CallRecord &call = current()->calls[static_cast<size_t>(row)];
    if (call.outcome() == CallOutcome::Hit && !call.regions.empty())
        m_tree->highlight(call.regions.front().entry, -1, GuardTreeView::Mark::Pointed);
    return m_timeline->currentRow() == row;
}

void GuardsPanel::onCallRow(int row) {
    const FunctionCache *f = current();
    const CallRecord *call =
        f && row >= 0 && row < static_cast<int>(f->calls.size()) ? &f->calls[row] : nullptr;
    highlight(-1, -1);
    m_verdicts->setCall(call, f);
}

void GuardsPanel::highlight(int entry, int guard) {
    m_tree->highlight(entry, guard);
    m_conjunction->highlight(entry, guard);
}

} // namespace dynascope
