// ConjunctionView: HTML of the conjunctions, redrawn when the highlight moves.
#include "conjunctionview.h"

namespace dynascope {

namespace {
const QString kAnd = QStringLiteral(" ∧ ");
} // namespace

ConjunctionView::ConjunctionView(QWidget *parent) : QTextBrowser(parent) {
    setOpenLinks(false);
}

QString ConjunctionView::conjunction(const CacheEntryGuards &entry) {
    QStringList terms;
    for (const GuardInfo &g : entry.guards)
        for (const std::string &t : g.terms)
            terms << QString::fromStdString(t);
    return terms.join(kAnd);
}

void ConjunctionView::setFunction(const FunctionCache *function) {
    m_function = function;
    m_entry = m_guard = -1;
    render();
}

void ConjunctionView::highlight(int entry, int guard, bool pointed) {
    m_entry = entry;
    m_guard = guard;
    m_pointed = pointed;
    render();
}

void ConjunctionView::render() {
    if (!m_function) {
        setHtml(QString());
        return;
    }
    QString html;
    for (const CacheEntryGuards &entry : m_function->entries) {
        html += QStringLiteral("<p><b>%1</b> = ").arg(tr("g<sub>%1</sub>").arg(entry.number + 1));
        QStringList terms;
        for (int i = 0; i < static_cast<int>(entry.guards.size()); ++i)
            for (const std::string &t : entry.guards[i].terms) {
                QString term = QString::fromStdString(t).toHtmlEscaped();
                if (entry.number == m_entry && i == m_guard)
                    term = QStringLiteral("<span style='%1'><b>%2</b></span>")
                               .arg(m_pointed ? QStringLiteral("background:#ffec96;color:#000000")
                                              : QStringLiteral("background:#ffcdcd;color:#a00000"),
                                    term);
                terms << term;
            }
        html += terms.join(kAnd) + QStringLiteral("</p>");
    }
    setHtml(html);
}

} // namespace dynascope
