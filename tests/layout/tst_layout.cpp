// Geometry invariants of the Graphviz layout on synthetic captures; DOT and SVG exports re-read.
#include "layout/graphlayout.h"
#include "syntheticcapture.h"

#include <QXmlStreamReader>
#include <QtTest>

#include <cgraph.h>

#include <clocale>

using namespace dynascope;

Q_DECLARE_METATYPE(dynascope::GraphLayoutInput)

namespace {
// Shortest distance from p to the box, in points; 0 inside.
double gap(const NodeBox &box, const GeoPoint &p) {
    return box.rect.distanceTo(p);
}

const NodeBox &box(const GraphGeometry &g, const std::string &id) {
    const NodeBox *b = g.findBox(id);
    if (!b)
        qFatal("no box %s", id.c_str());
    return *b;
}

QString describe(const GeoRect &r) {
    return QStringLiteral("(%1,%2 %3x%4)").arg(r.x).arg(r.y).arg(r.width).arg(r.height);
}
} // namespace

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void invariants_data();
    void invariants();
    void yIsFlipped();
    void breakMarkersSitBetweenClusters();
    void labelsShowOpTargetShape();
    void deterministic();
    void perClusterForLargeCaptures();
    void collapsedGraphIsOneBox();
    void dotRereads();
    void svgIsWellFormed();
    void commaDecimalLocale();
    void hostileTextAndIdsSurvive();
    void emptyCapture();
    void breaksNamingOnlyTheGraphTheyEnd();
    void reprArgsNameNodes();
};

void TestLayout::invariants_data() {
    QTest::addColumn<GraphLayoutInput>("input");
    QTest::addColumn<int>("threshold");
    QTest::addRow("three graphs, two breaks") << synthetic::threeGraphs() << 1500;
    QTest::addRow("random DAG of 300 nodes") << synthetic::randomDags(1, 300, 7) << 1500;
    QTest::addRow("4 random DAGs, 3 breaks") << synthetic::randomDags(4, 40, 11) << 1500;
    QTest::addRow("4 random DAGs per cluster") << synthetic::randomDags(4, 40, 11) << 10;
}

void TestLayout::invariants() {
    QFETCH(GraphLayoutInput, input);
    QFETCH(int, threshold);
    GraphLayoutOptions options;
    options.perClusterThreshold = threshold;
    const GraphGeometry g = layoutGraphs(input, options);
    QVERIFY2(g.error.empty(), g.error.c_str());
    QCOMPARE(g.laidOutPerCluster, threshold < 100);

    std::size_t nodeCount = 0;
    for (const CapturedGraph &graph : input.graphs)
        nodeCount += graph.nodes.size();
    QCOMPARE(g.nodes.size(), nodeCount);
    QCOMPARE(g.breaks.size(), input.breaks.size());
    QCOMPARE(g.clusters.size(), input.graphs.size());

    std::vector<const NodeBox *> all;
    for (const NodeBox &b : g.nodes)
        all.push_back(&b);
    for (const NodeBox &b : g.breaks)
        all.push_back(&b);
    for (const NodeBox *b : all) {
        QVERIFY(b->rect.width > 10 && b->rect.height > 10);
        QVERIFY2(g.bounds.contains(b->rect, 0.5), b->id.c_str());
    }
    // No two boxes overlap.
    for (std::size_t i = 0; i < all.size(); ++i)
        for (std::size_t j = i + 1; j < all.size(); ++j)
            QVERIFY2(!all[i]->rect.intersects(all[j]->rect),
                     qPrintable(QString::fromStdString(all[i]->id + " overlaps " + all[j]->id) +
                                describe(all[i]->rect) + describe(all[j]->rect)));

    // Every edge leaves its source box and arrives at its target box.
    QVERIFY(!g.edges.empty());
    int dashed = 0;
    for (const EdgePath &e : g.edges) {
        QVERIFY2(e.bezier.size() >= 4 && (e.bezier.size() - 1) % 3 == 0, e.from.c_str());
        const NodeBox &from = box(g, e.from);
        const NodeBox &to = box(g, e.to);
        const GeoPoint end = e.hasArrow ? e.arrowTip : e.bezier.back();
        QVERIFY2(gap(from, e.bezier.front()) < 3, qPrintable(QString::fromStdString(e.from)));
        QVERIFY2(gap(to, end) < 3, qPrintable(QString::fromStdString(e.to)));
        dashed += e.dashed;
        QCOMPARE(e.dashed, from.kind == "break" || to.kind == "break");
    }
    QCOMPARE(dashed, int(2 * input.breaks.size()));

    // Clusters contain their nodes, and clusters do not overlap each other.
    for (const NodeBox &n : g.nodes) {
        auto c = std::find_if(g.clusters.begin(), g.clusters.end(),
                              [&](const ClusterBox &c) { return c.graphId == n.graphId; });
        QVERIFY(c != g.clusters.end());
        QVERIFY2(c->rect.contains(n.rect, 0.5), n.id.c_str());
    }
    for (std::size_t i = 0; i + 1 < g.clusters.size(); ++i)
        QVERIFY(!g.clusters[i].rect.intersects(g.clusters[i + 1].rect));
}

