#pragma once
// The dialogue of an architect session as the dock shows it, derived from the session's turns
// (so an undone turn disappears with its lines): the architect's instructions and answers, the
// builder's questions, how each turn ended, the agent's failures (a distinct style) and the
// driver's own notes (an agent that could not start, a refused store).
#include <vector>

#include <QString>

namespace iglu::architect {
class ArchitectSession;
struct Turn;
}

namespace iglu::plugins::architect {

struct DialogueLine {
    enum class Kind { Architect, Builder, Status, Failure };
    Kind kind = Kind::Status;
    QString text;
    bool operator==(const DialogueLine&) const = default;
};

/// One turn's lines: the architect's utterance, then the builder's question, its failure and a
/// status line ("done: 42 steps, F1 0.800, ..."; "building… 7 steps" while it runs).
std::vector<DialogueLine> turnLines(const ::iglu::architect::Turn& turn);

/// The session's lines: per turn the architect's utterance, then the builder's question, its
/// failure or a status line ("done: 42 steps, F1 0.800").
std::vector<DialogueLine> dialogueLines(const ::iglu::architect::ArchitectSession& session);

/// The lines as HTML for a text view: speakers in bold, failures in red, status lines grey.
QString dialogueHtml(const std::vector<DialogueLine>& lines);

}  // namespace iglu::plugins::architect
