#pragma once
// Export / import of skill labels for the Labels menu (datasets/label_io: .csv or .json by
// extension). Errors come back as a message naming the file; nothing stored is changed by a
// failed export, and an import stores only the valid rows (one transaction).
#include <optional>

#include <QString>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::labeling {

struct LabelFileResult {
    bool ok = false;
    QString message;   ///< what happened (counts) or why not, naming the file
    int count = 0;     ///< labels written / imported
};

LabelFileResult exportLabelFile(const catalog::Catalog& catalog, const QString& path,
                                std::optional<catalog::LabelSource> source = std::nullopt);
LabelFileResult importLabelFile(const QString& path, catalog::Catalog& catalog);

}  // namespace iglu::plugins::labeling
