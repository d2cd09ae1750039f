// Tooltip text; HTML-escaped because targets such as L['x'] and reprs may hold < or &.
#include "graph/tooltiptext.h"

#include <QFileInfo>
#include <QObject>
#include <QStringList>

namespace dynascope {

namespace {
QString esc(const std::string &s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString stackRows(const std::vector<SourceSite> &stack) {
    QString rows;
    for (const SourceSite &s : stack)
        rows += "<br>&nbsp;&nbsp;" + siteText(s).toHtmlEscaped();
    return rows;
}
} // namespace

QString siteText(const SourceSite &site) {
    if (site.file.empty() && site.line <= 0)
        return QObject::tr("unknown location");
    QString text =
        QFileInfo(QString::fromStdString(site.file)).fileName() + ':' + QString::number(site.line);
    QStringList extra;
    if (site.offset >= 0)
        extra << QStringLiteral("offset %1").arg(site.offset);
    if (!site.function.empty())
        extra << "in " + QString::fromStdString(site.function);
    if (!extra.isEmpty())
        text += " (" + extra.join(", ") + ')';
    return text;
}

QString nodeToolTip(const CapturedGraph &graph, const GraphNode &node) {
    QString html = QStringLiteral("<b>%1</b> &nbsp;<i>%2</i>").arg(esc(node.name), esc(node.op));
    html += "<br>target: <tt>" + esc(node.target) + "</tt>";
    if (!node.args.empty()) {
        QStringList args;
        for (const std::string &a : node.args)
            args << esc(a);
        html += "<br>args: <tt>" + args.join(", ") + "</tt>";
    }
    if (!node.shape.empty() || !node.dtype.empty())
        html += "<br>value: " + esc(node.dtype) + ' ' + esc(node.shape);
    html += "<br>graph: " + esc(graph.id) +
            (graph.function.empty() ? QString() : " (" + esc(graph.function) + ')');
    if (node.traceStep >= 0)
        html += QStringLiteral("<br>trace step: %1").arg(node.traceStep);
    html += "<br>source: " + siteText(node.site).toHtmlEscaped() + "<br><small>" +
            esc(node.site.file) + "</small>";
    if (!node.inlineStack.empty())
        html += "<br>inlined from:" + stackRows(node.inlineStack);
    return html;
}

QString breakToolTip(const GraphBreakInfo &info, int index) {
    QString html = QStringLiteral("<b>Graph break %1</b>").arg(index + 1);
    if (!info.typeId.empty())
        html += " &nbsp;<tt>" + esc(info.typeId) + "</tt>";
    html += "<br>" + esc(info.reason);
    if (!info.hint.empty())
        html += "<br><i>hint: " + esc(info.hint) + "</i>";
    if (!info.afterGraph.empty() && !info.beforeGraph.empty())
        html += "<br>between " + esc(info.afterGraph) + " and " + esc(info.beforeGraph);
    else if (!info.afterGraph.empty())
        html += "<br>ends " + esc(info.afterGraph);
    else if (!info.beforeGraph.empty())
        html += "<br>before " + esc(info.beforeGraph);
    if (!info.userStack.empty())
        html += "<br>user stack (outermost first):" + stackRows(info.userStack);
    return html;
}

} // namespace dynascope
