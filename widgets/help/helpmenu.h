// The Help menu: welcome page, keyboard shortcuts (read from the menus), About with versions.
#pragma once

#include <QObject>

class QMainWindow;
class QMenu;

namespace dynascope {

class HelpMenu : public QObject {
    Q_OBJECT
public:
    // Fills `menu`; `showWelcome` is called by Help ▸ Welcome.
    HelpMenu(QMainWindow *window, QMenu *menu, std::function<void()> showWelcome);

    // Every menu action with a shortcut as "Menu ▸ Action" → keys, in menu order.
    QList<QPair<QString, QString>> shortcutList() const;
    // Qt, Python, LibTorch and Graphviz versions, one "name version" line each; the Python and
    // library versions are the ones the program was built against (the GUI starts no Python).
    static QString versionText();

    void showShortcuts();
    void showAbout();

private:
    QMainWindow *m_window;
};

} // namespace dynascope
