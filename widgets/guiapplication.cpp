// Placeholder main window until the GUI stage lands.
#include "guiapplication.h"

#include <QApplication>
#include <QLabel>

#include <cstring>

namespace dynascope {

bool wantsGui(int argc, char **argv) { return argc < 2 || std::strcmp(argv[1], "gui") == 0; }

int runGuiApplication(int argc, char **argv) {
    QApplication app(argc, argv);
    QLabel label("Dynascope");
    label.show();
    return app.exec();
}

} // namespace dynascope
