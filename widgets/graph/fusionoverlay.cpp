// Marks graph nodes with the kernel they went into (colour), extern calls and fallbacks (badges).
#include "graph/fusionoverlay.h"

#include "graph/graphscene.h"
#include "graph/nodeitem.h"
#include "graph/nodepalette.h"

#include <QStringList>

namespace dynascope {

namespace {

QString joined(const std::vector<std::string> &items) {
    QStringList list;
    for (const std::string &s : items)
        list << QString::fromStdString(s);
    return list.join(QStringLiteral(", "));
}

FusionMark markOf(const KernelGraphRecord &record, const NodeFusion &node) {
    FusionMark mark;
    QStringList lines;
    for (int k : node.kernels) {
        const KernelInfo &kernel = record.kernels[size_t(k)];
        if (!mark.group.isValid())
            mark.group = NodePalette::kernelGroup(k);
        lines << FusionOverlay::tr("<b>%1</b> (fused: %2)")
                     .arg(QString::fromStdString(kernel.name), joined(kernel.captured));
    }
    for (const std::string &op : node.externs)
        lines << FusionOverlay::tr("<b>extern call</b> %1 (through torch)")
                     .arg(QString::fromStdString(op));
    for (const std::string &op : node.fallbacks)
        lines << FusionOverlay::tr("<b>fallback</b> %1 (no lowering: runs through torch)")
                     .arg(QString::fromStdString(op));
    mark.external = !node.externs.empty();
    mark.fallback = !node.fallbacks.empty();
    mark.toolTip = lines.join(QStringLiteral("<br>"));
    return mark;
}

} // namespace

void FusionOverlay::setRecords(std::vector<KernelGraphRecord> records) {
    m_records = std::move(records);
    m_fusion = fusionByGraph(m_records);
    m_selectedRecord = m_selectedKernel = -1;
}

void FusionOverlay::apply(GraphScene *scene, bool shown) const {
    for (NodeItem *item : scene->nodeItems())
        item->setFusionMark(FusionMark());
    if (shown) {
        for (const GraphFusion &graph : m_fusion) {
            const KernelGraphRecord &record = m_records[size_t(graph.record)];
            for (const auto &[name, node] : graph.nodes)
                if (NodeItem *item = scene->nodeItem(QString::fromStdString(graph.graphId),
                                                     QString::fromStdString(name)))
                    item->setFusionMark(markOf(record, node));
        }
    }
    outline(scene);
}

void FusionOverlay::selectKernel(GraphScene *scene, int record, int kernel) {
    m_selectedRecord = record;
    m_selectedKernel = kernel;
    outline(scene);
}

void FusionOverlay::outline(GraphScene *scene) const {
    for (NodeItem *item : scene->nodeItems())
        item->setKernelSelected(false);
    if (m_selectedRecord < 0 || m_selectedRecord >= int(m_records.size()) || m_selectedKernel < 0 ||
        m_selectedKernel >= int(m_records[size_t(m_selectedRecord)].kernels.size()))
        return;
    const KernelGraphRecord &r = m_records[size_t(m_selectedRecord)];
    for (const std::string &name : r.kernels[size_t(m_selectedKernel)].captured)
        if (NodeItem *item = scene->nodeItem(QString::fromStdString(r.capturedGraph),
                                             QString::fromStdString(name)))
            item->setKernelSelected(true);
}

QString FusionOverlay::legendText() {
    return tr("<b>Kernels:</b> a colour per kernel · <span style='color:%1'><b>E</b> extern "
              "call</span> · <span style='color:%2'><b>F</b> fallback</span> · "
              "<span style='color:%3'><b>outline</b>: kernel selected in Kernels</span>")
        .arg(NodePalette::externCall().name(), NodePalette::fallback().name(),
             NodePalette::kernelSelection().name());
}

} // namespace dynascope
