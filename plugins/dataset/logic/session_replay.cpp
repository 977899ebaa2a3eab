#include "logic/session_replay.hpp"

#include <cstdio>

namespace iglu::plugins::dataset {

namespace {

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

std::string outcome(const catalog::ArchitectTurnRecord& t) {
    std::string s = (t.end.empty() ? std::string("ended") : t.end) + ": " + std::to_string(t.rollout.size()) + " steps, F1 " +
                    fixed(t.f1) + ", IGLU-2022 F1 " + fixed(t.iglu2022F1);
    if (t.predictionF1) s += ", belief F1 " + fixed(*t.predictionF1);
    return s;
}

std::string judgement(int rating, const std::string& comment) {
    std::string s = "rated " + std::to_string(rating) + "/5";
    if (!comment.empty()) s += ": " + comment;
    return s;
}

}  // namespace

std::vector<ReplayLine> sessionLines(const catalog::ArchitectSessionRecord& session) {
    using K = ReplayLine::Kind;
    std::vector<ReplayLine> out;
    int n = 0;
    for (const auto& t : session.turns) {
        out.push_back({n, t.answer ? K::Answer : K::Instruction, "Architect", t.utterance});
        if (t.question) out.push_back({n, K::Question, "Builder", *t.question});
        if (!t.failure.empty()) out.push_back({n, K::Failure, "", "agent failed: " + t.failure});
        out.push_back({n, K::Outcome, "", outcome(t)});
        if (t.rating) out.push_back({n, K::Judgement, "Architect", "turn " + std::to_string(n + 1) + " " + judgement(*t.rating, t.comment)});
        ++n;
    }
    if (session.rating) out.push_back({n, K::Judgement, "Architect", "session " + judgement(*session.rating, session.comment)});
    return out;
}

SessionReplay::SessionReplay(catalog::ArchitectSessionRecord session) : session_(std::move(session)) {}

bool SessionReplay::setTurn(std::size_t turn) {
    if (turn >= turnCount()) return false;
    turn_ = turn;
    return true;
}

const catalog::ArchitectTurnRecord* SessionReplay::current() const noexcept {
    return session_.turns.empty() ? nullptr : &session_.turns[turn_];
}

const core::Grid& SessionReplay::startWorld() const noexcept {
    const auto* t = current();
    return t ? t->startWorld : session_.startWorld;
}

const core::Grid& SessionReplay::endWorld() const noexcept {
    const auto* t = current();
    return t ? t->endWorld : session_.startWorld;
}

std::int64_t SessionReplay::rolloutId() const noexcept {
    const auto* t = current();
    return t ? t->rolloutId : 0;
}

std::size_t SessionReplay::steps() const noexcept {
    const auto* t = current();
    return t ? t->rollout.size() : 0;
}

std::optional<core::Grid> SessionReplay::belief() const {
    const auto* t = current();
    return t ? t->belief : std::nullopt;
}

std::vector<ReplayLine> SessionReplay::dialogueUpToTurn() const {
    std::vector<ReplayLine> out;
    const int last = static_cast<int>(turn_) + (atLast() ? 1 : 0);  // the session's judgement with the last turn
    for (auto& l : sessionLines(session_))
        if (l.turn <= last) out.push_back(std::move(l));
    return out;
}

std::string SessionReplay::turnSummary() const {
    const auto* t = current();
    if (t == nullptr) return "No turns: the session's start world";
    std::string s = "Turn " + std::to_string(turn_ + 1) + " of " + std::to_string(turnCount()) + ": " + outcome(*t);
    if (t->question) s += " · asked a question";
    return s;
}

QString replayHtml(const std::vector<ReplayLine>& lines, int currentTurn) {
    QString html;
    bool first = true;
    for (const auto& l : lines) {
        const bool current = l.turn == currentTurn;
        const QString text = QString::fromStdString(l.text).toHtmlEscaped();
        QString style;
        QString body;
        switch (l.kind) {
        case ReplayLine::Kind::Instruction: body = QStringLiteral("<b>&lt;Architect&gt;</b> %1").arg(text); break;
        case ReplayLine::Kind::Answer: body = QStringLiteral("<b>&lt;Architect&gt;</b> (answer) %1").arg(text); break;
        case ReplayLine::Kind::Question:
            style = QStringLiteral("color:#1a5fb4;");
            body = QStringLiteral("<b>&lt;Builder&gt;</b> %1").arg(text);
            break;
        case ReplayLine::Kind::Failure:
            style = QStringLiteral("color:#c01c28;");
            body = QStringLiteral("<b>%1</b>").arg(text);
            break;
        case ReplayLine::Kind::Outcome:
            style = QStringLiteral("color:#77767b;");
            body = QStringLiteral("<i>%1</i>").arg(text);
            break;
        case ReplayLine::Kind::Judgement:
            style = QStringLiteral("color:#986a44;");
            body = QStringLiteral("<b>&lt;Architect&gt;</b> <i>%1</i>").arg(text);
            break;
        }
        if (current) style += QStringLiteral("background-color:#fff3bf;");
        const QString anchor = current && first ? QStringLiteral("<a name=\"current\"></a>") : QString();
        if (current) first = false;
        html += QStringLiteral("<p style=\"margin:2px;%1\">%2%3</p>").arg(style, anchor, body);
    }
    return html;
}

std::string sessionLabel(const catalog::ArchitectSessionSummary& s) {
    std::string label = "#" + std::to_string(s.id) + " · " + s.taskId + " · " + s.agent + " · " + std::to_string(s.turns) +
                        (s.turns == 1 ? " turn" : " turns") + " · F1 " + fixed(s.f1);
    if (s.rating) label += " · rated " + std::to_string(*s.rating);
    return label;
}

}  // namespace iglu::plugins::dataset
