#pragma once
// The bundled example data as a catalog: scripts/demo.sh imports examples/data into
// build/release/examples.db; when the workbench finds no such catalog it imports examples/data
// itself (single-turn tasks with their human tapes, multi-turn sessions, structures) into the
// user's data folder, showing progress that can be cancelled.
#include <QString>

class QWidget;

namespace iglu::workbench {

/// The catalog opened when no --db is given: build/release/examples.db next to the build when it
/// exists, else <user data folder>/examples.db (which may not exist yet).
QString defaultCatalogPath();

/// Imports examples/data into a new catalog at `path` (replacing an unfinished one), in a worker
/// thread, with a cancellable progress dialog. Returns false with a message naming the file or
/// the dataset item when it fails or is cancelled (the partial file is removed).
bool createExampleCatalog(const QString& path, QWidget* parent, QString* error);

}  // namespace iglu::workbench
