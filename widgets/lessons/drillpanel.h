// DrillPanel: the interview drill: one question, shuffled options, scoring, explanation, Show me.
#pragma once

#include <QList>
#include <QWidget>

#include <random>
#include <vector>

class QAbstractButton;
class QButtonGroup;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace dynascope {

struct Drill;
struct LocalizedText;

// Answers are remembered in QSettings ("drill/answers/<id>" = right|wrong, "drill/current"), so
// the score and the place survive a restart. Options are shuffled each time a question is shown.
class DrillPanel : public QWidget {
    Q_OBJECT
public:
    explicit DrillPanel(QWidget *parent = nullptr);

    // Not owned; must outlive the panel.
    void setDrill(const Drill *drill);
    void setLanguage(const QString &language);
    void setShuffleSeed(unsigned seed) { m_random.seed(seed); }

    int currentQuestion() const { return m_index; }
    void showQuestion(int index);
    // The option buttons in the order shown, and which question option each one is.
    QList<QAbstractButton *> optionButtons() const { return m_buttons; }
    std::vector<int> shownOrder() const { return m_order; }
    // Checks the ticked options; returns whether they are exactly the right ones.
    bool submit();
    void showMe();
    void resetProgress();

    int rightAnswers() const;
    int answeredQuestions() const;
    QString scoreText() const;
    QString feedbackText() const;
    QString questionText() const;

signals:
    // Lesson id and 1-based stop that prove the current question's answer.
    void showMeRequested(const QString &lessonId, int stop);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void rebuildOptions();
    void updateScore();
    QString text(const LocalizedText &text) const;

    const Drill *m_drill = nullptr;
    QString m_language = QStringLiteral("en");
    int m_index = -1;
    bool m_submitted = false;
    bool m_lastRight = false;
    std::vector<int> m_order;
    std::mt19937 m_random{std::random_device{}()};

    QLabel *m_counter;
    QLabel *m_meta;
    QLabel *m_question;
    QWidget *m_optionsBox;
    QVBoxLayout *m_optionsLayout;
    QButtonGroup *m_group;
    QList<QAbstractButton *> m_buttons;
    QLabel *m_feedback;
    QLabel *m_score;
    QPushButton *m_previous;
    QPushButton *m_submit;
    QPushButton *m_showMe;
    QPushButton *m_next;
    QPushButton *m_reset;
};

} // namespace dynascope
