// The three task layouts Dynascope starts with: Step, Graph breaks, Teach.
#pragma once

namespace dynascope {

class WorkspaceLayouts;

// Adds the "step", "graphs" and "teach" layouts for the docks and documents MainWindow and
// GraphDocks create. Panels of later features join with WorkspaceLayouts::place().
void addDefaultLayouts(WorkspaceLayouts &layouts);

} // namespace dynascope
