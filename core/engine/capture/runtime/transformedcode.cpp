// TransformedCode: renders an entry's exit plan, graph inputs and break step as Python.
#include "runtime/transformedcode.h"

#include "guards/guard.h"

#include <algorithm>
#include <set>

namespace dynascope {

namespace {

class Writer {
public:
    Writer(const TransformedCodeInput &in, const CacheEntry &entry) : m_in(in), m_entry(entry) {}

    std::string run() {
        std::string body;
        if (m_entry.uncaptured) {
            body += "    # runs in CPython (no graph for this region)\n";
        } else if (m_entry.compiled) {
            std::string args;
            for (const SourcePtr &s : m_entry.inputs)
                args += (args.empty() ? "" : ", ") + name(s->text());
            body += "    __graph_out = __compiled_fn_" + graphNumber() + "(" + args + ")\n";
        }
        if (!m_entry.uncaptured) {
            const ExitPlan &plan = m_entry.plan;
            for (size_t slot = 0; slot < plan.locals.size(); ++slot) {
                const Recipe &r = plan.locals[slot];
                if (r.kind == Recipe::Kind::Keep || r.kind == Recipe::Kind::Null ||
                    slot >= m_in.localNames.size())
                    continue;
                std::string value = recipe(r);
                if (value != m_in.localNames[slot])
                    body += "    " + m_in.localNames[slot] + " = " + value + "\n";
            }
            if (m_entry.isReturn)
                body += "    return " + recipe(plan.returnValue) + "\n";
            else
                body += breakStep(plan);
        }
        std::string header = "# cache entry " + std::to_string(m_in.entryNumber + 1) + " of " +
                             m_in.function + ", guarded by " +
                             std::to_string(m_entry.guards ? m_entry.guards->size() : 0) +
                             " guard(s)\n";
        std::string def = m_in.regionStart == 0
                              ? "def __transformed_code_" + std::to_string(m_in.entryNumber) +
                                    "_for_" + identifier(m_in.function) + "(" +
                                    join(m_in.parameters) + "):\n"
                              : "def __resume_at_" + std::to_string(m_in.regionStart) + "(" +
                                    join(used()) + "):\n";
        return header + def + body;
    }

private:
    std::string graphNumber() const {
        return m_entry.graphId.size() > 1 ? m_entry.graphId.substr(1) : m_entry.graphId;
    }

