#pragma once
// Small file helpers for tests: read / write whole files, snapshot a folder (to show that a
// failing operation left it byte for byte as it was), and paths of the source tree.
#include <QByteArray>
#include <QMap>
#include <QString>

namespace iglu::test {

/// The whole file, or an empty array when it cannot be read.
QByteArray readAll(const QString& path);

/// Writes (truncating) `bytes` to `path`; false when the file cannot be written completely.
bool writeAll(const QString& path, const QByteArray& bytes);

/// Writes `text` (UTF-8) to DIR/NAME and returns that path, or "" when it cannot be written.
QString writeFile(const QString& dir, const QString& name, const QString& text);

/// Every file of a folder (hidden and system ones too) with its bytes.
QMap<QString, QByteArray> snapshot(const QString& dir);

/// A path in the source tree, e.g. sourcePath("examples/data/structures.json").
QString sourcePath(const QString& relative);

}  // namespace iglu::test
