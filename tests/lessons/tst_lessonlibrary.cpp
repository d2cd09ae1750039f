// The shipped lessons and drill: all load, every chapter is there, the drill's proofs exist.
#include "model/lessonlibrary.h"

#include <QtTest>

#include <set>

using namespace dynascope;

class TestLessonLibrary : public QObject {
    Q_OBJECT
private slots:
    void shippedFilesLoadWithoutErrors() {
        LessonLibrary library;
        library.load(DYNASCOPE_SOURCE_DIR "/resources/lessons");
        for (const std::string &error : library.errors())
            qWarning("%s", error.c_str());
        QVERIFY(library.errors().empty());
        // One lesson per chapter of the article, the toy, three scenarios, the misconceptions.
        for (const char *id : {"bytecode", "capture", "frame", "inlining", "shapes", "guards",
                               "breaks", "optimisation", "dynamo_like", "scenario_training",
                               "scenario_serving", "scenario_loss", "misconceptions"})
            QVERIFY2(library.lesson(id), id);
        int previous = -1;
        for (const Lesson &lesson : library.lessons()) {
            QVERIFY2(lesson.order > previous, lesson.id.c_str()); // sorted, no ties
            previous = lesson.order;
        }
    }

    void drillHasBothKindsOfQuestions() {
        LessonLibrary library;
        library.load(DYNASCOPE_SOURCE_DIR "/resources/lessons");
        const Drill &drill = library.drill();
        int article = 0, ours = 0, multiple = 0;
        std::set<std::string> levels;
        for (const DrillQuestion &q : drill.questions) {
            (q.origin == "article" ? article : ours) += 1;
            multiple += q.multiple ? 1 : 0;
            levels.insert(q.level);
            QVERIFY2(library.lesson(q.showLesson), q.id.c_str());
        }
        QVERIFY2(article >= 10, qPrintable(QString::number(article)));
        QVERIFY2(ours >= 10, qPrintable(QString::number(ours)));
        QVERIFY(multiple >= 3);
        QCOMPARE(levels.size(), size_t(4)); // easy, mid, hard and extreme all occur
    }

    void badFileDoesNotHideTheOthers() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile::copy(DYNASCOPE_SOURCE_DIR "/resources/lessons/01-bytecode.lesson.json",
                    dir.filePath("01-bytecode.lesson.json"));
        QFile::copy(DYNASCOPE_SOURCE_DIR "/resources/lessons/bytecode_stack.py",
                    dir.filePath("bytecode_stack.py"));
        QFile bad(dir.filePath("02-bad.lesson.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\n  \"format\": \"dynascope-lesson\",\n  \"version\": 1,\n  \"id\": 7\n}\n");
        bad.close();
        QFile drill(dir.filePath("drill.json"));
        QVERIFY(drill.open(QIODevice::WriteOnly));
        drill.write(R"({"format": "dynascope-drill", "version": 1, "questions": [
{"id": "a", "question": {"en": "q", "zh_CN": "问"}, "explanation": {"en": "e", "zh_CN": "解"},
 "options": [{"text": {"en": "x", "zh_CN": "甲"}, "correct": true}, {"text": {"en": "y", "zh_CN": "乙"}}],
 "show_me": {"lesson": "bytecode", "stop": 9}}]}
)");
        drill.close();
        LessonLibrary library;
        library.load(dir.path().toStdString());
        QCOMPARE(library.lessons().size(), size_t(1));
        QCOMPARE(library.errors().size(), size_t(2));
        QCOMPARE(library.errors()[0], std::string("02-bad.lesson.json line 4: field \"id\" must be "
                                                  "a string"));
        QCOMPARE(library.errors()[1],
                 std::string("drill.json line 2: question a shows lesson \"bytecode\" stop 9, "
                             "which has fewer stops"));
    }
};

QTEST_GUILESS_MAIN(TestLessonLibrary)
#include "tst_lessonlibrary.moc"
