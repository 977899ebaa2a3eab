#include "logic/skill_guide.hpp"

#include "core/skills/skill.hpp"

namespace iglu::plugins::labeling {

QString skillGuideHtml() {
    QString html = QStringLiteral("<p>Label a skill <b>yes</b> when building the task's changes needs it. "
                                  "Keys 1..5 toggle them in the Label tab.</p>");
    for (int i = 0; i < core::kNumSkills; ++i) {
        const auto skill = core::kAllSkills[static_cast<std::size_t>(i)];
        const QString definition = QString::fromLatin1(core::skillDefinition(skill));
        const QString name = QString::fromLatin1(core::skillName(skill));
        // The definition starts with "name: "; the heading already says it.
        const QString text = definition.startsWith(name + QStringLiteral(": ")) ? definition.mid(name.size() + 2) : definition;
        html += QStringLiteral("<h3>%1&nbsp;&nbsp;%2</h3><p>%3</p><p><i>Example:</i> %4</p>")
                    .arg(i + 1)
                    .arg(name, text.toHtmlEscaped(), QString::fromLatin1(core::skillExample(skill)).toHtmlEscaped());
    }
    return html;
}

}  // namespace iglu::plugins::labeling
