// AppTheme: Fusion plus a hand-made palette for Light and Dark; System keeps the platform's.
#include "icons/apptheme.h"

#include "icons/themeicons.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace dynascope {

namespace {
QPalette darkPalette() {
    QPalette p;
    const QColor window(0x24, 0x27, 0x2e), base(0x1b, 0x1d, 0x23), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x33, 0x20));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8f, 0x98));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2e, 0x32, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x35, 0x84, 0xe4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x78, 0xae, 0xed));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x48));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x40));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2d, 0x34));
    p.setColor(QPalette::Dark, QColor(0x15, 0x17, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6e, 0x73, 0x7c));
    return p;
}
} // namespace

AppTheme::AppTheme(QWidget *window, QMenu *menu) : QObject(window), m_window(window) {
    QMenu *themes = menu->addMenu(tr("&Theme"));
    auto *group = new QActionGroup(this);
    const QPair<Theme, QString> items[] = {
        {System, tr("&System")}, {Light, tr("&Light")}, {Dark, tr("&Dark")}};
    const Theme remembered = Theme(QSettings().value("view/theme", int(System)).toInt());
    for (const auto &[theme, text] : items) {
        QAction *a = themes->addAction(text);
        a->setObjectName(QStringLiteral("theme-%1").arg(int(theme)));
        a->setCheckable(true);
        a->setChecked(theme == remembered);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, theme = theme] {
            setTheme(theme);
            QSettings().setValue("view/theme", int(theme));
        });
    }
    if (remembered != System)
        setTheme(remembered);
}

void AppTheme::apply(Theme theme) {
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    if (theme == System) {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Dark ? darkPalette()
                                           : QApplication::style()->standardPalette());
}

void AppTheme::setTheme(Theme theme) {
    m_current = theme;
    apply(theme);
    ThemeIcons::refresh(m_window);
}

} // namespace dynascope
