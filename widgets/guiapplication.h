// Opens the main window (optionally on a script) and runs the Qt event loop.
#pragma once

namespace dynascope {

// `dynascope` or `dynascope gui [FILE]`; returns the event loop's exit status.
int runGuiApplication(int argc, char **argv);

// True when argv asks for the GUI: no command at all, or the command `gui`.
bool wantsGui(int argc, char **argv);

} // namespace dynascope
