// CompiledCallMarks: the compiled calls of a run placed on the stepper's timeline — each call at
// the step it began in (the caller's CALL), with the graph each of its regions ran and the words
// its mark shows ("call 3: hit entry 2", "call 4: miss → recompiled G4").
#pragma once

#include "model/callrecord.h"

#include <QCoreApplication>
#include <QString>

#include <string>
#include <vector>

namespace dynascope {

class CaptureDigest;
class GuardsCache;
class StepTimeline;

struct CompiledCallMark {
    int position = -1; // the timeline position (not Step::index) of the step the call began in
    std::string function;
    int callRow = -1; // the call's row among its function's calls (GuardsCache order)
    CallRecord call;
    std::vector<std::string> graphs; // per region of the call: the graph its entry ran ("": none)
};

class CompiledCallMarks {
    Q_DECLARE_TR_FUNCTIONS(dynascope::CompiledCallMarks)
public:
    // Every call of `cache` that names a recorded step of `timeline`, in timeline order (calls
    // that began in the same step: in the order they began). Calls without a step (no recorder,
    // past its limit, an older capture file) and calls without regions (a hand-edited file) are
    // left out. Each region's graph is the one `capture` paired with the entry it ran.
    static std::vector<CompiledCallMark> build(const StepTimeline &timeline,
                                               const GuardsCache &cache,
                                               const CaptureDigest &capture);

    // "hit entry 2", "miss → compiled G1", "miss → recompiled G4", "miss → cache full, ran
    // uncompiled"; entries numbered from 1 as the Guards view numbers them.
    static QString regionText(const RegionCall &region, const std::string &graph);
    // "call 3: hit entry 2", regions after the first as "; resume at 24: hit entry 3".
    static QString text(const CompiledCallMark &mark);
    // The mark's tooltip line: "f · call 3: hit entry 2".
    static QString toolTip(const CompiledCallMark &mark);
};

} // namespace dynascope
