// iglu: the headless command-line front end of IGLU Workbench.
#include <exception>
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
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "iglu: error: " << e.what() << "\n";
        return 2;
    }
    return iglu::cli::exitCode();
}
