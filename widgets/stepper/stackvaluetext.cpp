// Short, stable texts for stack values: the boxes and the operation line share them.
#include "stackvaluetext.h"

#include <QRegularExpression>

namespace dynascope {

QString shortDtype(const std::string &dtype) {
    static const std::pair<const char *, const char *> names[] = {
        {"float32", "f32"},    {"float", "f32"}, {"float64", "f64"},   {"double", "f64"},
        {"float16", "f16"},    {"half", "f16"},  {"bfloat16", "bf16"}, {"int64", "i64"},
        {"long", "i64"},       {"int32", "i32"}, {"int", "i32"},       {"int16", "i16"},
        {"int8", "i8"},        {"uint8", "u8"},  {"bool", "bool"},     {"complex64", "c64"},
        {"complex128", "c128"}};
    std::string name = dtype;
    if (name.rfind("torch.", 0) == 0)
        name = name.substr(6);
    for (const auto &[longName, shortName] : names)
        if (name == longName)
            return QString::fromLatin1(shortName);
    return QString::fromStdString(name);
}

QString elided(const QString &text, int maxChars) {
    if (text.size() <= maxChars)
        return text;
    return text.left(std::max(1, maxChars - 1)) + QChar(0x2026);
}

QString stackValueText(const StackValue &value) {
    if (!value.shape.empty() || !value.dtype.empty()) {
        QString shape = QString::fromStdString(value.shape);
        if (shape.isEmpty())
            shape = QStringLiteral("[]");
        QString text = QStringLiteral("%1 %2%3").arg(
            QString::fromStdString(value.type.empty() ? "Tensor" : value.type),
            shortDtype(value.dtype), shape);
        return value.requiresGrad ? text + QStringLiteral(" grad") : text;
    }
    if (isNullValue(value))
        return QStringLiteral("NULL");
    return QString::fromStdString(value.repr);
}

bool isNullValue(const StackValue &value) {
    return value.type == "NULL" || value.repr == "NULL" || value.repr == "<NULL>";
}

QString callableName(const StackValue &value) {
    static const QRegularExpression pattern(
        QStringLiteral("^<(?:built-in )?(?:function|method|bound method|class) "
                       "'?((?:[\\w.]|<locals>|<lambda>)+)"));
    const QString repr = QString::fromStdString(value.repr);
    if (auto m = pattern.match(repr); m.hasMatch())
        return m.captured(1);
    return elided(stackValueText(value), 24);
}

} // namespace dynascope
