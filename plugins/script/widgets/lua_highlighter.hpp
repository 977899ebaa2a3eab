#pragma once
// Syntax highlighting for Lua 5.4 in a QTextDocument: keywords, the standard globals and the iglu
// module, strings (quoted and long brackets [[ ]] / [==[ ]==], spanning lines), comments (-- and
// --[[ ]]), numbers (decimal, hex, exponents).
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace iglu::plugins::script {

class LuaHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Kind { Keyword, Builtin, String, Comment, Number };

    explicit LuaHighlighter(QTextDocument* document);
    const QTextCharFormat& format(Kind kind) const noexcept { return formats_[static_cast<int>(kind)]; }

protected:
    void highlightBlock(const QString& text) override;

private:
    QTextCharFormat formats_[5];
};

}  // namespace iglu::plugins::script
