// Entry point: `dynascope [gui [FILE]]` opens the GUI; every other command is the worker's front end.
#include "cli/commandline.h"

#include <cstring>

int main(int argc, char **argv) {
    return dynascope::runCommandLine(argc, argv);
}
