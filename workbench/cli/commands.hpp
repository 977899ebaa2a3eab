#pragma once
// Each `iglu` subcommand lives in its own file and registers itself on the CLI11 app.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::cli {

void addConformanceCommand(CLI::App& app);
void addBenchCommand(CLI::App& app);
void addImportCommand(CLI::App& app);
void addTasksCommand(CLI::App& app);
void addLabelCommand(CLI::App& app);

void addRunCommand(CLI::App& app);
void addLuaCommand(CLI::App& app);
void addRenderCommand(CLI::App& app);
void addExportCommand(CLI::App& app);
void addExperimentsCommand(CLI::App& app);
void addCompareCommand(CLI::App& app);
void addNlpCommand(CLI::App& app);
void addTalkCommand(CLI::App& app);
void addSessionsCommand(CLI::App& app);

/// Exit code a subcommand asks for (CLI11 callbacks cannot return one).
int& exitCode();

}  // namespace iglu::cli