    static std::string identifier(const std::string &s) {
        std::string out;
        for (char c : s)
            out += (isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
        return out;
    }

    static std::string join(const std::vector<std::string> &items) {
        std::string out;
        for (const std::string &i : items)
            out += (out.empty() ? "" : ", ") + i;
        return out;
    }

    // A source as a name in the generated code; the frame's own values become parameters.
    std::string name(const std::string &sourceText) {
        std::string n = shortSourceText(sourceText);
        if (n.rfind("builtins['", 0) == 0 && n.size() > 12 && n.find("']") == n.size() - 2)
            return n.substr(10, n.size() - 12); // a builtin is called by its name
        std::string root = n.substr(0, n.find_first_of(".["));
        if (sourceText.rfind("L['", 0) == 0)
            m_used.insert(root);
        return n;
    }

    std::vector<std::string> used() const {
        std::vector<std::string> stack, locals;
        for (const std::string &u : m_used)
            (u.rfind("___stack", 0) == 0 ? stack : locals).push_back(u);
        stack.insert(stack.end(), locals.begin(), locals.end());
        return stack;
    }

    std::string recipe(const Recipe &r) {
        switch (r.kind) {
        case Recipe::Kind::Keep:
            return "<unchanged>";
        case Recipe::Kind::Output:
            return "__graph_out[" + std::to_string(r.index) + "]";
        case Recipe::Kind::Fetch:
            return r.source ? name(r.source->text()) : "?";
        case Recipe::Kind::Const:
            return pyRepr(r.constant.get(), 40);
        case Recipe::Kind::Null:
            return "NULL";
        case Recipe::Kind::IterAt:
            return std::string(r.name == "reversed" ? "reversed(" : "iter(") +
                   (r.items.empty() ? std::string("?") : recipe(r.items[0])) + ")@" +
                   std::to_string(r.index);
        case Recipe::Kind::Tuple:
        case Recipe::Kind::List:
        case Recipe::Kind::Iter: {
            std::string items;
            for (const Recipe &i : r.items)
                items += (items.empty() ? "" : ", ") + recipe(i);
            if (r.kind == Recipe::Kind::Tuple)
                return "(" + items + (r.items.size() == 1 ? ",)" : ")");
            return r.kind == Recipe::Kind::List ? "[" + items + "]" : "iter([" + items + "])";
        }
        case Recipe::Kind::Dict: {
            std::string items;
            for (size_t i = 0; i < r.items.size(); ++i)
                items += (i ? ", " : "") +
                         (i < r.keyItems.size() ? recipe(r.keyItems[i])
                          : i < r.keys.size()   ? pyRepr(r.keys[i].get(), 30)
                                                : std::string("?")) +
                         ": " + recipe(r.items[i]);
            return "{" + items + "}";
        }
        case Recipe::Kind::Set: {
            std::string items;
            for (const Recipe &i : r.items)
                items += (items.empty() ? "" : ", ") + recipe(i);
            if (r.constant)
                return "frozenset({" + items + "})";
            return items.empty() ? "set()" : "{" + items + "}";
        }
        case Recipe::Kind::ListInPlace:
        case Recipe::Kind::DictInPlace:
        case Recipe::Kind::SetInPlace:
            return r.source ? name(r.source->text()) : "?";
        case Recipe::Kind::Function:
            return "<function made in the region>";
        case Recipe::Kind::Cell:
            return r.items.empty() ? "<empty cell>" : "<cell: " + recipe(r.items[0]) + ">";
        case Recipe::Kind::BoundMethod:
            return r.items.empty() ? "<method>" : recipe(r.items[0]) + ".<method>";
        case Recipe::Kind::Getattr:
            return (r.items.empty() ? std::string("?") : recipe(r.items[0])) + "." + r.name;
        case Recipe::Kind::GradExit:
            return std::string("<grad-mode __exit__: restores grad_mode=") +
                   (r.index ? "True" : "False") + ">";
        case Recipe::Kind::Partial:
            return r.items.size() == 3 ? "functools.partial(" + recipe(r.items[0]) + ", *" +
                                             recipe(r.items[1]) + ", **" + recipe(r.items[2]) + ")"
                                       : "functools.partial(?)";
        case Recipe::Kind::NewObject: {
            if (!r.constant) // a reference back to an object being built
                return "<the object made in the region>";
            std::string out = std::string("__new_object(") +
                              reinterpret_cast<PyTypeObject *>(r.constant.get())->tp_name;
            for (size_t i = 0; i < r.items.size() && i < r.keys.size(); ++i)
                out += std::string(", ") + PyUnicode_AsUTF8(r.keys[i].get()) + "=" +
                       recipe(r.items[i]);
            return out + ")";
        }
        }
        return "?";
    }

    std::string resumeCall(int offset, const std::vector<std::string> &stack) {
        std::string args;
        for (const std::string &s : stack)
            args += (args.empty() ? "" : ", ") + s;
        return "__resume_at_" + std::to_string(offset) + "(" + args + (args.empty() ? "" : ", ") +
               "...)";
    }

    std::string breakStep(const ExitPlan &plan) {
        const BreakStep &step = m_entry.step;
        std::vector<std::string> stack;
        for (const Recipe &r : plan.stack)
            if (r.kind != Recipe::Kind::Null)
                stack.push_back(recipe(r));
        std::string out = "    # graph break at offset " + std::to_string(step.offset) +
                          ": CPython runs this step\n";
        switch (step.kind) {
        case BreakStep::Kind::Call: {
            // 3.11's call layout: [NULL, callable, args…] or [function, self, args…].
            size_t n = std::min(static_cast<size_t>(step.argc) + 2, plan.stack.size());
            std::vector<Recipe> items(plan.stack.end() - n, plan.stack.end());
            std::vector<std::string> below;
            for (size_t i = 0; i + n < plan.stack.size(); ++i)
                if (plan.stack[i].kind != Recipe::Kind::Null)
                    below.push_back(recipe(plan.stack[i]));
            std::string fn = "?";
            std::vector<std::string> args;
            for (size_t i = 0; i < items.size(); ++i) {
                if (items[i].kind == Recipe::Kind::Null)
                    continue;
                if (fn == "?")
                    fn = recipe(items[i]);
                else
                    args.push_back((step.unpacked ? (args.empty() ? "*" : "**") : "") +
                                   recipe(items[i]));
            }
            out += "    __result = " + fn + "(" + join(args) + ")\n";
            below.push_back("__result");
            out += "    return " + resumeCall(step.next, below) + "\n";
            break;
        }
        case BreakStep::Kind::Jump: {
            std::string cond = stack.empty() ? "?" : stack.back();
            stack.pop_back();
            out += std::string("    if ") + (step.jumpIfTrue ? "" : "not ") + cond + ":\n";
            out += "        return " + resumeCall(step.jumpTarget, stack) + "\n";
            out += "    return " + resumeCall(step.next, stack) + "\n";
            break;
        }
        case BreakStep::Kind::Store: {
            size_t n = step.attrName ? 2 : 3;
            std::vector<std::string> items(stack.end() - std::min(n, stack.size()), stack.end());
            stack.resize(stack.size() - items.size());
            if (items.size() == n)
                out += step.attrName ? "    " + items[1] + "." +
                                           PyUnicode_AsUTF8(step.attrName.get()) + " = " +
                                           items[0] + "\n"
                                     : "    " + items[1] + "[" + items[2] + "] = " + items[0] + "\n";
            out += "    return " + resumeCall(step.next, stack) + "\n";
            break;
        }
        case BreakStep::Kind::Native:
            out += "    # CPython runs the rest of the frame from offset " +
                   std::to_string(step.offset) + "\n";
            break;
        }
        return out;
    }

    const TransformedCodeInput &m_in;
    const CacheEntry &m_entry;
    std::set<std::string> m_used;
};

} // namespace

std::string transformedCode(const TransformedCodeInput &in, const CacheEntry &entry) {
    return Writer(in, entry).run();
}

} // namespace dynascope
