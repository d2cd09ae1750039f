// CompiledCallView: the Compiled Call dock — one compiled call stepped into, phase by phase: the
// guard check (the entries tried and their verdicts), the graph that ran, the resume code.
#pragma once

#include "compiledcallphases.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QStackedWidget;

namespace dynascope {

class CallVerdictView;
struct CapturedGraph;
struct FunctionCache;

class CompiledCallView : public QWidget {
    Q_OBJECT
public:
    enum Page { PlaceholderPage, VerdictsPage, GraphPage, CodePage };

    explicit CompiledCallView(QWidget *parent = nullptr);

    // Shows phase `phase` of `mark`. `function`: the call's function as the Guards view decoded
    // it (verdict words, transformed code); `graph`: the graph a Graph phase names. Both may be
    // null (an event missing from a hand-edited capture): the page says what it lacks.
    void showPhase(const CompiledCallMark &mark, const std::vector<CompiledCallPhase> &phases,
                   int phase, const FunctionCache *function, const CapturedGraph *graph);
    // Back to the placeholder that says how to step into a call.
    void clearCall();

    static QString phaseText(const CompiledCallMark &mark, const CompiledCallPhase &phase);

    Page page() const;
    QLabel *titleLabel() const { return m_title; }
    QLabel *phaseLabel() const { return m_phase; }
    QListWidget *phaseList() const { return m_phases; }
    CallVerdictView *verdicts() const { return m_verdicts; }
    QListWidget *graphNodes() const { return m_nodes; }
    QPlainTextEdit *code() const { return m_code; }

signals:
    // A phase was clicked in the list.
    void phaseActivated(int phase);

private:
    QLabel *m_title;
    QLabel *m_phase;
    QListWidget *m_phases;
    QStackedWidget *m_pages;
    CallVerdictView *m_verdicts;
    QListWidget *m_nodes;
    QPlainTextEdit *m_code;
};

} // namespace dynascope
