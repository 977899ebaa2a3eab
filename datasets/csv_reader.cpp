#include "csv_reader.hpp"

#include <algorithm>

#include "core/util/utf8.hpp"

namespace iglu::datasets {

CsvTable CsvTable::parse(std::string_view text, const std::string& path) {
    CsvTable t;
    t.path_ = path;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM
    std::size_t i = 0;
    int line = 1;
    std::vector<CsvRecord> rows;
    while (i < text.size()) {
        CsvRecord rec;
        rec.line = line;
        std::string field;
        bool endOfRecord = false;
        while (!endOfRecord) {
            field.clear();
            if (i < text.size() && text[i] == '"') {
                const int quoteLine = line;
                ++i;
                for (;;) {
                    if (i >= text.size())
                        throw DatasetError(Reason::BadCsvRow, path + ":" + std::to_string(quoteLine), "unterminated quoted field");
                    char c = text[i++];
                    if (c == '"') {
                        if (i < text.size() && text[i] == '"') {
                            field += '"';
                            ++i;
                        } else {
                            break;
                        }
                    } else {
                        if (c == '\n') ++line;
                        field += c;
                    }
                }
                if (i < text.size() && text[i] == '\r') ++i;
                if (i < text.size() && text[i] != ',' && text[i] != '\n')
                    throw DatasetError(Reason::BadCsvRow, path + ":" + std::to_string(line), "text after a closing quote");
            } else {
                const std::size_t end = std::min(text.find_first_of(",\n", i), text.size());
                field.assign(text.data() + i, end - i);
                i = end;
                if (!field.empty() && field.back() == '\r') field.pop_back();
            }
            if (rec.badUtf8Field < 0 && !core::isValidUtf8(field)) rec.badUtf8Field = static_cast<int>(rec.fields.size());
            rec.fields.push_back(field);
            if (i >= text.size()) {
                endOfRecord = true;
            } else if (text[i] == ',') {
                ++i;
            } else {  // '\n'
                ++i;
                ++line;
                endOfRecord = true;
            }
        }
        if (rec.fields.size() == 1 && rec.fields[0].empty()) continue;  // blank line
        rows.push_back(std::move(rec));
    }
    if (rows.empty()) throw DatasetError(Reason::BadCsvRow, path, "empty CSV file (no header)");
    if (const int bad = rows.front().badUtf8Field; bad >= 0)
        throw DatasetError(Reason::InvalidUtf8, path + ":" + std::to_string(rows.front().line),
                           "header column " + std::to_string(bad + 1) + ": text is not UTF-8 (" +
                               core::describeInvalidUtf8(rows.front().fields[static_cast<std::size_t>(bad)]) + ")");
    t.header_ = std::move(rows.front().fields);
    rows.erase(rows.begin());
    t.records_ = std::move(rows);
    return t;
}

CsvTable CsvTable::read(const std::string& path) {
    return parse(readDatasetFile(path), path);
}

std::optional<int> CsvTable::findColumn(std::string_view name) const {
    for (std::size_t i = 0; i < header_.size(); ++i)
        if (header_[i] == name) return static_cast<int>(i);
    return std::nullopt;
}

int CsvTable::column(std::string_view name) const {
    if (auto c = findColumn(name)) return *c;
    throw DatasetError(Reason::BadCsvRow, path_ + ":1", "missing column '" + std::string(name) + "'");
}

void CsvTable::checkRecord(const CsvRecord& r) const {
    if (r.fields.size() != header_.size())
        throw DatasetError(Reason::BadCsvRow, path_ + ":" + std::to_string(r.line),
                           std::to_string(r.fields.size()) + " fields, expected " + std::to_string(header_.size()));
    if (r.badUtf8Field >= 0) {
        const auto c = static_cast<std::size_t>(r.badUtf8Field);
        throw DatasetError(Reason::InvalidUtf8, path_ + ":" + std::to_string(r.line),
                           "field " + header_[c] + " (column " + std::to_string(c + 1) + "): text is not UTF-8 (" +
                               core::describeInvalidUtf8(r.fields[c]) + ")");
    }
}

}  // namespace iglu::datasets
