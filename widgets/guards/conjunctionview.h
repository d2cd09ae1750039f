// ConjunctionView: each cache entry's guards as the article writes them, one conjunction
// g = g1 ∧ g2 ∧ … (type(x) = Tensor ∧ shape(x) = (s0, 32) ∧ grad(x) = False, s0 ≥ 2), with the
// terms of a failed guard marked.
#pragma once

#include "guardscache.h"

#include <QTextBrowser>

namespace dynascope {

class ConjunctionView : public QTextBrowser {
    Q_OBJECT
public:
    explicit ConjunctionView(QWidget *parent = nullptr);
    void setFunction(const FunctionCache *function);
    // Marks the terms of guard `guard` of entry `entry` (-1: none): red as failed, or yellow
    // when `pointed` (a lesson looks at it).
    void highlight(int entry, int guard, bool pointed = false);
    // The conjunction of one entry as plain text ("type(x) = Tensor ∧ …").
    static QString conjunction(const CacheEntryGuards &entry);

private:
    void render();
    const FunctionCache *m_function = nullptr;
    int m_entry = -1, m_guard = -1;
    bool m_pointed = false;
};

} // namespace dynascope
