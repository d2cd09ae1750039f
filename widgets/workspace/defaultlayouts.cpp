// Default layouts: shares of the window, so they read the same at 1280x800 and 1920x1080.
#include "workspace/defaultlayouts.h"

#include "workspace/workspacelayouts.h"

#include <QCoreApplication>

namespace dynascope {

namespace {
PanelPlacement inArea(const char *dock, Qt::DockWidgetArea area, double share = 0) {
    PanelPlacement p;
    p.dock = QLatin1String(dock);
    p.area = area;
    p.share = share;
    return p;
}
PanelPlacement next(const char *dock, PanelPlacement::Relation relation, const char *other,
                    double share = 0, Qt::DockWidgetArea fallback = Qt::RightDockWidgetArea) {
    PanelPlacement p = inArea(dock, fallback, share);
    p.relation = relation;
    p.other = QLatin1String(other);
    return p;
}
} // namespace

void addDefaultLayouts(WorkspaceLayouts &layouts) {
    using P = PanelPlacement;
    const auto Left = Qt::LeftDockWidgetArea, Right = Qt::RightDockWidgetArea,
               Top = Qt::TopDockWidgetArea, Bottom = Qt::BottomDockWidgetArea;

    // Stepping: the script in the middle, where-am-I (call stack, frame) on the left, the
    // bytecode and its value stack on the right, the run's output below.
    WorkspaceLayout step;
    step.id = QStringLiteral("step");
    step.title = QCoreApplication::translate("WorkspaceLayouts", "Step");
    step.toolTip = QCoreApplication::translate(
        "WorkspaceLayouts",
        "Step through bytecode: script, bytecode, value stack, frame and call stack");
    step.primaryDocuments = {QStringLiteral("welcome"), QStringLiteral("source"),
                             QStringLiteral("graphs")};
    step.frontDocuments = {QStringLiteral("source")};
    step.panels = {inArea("stepperDock", Top),
                   inArea("callStackDock", Left, 0.2),
                   next("frameDock", P::Below, "callStackDock", 0.45, Left),
                   inArea("bytecodeDock", Right, 0.33),
                   next("stackDock", P::Below, "bytecodeDock", 0.3),
                   inArea("consoleDock", Bottom, 0.2),
                   next("explainDock", P::TabWith, "consoleDock", 0, Bottom),
                   next("tracerDock", P::TabWith, "consoleDock", 0, Bottom)};
    step.raisedPanels = {QStringLiteral("consoleDock")};
    layouts.addLayout(step);

    // Graph breaks: script and graphs side by side, the explanation and the tracer below.
    WorkspaceLayout graphs;
    graphs.id = QStringLiteral("graphs");
    graphs.title = QCoreApplication::translate("WorkspaceLayouts", "Graph breaks");
    graphs.toolTip = QCoreApplication::translate(
        "WorkspaceLayouts",
        "Debug graph breaks: the script beside its graphs, the breaks explained "
        "and the tracer below");
    graphs.primaryDocuments = {QStringLiteral("welcome"), QStringLiteral("source")};
    graphs.secondaryDocuments = {QStringLiteral("graphs")};
    graphs.frontDocuments = {QStringLiteral("source"), QStringLiteral("graphs")};
    graphs.panels = {inArea("explainDock", Bottom, 0.26),
                     next("tracerDock", P::TabWith, "explainDock", 0, Bottom),
                     next("consoleDock", P::TabWith, "explainDock", 0, Bottom),
                     next("bytecodeDock", P::TabWith, "explainDock", 0, Bottom)};
    graphs.raisedPanels = {QStringLiteral("explainDock")};
    layouts.addLayout(graphs);

    // Teaching: the script, its bytecode and a big value stack side by side, the stepper's
    // controls on top; little else to look at.
    WorkspaceLayout teach;
    teach.id = QStringLiteral("teach");
    teach.title = QCoreApplication::translate("WorkspaceLayouts", "Teach");
    teach.toolTip = QCoreApplication::translate(
        "WorkspaceLayouts", "Teach: script, bytecode and a large value stack side by side");
    teach.primaryDocuments = {QStringLiteral("welcome"), QStringLiteral("source"),
                              QStringLiteral("graphs")};
    teach.frontDocuments = {QStringLiteral("source")};
    teach.panels = {inArea("stepperDock", Top), inArea("bytecodeDock", Right, 0.28),
                    next("stackDock", P::RightOf, "bytecodeDock", 0.25),
                    next("frameDock", P::Below, "stackDock", 0.3),
                    inArea("consoleDock", Bottom, 0.14)};
    layouts.addLayout(teach);
}

} // namespace dynascope
