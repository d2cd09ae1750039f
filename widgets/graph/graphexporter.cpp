// SVG via QSvgGenerator (what the view shows), PNG via QImage, DOT from the layout stage.
#include "graph/graphexporter.h"

#include "layout/graphlayout.h"

#include <QFile>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace dynascope {

namespace {
bool fail(QString *error, const QString &why) {
    if (error)
        *error = why;
    return false;
}
} // namespace

bool GraphExporter::writeSvg(QGraphicsScene *scene, const QString &path, QString *error) {
    const QRectF source = scene->sceneRect();
    if (source.isEmpty())
        return fail(error, QObject::tr("the graph is empty"));
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(QStringLiteral("Dynascope graphs"));
    QPainter painter;
    if (!painter.begin(&svg))
        return fail(error, QObject::tr("cannot write %1").arg(path));
    scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    painter.end();
    return QFile(path).size() > 0 || fail(error, QObject::tr("cannot write %1").arg(path));
}

bool GraphExporter::writePng(QGraphicsScene *scene, const QString &path, qreal scale,
                             QString *error) {
    const QRectF source = scene->sceneRect();
    if (source.isEmpty())
        return fail(error, QObject::tr("the graph is empty"));
    const qreal longest = std::max(source.width(), source.height()) * scale;
    if (longest > 16000)
        scale *= 16000 / longest;
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    painter.end();
    return image.save(path, "PNG") || fail(error, QObject::tr("cannot write %1").arg(path));
}

bool GraphExporter::writeDot(const GraphLayoutInput &input, const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return fail(error, file.errorString());
    const std::string dot = graphDot(input);
    return file.write(dot.data(), qint64(dot.size())) == qint64(dot.size()) ||
           fail(error, file.errorString());
}

} // namespace dynascope
