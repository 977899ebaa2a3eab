#pragma once
// A/B mode of the Architect dock: two agents get the same instructions from the same world (two
// ArchitectSessions on one task, each in its own ArchitectDriver, stepped side by side by their
// timers); the person picks the better one and says why. The pick is stored as the published
// human evaluation stores it (human_agent_feedback.csv: was_chosen_best + comment): one
// catalog human_feedback row per side (HitId "architect-ab:<session A>,<session B>", GameMinecraftId
// "architect:<session id>", the agent, chosen best or not, the reason), beside both sessions
// (putArchitectSession). The session record itself has no field for it.
#include <optional>
#include <utility>
#include <vector>

#include <QObject>

#include "core/catalog/architect_sessions.hpp"
#include "core/catalog/catalog.hpp"
#include "logic/architect_driver.hpp"

namespace iglu::plugins::architect {

enum class Side { A, B };

class AbSession : public QObject {
    Q_OBJECT
public:
    explicit AbSession(QObject* parent = nullptr);

    /// Both sessions on `task`; false when either agent cannot start (its driver's dialogue says why).
    bool start(const core::Task& task, const AgentSpec& a, const AgentSpec& b, ::iglu::architect::SessionOptions options = {});
    /// The same instruction (or answer, per side) to both; false when either refuses it.
    bool say(const QString& text);
    void stop();
    /// Takes back the last turn of both.
    bool undo();
    /// The person's pick and why (non-empty); false (nothing kept) while a side runs, before a
    /// turn on each side, after the end, or without a reason.
    bool choose(Side better, const QString& reason);
    const std::optional<std::pair<Side, QString>>& judgement() const noexcept { return judgement_; }

    ArchitectDriver& side(Side s) noexcept { return s == Side::A ? a_ : b_; }
    const ArchitectDriver& side(Side s) const noexcept { return s == Side::A ? a_ : b_; }
    bool started() const noexcept {
        return a_.state() != ArchitectDriver::State::NoSession && b_.state() != ArchitectDriver::State::NoSession;
    }
    bool running() const noexcept;
    bool ended() const noexcept;

    /// Ends both sessions and stores them and the judgement (if any) in `catalog` (the workbench's
    /// connection: ArchitectStore::transaction makes it one transaction); returns the two session
    /// ids. Throws std::exception naming the file on failure, std::logic_error without a started
    /// comparison. A failed store loses nothing: both sessions stay ended in their drivers and a
    /// second call stores them.
    std::pair<std::int64_t, std::int64_t> endAndStore(catalog::Catalog& catalog);
    /// The caller's transaction around endAndStore committed.
    void markStored();
    /// Both sessions ended and not stored (a failed store): End & Store may be asked again.
    bool endedUnstored() const noexcept { return ended() && !stored_; }

signals:
    void changed();

private:
    ArchitectDriver a_, b_;
    std::optional<std::pair<Side, QString>> judgement_;
    bool stored_ = false;
};

/// The human_feedback rows of a judgement between stored sessions `a` (id `idA`) and `b`.
std::vector<catalog::HumanFeedbackRecord> judgementRows(const catalog::ArchitectSessionRecord& a, std::int64_t idA,
                                                       const catalog::ArchitectSessionRecord& b, std::int64_t idB,
                                                       Side better, const QString& reason, const QString& when);

}  // namespace iglu::plugins::architect
