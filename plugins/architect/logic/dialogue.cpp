#include "logic/dialogue.hpp"

#include "architect/architect_session.hpp"

namespace iglu::plugins::architect {

namespace {

QString turnStatus(const ::iglu::architect::Turn& t) {
    QString s = QStringLiteral("%1: %2 steps, F1 %3, IGLU-2022 F1 %4")
                    .arg(QString::fromLatin1(::iglu::architect::turnEndName(t.end)))
                    .arg(t.actions.size())
                    .arg(t.f1, 0, 'f', 3)
                    .arg(t.iglu2022F1, 0, 'f', 3);
    if (t.predictionF1) s += QStringLiteral(", belief F1 %1").arg(*t.predictionF1, 0, 'f', 3);
    return s;
}

}  // namespace

std::vector<DialogueLine> turnLines(const ::iglu::architect::Turn& t) {
    using K = DialogueLine::Kind;
    std::vector<DialogueLine> out;
    out.push_back({K::Architect, QString::fromStdString(t.utterance)});
    if (t.end == ::iglu::architect::TurnEnd::Running) {
        out.push_back({K::Status, QStringLiteral("building… %1 steps").arg(t.actions.size())});
        return out;
    }
    if (t.question) out.push_back({K::Builder, QString::fromStdString(*t.question)});
    if (!t.failure.empty()) out.push_back({K::Failure, QStringLiteral("agent failed: ") + QString::fromStdString(t.failure)});
    out.push_back({K::Status, turnStatus(t)});
    return out;
}

std::vector<DialogueLine> dialogueLines(const ::iglu::architect::ArchitectSession& session) {
    std::vector<DialogueLine> out;
    for (const auto& t : session.turns())
        for (auto& l : turnLines(t)) out.push_back(std::move(l));
    return out;
}

QString dialogueHtml(const std::vector<DialogueLine>& lines) {
    QString html;
    for (const auto& l : lines) {
        const QString text = l.text.toHtmlEscaped();
        switch (l.kind) {
        case DialogueLine::Kind::Architect: html += QStringLiteral("<p><b>Architect:</b> %1</p>").arg(text); break;
        case DialogueLine::Kind::Builder: html += QStringLiteral("<p style=\"color:#1a5fb4\"><b>Builder:</b> %1</p>").arg(text); break;
        case DialogueLine::Kind::Failure: html += QStringLiteral("<p style=\"color:#c01c28\"><b>%1</b></p>").arg(text); break;
        case DialogueLine::Kind::Status: html += QStringLiteral("<p style=\"color:#77767b\"><i>%1</i></p>").arg(text); break;
        }
    }
    return html;
}

}  // namespace iglu::plugins::architect
