// What a recorded instruction did to the stack, as the stepper tells it: counts, operands, result.
#include "stackoperation.h"

#include "stackvaluetext.h"

#include <QHash>
#include <QObject>
#include <QStringList>

#include <algorithm>

namespace dynascope {
namespace {

constexpr int MaxOperand = 24;

// The number of entries, from the bottom, that the two stacks share.
int commonPrefix(const std::vector<StackValue> &a, const std::vector<StackValue> &b) {
    size_t k = 0;
    while (k < a.size() && k < b.size() && a[k].type == b[k].type && a[k].repr == b[k].repr &&
           a[k].shape == b[k].shape && a[k].dtype == b[k].dtype)
        ++k;
    return int(k);
}

QString operand(const StackValue &value) {
    return elided(stackValueText(value), MaxOperand);
}

QString callText(const std::vector<StackValue> &popped, const QString &result) {
    auto first = std::find_if(popped.begin(), popped.end(),
                              [](const StackValue &v) { return !isNullValue(v); });
    if (first == popped.end())
        return {};
    QStringList args;
    for (auto it = first + 1; it != popped.end(); ++it)
        args << operand(*it);
    QString joined = args.join(QStringLiteral(", "));
    if (joined.size() > 32)
        joined = QString(QChar(0x2026));
    QString text = QStringLiteral("%1(%2)").arg(callableName(*first), joined);
    return result.isEmpty() ? text : text + QStringLiteral(" → ") + result;
}

QString operationText(const QString &op, const QString &argrepr, int arg,
                      const std::vector<StackValue> &popped,
                      const std::vector<StackValue> &pushed) {
    const QString result = pushed.empty() ? QString() : operand(pushed.back());
    const int n = int(popped.size());
    auto top = [&](int i) { return operand(popped[n - 1 - i]); }; // 0: the old top
    if ((op == QLatin1String("BINARY_OP") || op == QLatin1String("COMPARE_OP")) && n == 2 &&
        !result.isEmpty())
        return QStringLiteral("%1 %2 %3 → %4").arg(top(1), argrepr, top(0), result);
    if ((op == QLatin1String("IS_OP") || op == QLatin1String("CONTAINS_OP")) && n == 2) {
        const bool invert = arg == 1; // dis leaves argrepr empty: only the argument tells
        QString word = op == QLatin1String("IS_OP") ? QStringLiteral("is") : QStringLiteral("in");
        if (invert)
            word =
                op == QLatin1String("IS_OP") ? QStringLiteral("is not") : QStringLiteral("not in");
        return QStringLiteral("%1 %2 %3 → %4").arg(top(1), word, top(0), result);
    }
    if (op == QLatin1String("BINARY_SUBSCR") && n == 2)
        return QStringLiteral("%1[%2] → %3").arg(top(1), top(0), result);
    static const QHash<QString, QString> unary = {{QStringLiteral("UNARY_NEGATIVE"), "-"},
                                                  {QStringLiteral("UNARY_POSITIVE"), "+"},
                                                  {QStringLiteral("UNARY_NOT"), "not "},
                                                  {QStringLiteral("UNARY_INVERT"), "~"}};
    if (unary.contains(op) && n == 1)
        return QStringLiteral("%1%2 → %3").arg(unary.value(op), top(0), result);
    if (op == QLatin1String("CALL") || op == QLatin1String("CALL_FUNCTION_EX"))
        return callText(popped, result);
    if (op.startsWith(QLatin1String("STORE_")) && n >= 1) {
        if (op == QLatin1String("STORE_SUBSCR") && n == 3)
            return QStringLiteral("%1[%2] = %3").arg(top(1), top(0), top(2));
        if (op == QLatin1String("STORE_ATTR") && n == 2)
            return QStringLiteral("%1.%2 = %3").arg(top(0), argrepr, top(1));
        return QStringLiteral("%1 = %2").arg(argrepr, top(n - 1));
    }
    if (op == QLatin1String("RETURN_VALUE") && n >= 1)
        return QStringLiteral("return %1").arg(top(0));
    if (op == QLatin1String("POP_TOP") && n == 1)
        return QObject::tr("discard %1").arg(top(0));
    if (op == QLatin1String("LOAD_CONST") && !result.isEmpty())
        return QObject::tr("push %1").arg(result);
    if ((op == QLatin1String("LOAD_ATTR") || op == QLatin1String("LOAD_METHOD")) && n == 1)
        return QStringLiteral("%1.%2").arg(top(0), argrepr) +
               (op == QLatin1String("LOAD_ATTR") ? QStringLiteral(" → ") + result : QString());
    if (op.startsWith(QLatin1String("LOAD_")) && !result.isEmpty() && !argrepr.isEmpty()) {
        QString name = argrepr;
        name.remove(QStringLiteral("NULL + "));
        return QStringLiteral("%1 → %2").arg(name, result);
    }
    if (op == QLatin1String("GET_ITER") && n == 1)
        return QStringLiteral("iter(%1) → %2").arg(top(0), result);
    if (op == QLatin1String("FOR_ITER"))
        return pushed.empty() ? QObject::tr("iterator exhausted")
                              : QObject::tr("next → %1").arg(result);
    if (op.startsWith(QLatin1String("POP_JUMP_")) && n == 1)
        return QObject::tr("test %1").arg(top(0));
    if (op.startsWith(QLatin1String("BUILD_")) && !result.isEmpty())
        return QObject::tr("build %1").arg(result);
    if (pushed.size() == 1 && !result.isEmpty())
        return QStringLiteral("→ %1").arg(result);
    return {};
}

} // namespace

QString stackEffectCaption(int pops, int pushes) {
    if (pops == 0 && pushes == 0)
        return QObject::tr("no stack change");
    QStringList parts;
    if (pops > 0)
        parts << QObject::tr("pops %1").arg(pops);
    if (pushes > 0)
        parts << QObject::tr("pushes %1").arg(pushes);
    return parts.join(QStringLiteral(", "));
}

StackOperation describeStackOperation(const std::vector<StackValue> &before, const Step &step) {
    StackOperation result;
    const auto &after = step.stack;
    const QString op = QString::fromStdString(step.opname);
    const QString argrepr = QString::fromStdString(step.argrepr);
    const int nb = int(before.size()), na = int(after.size());

    if (step.event == "call" || step.event == "exception") {
        // Frame events carry no instruction; the stacks are the frame's, before anything ran.
        result.pushes = na;
        result.caption = stackEffectCaption(0, na);
        QStringList args;
        for (const auto &[name, value] : step.locals)
            args << QStringLiteral("%1=%2").arg(QString::fromStdString(name),
                                                elided(QString::fromStdString(value), MaxOperand));
        result.text =
            step.event == "call"
                ? QObject::tr("call %1(%2)")
                      .arg(QString::fromStdString(step.function), args.join(", "))
                : QObject::tr("exception in %1").arg(QString::fromStdString(step.function));
        return result;
    }

    // The recorder's counts (the engine's stack use on the path the instruction took) when they
    // fit the two stacks; else, as for captures from older recorders, the counts that explain
    // where the two stacks start to differ.
    int pops = step.pops, pushes = step.pushes;
    const bool recorded = step.event == "instruction" && pops >= 0 && pushes >= 0 && pops <= nb &&
                          pushes <= na && nb - pops + pushes == na;
    if (!recorded) {
        const int k = commonPrefix(before, after);
        pops = nb - k;
        pushes = na - k;
    }
    result.pops = pops;
    result.pushes = pushes;
    result.caption = stackEffectCaption(pops, pushes);
    const std::vector<StackValue> popped(before.end() - pops, before.end());
    const std::vector<StackValue> pushed(after.end() - pushes, after.end());
    result.text = operationText(op, argrepr, step.arg, popped, pushed);
    if (step.event == "return" && step.argrepr == "(exception)")
        result.text =
            QObject::tr("%1 is left by the exception").arg(QString::fromStdString(step.function));
    else if (step.event == "return")
        // The recorder puts the returned value on the return event's stack.
        result.text = after.empty()
                          ? QStringLiteral("%1 returns").arg(QString::fromStdString(step.function))
                          : QStringLiteral("%1 returns %2")
                                .arg(QString::fromStdString(step.function), operand(after.back()));
    return result;
}

} // namespace dynascope
