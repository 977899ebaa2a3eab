#include "example_catalog.hpp"

#include <atomic>
#include <exception>

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>

#include "core/catalog/catalog.hpp"
#include "core/util/resource_dirs.hpp"
#include "datasets/importer.hpp"

namespace iglu::workbench {

QString defaultCatalogPath() {
    const QString built = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../examples.db"));
    if (QFileInfo::exists(built)) return QFileInfo(built).canonicalFilePath();
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("examples.db"));
}

bool createExampleCatalog(const QString& path, QWidget* parent, QString* error) {
    const QDir examples(QString::fromStdString(core::resourceDir("examples")) + QStringLiteral("/data"));
    if (!examples.exists()) {
        if (error) *error = QStringLiteral("%1: bundled example data not found").arg(examples.path());
        return false;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) QFile::remove(path + suffix);

    std::atomic<bool> cancel{false};
    std::atomic<int> done{0}, total{0}, stage{0};
    QString failure;
    QThread* worker = QThread::create([&] {
        try {
            catalog::Catalog cat(path.toStdString());
            datasets::ImportOptions o;
            o.cancel = &cancel;
            o.progress = [&](std::size_t d, std::size_t t) {
                done = static_cast<int>(d);
                total = static_cast<int>(t);
            };
            const std::string root = examples.path().toStdString();
            stage = 1;
            datasets::importSingleTurn(root + "/iglu-singleturn", cat, o);
            if (cancel) return;
            stage = 2;
            datasets::importSessions(root + "/iglu-singleturn", cat, o);
            if (cancel) return;
            stage = 3;
            datasets::importStructures(root + "/structures.json", cat, o);
        } catch (const std::exception& e) {
            failure = QString::fromLocal8Bit(e.what());
        }
    });
    QProgressDialog progress(QObject::tr("Importing the bundled example data into %1...").arg(path),
                             QObject::tr("Cancel"), 0, 100, parent);
    progress.setWindowTitle(QObject::tr("IGLU Workbench"));
    progress.setMinimumDuration(300);
    progress.setWindowModality(Qt::WindowModal);
    QObject::connect(&progress, &QProgressDialog::canceled, [&cancel] { cancel = true; });
    QEventLoop loop;
    QObject::connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    QTimer* tick = new QTimer(&progress);
    QObject::connect(tick, &QTimer::timeout, &progress, [&] {
        static const char* names[] = {"", "single-turn tasks", "multi-turn sessions", "structures"};
        const int t = total.load();
        progress.setLabelText(QObject::tr("Importing the bundled example data: %1 (%2 / %3)")
                                  .arg(QString::fromLatin1(names[stage.load()]))
                                  .arg(done.load())
                                  .arg(t));
        progress.setValue(t > 0 ? std::min(99, (stage.load() - 1) * 33 + 33 * done.load() / t) : 0);
    });
    tick->start(100);
    worker->start();
    loop.exec();
    worker->wait();
    delete worker;
    progress.reset();
    if (cancel || !failure.isEmpty()) {
        for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) QFile::remove(path + suffix);
        if (error) *error = cancel ? QStringLiteral("import of the bundled example data was cancelled")
                                   : QStringLiteral("importing the bundled example data into %1: %2").arg(path, failure);
        return false;
    }
    return true;
}

}  // namespace iglu::workbench
