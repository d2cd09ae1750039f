// SourceEditor: QScintilla set up for Python and tied to the session's selection and error.
#include "sourceeditor.h"

#include "capturesession.h"

#include <Qsci/qscilexerpython.h>

#include <QFontDatabase>

namespace dynascope {

namespace {
constexpr int MarkerMargin =
    1; // not "SymbolMargin": that name is QsciScintilla::MarginType::SymbolMargin (0)
constexpr int ErrorAnnotationStyle = 200; // a style number the Python lexer does not use
} // namespace

SourceEditor::SourceEditor(CaptureSession *session, QWidget *parent)
    : QsciScintilla(parent), m_session(session) {
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto *lexer = new QsciLexerPython(this);
    lexer->setDefaultFont(fixed);
    for (int style = 0; style < 128; ++style)
        lexer->setFont(fixed, style);
    // Python 3.11 accepts tabs and spaces only consistently; don't colour mixed indents as bad.
    lexer->setIndentationWarning(QsciLexerPython::NoWarning);
    setLexer(lexer);
    setUtf8(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(4);
    setTabWidth(4);
    setAutoIndent(true);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    // No caret-line colour: the selected line follows the cursor and its marker background is
    // the highlight (Scintilla would paint a caret line over the marker).
    setCaretLineVisible(false);
    // Scroll as wide as the longest line, not Scintilla's fixed 2000 pixels.
    setScrollWidth(1);
    setScrollWidthTracking(true);

    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginsFont(fixed);
    setMarginLineNumbers(0, true);
    setMarginMarkerMask(0, 0); // markers belong in the symbol margin only
    setMarginWidth(0, QFontMetrics(fixed).horizontalAdvance(QStringLiteral("00000")) + 8);
    setMarginType(MarkerMargin, QsciScintilla::SymbolMargin);
    setMarginWidth(MarkerMargin, 16);
    setMarginSensitivity(MarkerMargin, false);
    setMarginMarkerMask(MarkerMargin, (1 << CurrentLineArrow) | (1 << ErrorSymbol));

    markerDefine(QsciScintilla::RightArrow, CurrentLineArrow);
    setMarkerBackgroundColor(QColor(0x1c, 0x71, 0xd8), CurrentLineArrow);
    setMarkerForegroundColor(QColor(0x1c, 0x71, 0xd8), CurrentLineArrow);
    markerDefine(QsciScintilla::Background, CurrentLineBackground);
    setMarkerBackgroundColor(QColor(0xdd, 0xea, 0xfb), CurrentLineBackground);
    markerDefine(QsciScintilla::Circle, ErrorSymbol);
    setMarkerBackgroundColor(QColor(0xc0, 0x1c, 0x28), ErrorSymbol);
    setMarkerForegroundColor(QColor(0xc0, 0x1c, 0x28), ErrorSymbol);
    markerDefine(QsciScintilla::Background, ErrorBackground);
    setMarkerBackgroundColor(QColor(0xfb, 0xdd, 0xdd), ErrorBackground);

    setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    SendScintilla(SCI_STYLESETFORE, ErrorAnnotationStyle, QColor(0xc0, 0x1c, 0x28));
    SendScintilla(SCI_STYLESETBACK, ErrorAnnotationStyle, QColor(0xff, 0xf0, 0xf0));

    connect(this, &QsciScintilla::cursorPositionChanged, this, &SourceEditor::onCursorMoved);
    connect(m_session, &CaptureSession::selectionChanged, this, &SourceEditor::followSelection);
    connect(m_session, &CaptureSession::errorChanged, this, &SourceEditor::showError);
}

int SourceEditor::cursorLine() const {
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    return line + 1;
}

QList<int> SourceEditor::linesWithMarker(Markers marker) const {
    QList<int> lines;
    for (int line = markerFindNext(0, 1 << marker); line >= 0;
         line = markerFindNext(line + 1, 1 << marker))
        lines.append(line + 1);
    return lines;
}

void SourceEditor::onCursorMoved(int line, int) {
    if (!m_following)
        m_session->setSelectedLine(line + 1);
}

void SourceEditor::followSelection() {
    const int line = m_session->selectedLine();
    markerDeleteAll(CurrentLineArrow);
    markerDeleteAll(CurrentLineBackground);
    if (line <= 0 || line > lines())
        return;
    markerAdd(line - 1, CurrentLineArrow);
    markerAdd(line - 1, CurrentLineBackground);
    if (cursorLine() != line) {
        m_following = true;
        setCursorPosition(line - 1, 0);
        ensureLineVisible(line - 1);
        m_following = false;
    }
}

void SourceEditor::showError() {
    markerDeleteAll(ErrorSymbol);
    markerDeleteAll(ErrorBackground);
    clearAnnotations();
    const auto location = m_session->errorLocation();
    if (!location || location->first > lines())
        return;
    const int line = location->first - 1;
    markerAdd(line, ErrorSymbol);
    markerAdd(line, ErrorBackground);
    annotate(line, QString::fromStdString(m_session->error()->summary()), ErrorAnnotationStyle);
    ensureLineVisible(line);
    if (m_session->error()->isSyntaxError()) {
        // Python's columns are 1-based; QScintilla's index is 0-based.
        setCursorPosition(line, std::max(location->second - 1, 0));
        ensureLineVisible(line);
    }
}

} // namespace dynascope