void TestLayout::yIsFlipped() {
    const GraphGeometry g = layoutGraphs(synthetic::threeGraphs());
    const NodeBox &x = box(g, "G1/x");
    const NodeBox &out = box(g, "G1/output");
    QVERIFY2(x.rect.bottom() < out.rect.y, "placeholders are drawn above the output");
    QVERIFY(box(g, "G1/matmul").rect.y < box(g, "G1/relu").rect.y);
    // Clusters follow execution order downwards.
    QVERIFY(g.clusters[0].rect.bottom() < g.clusters[1].rect.y);
    QVERIFY(g.clusters[1].rect.bottom() < g.clusters[2].rect.y);
    QCOMPARE(g.bounds.x, 0.0);
    QCOMPARE(g.bounds.y, 0.0);
}

void TestLayout::breakMarkersSitBetweenClusters() {
    const GraphGeometry g = layoutGraphs(synthetic::threeGraphs());
    for (int i = 0; i < 2; ++i) {
        const NodeBox &marker = g.breaks[i];
        QCOMPARE(marker.kind, std::string("break"));
        QCOMPARE(marker.breakIndex, i);
        QVERIFY(marker.rect.y > g.clusters[i].rect.bottom());
        QVERIFY(marker.rect.bottom() < g.clusters[i + 1].rect.y);
    }
    QCOMPARE(g.breaks[0].labelLines.front(), std::string("graph break: data_dependent_branch"));
    QCOMPARE(g.breaks[0].labelLines.back(), std::string("at model.py:14"));
}

void TestLayout::labelsShowOpTargetShape() {
    const GraphGeometry g = layoutGraphs(synthetic::threeGraphs());
    const NodeBox &mm = box(g, "G1/matmul");
    QCOMPARE(mm.kind, std::string("call_function"));
    QCOMPARE(mm.labelLines,
             (std::vector<std::string>{"matmul", "call torch.matmul", "float32 [8, 16]"}));
    QCOMPARE(box(g, "G1/x").kind, std::string("placeholder"));
    QCOMPARE(box(g, "G1/output").kind, std::string("output"));
    QCOMPARE(box(g, "G1/output").labelLines, std::vector<std::string>{"output"});
    QCOMPARE(box(g, "G1/relu").labelLines[1], std::string("method relu"));
    QCOMPARE(mm.nodeIndex, 2);
    QCOMPARE(mm.graphId, std::string("G1"));
}

void TestLayout::deterministic() {
    const GraphLayoutInput in = synthetic::randomDags(3, 60, 5);
    const GraphGeometry a = layoutGraphs(in);
    const GraphGeometry b = layoutGraphs(in);
    QCOMPARE(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        QCOMPARE(a.nodes[i].id, b.nodes[i].id);
        QCOMPARE(a.nodes[i].rect.x, b.nodes[i].rect.x);
        QCOMPARE(a.nodes[i].rect.y, b.nodes[i].rect.y);
    }
    QCOMPARE(a.edges.size(), b.edges.size());
    for (std::size_t i = 0; i < a.edges.size(); ++i) {
        QCOMPARE(a.edges[i].bezier.size(), b.edges[i].bezier.size());
        for (std::size_t p = 0; p < a.edges[i].bezier.size(); ++p) {
            QCOMPARE(a.edges[i].bezier[p].x, b.edges[i].bezier[p].x);
            QCOMPARE(a.edges[i].bezier[p].y, b.edges[i].bezier[p].y);
        }
    }
}

