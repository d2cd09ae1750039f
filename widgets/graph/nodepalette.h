// Colours of the graph view by node kind; break markers in a warning colour.
#pragma once

#include <QColor>
#include <QString>

namespace dynascope {

class NodePalette {
public:
    // kind: a node op (placeholder, call_function, …), "break" or "collapsed".
    static QColor fill(const QString &kind);
    static QColor border(const QString &kind);
    static QColor text() { return QColor(0x1f, 0x26, 0x2e); }
    // Frames and edges lie on the view's background, so they follow the application palette
    // (light or dark); node boxes carry their own light fill and dark text on either.
    static QColor edge();
    static QColor breakEdge() { return QColor(0xd8, 0x43, 0x15); }
    static QColor clusterFill();
    static QColor clusterBorder();
    static QColor clusterText();
    static QColor highlight() { return QColor(0xff, 0xb3, 0x00); }
    static QColor selection() { return QColor(0x15, 0x65, 0xc0); }
    // The fusion overlay: a light fill per kernel (distinct hues for the kernels of one graph),
    // extern calls and fallbacks marked as the Kernels view marks them, the selected kernel.
    static QColor kernelGroup(int kernel);
    static QColor externCall() { return QColor(0x00, 0x69, 0x7c); }
    static QColor fallback() { return QColor(0xc0, 0x39, 0x2b); }
    static QColor kernelSelection() { return QColor(0x8e, 0x24, 0xaa); }
};

} // namespace dynascope
