// iglu: the headless command-line front end of IGLU Workbench.
#include <exception>
#include <new>
#include <iostream>

#include "commands.hpp"

namespace iglu::cli {
int& exitCode() {
    static int code = 0;
    return code;
}
}  // namespace iglu::cli

int main(int argc, char** argv) {
    CLI::App app{"iglu: IGLU Workbench command line (environment conformance, benchmarks, datasets, experiments)"};
    app.set_version_flag("--version", std::string("iglu ") + IGLU_VERSION);
    app.require_subcommand(1);
    iglu::cli::addConformanceCommand(app);
    iglu::cli::addBenchCommand(app);
    iglu::cli::addImportCommand(app);
    iglu::cli::addTasksCommand(app);
    iglu::cli::addLabelCommand(app);
    iglu::cli::addRunCommand(app);
    iglu::cli::addLuaCommand(app);
    iglu::cli::addRenderCommand(app);
    iglu::cli::addExportCommand(app);
    iglu::cli::addExperimentsCommand(app);
    iglu::cli::addCompareCommand(app);
    iglu::cli::addNlpCommand(app);
    iglu::cli::addTalkCommand(app);
    iglu::cli::addSessionsCommand(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::bad_alloc&) {
        // Inputs are bounded (README.md, docs/rollout_format.md), but the machine may give less
        // memory than they need.
        std::cerr << "iglu: error: out of memory: this command needs more memory than the process may use "
                     "(the input limits and what they cost: README.md, docs/rollout_format.md)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "iglu: error: " << e.what() << "\n";
        return 2;
    } catch (...) {
        std::cerr << "iglu: error: an unexpected error (not a standard exception)\n";
        return 2;
    }
    return iglu::cli::exitCode();
}
