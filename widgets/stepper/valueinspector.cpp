// ValueInspector: a form of the StackValue fields, the repr wrapped, a table of tensor values.
#include "stepper/valueinspector.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace dynascope {

QList<double> ValueInspector::leadingValues(const QString &repr) {
    // tensor([[1., 2., 3.], …]) or tensor([1, 2, …], shape=…): the innermost first bracket.
    const int open = repr.indexOf(QLatin1Char('['));
    if (open < 0)
        return {};
    int start = open;
    while (start + 1 < repr.size() && repr[start + 1] == QLatin1Char('['))
        ++start;
    const int close = repr.indexOf(QLatin1Char(']'), start);
    const QString row = repr.mid(start + 1, close < 0 ? -1 : close - start - 1);
    QList<double> values;
    static const QRegularExpression number(
        QStringLiteral("^[-+]?(\\d+\\.?\\d*|\\.\\d+)(e[-+]?\\d+)?$|^[-+]?inf$|^nan$"),
        QRegularExpression::CaseInsensitiveOption);
    for (const QString &part : row.split(QLatin1Char(','))) {
        const QString t = part.trimmed();
        if (!number.match(t).hasMatch())
            continue;
        values << t.toDouble();
    }
    return values;
}

namespace {
// "[2, 3]" → {2, 3}; empty for anything else.
QList<long long> integerList(const std::string &text) {
    QList<long long> out;
    QString inner = QString::fromStdString(text).trimmed();
    if (!inner.startsWith(QLatin1Char('[')) || !inner.endsWith(QLatin1Char(']')))
        return out;
    inner = inner.mid(1, inner.size() - 2);
    for (const QString &part : inner.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        out << part.trimmed().toLongLong(&ok);
        if (!ok)
            return {};
    }
    return out;
}
} // namespace

// Row-major contiguous, as Tensor.is_contiguous() decides: a dimension of size 1 may have any
// stride; every other one steps over the sizes after it.
bool ValueInspector::isContiguous(const std::string &shape, const std::string &stride) {
    const QList<long long> sizes = integerList(shape), steps = integerList(stride);
    if (sizes.size() != steps.size())
        return false;
    if (sizes.contains(0))
        return true; // no elements: contiguous whatever the strides
    long long expected = 1;
    for (int i = int(sizes.size()) - 1; i >= 0; --i) {
        if (sizes[i] != 1 && steps[i] != expected)
            return false;
        expected *= sizes[i];
    }
    return true;
}

ValueInspector::ValueInspector(const QString &title, const StackValue &value, QWidget *parent)
    : QDialog(parent), m_summary(new QLabel(this)), m_repr(new QPlainTextEdit(this)),
      m_values(new QTableWidget(this)) {
    setObjectName(QStringLiteral("valueInspector"));
    setWindowTitle(tr("Value: %1").arg(title));
    const QString repr = QString::fromStdString(value.repr);
    const bool tensor = !value.shape.empty() || !value.dtype.empty();
    QStringList lines{tr("Type: %1").arg(QString::fromStdString(value.type))};
    if (tensor) {
        lines << tr("Shape: %1").arg(QString::fromStdString(value.shape))
              << tr("Dtype: %1").arg(QString::fromStdString(value.dtype))
              << tr("Requires grad: %1").arg(value.requiresGrad ? tr("yes") : tr("no"));
        if (!value.stride.empty()) // captures before strides were recorded have none
            lines << (isContiguous(value.shape, value.stride)
                          ? tr("Stride: %1 (contiguous)")
                          : tr("Stride: %1 (not contiguous: a transposed, expanded or sliced "
                               "view)"))
                         .arg(QString::fromStdString(value.stride));
    }
    const QList<double> values = tensor ? leadingValues(repr) : QList<double>();
    if (!values.isEmpty()) {
        const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
        const double mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
        lines << tr("Of the %1 values recorded: min %2, max %3, mean %4")
                     .arg(values.size())
                     .arg(*lo)
                     .arg(*hi)
                     .arg(mean);
        lines << tr("The recorder keeps a tensor's first values of its first row only, so a "
                    "million-element tensor costs no more than a small one.");
    }
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_repr->setReadOnly(true);
    m_repr->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_repr->setPlainText(repr);
    m_values->setColumnCount(int(values.size()));
    m_values->setRowCount(values.isEmpty() ? 0 : 1);
    for (int c = 0; c < values.size(); ++c)
        m_values->setItem(0, c, new QTableWidgetItem(QString::number(values[c])));
    m_values->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_values->setVisible(!values.isEmpty());
    m_values->setMaximumHeight(80);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_values);
    layout->addWidget(m_repr, 1);
    layout->addWidget(buttons);
    resize(520, 320);
}

QString ValueInspector::summaryText() const {
    return m_summary->text();
}

ValueInspector *ValueInspector::inspect(const QString &title, const StackValue &value,
                                        QWidget *parent) {
    auto *inspector = new ValueInspector(title, value, parent);
    inspector->setAttribute(Qt::WA_DeleteOnClose);
    inspector->show();
    return inspector;
}

} // namespace dynascope
