#pragma once
// Training curves (schema version 7): the scalars a training script logs per update (return, loss,
// learning rate...) as TensorBoard does, under a run name — a free name, linked to the experiment
// of the same name when there is one, so deleting that experiment deletes its scalars (a renamed
// experiment keeps its runs, under their names). One point
// per (run, tag, step): logging a step again replaces its value (a resumed script). Written by
// Catalog::logScalars (Python's Catalog.log_scalar), listed by `iglu experiments scalars`, drawn
// by the Experiments dock's Curves tab.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace iglu::catalog {

/// A run name, tag, step or value that cannot be logged (an invalid argument, as
/// ExperimentNameError; Python: ValueError); what() names the catalog file and the field.
class ScalarValueError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The longest run name and tag, in bytes (the experiment-name rule: experiment_name.hpp).
inline constexpr std::size_t kMaxScalarNameBytes = 200;

/// One value to log.
struct ScalarValue {
    std::string tag;        ///< e.g. "train/return": 1..200 bytes of printable UTF-8 on one line
    std::int64_t step = 0;  ///< >= 0 (the update, the environment step...)
    double value = 0;       ///< finite (no NaN, no infinity)
};

/// One point of a series.
struct ScalarPoint {
    std::int64_t step = 0;
    double value = 0;
    double wallTime = 0;  ///< seconds since 1970 (UTC) when it was logged
};

/// A run with scalars.
struct ScalarRun {
    std::string name;
    std::optional<std::string> experiment;  ///< the linked experiment's (current) name, else the one of the run's name
    int tags = 0;
    std::int64_t points = 0;
    double lastWallTime = 0;  ///< when its newest point was logged (seconds since 1970)
};

/// One tag of a run: how many points, and the point of its highest step.
struct ScalarTag {
    std::string tag;
    std::int64_t points = 0;
    std::int64_t lastStep = 0;
    double lastValue = 0;
};

}  // namespace iglu::catalog
