// Test driver for the kill test (test_labeling_kill): labels tasks in a LabelingPanel by
// simulated key presses, prints "LABELED <id>..." (the tasks it confirmed) and "NOTE <id>" once
// they are done, then waits in the event loop until the test SIGKILLs it.
//   labeling_kill_driver CATALOG LABELER
#include <cstdio>

#include <QApplication>
#include <QPlainTextEdit>
#include <QTest>
#include <QUndoStack>

#include "core/catalog/catalog.hpp"
#include "widgets/labeling_panel.hpp"
#include "workbench/api/data_service.hpp"

using namespace iglu;

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: labeling_kill_driver CATALOG LABELER\n");
        return 2;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    catalog::Catalog cat(argv[1]);
    workbench::DataService data;
    QString error;
    if (!data.open(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 5;
    }
    QUndoStack undo;
    plugins::labeling::LabelingPanel panel(data.labels(), &undo);
    panel.reload();
    panel.setLabeler(QString::fromLocal8Bit(argv[2]));
    panel.show();
    panel.activateWindow();
    if (!QTest::qWaitForWindowActive(&panel)) return 4;
    panel.setFocus();
    const auto ids = cat.findTasks();
    if (ids.size() < 4 || !panel.selectTask(QString::fromStdString(ids.front().id))) return 3;

    QString confirmed;
    // Task 1: flat + tall, confirm. Task 2: accept the suggestions, confirm. Task 3: flying, confirm.
    const std::vector<std::vector<Qt::Key>> keys = {{Qt::Key_1, Qt::Key_4}, {Qt::Key_A}, {Qt::Key_2}};
    for (const auto& seq : keys) {
        confirmed += QLatin1Char(' ') + panel.currentTask();
        for (Qt::Key k : seq) QTest::keyClick(&panel, k);
        QTest::keyClick(&panel, Qt::Key_Return);
    }
    // Task 4: a note typed and left with Esc (saved), and one skill toggled without confirming.
    const QString noted = panel.currentTask();
    auto* note = panel.findChild<QPlainTextEdit*>(QStringLiteral("labelingNote"));
    note->setFocus();
    QTest::keyClicks(note, QStringLiteral("killed mid-session"));
    QTest::keyClick(note, Qt::Key_Escape);
    QTest::keyClick(&panel, Qt::Key_5);
    std::printf("LABELED%s\nNOTE %s\n", qPrintable(confirmed), qPrintable(noted));
    std::fflush(stdout);
    return app.exec();  // until killed
}
