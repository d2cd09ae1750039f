// LessonsPanel: lesson list, formula, summary and the current stop, all in the chosen language.
#include "lessonspanel.h"

#include "model/lessonlibrary.h"
#include "panelparts.h"

#include <QComboBox>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace dynascope {

using panelparts::scrollingColumn;
using panelparts::wrappingLabel;

LessonsPanel::LessonsPanel(QWidget *parent)
    : QWidget(parent), m_combo(new QComboBox(this)), m_title(wrappingLabel(this)),
      m_formula(wrappingLabel(this)), m_formulaNote(wrappingLabel(this)),
      m_summary(wrappingLabel(this)), m_stopBox(new QGroupBox(this)),
      m_stopText(wrappingLabel(this)), m_status(wrappingLabel(this)), m_errors(wrappingLabel(this)),
      m_back(new QPushButton(this)), m_again(new QPushButton(this)), m_next(new QPushButton(this)) {
    m_combo->setObjectName(QStringLiteral("lessonCombo"));
    QFont formulaFont = m_formula->font();
    formulaFont.setPointSizeF(formulaFont.pointSizeF() * 1.35);
    m_formula->setFont(formulaFont);
    m_formula->setAlignment(Qt::AlignCenter);
    m_formula->setStyleSheet(QStringLiteral("QLabel { padding: 6px; }"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_errors->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));

    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    column->addWidget(m_title);
    column->addWidget(m_formula);
    column->addWidget(m_formulaNote);
    column->addWidget(m_summary);
    auto *stopLayout = new QVBoxLayout(m_stopBox);
    stopLayout->addWidget(m_stopText);
    stopLayout->addWidget(m_status);
    column->addWidget(m_stopBox);
    column->addWidget(m_errors);
    column->addStretch(1);
    QScrollArea *scroll = scrollingColumn(content, this);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_again);
    buttons->addStretch(1);
    buttons->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_combo);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);

    connect(m_combo, &QComboBox::activated, this, &LessonsPanel::showLesson);
    connect(m_next, &QPushButton::clicked, this, &LessonsPanel::next);
    connect(m_back, &QPushButton::clicked, this, &LessonsPanel::back);
    connect(m_again, &QPushButton::clicked, this, [this] {
        if (m_stop >= 0)
            showStop(m_stop);
    });
    retranslate();
}

void LessonsPanel::setLibrary(const LessonLibrary *library) {
    m_library = library;
    m_lesson = -1;
    m_stop = -1;
    retranslate();
    if (m_library && !m_library->lessons().empty()) {
        const int saved = QSettings().value("lessons/lesson", 0).toInt();
        showLesson(saved >= 0 && saved < int(m_library->lessons().size()) ? saved : 0);
    }
}

void LessonsPanel::setLanguage(const QString &language) {
    if (language == m_language)
        return;
    m_language = language;
    retranslate();
}

const Lesson *LessonsPanel::lesson() const {
    if (!m_library || m_lesson < 0 || m_lesson >= int(m_library->lessons().size()))
        return nullptr;
    return &m_library->lessons()[size_t(m_lesson)];
}

QString LessonsPanel::text(const LocalizedText &text) const {
    return QString::fromStdString(text.in(m_language.toStdString()));
}

void LessonsPanel::showLesson(int index) {
    if (!m_library || index < 0 || index >= int(m_library->lessons().size()))
        return;
    m_lesson = index;
    m_stop = -1;
    m_matchKnown = false;
    QSettings().setValue("lessons/lesson", index);
    refresh();
}

void LessonsPanel::showStop(int stop) {
    const Lesson *current = lesson();
    if (!current || stop < 0 || stop >= int(current->stops.size()))
        return;
    m_stop = stop;
    m_matchKnown = false;
    m_matchLabel.clear();
    refresh();
    emit stopActivated(m_lesson, m_stop);
}

bool LessonsPanel::showLessonStop(const QString &lessonId, int stopNumber) {
    if (!m_library)
        return false;
    const auto &lessons = m_library->lessons();
    for (size_t i = 0; i < lessons.size(); ++i) {
        if (QString::fromStdString(lessons[i].id) != lessonId)
            continue;
        if (stopNumber < 1 || stopNumber > int(lessons[i].stops.size()))
            return false;
        showLesson(int(i));
        showStop(stopNumber - 1);
        return true;
    }
    return false;
}

