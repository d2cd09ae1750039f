// SourceEditor: QScintilla set up for Python and tied to the session's selection and error.
#include "sourceeditor.h"

#include "capturesession.h"

#include <Qsci/qscilexerpython.h>

#include <QApplication>
#include <QEvent>
#include <QFontDatabase>

namespace dynascope {

namespace {
constexpr int MarkerMargin =
    1; // not "SymbolMargin": that name is QsciScintilla::MarginType::SymbolMargin (0)
constexpr int ErrorAnnotationStyle = 200; // a style number the Python lexer does not use
constexpr int ExecutionIndicator = 8;     // the first indicator number free for containers

// `base` mixed into the window colour, so line colours stay light on light, dark on dark.
QColor tint(const QPalette &palette, const QColor &base, qreal amount) {
    const QColor back = palette.color(QPalette::Base);
    return QColor::fromRgbF(back.redF() + (base.redF() - back.redF()) * amount,
                            back.greenF() + (base.greenF() - back.greenF()) * amount,
                            back.blueF() + (base.blueF() - back.blueF()) * amount);
}
bool isDark(const QPalette &palette) {
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}
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

    // The selected line (cursor, bytecode view, graph node): a thin bar and a light background.
    markerDefine(QsciScintilla::LeftRectangle, CurrentLineArrow);
    markerDefine(QsciScintilla::Background, CurrentLineBackground);
    markerDefine(QsciScintilla::Circle, ErrorSymbol);
    markerDefine(QsciScintilla::Background, ErrorBackground);
    // The execution point: an arrow, as debuggers draw it, and its own line colour.
    markerDefine(QsciScintilla::RightArrow, ExecutionArrow);
    markerDefine(QsciScintilla::Background, ExecutionBackground);
    setMarginMarkerMask(MarkerMargin,
                        (1 << CurrentLineArrow) | (1 << ErrorSymbol) | (1 << ExecutionArrow));
    SendScintilla(SCI_INDICSETSTYLE, ExecutionIndicator, INDIC_FULLBOX);
    SendScintilla(SCI_INDICSETALPHA, ExecutionIndicator, 90);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, ExecutionIndicator, 220);
    SendScintilla(SCI_INDICSETUNDER, ExecutionIndicator, true);
    setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    applyColours();
    qApp->installEventFilter(this);

    connect(this, &QsciScintilla::cursorPositionChanged, this, &SourceEditor::onCursorMoved);
    connect(m_session, &CaptureSession::selectionChanged, this, &SourceEditor::followSelection);
    connect(m_session, &CaptureSession::errorChanged, this, &SourceEditor::showError);
}

