// GuardsPanel: the Guards & Cache view. Per compiled function: the hit rate and warnings, its
// cache entries in check order (Dynamo's guard tree, or the article's conjunction), the call
// timeline and the hit rate over calls; a clicked call shows its verdicts with the failed guard
// highlighted in its entry.
#pragma once

#include "guardscache.h"
#include "guardwarnings.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTabWidget;

namespace dynascope {

class CallTimeline;
class CallVerdictView;
class ConjunctionView;
class GuardTreeView;
class HitRateChart;

class GuardsPanel : public QWidget {
    Q_OBJECT
public:
    explicit GuardsPanel(QWidget *parent = nullptr);

    // Shows `cache` (kept by the caller, alive while shown); keeps the chosen function if it is
    // still there.
    void setCache(const GuardsCache *cache);
    // Chooses the function shown (by qualified name); false when the run has no such function.
    bool showFunction(const QString &function);
    QString currentFunction() const;
    void selectCall(int row);
    // What a lesson stop points at: shows `function`, brings its guard tree to the front and
    // marks guard `guard` of cache entry `entry` (a number as call records give it; guard -1:
    // the whole entry). False when the run has no such function or entry.
    bool showGuard(const QString &function, int entry, int guard);
    // Shows `function` and selects its call `row` (0-based): the call's verdicts, with the guard
    // that failed marked in its entry. False when there is no such call.
    bool showCall(const QString &function, int row);

    QComboBox *functionBox() const { return m_functions; }
    QLabel *summaryLabel() const { return m_summary; }
    QListWidget *warningList() const { return m_warnings; }
    GuardTreeView *guardTree() const { return m_tree; }
    ConjunctionView *conjunction() const { return m_conjunction; }
    CallTimeline *timeline() const { return m_timeline; }
    HitRateChart *chart() const { return m_chart; }
    CallVerdictView *verdicts() const { return m_verdicts; }
    QPlainTextEdit *transformedCode() const { return m_transformed; }

private:
    void showCurrent();
    void onCallRow(int row);
    void highlight(int entry, int guard);
    const FunctionCache *current() const;

    const GuardsCache *m_cache = nullptr;
    QComboBox *m_functions;
    QLabel *m_summary;
    QListWidget *m_warnings;
    QTabWidget *m_entryTabs;
    GuardTreeView *m_tree;
    ConjunctionView *m_conjunction;
    CallTimeline *m_timeline;
    HitRateChart *m_chart;
    CallVerdictView *m_verdicts;
    QPlainTextEdit *m_transformed;
};

} // namespace dynascope
