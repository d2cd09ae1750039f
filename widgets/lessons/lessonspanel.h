// LessonsPanel: one lesson at a time, its formula and text, and Back/Next through its stops.
#pragma once

#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;

namespace dynascope {

class LessonLibrary;
struct Lesson;
struct LocalizedText;

// Shows; never runs anything. Choosing a stop emits stopActivated(); whoever carries the stop
// out (LessonNavigator) reports back with setStopResult(), which fills "%match%" in its text.
class LessonsPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonsPanel(QWidget *parent = nullptr);

    // The library is not owned and must outlive the panel (or be replaced first).
    void setLibrary(const LessonLibrary *library);
    void setLanguage(const QString &language);

    int currentLesson() const { return m_lesson; }
    int currentStop() const { return m_stop; } // 0-based; -1 before the first stop
    const Lesson *lesson() const;

    // Shows lesson `index` at its introduction (no stop yet).
    void showLesson(int index);
    // Goes to stop `stop` (0-based) of the current lesson and emits stopActivated().
    void showStop(int stop);
    // Lesson by id and 1-based stop, as the drill's "Show me" names them.
    bool showLessonStop(const QString &lessonId, int stopNumber);
    void next();
    void back();

    // What the stop found: its label replaces %match% in the stop's text; `problem` when not.
    void setStopResult(bool found, const QString &label, const QString &problem);
    void setStopBusy(const QString &message);

    // For tests and screenshots.
    QString titleText() const;
    QString formulaText() const;
    QString stopText() const;
    QString statusText() const;
    QPushButton *nextButton() const { return m_next; }
    QPushButton *backButton() const { return m_back; }
    QComboBox *lessonCombo() const { return m_combo; }

signals:
    void stopActivated(int lesson, int stop);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();
    QString text(const LocalizedText &text) const;

    const LessonLibrary *m_library = nullptr;
    QString m_language = QStringLiteral("en");
    int m_lesson = -1;
    int m_stop = -1;
    QString m_matchLabel;
    bool m_matchKnown = false;

    QComboBox *m_combo;
    QLabel *m_title;
    QLabel *m_formula;
    QLabel *m_formulaNote;
    QLabel *m_summary;
    QGroupBox *m_stopBox;
    QLabel *m_stopText;
    QLabel *m_status;
    QLabel *m_errors;
    QPushButton *m_back;
    QPushButton *m_again;
    QPushButton *m_next;
};

} // namespace dynascope
