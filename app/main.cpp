// Entry point: `dynascope [gui [FILE]]` opens the GUI; every other command is the worker's front end.
#include "cli/commandline.h"
#include "guiapplication.h"

#include <QtGlobal>

#include <string>

int main(int argc, char **argv) {
    if (dynascope::wantsGui(argc, argv))
        return dynascope::runGuiApplication(argc, argv);
    return dynascope::runCommandLine(argc, argv, {std::string("Qt ") + qVersion()});
}
