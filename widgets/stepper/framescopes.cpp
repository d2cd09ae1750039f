// Gathers a frame's locals, globals, builtins and cells at a step from the recorded deltas.
#include "framescopes.h"

#include "steptimeline.h"

#include <set>

namespace dynascope {

FrameScopes frameScopesAt(const StepTimeline &timeline, long long frame, int index) {
    FrameScopes scopes;
    if (index < 0 || index >= timeline.count())
        return scopes;
    scopes.frame = frame < 0 ? timeline.frame(index) : frame;
    scopes.step = index;
    const auto own = timeline.latestStepOfFrame(scopes.frame, index);
    if (!own)
        return scopes;
    scopes.function = timeline.function(*own);
    if (const CodeInfo *code = timeline.code(std::string(timeline.codeId(*own))))
        scopes.code = *code;
    scopes.locals = timeline.localsAt(scopes.frame, index);
    if (*own == index)
        scopes.changed = timeline.changedAt(index);

    // The outermost active frame is the module when the script's top level was recorded.
    const auto stack = timeline.callStackAt(*own);
    if (!stack.empty() && stack.back().function == "<module>") {
        scopes.globals = timeline.localsAt(stack.back().frame, index);
        scopes.globalsRecorded = true;
    }

    if (scopes.code) {
        // LOAD_GLOBAL and LOAD_NAME read names; whatever neither scope defines is a builtin.
        // Names some code of the script stores as globals are the script's, even before they are.
        std::set<std::string> seen;
        for (const CodeInfo &code : timeline.codes())
            for (const Instruction &ins : code.instructions)
                if (ins.opname == "STORE_NAME" || ins.opname == "STORE_GLOBAL")
                    seen.insert(ins.argrepr);
        for (const Instruction &ins : scopes.code->instructions) {
            if (ins.opname != "LOAD_GLOBAL" && ins.opname != "LOAD_NAME")
                continue;
            std::string name = ins.argrepr;
            if (name.rfind("NULL + ", 0) == 0)
                name = name.substr(7);
            if (name.empty() || scopes.globals.count(name) ||
                (ins.opname == "LOAD_NAME" && scopes.locals.count(name)) ||
                !seen.insert(name).second)
                continue;
            scopes.builtinsUsed.push_back(name);
        }
    }
    return scopes;
}

} // namespace dynascope
