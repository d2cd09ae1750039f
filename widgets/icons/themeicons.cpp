// ThemeIcons: SVG text with its colour substituted, rendered by QSvgRenderer per pixel size.
#include "icons/themeicons.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>
#include <QWidget>

// The icons live in a static library: its resources must be registered by hand, outside any
// namespace (Q_INIT_RESOURCE's rule).
static void registerIconResources() {
    Q_INIT_RESOURCE(icons);
}

namespace dynascope {

namespace {
const char *const IconProperty = "dynascopeIcon";

QByteArray svgText(const QString &name) {
    static const bool registered = (registerIconResources(), true);
    Q_UNUSED(registered);
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

bool ThemeIcons::exists(const QString &name) {
    svgText(QString()); // registers the resources
    return QFile::exists(QStringLiteral(":/icons/%1.svg").arg(name));
}

QIcon ThemeIcons::icon(const QString &name, const QPalette &palette) {
    QByteArray svg = svgText(name);
    if (svg.isEmpty())
        return {};
    svg.replace("currentColor", palette.color(QPalette::WindowText).name().toLatin1());
    QSvgRenderer renderer(svg);
    QIcon icon;
    // Pixmaps at 1x, 1.5x, 2x and 3x of the usual sizes: QIcon picks the one for the screen.
    for (int size : {16, 20, 24, 32, 40, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        renderer.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

void ThemeIcons::set(QAction *action, const QString &name) {
    if (action->property(IconProperty).toString() == name && !action->icon().isNull())
        return; // drawn already (the play button asks on every step)
    action->setProperty(IconProperty, name);
    action->setIcon(icon(name, QApplication::palette()));
}

void ThemeIcons::refresh(QWidget *root) {
    const QPalette palette = QApplication::palette();
    for (QAction *action : root->findChildren<QAction *>()) {
        const QString name = action->property(IconProperty).toString();
        if (!name.isEmpty())
            action->setIcon(icon(name, palette));
    }
}

} // namespace dynascope
