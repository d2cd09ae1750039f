// Node kind colours, matching the fills of the DOT export (core/layout/dotgraph.cpp).
#include "graph/nodepalette.h"

#include <QApplication>
#include <QHash>
#include <QPalette>

namespace dynascope {

namespace {
struct KindColours {
    QColor fill;
    QColor border;
};

const QHash<QString, KindColours> &colours() {
    static const QHash<QString, KindColours> table{
        {"placeholder", {QColor("#cdebc5"), QColor("#3e8e41")}},
        {"call_function", {QColor("#d6e6fb"), QColor("#3a6fb0")}},
        {"call_method", {QColor("#e5dcf7"), QColor("#6a4fb0")}},
        {"call_module", {QColor("#cdeeee"), QColor("#2c8a8a")}},
        {"get_attr", {QColor("#f8efc6"), QColor("#a08420")}},
        {"output", {QColor("#f6d5c2"), QColor("#b0562a")}},
        {"collapsed", {QColor("#e3e6ea"), QColor("#5f6b7a")}},
        {"break", {QColor("#ffcc80"), QColor("#d84315")}},
    };
    return table;
}
// The palette's text colour mixed into its base colour by `amount` (0: base, 1: text).
QColor mixed(qreal amount) {
    const QPalette p = QApplication::palette();
    const QColor a = p.color(QPalette::Base), b = p.color(QPalette::Text);
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * amount,
                            a.greenF() + (b.greenF() - a.greenF()) * amount,
                            a.blueF() + (b.blueF() - a.blueF()) * amount);
}
} // namespace

QColor NodePalette::edge() {
    return mixed(0.6);
}

QColor NodePalette::clusterFill() {
    return mixed(0.04);
}

QColor NodePalette::clusterBorder() {
    return mixed(0.35);
}

QColor NodePalette::clusterText() {
    return mixed(0.85);
}

QColor NodePalette::fill(const QString &kind) {
    return colours().value(kind, {QColor("#eeeeee"), QColor("#777777")}).fill;
}

QColor NodePalette::border(const QString &kind) {
    return colours().value(kind, {QColor("#eeeeee"), QColor("#777777")}).border;
}

QColor NodePalette::kernelGroup(int kernel) {
    // Golden-angle steps round the hue circle: neighbours differ most, and 137 being prime to
    // 360, no two of the first 360 kernels share a hue.
    return QColor::fromHsv((kernel * 137 + 40) % 360, 100, 255);
}

} // namespace dynascope