void TestLayout::perClusterForLargeCaptures() {
    GraphLayoutOptions options;
    options.perClusterThreshold = 50;
    const GraphGeometry g = layoutGraphs(synthetic::randomDags(3, 30, 3), options);
    QVERIFY(g.laidOutPerCluster);
    QVERIFY(!g.message.empty());
    QVERIFY(!layoutGraphs(synthetic::randomDags(3, 30, 3)).laidOutPerCluster);
    // One graph too big for the limit cannot be split: dot runs with its passes cut short.
    const GraphGeometry single = layoutGraphs(synthetic::randomDags(1, 80, 3), options);
    QVERIFY(!single.laidOutPerCluster);
    QVERIFY(single.message.find("cut short") != std::string::npos);
    QCOMPARE(single.nodes.size(), std::size_t(80));
    for (std::size_t i = 0; i < single.nodes.size(); ++i)
        for (std::size_t j = i + 1; j < single.nodes.size(); ++j)
            QVERIFY(!single.nodes[i].rect.intersects(single.nodes[j].rect));
}

void TestLayout::collapsedGraphIsOneBox() {
    GraphLayoutInput in = synthetic::threeGraphs();
    in.collapsedGraphs = {"G2"};
    const GraphGeometry g = layoutGraphs(in);
    QCOMPARE(g.nodes.size(), std::size_t(6 + 1 + 5));
    const NodeBox &summary = box(g, "G2/#collapsed");
    QCOMPARE(summary.kind, std::string("collapsed"));
    QVERIFY(g.clusters[1].collapsed);
    QVERIFY(g.clusters[1].rect.contains(summary.rect));
    // The breaks now lead into and out of the collapsed box.
    int touching = 0;
    for (const EdgePath &e : g.edges)
        touching += (e.to == summary.id || e.from == summary.id);
    QCOMPARE(touching, 2);
}

void TestLayout::dotRereads() {
    const GraphLayoutInput in = synthetic::threeGraphs();
    const std::string dot = graphDot(in);
    Agraph_t *g = agmemread(dot.c_str());
    QVERIFY(g);
    QCOMPARE(agnnodes(g), 6 + 4 + 5 + 2);
    // Every edge survives the round trip: data edges, the four dashed break edges, none invented.
    int edges = 0;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
        for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e))
            ++edges;
    QCOMPARE(edges, 6 + 3 + 4 + 4); // G1, G2, G3 data edges; two per break
    Agnode_t *marker = agnode(g, const_cast<char *>("b1"), 0); // DOT names: n<i>, b<i>
    QVERIFY(marker);
    const QString label = QString::fromUtf8(agget(marker, const_cast<char *>("label")));
    QVERIFY2(label.contains("call to builtin print is not traceable"), qPrintable(label));
    agclose(g);
}

void TestLayout::svgIsWellFormed() {
    const GraphLayoutInput in = synthetic::threeGraphs();
    std::string error;
    const std::string svg = graphSvg(in, &error);
    QVERIFY2(!svg.empty(), error.c_str());
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    QStringList texts;
    bool sawSvgRoot = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            sawSvgRoot |= xml.name() == QLatin1String("svg");
            if (xml.name() == QLatin1String("text"))
                texts << xml.readElementText();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvgRoot);
    const QString joined = texts.join(' ');
    for (const CapturedGraph &graph : in.graphs)
        for (const GraphNode &n : graph.nodes)
            QVERIFY2(texts.contains(QString::fromStdString(n.name)), n.name.c_str());
    for (const GraphBreakInfo &b : in.breaks)
        QVERIFY2(joined.contains(QString::fromStdString(b.reason)), b.reason.c_str());
}

void TestLayout::commaDecimalLocale() {
    // Graphviz reads "0.25" with strtod: under a comma locale it would read 0 without the guard.
    const char *comma = std::setlocale(LC_NUMERIC, "de_DE.UTF-8");
    // A prerequisite (packaging/install-deps.sh generates it): missing, the test fails.
    QVERIFY2(comma, "de_DE.UTF-8 locale is missing: run packaging/install-deps.sh");
    const GraphGeometry underComma = layoutGraphs(synthetic::threeGraphs());
    std::setlocale(LC_NUMERIC, "C");
    const GraphGeometry plain = layoutGraphs(synthetic::threeGraphs());
    QCOMPARE(underComma.bounds.width, plain.bounds.width);
    QCOMPARE(underComma.bounds.height, plain.bounds.height);
}

