// Fuzz target for the dataset parsers: the first byte picks the parser (world-state JSON, tape,
// CSV, the core's JSON readers: the bounded parser, a rollout line, env options), the rest is its
// input. Every bad input must end in a DatasetError, never a crash, a hang
// or another exception. Built as a libFuzzer binary with clang (fuzz_parsers), and always as
// fuzz_parsers_replay, which runs a corpus through the same function (a CTest test).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/grid/grid.hpp"
#include "core/env/env_options.hpp"
#include "core/rollout/rollout_file.hpp"
#include "core/util/json_keys.hpp"
#include "core/util/json_parse.hpp"
#include "csv_reader.hpp"
#include "tape.hpp"
#include "world_state.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
    using namespace iglu::datasets;
    try {
        switch (data[0] % 4) {
            case 0: {
                (void)iglu::core::findDuplicateKey(input);  // any text: no crash, no hang
                static WorldStateReader reader;
                auto ws = reader.parse(input, "fuzz");
                if (ws.tape) (void)parseTape(*ws.tape, ws.grid, ws.avatar.value_or(iglu::core::Pose{}), "fuzz");
                break;
            }
            case 1: {
                iglu::core::Grid start;
                start.set(0, -1, 0, 3);
                auto t = parseTape(input, start, {}, "fuzz");
                // A parsed rollout must seek both ways without leaving the zone.
                iglu::core::RolloutCursor cur(t.rollout);
                cur.seek(t.rollout.size());
                cur.seek(0);
                if (!(cur.grid() == start)) __builtin_trap();
                break;
            }
            case 3: {
                // The bounded JSON parser and two readers built on it: any text ends in their own errors.
                try {
                    (void)iglu::core::parseJson(input);
                } catch (const iglu::core::JsonError&) {
                }
                try {
                    (void)iglu::core::parseRolloutLine(input, "fuzz:1");
                } catch (const iglu::core::RolloutFileError&) {
                }
                try {
                    (void)iglu::core::envOptionsFromJson(input, "fuzz");
                } catch (const iglu::core::EnvOptionError&) {
                }
                break;
            }
            default: {
                auto table = CsvTable::parse(input, "fuzz");
                for (const auto& r : table.records()) {
                    try {
                        table.checkRecord(r);
                    } catch (const DatasetError&) {
                    }
                }
                break;
            }
        }
    } catch (const DatasetError&) {
        // the expected outcome for bad input
    }
    return 0;
}
