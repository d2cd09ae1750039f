// DrillPanel: question display, shuffling, checking, and the remembered score.
#include "drillpanel.h"

#include "model/drill.h"
#include "panelparts.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace dynascope {

using panelparts::scrollingColumn;
using panelparts::wrappingLabel;

namespace {
QString answerKey(const DrillQuestion &q) {
    return QStringLiteral("drill/answers/") + QString::fromStdString(q.id);
}
} // namespace

DrillPanel::DrillPanel(QWidget *parent)
    : QWidget(parent), m_counter(wrappingLabel(this)), m_meta(wrappingLabel(this)),
      m_question(wrappingLabel(this)), m_optionsBox(new QWidget(this)),
      m_optionsLayout(new QVBoxLayout(m_optionsBox)), m_group(new QButtonGroup(this)),
      m_feedback(wrappingLabel(this)), m_score(wrappingLabel(this)),
      m_previous(new QPushButton(this)), m_submit(new QPushButton(this)),
      m_showMe(new QPushButton(this)), m_next(new QPushButton(this)),
      m_reset(new QPushButton(this)) {
    QFont questionFont = m_question->font();
    questionFont.setBold(true);
    m_question->setFont(questionFont);
    m_submit->setObjectName(QStringLiteral("drillSubmit"));
    m_showMe->setObjectName(QStringLiteral("drillShowMe"));

    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    column->addWidget(m_counter);
    column->addWidget(m_meta);
    column->addWidget(m_question);
    column->addWidget(m_optionsBox);
    column->addWidget(m_feedback);
    column->addStretch(1);
    QScrollArea *scroll = scrollingColumn(content, this);

    auto *answer = new QHBoxLayout;
    answer->addWidget(m_submit);
    answer->addWidget(m_showMe);
    answer->addStretch(1);
    auto *moves = new QHBoxLayout;
    moves->addWidget(m_previous);
    moves->addWidget(m_next);
    moves->addStretch(1);
    moves->addWidget(m_reset);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_score);
    layout->addWidget(scroll, 1);
    layout->addLayout(answer);
    layout->addLayout(moves);

    connect(m_submit, &QPushButton::clicked, this, &DrillPanel::submit);
    connect(m_showMe, &QPushButton::clicked, this, &DrillPanel::showMe);
    connect(m_next, &QPushButton::clicked, this, [this] { showQuestion(m_index + 1); });
    connect(m_previous, &QPushButton::clicked, this, [this] { showQuestion(m_index - 1); });
    connect(m_reset, &QPushButton::clicked, this, &DrillPanel::resetProgress);
    retranslate();
}

QString DrillPanel::text(const LocalizedText &text) const {
    return QString::fromStdString(text.in(m_language.toStdString()));
}

void DrillPanel::setDrill(const Drill *drill) {
    m_drill = drill;
    m_index = -1;
    const int count = drill ? int(drill->questions.size()) : 0;
    const int saved = QSettings().value("drill/current", 0).toInt();
    if (count > 0)
        showQuestion(std::clamp(saved, 0, count - 1));
    else
        retranslate();
}

void DrillPanel::setLanguage(const QString &language) {
    if (language == m_language)
        return;
    m_language = language;
    retranslate();
}

