// The workbench given bad input at start: a --db that is missing, corrupt or not a catalog opens
// the window with the error shown (Messages log, status bar, a non-modal dialog) and the user can
// open other data; a scripted run (--screenshot) exits non-zero naming the file. A plugin folder
// holding files that are not plugins (empty, text, an ELF library without plugin metadata, a FIFO,
// a dangling link) gets one line per file in --list-plugins and in the Plugins dialog's list.
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "support/files.hpp"
#include "support/process.hpp"
#include "viewers/qt/surface_format.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "plugins_dialog.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu::workbench;

namespace {

using iglu::test::ProcessResult;
using iglu::test::runWorkbench;

void write(const QString& path, const QByteArray& bytes) { QVERIFY2(iglu::test::writeAll(path, bytes), qPrintable(path)); }

}  // namespace

class TestAppBadData : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QStringList badDbs_;

private slots:
    void initTestCase() {
        badDbs_ << dir_.filePath("missing.db");
        write(dir_.filePath("text.db"), "this is not a catalog\n");
        badDbs_ << dir_.filePath("text.db");
        QByteArray corrupt("SQLite format 3");
        corrupt.append('\0');
        corrupt.append(QByteArray(4096, '\x5a'));
        write(dir_.filePath("corrupt.db"), corrupt);
        badDbs_ << dir_.filePath("corrupt.db");
        write(dir_.filePath("bad.jsonl"), "{\"id\": \"a\", \"target_blocks\": [[0,0,0,1]],\n");
        badDbs_ << dir_.filePath("bad.jsonl");
    }

    // What `iglu-workbench --db BAD` does (main.cpp calls openStartupData for interactive starts).
    void interactiveStartWithBadDataKeepsWorking() {
        for (const QString& bad : badDbs_) {
            WorkbenchOptions options;
            options.defaultPluginPaths = false;
            options.useSettings = false;
            Workbench wb(options);
            wb.loadPlugins();
            wb.window().show();
            QString error;
            QVERIFY(!wb.openStartupData(bad, &error));
            QVERIFY2(error.contains(bad), qPrintable(error));
            // In the Messages log, in a dialog that is shown but does not block.
            QVERIFY2(wb.context().log().count(bad) > 0, qPrintable(bad));
            auto* dialog = qobject_cast<QMessageBox*>(wb.startupErrorDialog());
            QVERIFY(dialog != nullptr);
            QVERIFY(dialog->isVisible());
            QVERIFY(!dialog->isModal());
            QVERIFY(dialog->text().contains(bad));
            QVERIFY(wb.window().isVisible());
            QVERIFY(!wb.context().data().isOpen());
            // The user opens other data: it works.
            const QString good = dir_.filePath("good.jsonl");
            write(good, "{\"id\": \"t1\", \"target_blocks\": [[0,0,0,1]]}\n");
            QVERIFY2(wb.openData(good, &error), qPrintable(error));
            QVERIFY(wb.context().data().isOpen());
            QVERIFY(wb.selectTask(QStringLiteral("t1"), &error));
            dialog->close();
        }
    }

    // Scripted runs still exit with a clear message.
    void scriptedStartWithBadDataExits() {
        for (const QString& bad : badDbs_) {
            const ProcessResult r = runWorkbench({"--db", bad, "--screenshot", dir_.filePath("shot.png")});
            QVERIFY2(!r.crashed, qPrintable(bad));
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(bad), qPrintable(r.err));
        }
    }

    void nonPluginFilesAreListed() {
        QTemporaryDir plugins;
        write(plugins.filePath("libempty.so"), "");
        write(plugins.filePath("libtext.so"), "just some text\n");
        QVERIFY(::mkfifo(QFile::encodeName(plugins.filePath("libfifo.so")).constData(), 0644) == 0);
        QVERIFY(QFile::link(plugins.filePath("gone.so.1"), plugins.filePath("libdangling.so")));
        // A real ELF shared library without plugin metadata (zlib, a dependency of Qt).
        const QStringList candidates{"/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1",
                                     "/usr/lib/aarch64-linux-gnu/libz.so.1"};
        bool haveElf = false;
        for (const QString& c : candidates)
            if (QFile::exists(c)) haveElf = QFile::copy(c, plugins.filePath("libnotaplugin.so"));
        const ProcessResult r = runWorkbench({"--list-plugins", "--plugin-path", plugins.path()});
        QVERIFY2(!r.crashed && r.exitCode == 0, qPrintable(r.err));
        const QList<QPair<QString, QString>> expected{
            {"libempty.so", "empty file"},
            {"libtext.so", "no ELF header"},
            {"libfifo.so", "not a regular file"},
            {"libdangling.so", "dangling symbolic link"},
        };
        for (const auto& [file, reason] : expected) {
            bool found = false;
            for (const QString& line : r.out.split('\n'))
                found = found || (line.startsWith(file) && line.contains("failed") && line.contains(reason));
            QVERIFY2(found, qPrintable(file + " / " + reason + ":\n" + r.out));
        }
        if (haveElf)
            QVERIFY2(r.out.contains(QRegularExpression("libnotaplugin.so.*failed.*without Qt plugin metadata")), qPrintable(r.out));

        // The same specs feed the Plugins dialog and the Messages log.
        WorkbenchOptions options;
        options.defaultPluginPaths = false;
        options.useSettings = false;
        options.pluginPaths = {plugins.path()};
        Workbench wb(options);
        wb.loadPlugins();
        QVERIFY(wb.plugins().plugin(QStringLiteral("libempty.so")) != nullptr);
        QCOMPARE(wb.plugins().plugin(QStringLiteral("libempty.so"))->state, PluginState::Failed);
        QVERIFY(wb.context().log().count(QStringLiteral("libfifo.so")) > 0);
        PluginsDialog dialog(wb.plugins(), &wb.window());
        auto* table = dialog.findChild<QTableWidget*>();
        QVERIFY(table != nullptr);
        bool shown = false;
        for (int row = 0; row < table->rowCount(); ++row)
            shown = shown || (table->item(row, 0)->text() == QStringLiteral("libempty.so") &&
                              table->item(row, 2)->text() == QStringLiteral("failed") && table->item(row, 3)->text().contains("empty file"));
        QVERIFY(shown);
    }
};

int main(int argc, char** argv) {
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toUtf8());
    iglu::viewers::prepareOpenGL();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("IGLU-test"));
    QApplication::setApplicationName(QStringLiteral("test_app_bad_data"));
    TestAppBadData t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_app_bad_data.moc"
