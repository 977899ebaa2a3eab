#pragma once
// RFC 4180 CSV with a header row: quoted fields may hold commas, doubled quotes and newlines.
// Each record knows the line it starts on, so errors can name it. Every field is checked to be
// UTF-8 here, the one place CSV text enters the program: a record holding bad bytes is kept and
// reported by checkRecord (file:line, the column's name and the byte), so the caller skips just
// that row; bad bytes in the header make the whole file unusable.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/import_report.hpp"

namespace iglu::datasets {

struct CsvRecord {
    int line = 0;                      ///< 1-based line where the record starts
    std::vector<std::string> fields;
    int badUtf8Field = -1;             ///< index of the first field that is not UTF-8, or -1
};

class CsvTable {
public:
    /// Parses CSV text. Throws DatasetError(BadCsvRow) for an unterminated quoted field or text
    /// after a closing quote; records with the wrong number of fields are kept and reported by
    /// checkRecord so the caller can skip just that row.
    static CsvTable parse(std::string_view text, const std::string& path);
    /// Reads a file; DatasetError(MissingFile) when it does not exist, (UnreadableFile) when it is
    /// not a readable regular file (a folder, a FIFO — never opened —, a dangling link, ...).
    static CsvTable read(const std::string& path);

    const std::string& path() const noexcept { return path_; }
    const std::vector<std::string>& header() const noexcept { return header_; }
    const std::vector<CsvRecord>& records() const noexcept { return records_; }
    /// Column index of a header name; throws DatasetError(BadCsvRow) naming the file and column.
    int column(std::string_view name) const;
    std::optional<int> findColumn(std::string_view name) const;
    /// Throws DatasetError(BadCsvRow, "path:line: N fields, expected M") for a ragged record and
    /// DatasetError(InvalidUtf8, "path:line: field NAME (column C): text is not UTF-8 (byte ...)").
    void checkRecord(const CsvRecord& r) const;

private:
    std::string path_;
    std::vector<std::string> header_;
    std::vector<CsvRecord> records_;
};

}  // namespace iglu::datasets
