#pragma once
// Moved to tests/support/corrupt_catalogs.hpp. Kept for the tests/workbench files other branches
// of this round edit (test_data_service.cpp, test_damaged_catalog_views.cpp); remove once they
// include "support/corrupt_catalogs.hpp".
#include <QDir>
#include <QFile>
#include <QMap>
#include <QStringList>
#include <QtTest>

#include "../support/corrupt_catalogs.hpp"