void SourceEditor::applyColours() {
    // Colours come from the palette: a dark theme gets dark backgrounds and light text.
    // The application palette: QScintilla keeps its own widget palette, which a theme change
    // does not reach.
    const QPalette pal = QApplication::palette(this);
    const bool dark = isDark(pal);
    const QColor text = pal.color(QPalette::Text), base = pal.color(QPalette::Base);
    if (auto *python = qobject_cast<QsciLexerPython *>(lexer())) {
        python->setDefaultPaper(base);
        python->setPaper(base, -1);
        python->setDefaultColor(text);
        if (dark) {
            // The lexer's colours are made for white paper; brighter ones for dark paper.
            python->setColor(text, QsciLexerPython::Default);
            python->setColor(text, QsciLexerPython::Identifier);
            python->setColor(text, QsciLexerPython::Operator);
            python->setColor(QColor(0x7f, 0xc8, 0x7f), QsciLexerPython::Comment);
            python->setColor(QColor(0x7f, 0xc8, 0x7f), QsciLexerPython::CommentBlock);
            python->setColor(QColor(0xb5, 0xce, 0xa8), QsciLexerPython::Number);
            python->setColor(QColor(0x82, 0xaa, 0xff), QsciLexerPython::Keyword);
            for (auto style :
                 {QsciLexerPython::SingleQuotedString, QsciLexerPython::DoubleQuotedString,
                  QsciLexerPython::TripleSingleQuotedString,
                  QsciLexerPython::TripleDoubleQuotedString, QsciLexerPython::SingleQuotedFString,
                  QsciLexerPython::DoubleQuotedFString})
                python->setColor(QColor(0xe6, 0xb4, 0x73), style);
            python->setColor(QColor(0x6c, 0xd3, 0xe0), QsciLexerPython::ClassName);
            python->setColor(QColor(0x6c, 0xd3, 0xe0), QsciLexerPython::FunctionMethodName);
            python->setColor(QColor(0xd6, 0x9c, 0xe6), QsciLexerPython::Decorator);
        }
    }
    setCaretForegroundColor(text);
    setMarginsBackgroundColor(pal.color(QPalette::Window));
    setMarginsForegroundColor(pal.color(QPalette::PlaceholderText));
    setSelectionBackgroundColor(pal.color(QPalette::Highlight));
    setSelectionForegroundColor(pal.color(QPalette::HighlightedText));
    const QColor accent = pal.color(QPalette::Highlight);
    setMarkerBackgroundColor(accent, CurrentLineArrow);
    setMarkerForegroundColor(accent, CurrentLineArrow);
    setMarkerBackgroundColor(tint(pal, accent, dark ? 0.25 : 0.12), CurrentLineBackground);
    const QColor red = dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc0, 0x1c, 0x28);
    setMarkerBackgroundColor(red, ErrorSymbol);
    setMarkerForegroundColor(red, ErrorSymbol);
    setMarkerBackgroundColor(tint(pal, red, dark ? 0.3 : 0.15), ErrorBackground);
    // The execution point in amber (debuggers' convention), red once the frame raises.
    const QColor amber = dark ? QColor(0xf5, 0xc2, 0x11) : QColor(0xe5, 0xa5, 0x0a);
    const QColor marker = m_executionKind == ExecutionKind::Exception ? red
                          : m_executionKind == ExecutionKind::Return  ? QColor(0x26, 0xa2, 0x69)
                                                                      : amber;
    setMarkerBackgroundColor(marker, ExecutionArrow);
    setMarkerForegroundColor(dark ? marker.lighter() : marker.darker(), ExecutionArrow);
    setMarkerBackgroundColor(tint(pal, marker, dark ? 0.3 : 0.28), ExecutionBackground);
    SendScintilla(SCI_INDICSETFORE, ExecutionIndicator, marker.darker(dark ? 100 : 130));
    SendScintilla(SCI_STYLESETFORE, ErrorAnnotationStyle, red);
    SendScintilla(SCI_STYLESETBACK, ErrorAnnotationStyle, tint(pal, red, 0.1));
}

void SourceEditor::changeEvent(QEvent *event) {
    QsciScintilla::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColours();
}

bool SourceEditor::eventFilter(QObject *watched, QEvent *event) {
    // A theme change reaches the application, not QScintilla's own widget palette.
    if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange)
        applyColours();
    return QsciScintilla::eventFilter(watched, event);
}

void SourceEditor::setExecutionPoint(int line, ExecutionKind kind, int column, int endLine,
                                     int endColumn) {
    markerDeleteAll(ExecutionArrow);
    markerDeleteAll(ExecutionBackground);
    SendScintilla(SCI_SETINDICATORCURRENT, ExecutionIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, SendScintilla(SCI_GETLENGTH));
    m_spanStart = m_spanEnd = -1;
    m_executionLine = line > 0 && line <= lines() ? line : 0;
    if (m_executionKind != kind) {
        m_executionKind = kind;
        applyColours();
    }
    if (m_executionLine == 0)
        return;
    markerAdd(line - 1, ExecutionArrow);
    markerAdd(line - 1, ExecutionBackground);
    if (endLine >= line && column >= 0 && endColumn >= 0 && endLine <= lines()) {
        // co_positions counts UTF-8 bytes; the document is UTF-8, so positions are bytes too.
        const long start = SendScintilla(SCI_POSITIONFROMLINE, line - 1) + column;
        const long end = SendScintilla(SCI_POSITIONFROMLINE, endLine - 1) + endColumn;
        if (end > start && end <= SendScintilla(SCI_GETLENGTH)) {
            m_spanStart = int(start);
            m_spanEnd = int(end);
            SendScintilla(SCI_INDICATORFILLRANGE, start, end - start);
        }
    }
    ensureLineVisible(line - 1);
}

QString SourceEditor::executionSpanText() const {
    if (m_spanStart < 0)
        return {};
    return text().toUtf8().mid(m_spanStart, m_spanEnd - m_spanStart);
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