void LessonsPanel::next() {
    const Lesson *current = lesson();
    if (!current)
        return;
    if (m_stop + 1 < int(current->stops.size()))
        showStop(m_stop + 1);
    else if (m_lesson + 1 < int(m_library->lessons().size()))
        showLesson(m_lesson + 1);
}

void LessonsPanel::back() {
    if (m_stop > 0)
        showStop(m_stop - 1);
    else if (m_stop == 0)
        showLesson(m_lesson);
    else if (m_lesson > 0)
        showLesson(m_lesson - 1);
}

void LessonsPanel::setStopResult(bool found, const QString &label, const QString &problem) {
    m_matchKnown = found;
    m_matchLabel = label;
    refresh();
    if (found)
        m_status->setText(tr("Shown in the views: %1").arg(label.toHtmlEscaped()));
    else
        m_status->setText(tr("<b>Not found in this run:</b> %1").arg(problem.toHtmlEscaped()));
}

void LessonsPanel::setStopBusy(const QString &message) {
    m_status->setText(message.toHtmlEscaped());
}

void LessonsPanel::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LessonsPanel::retranslate() {
    m_back->setText(tr("◀ Back"));
    m_again->setText(tr("Show Again"));
    m_again->setToolTip(tr("Run the demo again if needed and go back to this stop's target"));
    m_next->setText(tr("Next ▶"));
    m_combo->clear();
    if (m_library)
        for (const Lesson &l : m_library->lessons())
            m_combo->addItem(tr("%1. %2").arg(l.order).arg(text(l.chapter)));
    QStringList errors;
    if (!m_library)
        errors << tr("No lessons folder was found.");
    else
        for (const std::string &error : m_library->errors())
            errors << QString::fromStdString(error).toHtmlEscaped();
    m_errors->setText(errors.isEmpty() ? QString()
                                       : tr("<b>Lesson files with problems:</b><br>%1")
                                             .arg(errors.join(QStringLiteral("<br>"))));
    m_errors->setVisible(!errors.isEmpty());
    refresh();
}

void LessonsPanel::refresh() {
    const Lesson *current = lesson();
    if (m_combo->currentIndex() != m_lesson && m_lesson < m_combo->count())
        m_combo->setCurrentIndex(m_lesson);
    if (!current) {
        m_title->clear();
        m_formula->clear();
        m_formulaNote->clear();
        m_summary->clear();
        m_stopBox->hide();
        m_back->setEnabled(false);
        m_next->setEnabled(false);
        m_again->setEnabled(false);
        return;
    }
    m_title->setText(text(current->title).toHtmlEscaped());
    m_formula->setText(QString::fromStdString(current->formula));
    m_formula->setVisible(!current->formula.empty());
    m_formulaNote->setText(text(current->formulaNote));
    m_formulaNote->setVisible(!current->formulaNote.en.empty());
    m_summary->setText(text(current->summary));
    const int stops = int(current->stops.size());
    m_stopBox->setVisible(true);
    if (m_stop < 0) {
        m_stopBox->setTitle(tr("%n stop(s) in this lesson", "", stops));
        m_stopText->setText(tr("Press <b>Next</b> to open the demo and go to the first stop."));
        m_status->clear();
    } else {
        const LessonStop &stop = current->stops[size_t(m_stop)];
        m_stopBox->setTitle(
            tr("Stop %1 of %2: %3").arg(m_stop + 1).arg(stops).arg(text(stop.title)));
        QString body = text(stop.text);
        const QString match = m_matchKnown
                                  ? QStringLiteral("<b>%1</b>").arg(m_matchLabel.toHtmlEscaped())
                                  : QStringLiteral("…");
        body.replace(QLatin1String("%match%"), match);
        m_stopText->setText(body + QStringLiteral("<br><small>") +
                            tr("Demo: %1").arg(QString::fromStdString(stop.demo).toHtmlEscaped()) +
                            QStringLiteral("</small>"));
    }
    m_back->setEnabled(m_stop >= 0 || m_lesson > 0);
    m_again->setEnabled(m_stop >= 0);
    m_next->setEnabled(m_stop + 1 < stops || m_lesson + 1 < int(m_library->lessons().size()));
    m_next->setText(m_stop + 1 < stops ? tr("Next ▶") : tr("Next Lesson ▶"));
}

QString LessonsPanel::titleText() const {
    return m_title->text();
}
QString LessonsPanel::formulaText() const {
    return m_formula->text();
}
QString LessonsPanel::stopText() const {
    return m_stopText->text();
}
QString LessonsPanel::statusText() const {
    return m_status->text();
}

} // namespace dynascope
