#include "scripting/runner.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace iglu::scripting {

std::vector<EpisodeKey> allEpisodes(const ExperimentSpec& spec, std::size_t taskCount) {
    std::vector<EpisodeKey> keys;
    keys.reserve(taskCount * spec.seeds.size() * static_cast<std::size_t>(spec.repetitions));
    for (std::size_t t = 0; t < taskCount; ++t)
        for (const std::int64_t seed : spec.seeds)
            for (int r = 0; r < spec.repetitions; ++r) keys.push_back({t, seed, r});
    return keys;
}

namespace {

struct Shared {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<EpisodeOutcome> outcomes;
    int workersLeft = 0;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};  // options.cancel, relayed by the main thread, or a failed onOutcome
};

double now() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void worker(const ExperimentSpec& spec, const std::vector<core::Task>& tasks, const std::vector<EpisodeKey>& todo,
            Shared& shared) {
    std::optional<AgentWorker> agent;
    std::string setupError;
    try {
        agent.emplace(spec, agentSandbox(spec));
    } catch (const std::exception& e) {
        setupError = e.what();
    }
    for (;;) {
        if (shared.stop.load(std::memory_order_relaxed)) break;
        const std::size_t i = shared.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= todo.size()) break;
        const EpisodeKey& k = todo[i];
        EpisodeOutcome out;
        if (!agent) {
            out.taskId = tasks[k.task].id;
            out.seed = k.seed;
            out.repetition = k.repetition;
            out.ok = false;
            out.error = setupError;
        } else {
            try {
                out = agent->run(tasks[k.task], k.seed, k.repetition, &shared.stop);
            } catch (const std::exception& e) {
                out.taskId = tasks[k.task].id;
                out.seed = k.seed;
                out.repetition = k.repetition;
                out.ok = false;
                out.error = std::string("episode failed: ") + e.what();
            }
        }
        if (out.cancelled) break;
        {
            std::lock_guard lock(shared.mutex);
            shared.outcomes.push_back(std::move(out));
        }
        shared.ready.notify_one();
    }
    {
        std::lock_guard lock(shared.mutex);
        --shared.workersLeft;
    }
    shared.ready.notify_one();
}

}  // namespace

RunReport runEpisodes(const ExperimentSpec& spec, const std::vector<core::Task>& tasks, const std::vector<EpisodeKey>& todo,
                      const RunOptions& options, const std::function<void(EpisodeOutcome&&)>& onOutcome) {
    { AgentWorker probe(spec, agentSandbox(spec)); }  // fail fast on a script that does not compile

    RunReport report;
    const double t0 = now();
    const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(std::max<std::size_t>(todo.size(), 1))));
    Shared shared;
    shared.workersLeft = jobs;
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(jobs));
    for (int j = 0; j < jobs; ++j)
        threads.emplace_back(worker, std::cref(spec), std::cref(tasks), std::cref(todo), std::ref(shared));

    double lastPrint = 0;
    auto progress = [&](bool final) {
        if (!options.progress && !options.onProgress) return;
        const double t = now();
        if (!final && t - lastPrint < options.progressInterval) return;
        lastPrint = t;
        RunProgress p;
        p.finished = report.finished;
        p.failed = report.failed;
        p.total = todo.size();
        p.seconds = t - t0;
        p.perSecond = report.finished / std::max(1e-9, p.seconds);
        p.etaSeconds = p.perSecond > 0 ? (static_cast<double>(todo.size()) - report.finished) / p.perSecond : 0;
        if (options.onProgress) options.onProgress(p);
        if (!options.progress) return;
        std::fprintf(stderr, "\riglu run: %d/%zu episodes, %d failed, %.1f episodes/s, ETA %.0f s   ", p.finished,
                     p.total, p.failed, p.perSecond, p.etaSeconds);
        if (final) std::fputc('\n', stderr);
        std::fflush(stderr);
    };

    std::exception_ptr failure;
    std::unique_lock lock(shared.mutex);
    for (;;) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) shared.stop = true;
        shared.ready.wait_for(lock, std::chrono::milliseconds(200),
                              [&] { return !shared.outcomes.empty() || shared.workersLeft == 0; });
        while (!shared.outcomes.empty()) {
            EpisodeOutcome out = std::move(shared.outcomes.front());
            shared.outcomes.pop_front();
            lock.unlock();
            ++report.finished;
            if (!out.ok) ++report.failed;
            if (!failure) {
                try {
                    onOutcome(std::move(out));
                } catch (...) {
                    failure = std::current_exception();
                    shared.stop = true;
                }
            }
            lock.lock();
        }
        lock.unlock();
        progress(false);
        lock.lock();
        if (shared.workersLeft == 0 && shared.outcomes.empty()) break;
    }
    lock.unlock();
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    report.cancelled = shared.stop.load() && report.finished < static_cast<int>(todo.size());
    report.seconds = now() - t0;
    progress(true);
    return report;
}

}  // namespace iglu::scripting
