#pragma once
// The Script panel's console: read-only text of what a script printed, errors in red, and every
// "file.lua:LINE" (error messages, tracebacks) a link: clicking it emits locationActivated.
#include <QColor>
#include <QPlainTextEdit>

namespace iglu::plugins::script {

class ScriptConsole : public QPlainTextEdit {
    Q_OBJECT
public:
    enum class Kind { Output, Error, Info };

    explicit ScriptConsole(QWidget* parent = nullptr);

    /// Appends `text` (one or more lines) in the style of `kind`.
    void append(const QString& text, Kind kind);
    static QColor errorColour() { return QColor(0xc6, 0x28, 0x28); }
    static QColor infoColour() { return QColor(0x55, 0x55, 0x55); }

    /// Parses a link target made by append(): file and 1-based line; false when not a link.
    static bool parseLocation(const QString& href, QString* file, int* line);

signals:
    /// A file:line link was clicked (file as written, e.g. "/path/agent.lua" or ".../agent.lua").
    void locationActivated(const QString& file, int line);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
};

}  // namespace iglu::plugins::script
