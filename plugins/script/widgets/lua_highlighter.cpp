#include "lua_highlighter.hpp"

#include <QSet>

namespace iglu::plugins::script {

namespace {

// Block states: -1 = normal; otherwise kind * 256 + level of the open long bracket
// (kind 1 = comment, 2 = string) continued from the previous line.
constexpr int kLongComment = 1, kLongString = 2;

bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

// Level of a long bracket "[==[" opening at i (number of '='), or -1.
int longBracketAt(const QString& text, int i) {
    if (i >= text.size() || text[i] != QLatin1Char('[')) return -1;
    int j = i + 1;
    while (j < text.size() && text[j] == QLatin1Char('=')) ++j;
    return j < text.size() && text[j] == QLatin1Char('[') ? j - i - 1 : -1;
}

// Index just past the closing "]==]" of `level` from i, or -1 when the line has none.
int longBracketEnd(const QString& text, int i, int level) {
    const QString close = QLatin1Char(']') + QString(level, QLatin1Char('=')) + QLatin1Char(']');
    const int at = static_cast<int>(text.indexOf(close, i));
    return at < 0 ? -1 : at + static_cast<int>(close.size());
}

const QSet<QString>& keywords() {
    static const QSet<QString> k{
        QStringLiteral("and"),   QStringLiteral("break"), QStringLiteral("do"),     QStringLiteral("else"),
        QStringLiteral("elseif"), QStringLiteral("end"),  QStringLiteral("false"),  QStringLiteral("for"),
        QStringLiteral("function"), QStringLiteral("goto"), QStringLiteral("if"),   QStringLiteral("in"),
        QStringLiteral("local"), QStringLiteral("nil"),   QStringLiteral("not"),    QStringLiteral("or"),
        QStringLiteral("repeat"), QStringLiteral("return"), QStringLiteral("then"), QStringLiteral("true"),
        QStringLiteral("until"), QStringLiteral("while")};
    return k;
}

const QSet<QString>& builtins() {
    static const QSet<QString> b{
        QStringLiteral("print"),  QStringLiteral("require"), QStringLiteral("pairs"),   QStringLiteral("ipairs"),
        QStringLiteral("next"),   QStringLiteral("type"),    QStringLiteral("tostring"), QStringLiteral("tonumber"),
        QStringLiteral("error"),  QStringLiteral("assert"),  QStringLiteral("pcall"),   QStringLiteral("select"),
        QStringLiteral("setmetatable"), QStringLiteral("getmetatable"), QStringLiteral("rawget"), QStringLiteral("rawset"),
        QStringLiteral("math"),   QStringLiteral("string"),  QStringLiteral("table"),   QStringLiteral("utf8"),
        QStringLiteral("os"),     QStringLiteral("io"),      QStringLiteral("coroutine"), QStringLiteral("debug"),
        QStringLiteral("self"),   QStringLiteral("iglu")};
    return b;
}

}  // namespace

LuaHighlighter::LuaHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
    auto& kw = formats_[static_cast<int>(Kind::Keyword)];
    kw.setForeground(QColor(0x00, 0x33, 0x99));
    kw.setFontWeight(QFont::Bold);
    formats_[static_cast<int>(Kind::Builtin)].setForeground(QColor(0x6a, 0x1b, 0x9a));
    formats_[static_cast<int>(Kind::String)].setForeground(QColor(0x06, 0x7d, 0x17));
    auto& comment = formats_[static_cast<int>(Kind::Comment)];
    comment.setForeground(QColor(0x80, 0x80, 0x80));
    comment.setFontItalic(true);
    formats_[static_cast<int>(Kind::Number)].setForeground(QColor(0x17, 0x50, 0xeb));
}

void LuaHighlighter::highlightBlock(const QString& text) {
    const int n = static_cast<int>(text.size());
    int i = 0;
    setCurrentBlockState(-1);
    // A long comment or string continued from the previous line.
    if (const int prev = previousBlockState(); prev >= 0) {
        const int kind = prev / 256, level = prev % 256;
        const auto& fmt = format(kind == kLongComment ? Kind::Comment : Kind::String);
        const int end = longBracketEnd(text, 0, level);
        if (end < 0) {
            setFormat(0, n, fmt);
            setCurrentBlockState(prev);
            return;
        }
        setFormat(0, end, fmt);
        i = end;
    }
    while (i < n) {
        const QChar c = text[i];
        if (c == QLatin1Char('-') && i + 1 < n && text[i + 1] == QLatin1Char('-')) {
            const int level = longBracketAt(text, i + 2);
            if (level < 0) {  // line comment
                setFormat(i, n - i, format(Kind::Comment));
                return;
            }
            const int end = longBracketEnd(text, i + 2 + level + 2, level);
            if (end < 0) {
                setFormat(i, n - i, format(Kind::Comment));
                setCurrentBlockState(kLongComment * 256 + level);
                return;
            }
            setFormat(i, end - i, format(Kind::Comment));
            i = end;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            int j = i + 1;
            while (j < n && text[j] != c) j += text[j] == QLatin1Char('\\') ? 2 : 1;
            j = std::min(j + 1, n);
            setFormat(i, j - i, format(Kind::String));
            i = j;
        } else if (const int level = longBracketAt(text, i); level >= 0) {
            const int end = longBracketEnd(text, i + level + 2, level);
            if (end < 0) {
                setFormat(i, n - i, format(Kind::String));
                setCurrentBlockState(kLongString * 256 + level);
                return;
            }
            setFormat(i, end - i, format(Kind::String));
            i = end;
        } else if (isIdentStart(c)) {
            int j = i + 1;
            while (j < n && isIdentChar(text[j])) ++j;
            const QString word = text.mid(i, j - i);
            const bool field = i > 0 && text[i - 1] == QLatin1Char('.') && !(i > 1 && text[i - 2] == QLatin1Char('.'));
            if (keywords().contains(word)) setFormat(i, j - i, format(Kind::Keyword));
            else if (!field && builtins().contains(word)) setFormat(i, j - i, format(Kind::Builtin));
            i = j;
        } else if (c.isDigit() || (c == QLatin1Char('.') && i + 1 < n && text[i + 1].isDigit())) {
            int j = i;
            const bool hex = c == QLatin1Char('0') && i + 1 < n && (text[i + 1] == QLatin1Char('x') || text[i + 1] == QLatin1Char('X'));
            if (hex) j += 2;
            while (j < n) {
                const QChar d = text[j];
                const bool exponent = hex ? (d == QLatin1Char('p') || d == QLatin1Char('P'))
                                          : (d == QLatin1Char('e') || d == QLatin1Char('E'));
                if (exponent && j + 1 < n && (text[j + 1] == QLatin1Char('+') || text[j + 1] == QLatin1Char('-'))) j += 2;
                else if (d.isDigit() || d == QLatin1Char('.') || exponent ||
                         (hex && ((d >= QLatin1Char('a') && d <= QLatin1Char('f')) || (d >= QLatin1Char('A') && d <= QLatin1Char('F')))))
                    ++j;
                else
                    break;
            }
            setFormat(i, j - i, format(Kind::Number));
            i = j;
        } else {
            ++i;
        }
    }
}

}  // namespace iglu::plugins::script