void TestLayout::hostileTextAndIdsSurvive() {
    // The event stream is untrusted: quotes, backslashes, markup and broken ids must not break
    // the DOT text, the layout or the SVG.
    GraphLayoutInput in = synthetic::threeGraphs();
    const std::string weird = "mat\"mul\\n<&>";
    in.graphs[0].nodes[2].name = weird;
    in.graphs[0].nodes[3].args = {weird};
    in.graphs[0].nodes[2].target = "torch.\"odd\"\nsecond line";
    in.breaks[0].reason = "quotes \"q\", a backslash \\ and <xml> & more";
    in.graphs[1].id = "";   // empty
    in.graphs[2].id = "G1"; // repeated
    const GraphGeometry g = layoutGraphs(in);
    QVERIFY2(g.error.empty(), g.error.c_str());
    QCOMPARE(g.nodes.size(), std::size_t(15));
    QCOMPARE(g.clusters[1].graphId, std::string("graph#2"));
    QCOMPARE(g.clusters[2].graphId, std::string("graph#3"));
    for (std::size_t i = 0; i < g.nodes.size(); ++i)
        for (std::size_t j = i + 1; j < g.nodes.size(); ++j)
            QVERIFY(!g.nodes[i].rect.intersects(g.nodes[j].rect));
    QVERIFY(g.findBox("G1/" + weird));

    const std::string dot = graphDot(in);
    Agraph_t *parsed = agmemread(dot.c_str());
    QVERIFY(parsed);
    QCOMPARE(agnnodes(parsed), 15 + 2);
    bool labelled = false; // the label, after Graphviz's own escapes, is the name again
    for (Agnode_t *n = agfstnode(parsed); n; n = agnxtnode(parsed, n))
        labelled |=
            std::string(agget(n, const_cast<char *>("label"))).rfind(R"(mat"mul\\n<&>\n)", 0) == 0;
    QVERIFY(labelled);
    agclose(parsed);

    std::string error;
    const std::string svg = graphSvg(in, &error);
    QVERIFY2(!svg.empty(), error.c_str());
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    QString texts;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text")
            texts += xml.readElementText() + ' ';
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(texts.contains("<xml> & more"), qPrintable(texts));
    QVERIFY2(texts.contains("mat\"mul"), qPrintable(texts));
}

void TestLayout::emptyCapture() {
    const GraphGeometry g = layoutGraphs(GraphLayoutInput());
    QVERIFY2(g.error.empty(), g.error.c_str());
    QVERIFY(g.nodes.empty() && g.edges.empty() && g.clusters.empty());
    QVERIFY(!graphSvg(GraphLayoutInput()).empty());
}

void TestLayout::breaksNamingOnlyTheGraphTheyEnd() {
    // What the engine emits: afterGraph set, the resuming graph not yet known; and a break
    // before any graph was compiled, naming none.
    GraphLayoutInput in = synthetic::threeGraphs();
    for (GraphBreakInfo &b : in.breaks)
        b.beforeGraph.clear();
    GraphBreakInfo early;
    early.typeId = "unsupported_builtin";
    early.reason = "before anything was captured";
    in.breaks.insert(in.breaks.begin(), early);
    for (int threshold : {1500, 10}) {
        GraphLayoutOptions options;
        options.perClusterThreshold = threshold;
        const GraphGeometry g = layoutGraphs(in, options);
        QVERIFY2(g.error.empty(), g.error.c_str());
        QCOMPARE(g.breaks.size(), std::size_t(3));
        for (int i = 1; i <= 2; ++i) { // leads from graph i's output into graph i + 1
            const NodeBox &marker = g.breaks[i];
            QVERIFY(marker.rect.y > g.clusters[i - 1].rect.bottom());
            QVERIFY(marker.rect.bottom() < g.clusters[i].rect.y);
            int in = 0, out = 0;
            for (const EdgePath &e : g.edges) {
                in += e.to == marker.id && e.from == "G" + std::to_string(i) + "/output";
                out += e.from == marker.id && box(g, e.to).graphId == "G" + std::to_string(i + 1);
            }
            QCOMPARE(in, 1);
            QCOMPARE(out, 1);
        }
        for (const EdgePath &e : g.edges)
            QVERIFY(e.from != g.breaks[0].id && e.to != g.breaks[0].id);
    }
}

void TestLayout::reprArgsNameNodes() {
    // G1's output returns "(relu, sum_1)"; G3's add has the string constant 'sin', not node sin.
    const GraphGeometry g = layoutGraphs(synthetic::threeGraphs());
    auto linked = [&](const std::string &from, const std::string &to) {
        return std::any_of(g.edges.begin(), g.edges.end(),
                           [&](const EdgePath &e) { return e.from == from && e.to == to; });
    };
    QVERIFY(linked("G1/relu", "G1/output"));
    QVERIFY(linked("G1/sum_1", "G1/output"));
    QVERIFY(linked("G3/lin_weight", "G3/add"));
    QVERIFY(!linked("G3/sin", "G3/add"));
}

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
