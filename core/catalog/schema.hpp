#pragma once
// The catalog's schema and its forward migrations (PRAGMA user_version = schema version).
#include <cstdint>

#include "statement.hpp"

namespace iglu::catalog::schema {

/// PRAGMA application_id of IGLU catalogs ("IGLU" in ASCII).
inline constexpr int kApplicationId = 0x49474C55;

/// Checks that the database is an IGLU catalog (or brand new and empty) at a schema version this
/// program knows (0 only when brand new), then migrates it to kSchemaVersion, each step in its own
/// transaction, and returns the version the catalog is now at. When `mayWrite` is false nothing is
/// written: an older catalog stays at its version (readers read it as it is). Throws CatalogError
/// naming the file for a foreign database or an invalid (negative, huge) or newer version.
std::int64_t migrate(sql::Connection& db, bool mayWrite);

/// Checks that every table of schema `version` exists with the expected columns (name, type,
/// NOT NULL, primary key). Throws CatalogError naming the table and column.
void verify(sql::Connection& db, std::int64_t version);

}  // namespace iglu::catalog::schema
