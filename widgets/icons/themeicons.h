// Icons drawn for Dynascope (SVG in resources), tinted with the palette's text colour.
#pragma once

#include <QIcon>
#include <QString>

class QAction;
class QPalette;
class QWidget;

namespace dynascope {

// Renders ":/icons/NAME.svg" with "currentColor" replaced by the palette's text colour, at
// several pixel sizes, so icons stay sharp at any device pixel ratio and visible on a dark
// palette. Coloured parts (a red breakpoint, a green Run) keep their colour.
class ThemeIcons {
public:
    static QIcon icon(const QString &name, const QPalette &palette);
    // Gives `action` the icon and remembers its name, so refresh() can redraw it.
    static void set(QAction *action, const QString &name);
    // Redraws every remembered icon of the actions under `root` (after a palette change).
    static void refresh(QWidget *root);
    // True when ":/icons/NAME.svg" exists.
    static bool exists(const QString &name);
};

} // namespace dynascope
