// The catalogue of graph-break types: stable ids with an explanation and a hint (Dynamo's
// unimplemented(gb_type, context, explanation, hints)), and the exception the tracer throws.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace dynascope {

struct BreakType {
    const char *id;
    const char *explanation;
    const char *hint;
};

// Every break type, in a stable order.
const std::vector<BreakType> &breakCatalogue();
// The entry for `id` (the "unsupported_call" entry when unknown).
const BreakType &breakType(const std::string &id);

// Thrown by the tracer where it cannot go on; caught once, in the trace loop.
class GraphBreak : public std::runtime_error {
public:
    GraphBreak(std::string typeId, std::string context)
        : std::runtime_error(context), m_typeId(std::move(typeId)), m_context(std::move(context)) {}
    const std::string &typeId() const { return m_typeId; }
    const std::string &context() const { return m_context; }
    // "explanation: context" in words.
    std::string reason() const;

private:
    std::string m_typeId, m_context;
};

} // namespace dynascope
