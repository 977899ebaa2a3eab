#pragma once
// A plain-text code editor with a line-number gutter and the current line highlighted (after
// Qt's Code Editor example), monospace, tabs as two spaces wide.
#include <QPlainTextEdit>

namespace iglu::plugins::script {

class CodeEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    /// Moves the cursor to the start of `line` (1-based, clamped), centres it and takes focus.
    void goToLine(int line);
    /// The cursor's line (1-based).
    int currentLine() const;
    int gutterWidth() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    friend class LineNumberGutter;
    void paintGutter(QPaintEvent* event);
    void updateGutterWidth();
    void updateGutter(const QRect& rect, int dy);
    void highlightCurrentLine();

    QWidget* gutter_ = nullptr;
};

}  // namespace iglu::plugins::script
