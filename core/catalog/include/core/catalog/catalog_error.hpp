#pragma once
// The one error type of the catalog library, apart from the Catalog façade (catalog.hpp) so that
// code that only throws or catches it (the SQLite layer, file checks, codecs) need not see the rest.
#include <stdexcept>

namespace iglu::catalog {

/// Any catalog failure. what() names the catalog file and, for SQL errors, the statement's purpose.
class CatalogError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace iglu::catalog