void DrillPanel::showQuestion(int index) {
    if (!m_drill || index < 0 || index >= int(m_drill->questions.size()))
        return;
    m_index = index;
    m_submitted = false;
    QSettings().setValue("drill/current", index);
    m_order.resize(m_drill->questions[size_t(index)].options.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    std::shuffle(m_order.begin(), m_order.end(), m_random);
    rebuildOptions();
    retranslate();
}

void DrillPanel::rebuildOptions() {
    for (QAbstractButton *button : m_buttons) {
        m_group->removeButton(button);
        button->deleteLater();
    }
    m_buttons.clear();
    if (!m_drill || m_index < 0)
        return;
    const DrillQuestion &q = m_drill->questions[size_t(m_index)];
    m_group->setExclusive(!q.multiple);
    for (size_t shown = 0; shown < m_order.size(); ++shown) {
        QAbstractButton *button = q.multiple ? static_cast<QAbstractButton *>(new QCheckBox)
                                             : static_cast<QAbstractButton *>(new QRadioButton);
        m_group->addButton(button, int(shown));
        m_optionsLayout->addWidget(button);
        m_buttons << button;
    }
}

bool DrillPanel::submit() {
    if (!m_drill || m_index < 0)
        return false;
    const DrillQuestion &q = m_drill->questions[size_t(m_index)];
    bool right = true;
    bool any = false;
    for (int shown = 0; shown < m_buttons.size(); ++shown) {
        const bool ticked = m_buttons[shown]->isChecked();
        any = any || ticked;
        right = right && ticked == q.options[size_t(m_order[size_t(shown)])].correct;
    }
    if (!any) {
        m_feedback->setText(tr("Choose an answer first."));
        return false;
    }
    m_submitted = true;
    m_lastRight = right;
    QSettings().setValue(answerKey(q), right ? QStringLiteral("right") : QStringLiteral("wrong"));
    retranslate();
    return right;
}

void DrillPanel::showMe() {
    if (!m_drill || m_index < 0)
        return;
    const DrillQuestion &q = m_drill->questions[size_t(m_index)];
    emit showMeRequested(QString::fromStdString(q.showLesson), q.showStop);
}

void DrillPanel::resetProgress() {
    QSettings settings;
    settings.remove(QStringLiteral("drill/answers"));
    settings.setValue("drill/current", 0);
    showQuestion(0);
}

int DrillPanel::rightAnswers() const {
    int right = 0;
    if (m_drill)
        for (const DrillQuestion &q : m_drill->questions)
            right += QSettings().value(answerKey(q)).toString() == QLatin1String("right") ? 1 : 0;
    return right;
}

int DrillPanel::answeredQuestions() const {
    int answered = 0;
    if (m_drill)
        for (const DrillQuestion &q : m_drill->questions)
            answered += QSettings().contains(answerKey(q)) ? 1 : 0;
    return answered;
}

void DrillPanel::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DrillPanel::updateScore() {
    const int total = m_drill ? int(m_drill->questions.size()) : 0;
    m_score->setText(tr("<b>Score:</b> %1 right of %2 answered (%3 questions)")
                         .arg(rightAnswers())
                         .arg(answeredQuestions())
                         .arg(total));
}

void DrillPanel::retranslate() {
    m_previous->setText(tr("◀ Previous"));
    m_next->setText(tr("Next ▶"));
    m_submit->setText(tr("Check Answer"));
    m_showMe->setText(tr("Show Me"));
    m_showMe->setToolTip(tr("Open the lesson stop whose live run proves the answer"));
    m_reset->setText(tr("Reset Progress"));
    updateScore();
    if (!m_drill || m_index < 0) {
        m_counter->setText(tr("No drill questions were found."));
        m_question->clear();
        m_feedback->clear();
        for (QPushButton *b : {m_previous, m_next, m_submit, m_showMe})
            b->setEnabled(false);
        return;
    }
    const DrillQuestion &q = m_drill->questions[size_t(m_index)];
    const int total = int(m_drill->questions.size());
    m_counter->setText(tr("Question %1 of %2").arg(m_index + 1).arg(total));
    const QString level = q.level == "easy"   ? tr("easy")
                          : q.level == "mid"  ? tr("medium")
                          : q.level == "hard" ? tr("hard")
                                              : tr("extreme");
    const QString kind =
        q.multiple ? tr("multiple choice: tick every right answer") : tr("single choice");
    const QString origin = q.origin == "article" ? tr("classic question") : tr("beyond the basics");
    m_meta->setText(QStringLiteral("<small>%1 · %2 · %3</small>").arg(kind, level, origin));
    m_question->setText(text(q.question).toHtmlEscaped());
    for (int shown = 0; shown < m_buttons.size(); ++shown) {
        const DrillOption &option = q.options[size_t(m_order[size_t(shown)])];
        const QString letter = QChar(u'A' + shown);
        m_buttons[shown]->setText(letter + QStringLiteral(". ") + text(option.text));
        m_buttons[shown]->setEnabled(!m_submitted);
    }
    if (m_submitted) {
        QStringList right;
        for (int shown = 0; shown < int(m_order.size()); ++shown)
            if (q.options[size_t(m_order[size_t(shown)])].correct)
                right << QString(QChar(u'A' + shown));
        m_feedback->setText(
            (m_lastRight ? tr("<b style='color:#1b7f3b'>Right.</b>")
                         : tr("<b style='color:#b00020'>Not quite.</b> The answer is %1.")
                               .arg(right.join(QStringLiteral(", ")))) +
            QStringLiteral("<br>") + text(q.explanation) + QStringLiteral("<br><i>") +
            tr("Press Show Me to see it in a live run.") + QStringLiteral("</i>"));
    } else {
        m_feedback->clear();
    }
    m_previous->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < total);
    m_submit->setEnabled(!m_submitted);
    m_showMe->setEnabled(m_submitted);
}

QString DrillPanel::scoreText() const {
    return m_score->text();
}
QString DrillPanel::feedbackText() const {
    return m_feedback->text();
}
QString DrillPanel::questionText() const {
    return m_question->text();
}

} // namespace dynascope
