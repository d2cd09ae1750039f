// The graph view's fusion overlay: the nodes of one kernel drawn alike, extern calls and
// fallbacks marked, the selected kernel outlined; built from the kernel records.
#pragma once

#include "model/fusiongroups.h"
#include "model/kernelrecord.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace dynascope {

class GraphScene;

// Holds the run's kernel records and marks the scene's nodes from them (again after every
// layout, which rebuilds the items). Per captured graph it draws the record fusionByGraph()
// chooses: each kernel a colour, each node of it filled with that colour, its tooltip naming
// the kernel and the nodes fused with it.
class FusionOverlay {
    Q_DECLARE_TR_FUNCTIONS(FusionOverlay)

public:
    void setRecords(std::vector<KernelGraphRecord> records);
    const std::vector<KernelGraphRecord> &records() const { return m_records; }
    bool hasGroups() const { return !m_fusion.empty(); }

    // Marks (shown) or unmarks the scene's nodes; the selected kernel keeps its outline.
    void apply(GraphScene *scene, bool shown) const;
    // Outlines the captured nodes of kernel `kernel` of record `record` (-1: none).
    void selectKernel(GraphScene *scene, int record, int kernel);
    int selectedRecord() const { return m_selectedRecord; }
    int selectedKernel() const { return m_selectedKernel; }

    // The legend under the view: what the colours and badges mean (rich text).
    static QString legendText();

private:
    void outline(GraphScene *scene) const;

    std::vector<KernelGraphRecord> m_records;
    std::vector<GraphFusion> m_fusion;
    int m_selectedRecord = -1, m_selectedKernel = -1;
};

} // namespace dynascope
