#pragma once
// Experiments by name for `iglu experiments` and `iglu export`: an unknown name is an error that
// lists the names the catalog has.
#include <stdexcept>
#include <string>

#include "core/catalog/catalog.hpp"

namespace iglu::cli {

inline catalog::ExperimentRecord experimentNamed(const catalog::Catalog& cat, const std::string& name) {
    if (auto e = cat.experiment(name)) return *e;
    std::string names;
    for (const auto& e : cat.experiments()) names += (names.empty() ? "" : ", ") + e.name;
    throw std::runtime_error("no experiment '" + name + "' in " + cat.path() +
                             (names.empty() ? std::string(" (it has none)") : " (experiments: " + names + ")"));
}

}  // namespace iglu::cli
