#include "label_files.hpp"

#include <QObject>

#include "datasets/label_io.hpp"

namespace iglu::plugins::labeling {

LabelFileResult exportLabelFile(const catalog::Catalog& catalog, const QString& path,
                                std::optional<catalog::LabelSource> source) {
    LabelFileResult r;
    try {
        r.count = datasets::exportLabels(catalog, path.toStdString(), source);
        r.ok = true;
        r.message = QObject::tr("Exported %1 labels to %2").arg(r.count).arg(path);
    } catch (const std::exception& e) {
        const QString what = QString::fromStdString(e.what());
        r.message = what.contains(path) ? QObject::tr("Could not export labels: %1").arg(what)
                                        : QObject::tr("Could not export labels to %1: %2").arg(path, what);
    }
    return r;
}

LabelFileResult importLabelFile(const QString& path, catalog::Catalog& catalog) {
    LabelFileResult r;
    try {
        const auto report = datasets::importLabels(path.toStdString(), catalog);
        r.count = report.labels;
        r.ok = report.skipped == 0;
        r.message = QObject::tr("Imported %1 labels from %2").arg(report.labels).arg(path);
        if (report.skipped > 0) {
            r.message += QObject::tr("; %1 rows skipped").arg(report.skipped);
            for (const auto& issue : report.issues) r.message += QStringLiteral("\n  ") + QString::fromStdString(issue.message);
        }
    } catch (const std::exception& e) {
        const QString what = QString::fromStdString(e.what());
        r.message = what.contains(path) ? QObject::tr("Could not import labels: %1").arg(what)
                                        : QObject::tr("Could not import labels from %1: %2").arg(path, what);
    }
    return r;
}

}  // namespace iglu::plugins::labeling
