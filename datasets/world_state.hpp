#pragma once
// IGLU world-state JSON files (`worldEndingState.blocks` as [x, y, z, blockId] in voxel
// coordinates, `avatarInfo`, the behaviour `tape`, optional `prevWorldEndingState`), parsed with
// simdjson and converted to IGLU grids. Every problem is a DatasetError naming the file and, for
// malformed JSON, the line and column; blocks outside the zone or with unknown ids are reported,
// never clipped.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "datasets/import_report.hpp"

namespace iglu::datasets {

struct WorldState {
    core::Grid grid;                        ///< worldEndingState
    std::optional<core::Grid> previous;     ///< prevWorldEndingState, when present
    std::optional<core::Pose> avatar;       ///< avatarInfo pos (y - 64) and look (yaw, pitch)
    std::optional<std::string> tape;        ///< the behaviour tape, when present
    std::string clarificationQuestion;
    std::size_t bytes = 0;                  ///< size of the file
};

/// Parses world-state files; reuses its buffers across files (one reader per thread).
class WorldStateReader {
public:
    WorldStateReader();
    ~WorldStateReader();
    WorldStateReader(const WorldStateReader&) = delete;
    WorldStateReader& operator=(const WorldStateReader&) = delete;

    /// Reads and parses a file. Throws DatasetError (MissingFile, MalformedJson, WrongType,
    /// UnknownBlockId, OutOfZone, DuplicateBlock).
    WorldState read(const std::string& path);
    /// Parses JSON text; `path` only names the source in errors.
    WorldState parse(std::string_view json, const std::string& path);

private:
    WorldState parse(std::string_view json, const std::string& path, bool copyToPad);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::datasets
