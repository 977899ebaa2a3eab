#pragma once
// Running programs from tests: `iglu`, `iglu-workbench` or any other, with their exit code,
// whether a signal ended them, and their output. A timeout only detects a hang (the process is
// killed and reported as crashed); no test measures time with it.
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace iglu::test {

struct ProcessResult {
    int exitCode = -1;      ///< the exit code; -1 when the process did not exit normally
    bool crashed = true;    ///< ended by a signal, never started, or killed after the timeout
    bool timedOut = false;  ///< killed because it did not finish within the timeout
    QString out, err;       ///< standard output and error (UTF-8); err says so when it did not start
};

struct ProcessOptions {
    int timeoutMs = 300000;                   ///< hang detector only: killed after this long
    std::optional<QProcessEnvironment> env;   ///< the environment; the test's own when unset
};

/// Runs `program` with `args` to its end.
ProcessResult runProcess(const QString& program, const QStringList& args, const ProcessOptions& options = {});

/// The `iglu` command line under test: $IGLU_TEST_CLI when set (to run a test against another
/// build, e.g. to see it fail on an old one), else the one built with the tests.
QString igluPath();

/// runProcess(igluPath(), args, options).
ProcessResult runIglu(const QStringList& args, const ProcessOptions& options = {});

/// runProcess with the `iglu-workbench` built with the tests (the test adds the dependency).
ProcessResult runWorkbench(const QStringList& args, const ProcessOptions& options = {});

/// Forks; the child runs `work(readyFd)`, which calls readyToBeKilled(readyFd) once it is in the
/// state to be killed in. The parent waits for that
/// byte, kills the child with SIGKILL and reaps it. True when the byte came and the child died of
/// the signal (a crash before the byte, or an exit, gives false). For "a killed process loses
/// nothing" tests.
bool forkAndKillWhenReady(const std::function<void(int readyFd)>& work);

/// For the child of forkAndKillWhenReady: writes the byte to `readyFd` and waits to be killed.
[[noreturn]] void readyToBeKilled(int readyFd);

}  // namespace iglu::test
