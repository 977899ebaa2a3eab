#pragma once
// Internal to iglu_catalog: the state behind Catalog and the row codecs its table files share
// (grid blobs: catalog.cpp; task rows: tasks.cpp; used by task_listing.cpp, rollouts.cpp, ...).
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "statement.hpp"
#include "writer_presence.hpp"

namespace iglu::catalog {

namespace detail {

using Bytes = std::vector<std::uint8_t>;
/// A grid as stored: 4 signed bytes (x, y, z, colour) per block.
Bytes encodeGrid(const core::Grid& g);
/// Throws CatalogError naming `path` and `what` for a damaged blob.
core::Grid decodeGrid(std::span<const std::uint8_t> b, const std::string& path, const std::string& what);
std::string lowerAscii(std::string s);
std::string searchText(const core::Task& t);
struct Counts {
    int add = 0, remove = 0;
};
Counts diffCounts(const core::Grid& start, const core::Grid& target);
std::string metadataJson(const std::map<std::string, std::string>& m);
std::map<std::string, std::string> parseMetadata(const std::string& text);

/// The task columns Impl::readTask reads, in its order.
inline constexpr const char* kTaskColumns =
    "id, source, structure_id, session_id, turn, dialog, instruction, clear, clarifying_question, qbank, "
    "partition, starting_path, target_path, starting, target, metadata";

}  // namespace detail

struct Catalog::Impl {
    Impl(const std::string& path, sql::Access access) : db(path, access) {}
    sql::Connection db;
    OpenMode mode = OpenMode::Create;
    bool created = false;
    std::int64_t dataVersion = 0;
    std::unique_ptr<WriterPresence> writers;
    int depth = 0;
    std::int64_t version = kSchemaVersion;  ///< the schema version the file is at (older when read as it is)

    void refreshSkillMasks(const std::string& taskId);
    TaskRecord readTask(sql::Statement& s) const;
};

}  // namespace iglu::catalog
