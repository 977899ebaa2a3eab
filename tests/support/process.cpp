#include "support/process.hpp"

#include <QProcess>

#include <csignal>

#include <sys/wait.h>
#include <unistd.h>

namespace iglu::test {

ProcessResult runProcess(const QString& program, const QStringList& args, const ProcessOptions& options) {
    QProcess p;
    if (options.env) p.setProcessEnvironment(*options.env);
    p.start(program, args);
    ProcessResult r;
    if (!p.waitForStarted(options.timeoutMs)) {
        r.err = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
        return r;
    }
    if (!p.waitForFinished(options.timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.timedOut = true;
    }
    r.crashed = r.timedOut || p.exitStatus() != QProcess::NormalExit;
    r.exitCode = r.crashed ? -1 : p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString igluPath() { return qEnvironmentVariable("IGLU_TEST_CLI", QStringLiteral(IGLU_CLI_PATH)); }

ProcessResult runIglu(const QStringList& args, const ProcessOptions& options) {
    return runProcess(igluPath(), args, options);
}

void readyToBeKilled(int readyFd) {
    const char ready = 1;
    if (::write(readyFd, &ready, 1) != 1) ::_exit(3);
    for (;;) ::pause();
}

ProcessResult runWorkbench(const QStringList& args, const ProcessOptions& options) {
    return runProcess(QStringLiteral(IGLU_WORKBENCH_PATH), args, options);
}

bool forkAndKillWhenReady(const std::function<void(int readyFd)>& work) {
    int fds[2];
    if (::pipe(fds) != 0) return false;
    const pid_t child = ::fork();
    if (child < 0) return false;
    if (child == 0) {
        ::close(fds[0]);
        try {
            work(fds[1]);
        } catch (...) {
        }
        ::_exit(2);  // only reached when `work` returned instead of waiting to be killed
    }
    ::close(fds[1]);
    char ready = 0;
    const bool gotReady = ::read(fds[0], &ready, 1) == 1;
    ::close(fds[0]);
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    return gotReady && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

}  // namespace iglu::test
