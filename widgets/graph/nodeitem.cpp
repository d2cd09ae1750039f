// Painting of node boxes: kind colour, bold name line, text shrunk to fit Graphviz's box.
#include "graph/nodeitem.h"

#include "graph/nodepalette.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace dynascope {

namespace {
constexpr qreal kLineHeight = 12.0;
}

NodeItem::NodeItem(const NodeBox &box, const GraphNode *node, const QString &toolTip)
    : m_id(QString::fromStdString(box.id)), m_kind(QString::fromStdString(box.kind)),
      m_graphId(QString::fromStdString(box.graphId)),
      m_nodeName(QString::fromStdString(box.nodeName)), m_breakIndex(box.breakIndex),
      m_rect(0, 0, box.rect.width, box.rect.height) {
    for (const std::string &l : box.labelLines)
        m_lines << QString::fromStdString(l);
    if (node) {
        m_target = QString::fromStdString(node->target);
        m_traceStep = node->traceStep;
        m_sites.push_back(node->site);
        m_sites.insert(m_sites.end(), node->inlineStack.begin(), node->inlineStack.end());
    }
    setPos(box.rect.x, box.rect.y);
    m_baseToolTip = toolTip;
    setToolTip(toolTip);
    setFlag(ItemIsSelectable);
    setZValue(2);
    setCursor(Qt::PointingHandCursor);
    fitFont();
}

void NodeItem::fitFont() {
    // Graphviz sized the box from its own Helvetica estimate; the system font may be wider.
    // Shrink a little to fit, never below a readable size: beyond that the text is elided.
    m_font.setFamilies({"Helvetica", "Arial", "Liberation Sans", "DejaVu Sans"});
    m_font.setPixelSize(kTextPixels);
    m_boldFont = m_font;
    m_boldFont.setBold(true);
    qreal widest = 0;
    for (int i = 0; i < m_lines.size(); ++i)
        widest = std::max(
            widest, QFontMetricsF(i == 0 ? m_boldFont : m_font).horizontalAdvance(m_lines[i]));
    const qreal room = m_rect.width() - 8;
    if (widest > room && widest > 0) {
        const int size = std::max(kMinTextPixels, int(kTextPixels * room / widest));
        m_font.setPixelSize(size);
        m_boldFont.setPixelSize(size);
    }
}

QRectF NodeItem::boundingRect() const {
    return m_rect.adjusted(-3, -3, 3, 3);
}

bool NodeItem::comesFrom(const QString &file, int line) const {
    for (const SourceSite &s : m_sites) {
        if (s.line != line)
            continue;
        const QString f = QString::fromStdString(s.file);
        if (file.isEmpty() || f == file || QFileInfo(f).fileName() == file)
            return true;
    }
    return false;
}

void NodeItem::setHighlighted(bool on) {
    if (m_highlighted == on)
        return;
    m_highlighted = on;
    update();
}

void NodeItem::setFaint(bool on) {
    if (m_faint == on)
        return;
    m_faint = on;
    setOpacity(on ? 0.22 : 1.0);
}

void NodeItem::setFusionMark(const FusionMark &mark) {
    m_fusion = mark;
    setToolTip(mark.toolTip.isEmpty() || m_baseToolTip.isEmpty()
                   ? m_baseToolTip + mark.toolTip
                   : QStringLiteral("%1<hr>%2").arg(m_baseToolTip, mark.toolTip));
    update();
}

void NodeItem::setKernelSelected(bool on) {
    if (m_kernelSelected == on)
        return;
    m_kernelSelected = on;
    update();
}

void NodeItem::paintBadge(QPainter *painter, const QString &letter, const QColor &colour) {
    const QRectF badge(m_rect.right() - 11, m_rect.top() - 4, 14, 14);
    painter->setPen(QPen(Qt::white, 1.0));
    painter->setBrush(colour);
    painter->drawEllipse(badge);
    QFont font = m_boldFont;
    font.setPixelSize(kMinTextPixels);
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter, letter);
}

void NodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool marker = isBreak();
    const bool grouped = m_fusion.group.isValid();
    QPen pen(NodePalette::border(m_kind), marker ? 2.0 : 1.0);
    if (m_fusion.fallback)
        pen = QPen(NodePalette::fallback(), 2.0);
    else if (m_fusion.external)
        pen = QPen(NodePalette::externCall(), 2.0, Qt::DashLine);
    else if (grouped)
        pen = QPen(m_fusion.group.darker(170), 2.0);
    if (isSelected())
        pen = QPen(NodePalette::selection(), 2.5);
    else if (m_kernelSelected)
        pen = QPen(NodePalette::kernelSelection(), 3.5);
    else if (m_highlighted)
        pen = QPen(NodePalette::highlight(), 3.0);
    painter->setPen(pen);
    painter->setBrush(grouped ? m_fusion.group : NodePalette::fill(m_kind));
    if (marker)
        painter->drawRect(m_rect);
    else
        painter->drawRoundedRect(m_rect, 5, 5);
    if (m_fusion.fallback)
        paintBadge(painter, QStringLiteral("F"), NodePalette::fallback());
    else if (m_fusion.external)
        paintBadge(painter, QStringLiteral("E"), NodePalette::externCall());
    if (lod < 0.35 || m_lines.isEmpty())
        return; // unreadable at this zoom (minimap, overview): boxes only
    painter->setPen(NodePalette::text());
    const qreal top = m_rect.center().y() - m_lines.size() * kLineHeight / 2;
    for (int i = 0; i < m_lines.size(); ++i) {
        painter->setFont(i == 0 ? m_boldFont : m_font);
        const QRectF row(m_rect.left() + 3, top + i * kLineHeight, m_rect.width() - 6, kLineHeight);
        const QString text =
            QFontMetricsF(painter->font()).elidedText(m_lines[i], Qt::ElideRight, row.width());
        painter->drawText(row, Qt::AlignCenter, text);
    }
}

} // namespace dynascope
