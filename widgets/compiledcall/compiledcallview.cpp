// CompiledCallView: a phase list beside one page per kind of phase.
#include "compiledcallview.h"

#include "guards/callverdictview.h"
#include "guards/guardscache.h"
#include "model/graph.h"

#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace dynascope {

CompiledCallView::CompiledCallView(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_phase(new QLabel(this)),
      m_phases(new QListWidget(this)), m_pages(new QStackedWidget(this)),
      m_verdicts(new CallVerdictView), m_nodes(new QListWidget), m_code(new QPlainTextEdit) {
    setObjectName(QStringLiteral("compiledCallView"));
    m_title->setObjectName(QStringLiteral("compiledCallTitle"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_phase->setObjectName(QStringLiteral("compiledCallPhase"));
    m_phase->setWordWrap(true);
    m_phases->setObjectName(QStringLiteral("compiledCallPhases"));
    m_phases->setAccessibleName(tr("Phases of the call"));
    m_phases->setToolTip(tr("F10/F11: next · Shift+F10: back · Shift+F11: leave the call"));
    m_phases->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_phases->setTextElideMode(Qt::ElideMiddle);
    m_phases->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_nodes->setObjectName(QStringLiteral("compiledCallGraphNodes"));
    m_nodes->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_code->setObjectName(QStringLiteral("compiledCallCode"));
    m_code->setReadOnly(true);
    m_code->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *placeholder = new QLabel(
        tr("Press F11 on a step that calls a compiled function (a mark under the stepper's "
           "slider) to step into the call: its guard check, the graph that ran, and the resume "
           "code after a graph break. F10/F11 go on, Shift+F10 goes back, Shift+F11 leaves."));
    placeholder->setWordWrap(true);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setEnabled(false);
    m_pages->addWidget(placeholder);
    m_pages->addWidget(m_verdicts);
    m_pages->addWidget(m_nodes);
    m_pages->addWidget(m_code);

    // One column: the dock shares the narrow right-hand column with the Stack.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_phase);
    layout->addWidget(m_phases);
    layout->addWidget(m_pages, 1);
    connect(m_phases, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            emit phaseActivated(row);
    });
    clearCall();
}

CompiledCallView::Page CompiledCallView::page() const {
    return Page(m_pages->currentIndex());
}

void CompiledCallView::clearCall() {
    m_title->clear();
    m_phase->clear();
    m_title->hide();
    m_phase->hide();
    m_phases->clear();
    m_phases->hide();
    m_verdicts->setCall(nullptr, nullptr);
    m_pages->setCurrentIndex(PlaceholderPage);
}

QString CompiledCallView::phaseText(const CompiledCallMark &mark, const CompiledCallPhase &phase) {
    const RegionCall &region = mark.call.regions[size_t(phase.region)];
    const QString what = CompiledCallMarks::regionText(region, mark.graphs[size_t(phase.region)]);
    switch (phase.kind) {
    case CompiledCallPhase::GuardCheck:
        return tr("Guard check: %1").arg(what);
    case CompiledCallPhase::Graph:
        return tr("Graph %1 ran").arg(QString::fromStdString(phase.graph));
    case CompiledCallPhase::Resume:
        return tr("Resume at offset %1: %2").arg(region.regionStart).arg(what);
    }
    return QString();
}

void CompiledCallView::showPhase(const CompiledCallMark &mark,
                                 const std::vector<CompiledCallPhase> &phases, int phase,
                                 const FunctionCache *function, const CapturedGraph *graph) {
    const CompiledCallPhase &p = phases[size_t(phase)];
    m_title->setText(CompiledCallMarks::toolTip(mark));
    m_title->show();
    {
        const QSignalBlocker block(m_phases);
        if (m_phases->count() != int(phases.size()) ||
            m_phases->property("call").toString() != m_title->text()) {
            m_phases->clear();
            for (size_t i = 0; i < phases.size(); ++i) {
                const QString text = tr("%1. %2").arg(i + 1).arg(phaseText(mark, phases[i]));
                m_phases->addItem(text);
                m_phases->item(int(i))->setToolTip(text + QLatin1Char('\n') + m_phases->toolTip());
            }
            m_phases->setProperty("call", m_title->text());
            // As tall as its rows: a call has two to a few phases.
            m_phases->setFixedHeight(m_phases->sizeHintForRow(0) * m_phases->count() +
                                     2 * m_phases->frameWidth());
        }
        m_phases->setCurrentRow(phase);
    }
    m_phases->show();
    QString detail =
        tr("Step %1 of %2 — %3").arg(phase + 1).arg(phases.size()).arg(phaseText(mark, p));
    const RegionCall &region = mark.call.regions[size_t(p.region)];
    switch (p.kind) {
    case CompiledCallPhase::GuardCheck:
        m_verdicts->setCall(&mark.call, function);
        m_pages->setCurrentIndex(VerdictsPage);
        detail += tr(" · guards checked in %1 µs").arg(mark.call.guardUs, 0, 'f', 2);
        break;
    case CompiledCallPhase::Graph: {
        m_nodes->clear();
        if (graph) {
            for (const GraphNode &n : graph->nodes) {
                QString text = QString::fromStdString(n.name) + QStringLiteral(" = ") +
                               QString::fromStdString(n.op) + QLatin1Char(' ') +
                               QString::fromStdString(n.target);
                if (!n.args.empty()) {
                    QStringList args;
                    for (const std::string &a : n.args)
                        args << QString::fromStdString(a);
                    text += QLatin1Char('(') + args.join(QStringLiteral(", ")) + QLatin1Char(')');
                }
                if (!n.shape.empty())
                    text += QStringLiteral("  ") + QString::fromStdString(n.shape);
                m_nodes->addItem(text);
            }
            detail += tr(" · %n op(s), shown in the Graphs view and the Tracer", nullptr,
                         opCount(*graph));
        } else {
            detail += tr(" · this recording has no graph event for it");
        }
        m_pages->setCurrentIndex(GraphPage);
        break;
    }
    case CompiledCallPhase::Resume: {
        const CacheEntryGuards *entry = function ? function->entry(region.entry) : nullptr;
        m_code->setPlainText(entry ? QString::fromStdString(entry->transformed)
                                   : tr("# the cache entry that ran is not in this recording"));
        m_pages->setCurrentIndex(CodePage);
        break;
    }
    }
    m_phase->setText(detail);
    m_phase->show();
}

} // namespace dynascope
