#pragma once
// RFC 4180 CSV with a header row: quoted fields may hold commas, doubled quotes and newlines.
// Each record knows the line it starts on, so errors can name it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/import_report.hpp"

namespace iglu::datasets {

struct CsvRecord {
    int line = 0;                      ///< 1-based line where the record starts
    std::vector<std::string> fields;
};

class CsvTable {
public:
    /// Parses CSV text. Throws DatasetError(BadCsvRow) for an unterminated quoted field or text
    /// after a closing quote; records with the wrong number of fields are kept and reported by
    /// checkRecord so the caller can skip just that row.
    static CsvTable parse(std::string_view text, const std::string& path);
    /// Reads a file; DatasetError(MissingFile) when it cannot be read.
    static CsvTable read(const std::string& path);

    const std::string& path() const noexcept { return path_; }
    const std::vector<std::string>& header() const noexcept { return header_; }
    const std::vector<CsvRecord>& records() const noexcept { return records_; }
    /// Column index of a header name; throws DatasetError(BadCsvRow) naming the file and column.
    int column(std::string_view name) const;
    std::optional<int> findColumn(std::string_view name) const;
    /// Throws DatasetError(BadCsvRow, "path:line: N fields, expected M") for a ragged record.
    void checkRecord(const CsvRecord& r) const;

private:
    std::string path_;
    std::vector<std::string> header_;
    std::vector<CsvRecord> records_;
};

}  // namespace iglu::datasets
