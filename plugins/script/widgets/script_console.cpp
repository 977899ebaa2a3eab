#include "script_console.hpp"

#include <QFontDatabase>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QTextBlock>

namespace iglu::plugins::script {

namespace {
// A Lua chunk location: "/path/to/agent.lua:12" or, for names Lua shortened, ".../agent.lua:12".
const QRegularExpression& locationPattern() {
    static const QRegularExpression re(QStringLiteral(R"(((?:\.\.\.)?[^\s:'"\[\]()<>]+\.lua):(\d+))"));
    return re;
}
}  // namespace

ScriptConsole::ScriptConsole(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setMaximumBlockCount(5000);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
}

void ScriptConsole::append(const QString& text, Kind kind) {
    QTextCharFormat base;
    if (kind == Kind::Error) base.setForeground(errorColour());
    else if (kind == Kind::Info) base.setForeground(infoColour());
    else base.setForeground(palette().color(QPalette::Text));
    QTextCursor c(document());
    c.movePosition(QTextCursor::End);
    if (!document()->isEmpty()) c.insertBlock();
    QString body = text;
    if (body.endsWith(QLatin1Char('\n'))) body.chop(1);
    qsizetype from = 0;
    for (auto it = locationPattern().globalMatch(body); it.hasNext();) {
        const auto m = it.next();
        c.insertText(body.mid(from, m.capturedStart() - from), base);
        QTextCharFormat link = base;
        link.setAnchor(true);
        link.setAnchorHref(m.captured(2) + QLatin1Char('|') + m.captured(1));
        link.setFontUnderline(true);
        c.insertText(m.captured(0), link);
        from = m.capturedEnd();
    }
    c.insertText(body.mid(from), base);
    QTextCursor end(document());
    end.movePosition(QTextCursor::End);
    setTextCursor(end);
    ensureCursorVisible();
}

bool ScriptConsole::parseLocation(const QString& href, QString* file, int* line) {
    const qsizetype bar = href.indexOf(QLatin1Char('|'));
    if (bar <= 0) return false;
    bool ok = false;
    const int l = href.left(bar).toInt(&ok);
    if (!ok || l <= 0) return false;
    *line = l;
    *file = href.mid(bar + 1);
    return !file->isEmpty();
}

void ScriptConsole::mouseMoveEvent(QMouseEvent* event) {
    QPlainTextEdit::mouseMoveEvent(event);
    viewport()->setCursor(anchorAt(event->position().toPoint()).isEmpty() ? Qt::IBeamCursor : Qt::PointingHandCursor);
}

void ScriptConsole::mouseReleaseEvent(QMouseEvent* event) {
    QPlainTextEdit::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || textCursor().hasSelection()) return;
    QString file;
    int line = 0;
    if (parseLocation(anchorAt(event->position().toPoint()), &file, &line)) emit locationActivated(file, line);
}

}  // namespace iglu::plugins::script

