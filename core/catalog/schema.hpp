#pragma once
// The catalog's schema and its forward migrations (PRAGMA user_version = schema version).
#include "core/catalog/statement.hpp"

namespace iglu::catalog::schema {

/// PRAGMA application_id of IGLU catalogs ("IGLU" in ASCII).
inline constexpr int kApplicationId = 0x49474C55;

/// Checks that the file is an IGLU catalog (or empty), then migrates it to kSchemaVersion, each
/// step in its own transaction. Throws CatalogError for a foreign database or a newer schema.
void migrate(sql::Connection& db);

}  // namespace iglu::catalog::schema
